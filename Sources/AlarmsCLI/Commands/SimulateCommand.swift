import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsStore

/// `alarms simulate`: days of device life, with an iOS-like notification center and a user who
/// opens the app now and then; which required fires rang on time, and why the others did not.
enum SimulateCommand: CLICommand {
    static let name = "simulate"
    static let summary = "Simulate days of app opens: which alarms ring."
    static let usage =
        "alarms simulate --days N --open-every DURATION [--jitter DURATION --seed S] [--rules FILE | --store PATH] [--now TIME] [--time-zone IANA] [--eviction keep-soonest-firing|keep-last-added] [--budget N] [--reminder] [--format table|json]"
    static let options: [OptionSpec] = [
        .value("days", "N", "Days to simulate from --now, 1...\(maximumDays)."),
        .value(
            "open-every", "DURATION",
            "The app is opened at --now, then at most this long after each open: 1h or more, such as 6h, 90m, 2d or 1d12h."),
        .value(
            "jitter", "DURATION",
            "Each gap between opens is shortened by a random amount up to this (0 to half of --open-every). Default: 0."),
        .value("seed", "S", "Seed of the random jitter, a whole number 0...2^64-1. Default: 0."),
        CommonOptions.rules, CommonOptions.store, CommonOptions.now,
        .value("time-zone", "IANA", "The device's zone throughout. Default: $TZ, else the system zone."),
        .value("eviction", "MODEL", "Which requests the simulated OS keeps over its 64: keep-soonest-firing (default) or keep-last-added."),
        .value("budget", "N", "Slots kept free for the app's own notifications, 0...63. Default: 0."),
        .flag("reminder", "Keep the last slot for an \"open the app\" reminder at the coverage end."),
        CommonOptions.format
    ]
    static let discussion = """
        Each open refreshes as an app would (plan, reconcile with what is pending, record the applied plan); \
        between opens the simulated center rings what it holds. The store is read once and never written. \
        A fire that did not ring says why: no-open-in-time (no open planned that far), cap (the plan was cut \
        by the 64-slot cap before it), time-zone-change, evicted, or not-pending.
        """

    static var maximumDays: Int { Int(DeviceSimulation.maximumSpan / 86_400) }

    static func run(_ invocation: CommandInvocation) async throws(CLIError) -> String {
        _ = try invocation.positionals(max: 0)
        let parsed = invocation.parsed
        guard parsed.value("days") != nil else {
            throw invocation.usageError("missing '--days N'", hint: "try 'alarms simulate --days 14 --open-every 1d'")
        }
        let days = try invocation.integer("days", range: 1...maximumDays, default: 1)
        guard let everyText = parsed.value("open-every") else {
            throw invocation.usageError("missing '--open-every DURATION'", hint: "try 'alarms simulate --days 14 --open-every 1d'")
        }
        let interval = try invocation.values.duration(everyText, flag: "open-every")
        guard interval >= 3_600 else {
            throw invocation.usageError(
                "invalid value for '--open-every': '\(everyText.truncatedForDisplay)' is shorter than 1 hour",
                hint: "use 1h or more, such as 6h")
        }
        let jitter = try parsed.value("jitter").map { text throws(CLIError) in try invocation.values.duration(text, flag: "jitter") } ?? 0
        if jitter > interval / 2 {
            throw invocation.usageError(
                "invalid value for '--jitter': it is more than half of '--open-every' (\(DurationText.describe(interval / 2)))")
        }
        var seed: UInt64 = 0
        if let text = parsed.value("seed") {
            guard let value = UInt64(text) else {
                throw invocation.usageError(
                    "invalid value for '--seed': '\(text.truncatedForDisplay)'",
                    hint: "expected a whole number from 0 to 18446744073709551615")
            }
            guard jitter > 0 else {
                throw invocation.usageError(
                    "'--seed' has no effect without '--jitter'", hint: "add '--jitter DURATION', such as '--jitter 2h'")
            }
            seed = value
        }
        let eviction =
            try parsed.value("eviction").map { text throws(CLIError) in
                try invocation.values.choice(text, flag: "eviction", EvictionModel.self)
            } ?? .keepSoonestFiring
        let budget = try invocation.integer("budget", range: 0...(PlanOptions.defaultCap - 1), default: 0)
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let loaded = try invocation.loadBook()

        let options = SchedulerOptions(budget: budget, reminder: parsed.flags.contains("reminder") ? RefreshReminder() : nil)
        let simulation = DeviceSimulation(
            book: loaded.book, timeline: .fixed(context.timeZone), start: context.now,
            end: context.now.addingTimeInterval(TimeInterval(days) * 86_400),
            opens: .every(interval, jitter: jitter, seed: seed), eviction: eviction, options: options)
        let report: SimulationReport
        do throws(SchedulingError) {
            report = try await simulation.run()
        } catch {
            throw .failure("the simulation stopped: \(error.description)")
        }
        switch format {
        case .json:
            return SimulateDocument(report: report).terminalText
        case .table:
            let setting = SimulationTable.Setting(days: days, interval: interval, jitter: jitter, seed: seed, zone: context.timeZone)
            return SimulationTable.render(report, setting: setting, palette: invocation.palette)
        }
    }
}
