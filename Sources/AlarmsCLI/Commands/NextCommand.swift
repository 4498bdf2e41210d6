import Foundation
import RecurringAlarms

/// `alarms next`: the next fires, people-first: an agenda by day on the device's clock, with
/// time to go, rule and label.
enum NextCommand: CLICommand {
    static let name = "next"
    static let summary = "Show the next alarms on your clock, with time to go."
    static let usage =
        "alarms next [--count N] [--rules FILE | --store PATH | RULE OPTIONS] [--now TIME] [--time-zone IANA] [--format table|json]"
    static let options: [OptionSpec] =
        [
            .value("count", "N", "How many fires to show, 1...1000. Default: 5."),
            CommonOptions.rules, CommonOptions.store, CommonOptions.now, CommonOptions.timeZone, CommonOptions.format
        ] + RuleFlags.options
    static let discussion = """
        Times are on the device's clock (--time-zone); a rule fixed to another zone also shows its own clock. \
        Fires are looked for up to 366 days ahead, with snoozes and skip-next requests applied.

        RULE OPTIONS are those of 'alarms add' (--days, --date, --at, --rule-zone, --every-weeks, --start, --end, \
        --label, --gap, --overlap): with any of them, next shows the fires of that one rule, named 'inline', \
        and reads no book and no rule file, as 'systemd-analyze calendar' does; --at is then required, \
        and --rules or --store is a usage error.

        Examples:
          alarms next
          alarms next --days mon,wed --at 07:30 --count 5
          alarms next --days fri --at 09:00 --rule-zone Asia/Tokyo --time-zone UTC
          alarms next --days wed --at 20:00 --every-weeks 2 --start 2026-12-02
        """

    /// The id of the one rule an inline spec makes.
    static let inlineRuleID = "inline"

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        _ = try invocation.positionals(max: 0)
        let count = try invocation.integer("count", range: 1...1_000, default: 5)
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let loaded: LoadedBook
        if let inline = try inlineBook(invocation, context: context) {
            loaded = inline
        } else {
            loaded = try invocation.loadBookForPlanning()
        }
        let options = PlanOptions.fillingCap(deviceTimeZone: context.timeZone, cap: count)
        let plan = try loaded.plan(now: context.now, options: options)
        switch format {
        case .json: return NextDocument(plan, labels: loaded.labels(for: plan)).terminalText
        case .table:
            // "No alarms in the next 366 days" would hide that there is no book, or no rule in it.
            if let noRules = loaded.noRulesText { return noRules }
            return agenda(plan, labels: loaded.labels(for: plan), count: count, palette: invocation.palette, width: invocation.outputWidth)
        }
    }

    /// The one rule the rule options describe, as a book read from nowhere; `nil` when no rule
    /// option was given.
    static func inlineBook(_ invocation: CommandInvocation, context: TimeContext) throws(CLIError) -> LoadedBook? {
        guard RuleFlags.names.contains(where: { invocation.parsed.value($0) != nil }) else { return nil }
        if let source = ["rules", "store"].first(where: { invocation.parsed.value($0) != nil }) {
            throw invocation.usageError(
                "'--\(source)' cannot be combined with rule options such as '--days' and '--at'",
                hint: "rule options describe the one rule to show; '--\(source)' reads rules from a file")
        }
        let flags = try RuleFlags(invocation)
        let rule = try flags.newRule(id: inlineRuleID, context: context, invocation: invocation)
        if let error = RuleFlags.problems(of: rule, command: name, invocation: invocation) { throw error }
        return .book(AlarmBook(rules: [rule]), BookSource(path: "the rule options", store: nil))
    }

    static var searchDays: Int { Int(PlanOptions.maximumHorizon / 86_400) }

    /// - Parameter width: the widest a line may be; labels wrap within it (`Int.max` off a terminal).
    static func agenda(_ plan: Plan, labels: [String: String], count: Int, palette: Palette, width: Int = .max) -> String {
        let zone = plan.deviceTimeZone
        var text = "Next alarms after \(WallClock.named(plan.now, in: zone))\n"
        guard !plan.fires.isEmpty else { return text + "\nNo alarms in the next \(searchDays) days.\n" }

        // The RULE'S CLOCK column only when some fire is on another zone's clock.
        let ownClocks = plan.fires.map { WallClock.ownClock($0, deviceTimeZone: zone) }
        let showsOwnClock = ownClocks.contains { !$0.isEmpty }
        var table = TextTable(headers: ["TIME", "IN", "RULE"] + (showsOwnClock ? ["RULE'S CLOCK"] : []) + ["LABEL"])
        var dates: [LocalDate] = []
        var adjustmentsSeen: [FireAdjustment] = []
        for (fire, ownClock) in zip(plan.fires, ownClocks) {
            let local = LocalDateTime(instant: fire.instant, utcOffsetSeconds: zone.secondsFromGMT(for: fire.instant))
            dates.append(local.date)
            var rule = fire.ruleID
            if fire.adjustment != .none {
                rule += " " + PlanTable.marker(fire.adjustment)
                if !adjustmentsSeen.contains(fire.adjustment) { adjustmentsSeen.append(fire.adjustment) }
            }
            if fire.isSnooze { rule += " (snooze)" }
            table.append(
                [local.time.shortDescription, RelativeTime.describe(from: plan.now, to: fire.instant), rule]
                    + (showsOwnClock ? [ownClock] : []) + [labels[fire.ruleID] ?? ""])
        }
        let rows = table.renderRows(maximumWidth: width, overflow: .wrap, header: false, indent: 2)
        var previous: LocalDate?
        for (date, row) in zip(dates, rows) {
            if date != previous {
                text += "\n" + palette.bold(WallClock.date(date)) + "\n"
                previous = date
            }
            text += row
        }
        if !adjustmentsSeen.isEmpty { text += "\n" }
        for adjustment in adjustmentsSeen {
            text += "\(PlanTable.marker(adjustment)) \(PlanTable.explanation(adjustment))\n"
        }
        if plan.fires.count < count {
            text += "\nNo more alarms in the next \(searchDays) days.\n"
        }
        return text
    }
}
