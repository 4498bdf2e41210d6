/// Left-aligned columns separated by two spaces, for terminal output.
struct TextTable {
    let headers: [String]
    var rows: [[String]] = []

    init(headers: [String]) { self.headers = headers }

    mutating func append(_ row: [String]) { rows.append(row) }

    /// Renders the table; the last column is cut with "…" where a line would pass `maximumWidth`.
    func render(maximumWidth: Int = .max) -> String {
        let all = [headers] + rows
        let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            var line = row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces
            if line.count > maximumWidth { line = String(line.prefix(maximumWidth - 1)) + "…" }
            return line
        }.joined(separator: "\n") + "\n"
    }
}

import Foundation

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
