/// ANSI styles for terminal output, or plain text when colour is off (standard output is not
/// a terminal, `NO_COLOR` is set, or `TERM` is `dumb`). Styles wrap whole lines or prefixes,
/// never table cells, so column widths are measured on plain text.
struct Palette {
    let enabled: Bool

    func bold(_ text: String) -> String { style(text, "1") }
    func dim(_ text: String) -> String { style(text, "2") }
    func red(_ text: String) -> String { style(text, "31") }
    func yellow(_ text: String) -> String { style(text, "33") }

    private func style(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
