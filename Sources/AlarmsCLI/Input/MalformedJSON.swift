/// How every command words a file that is not JSON, as a compiler places an error in a file:
/// `PATH:LINE:COLUMN: malformed JSON: MESSAGE` (Docs/CLI.md). Rule files, books given with
/// `--rules`, case files and `validate` all say it so.
///
/// ```swift
/// MalformedJSON.line("rules.json", line: 3, column: 14, message: "expected ',' or '}', found '\"'")
/// // "rules.json:3:14: malformed JSON: expected ',' or '}', found '\"'"
/// ```
enum MalformedJSON {
    /// The problem without its place, `malformed JSON: MESSAGE`: what `validate --format json`
    /// gives as the problem's `message`.
    static func problem(_ message: String) -> String { "malformed JSON: \(message)" }

    /// The whole line; `shownPath` is the path as the command shows it (already printable).
    static func line(_ shownPath: String, line: Int, column: Int, message: String) -> String {
        "\(shownPath):\(line):\(column): " + problem(message)
    }
}
