import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms skip ID DATE`: the rule does not ring on that local date (its `skip` list).
enum SkipCommand: CLICommand {
    static let name = "skip"
    static let summary = "Don't ring an alarm on one date."
    static let usage = "alarms skip ID DATE [--store PATH] [--now TIME] [--time-zone IANA] [--format table|json]"
    static let options: [OptionSpec] = CommonOptions.editTime + [CommonOptions.format]
    static let discussion =
        "DATE is a local date YYYY-MM-DD on the rule's clock; every time of the rule that day is skipped. A date before today on that clock is an error: it has nothing left to skip."

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let (id, date) = try SkipArguments.read(invocation, example: "alarms skip wake 2026-12-24")
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let (rule, changed, book) = try invocation.updateBook { book throws -> (AlarmRule, Bool, AlarmBook) in
            guard let index = book.rules.firstIndex(where: { $0.id == id }) else { throw book.unknownRuleError(id) }
            try refusePast(date, of: book.rules[index], context: context)
            let changed = book.rules[index].skippedDates.insert(date).inserted
            book.pruneExpired(now: context.now)
            return (book.rules[index], changed, book)
        }
        if format == .json {
            let note = changed ? wouldNotRing(rule, on: date, context: context) : nil
            return try invocation.changeDocument(
                name, changed: changed, rule: id, in: book, context: context, detail: .skip(date, note: note))
        }
        guard changed else {
            return TextWrap.sentence("Rule \(RuleText.name(rule)) already skips \(WallClock.date(date)); nothing changed.")
        }
        var text = TextWrap.sentence("Rule \(RuleText.name(rule)) will not ring on \(WallClock.date(date)).")
        if let note = wouldNotRing(rule, on: date, context: context) {
            text += TextWrap.paragraph("Note: it would not have rung that day anyway: \(note).", indent: 6)
        }
        return text
    }

    /// Why `rule` would not have rung on `date` without its skip, by the library's own checks
    /// (the first that fails), or `nil` when it would have rung.
    static func wouldNotRing(_ rule: AlarmRule, on date: LocalDate, context: TimeContext) -> String? {
        var unskipped = rule
        unskipped.skippedDates.remove(date)
        // The rule was just saved, so the store checked it and this does not throw.
        let explanation = try? FireExplanation(rule: unskipped, date: date, deviceTimeZone: context.timeZone)
        return explanation?.checks.first(where: { !$0.passed })?.detail
    }
}

extension SkipCommand {
    /// A date before today on the rule's clock has no fire left to skip: an error, as
    /// `skip-next` with nothing to skip is. Today is allowed, since some of its times may
    /// still be ahead.
    static func refusePast(_ date: LocalDate, of rule: AlarmRule, context: TimeContext) throws(CLIError) {
        try PastDate.refuse(
            date, of: rule, context: context, consequence: "skipping it would change nothing",
            hint: "give today or a later date; 'alarms skip-next \(rule.id)' skips the next occurrence")
    }
}

/// `alarms unskip ID DATE`: undo `skip` and `skip-next` for that date.
enum UnskipCommand: CLICommand {
    static let name = "unskip"
    static let summary = "Ring an alarm again on a skipped date."
    static let usage = "alarms unskip ID DATE [--store PATH] [--now TIME] [--time-zone IANA] [--format table|json]"
    static let options: [OptionSpec] = CommonOptions.editTime + [CommonOptions.format]
    static let discussion = "Removes DATE from the rule's skipped dates and from its skip-next requests."

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let (id, date) = try SkipArguments.read(invocation, example: "alarms unskip wake 2026-12-24")
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let (rule, changed, book) = try invocation.updateBook { book throws -> (AlarmRule, Bool, AlarmBook) in
            guard let index = book.rules.firstIndex(where: { $0.id == id }) else { throw book.unknownRuleError(id) }
            var changed = book.rules[index].skippedDates.remove(date) != nil
            let requests = book.skippedOccurrences.count
            book.skippedOccurrences.removeAll { $0.ruleID == id && $0.date == date }
            changed = changed || book.skippedOccurrences.count != requests
            book.pruneExpired(now: context.now)
            return (book.rules[index], changed, book)
        }
        if format == .json {
            return try invocation.changeDocument(name, changed: changed, rule: id, in: book, context: context, detail: .unskip(date))
        }
        guard changed else {
            return TextWrap.sentence("Rule \(RuleText.name(rule)) does not skip \(WallClock.date(date)); nothing changed.")
        }
        return TextWrap.sentence("Rule \(RuleText.name(rule)) no longer skips \(WallClock.date(date)).")
            + RuleText.nextLine(of: id, in: book, context: context)
    }
}

/// `alarms skip-next ID`: skip the rule's next occurrence (the store's skip-next request).
enum SkipNextCommand: CLICommand {
    static let name = "skip-next"
    static let summary = "Skip an alarm's next occurrence only."
    static let usage = "alarms skip-next ID [--store PATH] [--now TIME] [--time-zone IANA] [--format table|json]"
    static let options: [OptionSpec] = CommonOptions.editTime + [CommonOptions.format]
    static let discussion = """
        The next occurrence after --now is found now and its local date recorded, so the rule does not ring on that date \
        however late the app plans again. Run it again to skip the one after. 'alarms unskip ID DATE' undoes it.
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let id = try invocation.requiredPositional("ID", example: "alarms skip-next wake")
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let (fire, book) = try invocation.updateBook { book throws -> (Fire, AlarmBook) in
            if !book.rules.contains(where: { $0.id == id }) { throw book.unknownRuleError(id) }
            let fire = try book.skipNext(ruleID: id, now: context.now, deviceTimeZone: context.timeZone)
            book.pruneExpired(now: context.now)
            return (fire, book)
        }
        if format == .json {
            return try invocation.changeDocument(
                name, changed: true, rule: id, in: book, context: context, detail: .skipNext(fire))
        }
        let rule = book.rules.first { $0.id == id }!
        return TextWrap.sentence(
            "Skipped \(fire.id), \(WallClock.fire(fire, deviceTimeZone: context.timeZone)): "
                + "rule \(RuleText.name(rule)) does not ring on \(WallClock.date(fire.local.date)).")
            + RuleText.nextLine(of: id, in: book, context: context)
    }
}

enum SkipArguments {
    static func read(_ invocation: CommandInvocation, example: String) throws(CLIError) -> (id: String, date: LocalDate) {
        let positionals = try invocation.positionals(max: 2)
        guard positionals.count == 2 else {
            throw invocation.usageError(positionals.isEmpty ? "missing ID and DATE" : "missing DATE", hint: "try '\(example)'")
        }
        return (positionals[0], try invocation.values.date(positionals[1], what: "DATE"))
    }
}
