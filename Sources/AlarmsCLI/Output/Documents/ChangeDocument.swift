import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `--format json` of the commands that change the alarm book (`add`, `edit`, `remove`,
/// `enable`, `disable`, `skip`, `unskip`, `skip-next`, `snooze`): one envelope, `command`,
/// `file`, `changed`, `rule` (the rule after the change, or the one removed, in the shared
/// rule shape), the command's own keys, then `next` (the rule's next fire in the shared fire
/// shape, or `null`).
///
/// ```swift
/// ChangeDocument(command: "skip", file: path, changed: true, rule: rule, detail: .skip(date, note: nil), next: nil)
/// // {"command": "skip", "file": "…", "changed": true, "rule": {…}, "date": "2026-12-24", "note": null, "next": null}
/// ```
struct ChangeDocument: JSONDocument {
    /// What the command adds to the envelope, between `rule` and `next`.
    enum Detail {
        /// `add`, `edit`, `remove`, `enable`, `disable`: nothing.
        case none
        /// `skip`: the date, and why the rule would not have rung that day anyway (or `nil`).
        case skip(LocalDate, note: String?)
        /// `unskip`: the date.
        case unskip(LocalDate)
        /// `skip-next`: the occurrence skipped.
        case skipNext(Fire)
        /// `snooze`: the id snoozed, the instant it rings again, and the snooze fire (`nil`
        /// while the rule is off).
        case snooze(of: String, until: Date, fire: Fire?)
    }

    let command: String
    let file: String
    /// Whether the book changed; `false` when the text output says "nothing changed".
    let changed: Bool
    let rule: RuleDocument
    let detail: Detail
    let next: Fire?

    var json: JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("command", .string(command)), ("file", .string(file)), ("changed", .bool(changed)), ("rule", rule.json)
        ]
        switch detail {
        case .none: break
        case .skip(let date, let note): fields += [("date", .string(date.description)), ("note", .optional(note))]
        case .unskip(let date): fields.append(("date", .string(date.description)))
        case .skipNext(let fire): fields.append(("skipped", fire.jsonObject()))
        case .snooze(let id, let until, let fire):
            fields.append(
                (
                    "snooze",
                    .object([
                        ("of", .string(id)), ("until", .instant(until, in: rule.deviceTimeZone)),
                        ("fire", fire.map { $0.jsonObject() } ?? .null)
                    ])
                ))
        }
        fields.append(("next", next.map { $0.jsonObject() } ?? .null))
        return .object(fields)
    }
}

extension CommandInvocation {
    /// The JSON answer of a command that changed (or left unchanged) rule `ruleID` of `book`:
    /// the rule as `book` holds it and its next fire after `context.now`.
    func changeDocument(
        _ command: String, changed: Bool, rule ruleID: String, in book: AlarmBook, context: TimeContext,
        detail: ChangeDocument.Detail = .none
    ) throws(CLIError) -> String {
        let file = try storeLocation().path
        guard let rule = book.rules.first(where: { $0.id == ruleID }) else { return "" }
        let next = rule.isEnabled ? RuleText.nextFire(of: ruleID, in: book, now: context.now, deviceTimeZone: context.timeZone) : nil
        return ChangeDocument(
            command: command, file: file, changed: changed, rule: RuleDocument(rule, in: book, deviceTimeZone: context.timeZone),
            detail: detail, next: next
        ).terminalText
    }
}
