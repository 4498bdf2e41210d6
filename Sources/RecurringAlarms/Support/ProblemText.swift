/// A problem or note about some input, said in one line: where it is, the part at fault, its
/// value as written, and what is wrong.
///
/// The conforming type states where (``problemPlace(part:)``), the part at fault
/// (``problemSubject``) and whether the value is shown in quotes; ``text(part:message:)``
/// here is the one way they are joined, for `description` and for the CLI, which passes the
/// parts from the input through an escape for the terminal.
package protocol ProblemText {
    /// Where, without the colon (`rule 'wake' (#1)`, `line 7, column 7`), or `nil` when not
    /// known; any part that comes from the input passed through `part`.
    func problemPlace(part: (String) -> String) -> String?

    /// The field or property at fault, as written in the input, or `nil`.
    var problemSubject: String? { get }

    /// The offending value as written, or `nil`.
    var value: String? { get }

    /// What is wrong and what is allowed instead.
    var message: String { get }

    /// Whether the value is shown in quotes (text as written), or as it is (JSON text).
    static var quotesValue: Bool { get }
}

extension ProblemText {
    /// `PLACE: SUBJECT: VALUE MESSAGE`, each part only when known, with the parts from the
    /// input passed through `part` and the message through `message`: `{ $0 }` for both is
    /// the `description`.
    package func text(part: (String) -> String, message: (String) -> String) -> String {
        var text = problemPlace(part: part).map { $0 + ": " } ?? ""
        if let problemSubject { text += part(problemSubject) + ": " }
        if let value { text += (Self.quotesValue ? "\"" + part(value) + "\"" : part(value)) + " " }
        return text + message(self.message)
    }
}
