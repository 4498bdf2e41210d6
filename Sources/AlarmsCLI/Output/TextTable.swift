import Foundation

/// Left-aligned columns separated by two spaces, for terminal output.
struct TextTable {
    /// What happens to a line that would pass the maximum width.
    enum Overflow {
        /// The last column is cut with "…".
        case truncate
        /// The last column wraps onto lines indented to where it starts (cut when it would
        /// start too far right to hold 16 characters).
        case wrap
    }

    let headers: [String]
    var rows: [[String]] = []

    init(headers: [String]) { self.headers = headers }

    mutating func append(_ row: [String]) { rows.append(row.map(\.printable)) }

    /// Where column `index` starts in a rendered line (header included in the widths).
    func columnStart(_ index: Int) -> Int {
        headers.indices.prefix(index).reduce(0) { start, column in
            start + (([headers] + rows).map { $0[column].count }.max() ?? 0) + 2
        }
    }

    /// Renders the table with its header in bold.
    func render(maximumWidth: Int = .max, overflow: Overflow = .truncate, palette: Palette) -> String {
        var rendered = renderRows(maximumWidth: maximumWidth, overflow: overflow, header: true)
        if !rendered.isEmpty { rendered[0] = palette.bold(String(rendered[0].dropLast())) + "\n" }
        return rendered.joined()
    }

    /// The rendered rows: element 0 is the header when `header` is true, then one string per
    /// row (several lines when the last column wraps), each ending in a newline.
    func renderRows(maximumWidth: Int = .max, overflow: Overflow = .truncate, header: Bool = true, indent: Int = 0) -> [String] {
        let all = header ? [headers] + rows : rows
        guard !headers.isEmpty else { return [] }
        let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let lastStart = indent + widths.dropLast().reduce(0) { $0 + $1 + 2 }
        let pad = String(repeating: " ", count: indent)
        return all.map { row in
            var line =
                pad
                + row.indices.map { column in
                    column == row.count - 1 ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }.joined(separator: "  ").trimmingTrailingSpaces
            guard line.count > maximumWidth else { return line + "\n" }
            if overflow == .wrap, maximumWidth - lastStart >= 16, let last = row.last {
                let head = String(line.prefix(lastStart))
                let wrapped = TextWrap.lines(last, width: maximumWidth - lastStart, indent: 0)
                    .map { TerminalText.cut($0, to: maximumWidth - lastStart) }
                line = head + wrapped.joined(separator: "\n" + String(repeating: " ", count: lastStart))
                return line + "\n"
            }
            return TerminalText.cut(line, to: maximumWidth) + "\n"
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
