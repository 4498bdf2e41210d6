import Foundation
import RecurringAlarms

/// The rule options of `add` and `edit`, read and checked for form. What a rule may be is
/// decided by the library (`AlarmRule.validationProblems`); this only turns words into values
/// and refuses combinations that cannot mean anything (`--days` with `--date`).
struct RuleFlags {
    var days: WeekdaySet?
    var date: LocalDate?
    var times: [TimeOfDay]?
    var zone: ZoneChoice?
    var everyWeeks: Int?
    /// `.some(nil)`: `--start none` removes the start date.
    var start: LocalDate??
    var end: LocalDate??
    /// `.some(nil)`: `--label ''` removes the label.
    var label: String??
    var gap: GapPolicy?
    var overlap: OverlapPolicy?

    static let options: [OptionSpec] = [
        .value(
            "days", "DAYS",
            "Weekly on these days: \(Weekday.allNames.joined(separator: " ")), weekdays, weekends or daily, separated by commas (mon,tue,thu)."
        ),
        .value("date", "DATE", "Once, on this local date YYYY-MM-DD."),
        .value("at", "TIMES", "Wall times HH:MM or HH:MM:SS, separated by commas (07:30,21:00)."),
        .value(
            "rule-zone", "IANA",
            "The rule's zone: it rings on that zone's clock wherever the device is. 'floating' (the default for a new rule) follows the device's zone."
        ),
        .value("every-weeks", "N", "Every N weeks, 1...52 (weekly rules). More than 1 needs --start: its week anchors the repetition."),
        .value("start", "DATE", "First date, inclusive (weekly rules); 'none' removes it."),
        .value("end", "DATE", "Last date, inclusive (weekly rules); 'none' removes it."),
        .value("label", "TEXT", "Text shown with the alarm; '' removes it."),
        .value(
            "gap", "POLICY", "shift (default: ring later by the gap) or skip (no fire that day) for a time a spring-forward change removes."
        ),
        .value("overlap", "POLICY", "first (default) or last: which of the two times a fall-back change repeats rings.")
    ]

    /// `--time-zone` on `add` and `edit`, where it once set the rule's zone: everywhere else it
    /// is the device's zone, so it is refused here rather than read two ways.
    static let replacedTimeZone = OptionSpec.replaced(
        "time-zone", by: "rule-zone",
        "'--time-zone' is the device's zone in every command; the rule's zone is '--rule-zone IANA|floating'")

    /// The names of ``options``, to tell whether any rule option was given.
    static var names: [String] { options.map(\.name) }

    /// Names of the weekly-only options, for messages.
    static let weeklyOnly = "'--every-weeks', '--start' and '--end'"

    init(_ invocation: CommandInvocation) throws(CLIError) {
        let values = invocation.values
        let parsed = invocation.parsed
        if let text = parsed.value("days") { days = try values.days(text) }
        if let text = parsed.value("date") { date = try values.date(text, what: "value for '--date'") }
        if let text = parsed.value("at") { times = try values.times(text) }
        if let text = parsed.value("rule-zone") {
            zone = text == "floating" ? .floating : .fixed(try TimeContext.zone(text, flag: "rule-zone", parser: invocation.parser))
        }
        if parsed.value("every-weeks") != nil {
            everyWeeks = try invocation.integer("every-weeks", range: AlarmRule.everyWeeksRange, default: 1)
        }
        if let text = parsed.value("start") { start = text == "none" ? .some(nil) : try values.date(text, what: "value for '--start'") }
        if let text = parsed.value("end") { end = text == "none" ? .some(nil) : try values.date(text, what: "value for '--end'") }
        if let text = parsed.value("label") { label = text.isEmpty ? .some(nil) : text }
        if let text = parsed.value("gap") { gap = try values.choice(text, flag: "gap", GapPolicy.self) }
        if let text = parsed.value("overlap") { overlap = try values.choice(text, flag: "overlap", OverlapPolicy.self) }

        if days != nil && date != nil {
            throw invocation.usageError(
                "'--days' and '--date' cannot be combined", hint: "'--days' makes a weekly rule, '--date' a one-shot")
        }
        if date != nil && hasWeeklyOptions {
            throw invocation.usageError("\(Self.weeklyOnly) apply to weekly rules, not to a one-shot '--date'")
        }
    }

    var hasWeeklyOptions: Bool { everyWeeks != nil || start != nil || end != nil }

    var isEmpty: Bool {
        days == nil && date == nil && times == nil && zone == nil && !hasWeeklyOptions && label == nil && gap == nil && overlap == nil
    }

    /// A new rule `id` for `add`. Without `--days` and `--date` it is a one-shot on the next
    /// date at which its times are still ahead (the library's ``AlarmRule/nextDate(for:in:gap:overlap:after:)``).
    func newRule(id: String, context: TimeContext, invocation: CommandInvocation) throws(CLIError) -> AlarmRule {
        guard let times else {
            throw invocation.usageError(
                "missing '--at TIMES'", hint: "try 'alarms add \(id.truncatedForDisplay) --days weekdays --at 07:30'")
        }
        let zone = self.zone ?? .floating
        let gap = self.gap ?? .shift
        let overlap = self.overlap ?? .first
        let repeats: Recurrence
        if let date {
            repeats = .once(date)
        } else if let days {
            repeats = .weekly(days: days, everyWeeks: everyWeeks ?? 1, start: start ?? nil, end: end ?? nil)
        } else {
            if hasWeeklyOptions {
                throw invocation.usageError("\(Self.weeklyOnly) apply to weekly rules", hint: "add '--days', such as '--days mon,wed'")
            }
            repeats = .once(
                AlarmRule.nextDate(
                    for: times, in: zone.resolved(deviceTimeZone: context.timeZone),
                    gap: gap, overlap: overlap, after: context.now))
        }
        return AlarmRule(
            id: id, label: label ?? nil, repeats: repeats, times: times, timeZone: zone, gapPolicy: gap, overlapPolicy: overlap)
    }

    /// `rule` with these options applied, for `edit`. `--days` on a one-shot makes it weekly,
    /// `--date` on a weekly rule makes it a one-shot; other fields are kept.
    func applied(to rule: AlarmRule, invocation: CommandInvocation) throws(CLIError) -> AlarmRule {
        var edited = rule
        if let times { edited.times = times }
        if let zone { edited.timeZone = zone }
        if let label { edited.label = label }
        if let gap { edited.gapPolicy = gap }
        if let overlap { edited.overlapPolicy = overlap }
        if let date {
            edited.repeats = .once(date)
            return edited
        }
        var weekly: (days: WeekdaySet, everyWeeks: Int, start: LocalDate?, end: LocalDate?)
        switch rule.repeats {
        case .weekly(let days, let everyWeeks, let start, let end):
            weekly = (days, everyWeeks, start, end)
        case .once:
            guard let days else {
                if hasWeeklyOptions {
                    throw invocation.usageError(
                        "rule '\(rule.id)' is a one-shot; \(Self.weeklyOnly) apply to weekly rules",
                        hint: "add '--days' to make it weekly")
                }
                return edited
            }
            weekly = (days, 1, nil, nil)
        }
        if let days { weekly.days = days }
        if let everyWeeks { weekly.everyWeeks = everyWeeks }
        if let start { weekly.start = start }
        if let end { weekly.end = end }
        edited.repeats = .weekly(days: weekly.days, everyWeeks: weekly.everyWeeks, start: weekly.start, end: weekly.end)
        return edited
    }

    /// A usage error listing every problem of a rule built from options, or `nil`.
    static func problems(of rule: AlarmRule, command: String, invocation: CommandInvocation) -> CLIError? {
        let problems = rule.validationProblems()
        guard let first = problems.first else { return nil }
        let hint: String
        switch first.field.prefix(while: { $0 != "[" }) {
        case "id": hint = "an id is 1 to 64 characters of A-Z a-z 0-9 . _ -, such as 'wake' or 'gym-tue'"
        case "everyWeeks": hint = "add '--start DATE': the week of that date is the first of every \(rule.everyWeeks) weeks"
        case "end": hint = "'--end' must not be before '--start'"
        case "times": hint = "give each time once in '--at'"
        default: hint = "see 'alarms \(command) --help'"
        }
        return invocation.usageError(problems.map(\.terminalText).joined(separator: "\nerror: "), hint: hint)
    }
}

extension AlarmRule {
    /// The every-N-weeks of a weekly rule, 1 for a one-shot.
    var everyWeeks: Int {
        if case .weekly(_, let everyWeeks, _, _) = repeats { return everyWeeks }
        return 1
    }
}
