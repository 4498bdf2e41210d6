import Foundation
import RecurringAlarms

/// `alarms plan`: which fires to register now, as a table or JSON.
enum PlanCommand: CLICommand {
    static let name = "plan"
    static let summary = "List the fires to register now, soonest first."
    static let usage =
        "alarms plan [--rules FILE | --store PATH] [--now TIME] [--time-zone IANA] [--cap N] [--horizon-days N | --fill-cap [--max-days N]] [--format table|json]"
    static let options: [OptionSpec] = planningOptions + [CommonOptions.format]
    /// The options that choose what is planned, shared with `alarms week`.
    static let planningOptions: [OptionSpec] = [
        CommonOptions.rules, CommonOptions.store, CommonOptions.now, CommonOptions.timeZone,
        .value("cap", "N", "Most fires to plan, 0...10000. Default: 64 (the iOS limit)."),
        .value("horizon-days", "N", "Window length in days of 24 h, 0...366. Default: 7."),
        .flag("fill-cap", "Instead of a fixed window, plan as far ahead as the cap allows, up to --max-days."),
        .value("max-days", "N", "With --fill-cap, the longest window in days of 24 h, 1...366. Default: 366.")
    ]
    static let discussion = """
        From the alarm book, snoozes are planned and skip-next requests applied, as an app would plan them. \
        With --fill-cap the plan holds the soonest --cap fires of the next --max-days days, so alarms keep \
        ringing longer when the app is not opened; "Covered until" says how far they reach.
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let (result, loaded, format) = try plan(invocation)
        invocation.context.messages.withLock {
            $0 += FixedToDeviceZoneWarning.terminalLines(fixedToDeviceZoneWarnings(loaded, plan: result))
        }
        switch format {
        case .json: return PlanDocument(result).terminalText
        case .table:
            if let missing = loaded.source.missingBookText { return missing }
            return PlanTable.render(result, labels: loaded.labels(for: result), palette: invocation.palette, width: invocation.outputWidth)
        }
    }

    /// The plan that ``planningOptions`` ask for, the book it was made from, and `--format`
    /// (`table` for a command without it), checked before the book is read.
    static func plan(_ invocation: CommandInvocation) throws(CLIError) -> (Plan, LoadedBook, OutputFormat) {
        _ = try invocation.positionals(max: 0, hint: "the rule file is given with '--rules FILE'")
        let cap = try invocation.integer("cap", range: 0...10_000, default: PlanOptions.defaultCap)
        let fillsCap = invocation.parsed.flags.contains("fill-cap")
        if fillsCap && invocation.parsed.value("horizon-days") != nil {
            throw invocation.usageError(
                "'--fill-cap' and '--horizon-days' cannot be combined",
                hint: "'--horizon-days' plans a fixed window; with '--fill-cap', '--max-days' bounds it")
        }
        if !fillsCap && invocation.parsed.value("max-days") != nil {
            throw invocation.usageError(
                "'--max-days' has no effect without '--fill-cap'",
                hint: "add '--fill-cap', or give a fixed window with '--horizon-days N'")
        }
        let days =
            fillsCap
            ? try invocation.integer("max-days", range: 1...366, default: 366)
            : try invocation.integer("horizon-days", range: 0...366, default: 7)
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let loaded = try invocation.loadBookForPlanning()

        let window = TimeInterval(days) * 86_400
        let planOptions =
            fillsCap
            ? PlanOptions.fillingCap(deviceTimeZone: context.timeZone, cap: cap, upTo: window)
            : PlanOptions(deviceTimeZone: context.timeZone, cap: cap, horizon: window)
        return (try loaded.plan(now: context.now, options: planOptions), loaded, format)
    }

    /// The rules of `loaded` fixed to the device's zone that stay one-shot under the hybrid
    /// strategy, apps' default, though they would repeat floating: `plan` lists them on standard
    /// error, its output unchanged. Checked as a notification app plans (one repeating request
    /// per weekday), at the plan's moment and zone.
    static func fixedToDeviceZoneWarnings(_ loaded: LoadedBook, plan: Plan) -> [FixedToDeviceZoneWarning] {
        switch loaded {
        case .compiled(let compiled, _):
            compiled.schedule.fixedToDeviceZoneWarnings(now: plan.now, deviceTimeZone: plan.deviceTimeZone)
        case .book(let book, _):
            RecurringAlarms.fixedToDeviceZoneWarnings(book.rulesForPlanning, now: plan.now, deviceTimeZone: plan.deviceTimeZone)
        }
    }
}
