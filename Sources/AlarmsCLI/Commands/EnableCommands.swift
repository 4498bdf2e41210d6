import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms enable ID`: the rule rings again.
enum EnableCommand: CLICommand {
    static let name = "enable"
    static let summary = "Turn an alarm on."
    static let usage = "alarms enable ID [--store PATH] [--now TIME] [--time-zone IANA] [--format table|json]"
    static let options: [OptionSpec] = CommonOptions.editTime + [CommonOptions.format]

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        try EnabledState.set(true, invocation)
    }
}

/// `alarms disable ID`: the rule stays in the book but plans nothing (its snooze is silent too).
enum DisableCommand: CLICommand {
    static let name = "disable"
    static let summary = "Turn an alarm off, keeping it in the book."
    static let usage = "alarms disable ID [--store PATH] [--now TIME] [--format table|json]"
    static let options: [OptionSpec] = CommonOptions.editWithoutTime + [CommonOptions.format]

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        try EnabledState.set(false, invocation)
    }
}

enum EnabledState {
    static func set(_ enabled: Bool, _ invocation: CommandInvocation) throws(CLIError) -> String {
        let id = try invocation.requiredPositional("ID", example: "alarms \(enabled ? "enable" : "disable") wake")
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let (rule, changed, book) = try invocation.updateBook { book throws -> (AlarmRule, Bool, AlarmBook) in
            guard let index = book.rules.firstIndex(where: { $0.id == id }) else { throw book.unknownRuleError(id) }
            let changed = book.rules[index].isEnabled != enabled
            book.rules[index].isEnabled = enabled
            book.pruneExpired(now: context.now)
            return (book.rules[index], changed, book)
        }
        if format == .json {
            return try invocation.changeDocument(enabled ? "enable" : "disable", changed: changed, rule: id, in: book, context: context)
        }
        let state = enabled ? "on" : "off"
        guard changed else { return TextWrap.sentence("Rule \(RuleText.name(rule)) is already \(state); nothing changed.") }
        if enabled {
            return TextWrap.sentence("Turned \(RuleText.name(rule)) on.") + RuleText.nextLine(of: id, in: book, context: context)
        }
        return TextWrap.sentence("Turned \(RuleText.name(rule)) off.")
            + TextWrap.sentence("It stays in the book; 'alarms enable \(rule.id)' turns it on again.")
    }
}
