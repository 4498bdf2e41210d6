import Foundation

/// Left-aligned columns separated by two spaces, for terminal output. Widths are terminal
/// columns (``TerminalText/width(of:)-(StringProtocol)``), so a label in CJK or with emoji
/// lines up and is cut where the terminal ends.
struct TextTable {
    /// What happens to a line that would pass the maximum width.
    enum Overflow {
        /// The last column is cut with "…".
        case truncate
        /// The last column wraps onto lines indented to where it starts (cut when it would
        /// start too far right to hold 16 columns).
        case wrap
    }

    let headers: [String]
    var rows: [[String]] = []

    init(headers: [String]) { self.headers = headers }

    mutating func append(_ row: [String]) { rows.append(row.map(\.printable)) }

    /// The width of each column: its widest cell, the header included.
    var widths: [Int] {
        headers.indices.map { column in ([headers] + rows).map { TerminalText.width(of: $0[column]) }.max() ?? 0 }
    }

    /// Where column `index` starts in a rendered line (header included in the widths).
    func columnStart(_ index: Int) -> Int {
        widths.prefix(index).reduce(0) { $0 + $1 + 2 }
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
        guard !headers.isEmpty else { return [] }
        let widths = widths
        return (header ? [headers] + rows : rows).map {
            Self.line($0, widths: widths, maximumWidth: maximumWidth, overflow: overflow, indent: indent)
        }
    }

    /// One row laid out in columns of `widths`, ending in a newline (several lines when the
    /// last column wraps): for a table whose rows are written as they are made, with widths
    /// measured beforehand. The cells must already be escaped (``StringProtocol/printable``).
    static func line(_ row: [String], widths: [Int], maximumWidth: Int = .max, overflow: Overflow = .truncate, indent: Int = 0)
        -> String
    {
        let lastStart = indent + widths.dropLast().reduce(0) { $0 + $1 + 2 }
        let head =
            String(repeating: " ", count: indent)
            + row.dropLast().indices.map { TerminalText.pad(row[$0], to: widths[$0]) + "  " }.joined()
        let line = (head + (row.last ?? "")).trimmingTrailingSpaces
        guard maximumWidth != .max, TerminalText.width(of: line) > maximumWidth else { return line + "\n" }
        if overflow == .wrap, maximumWidth - lastStart >= 16, let last = row.last {
            let wrapped = TextWrap.lines(last, width: maximumWidth - lastStart, indent: 0)
                .map { TerminalText.cut($0, to: maximumWidth - lastStart) }
            return head + wrapped.joined(separator: "\n" + String(repeating: " ", count: lastStart)) + "\n"
        }
        return TerminalText.cut(line, to: maximumWidth) + "\n"
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
