import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore

/// `alarms simulate`: days of device life, with an iOS-like notification center and a user who
/// opens the app now and then; which required fires rang on time, and why the others did not.
enum SimulateCommand: CLICommand {
    static let name = "simulate"
    static let summary = "Simulate days of app opens: which alarms ring."
    static let usage =
        "alarms simulate --days N --open-every DURATION|never [--jitter DURATION --seed S] [--strategy rolling|fill-cap|hybrid] [--backend notifications|alarmkit [--alarm-limit N]] [--rules FILE | --store PATH] [--now TIME] [--time-zone IANA] [--eviction keep-soonest-firing|keep-last-added] [--budget N] [--reminder] [--only-missed] [--fail-on-miss] [--format table|json|svg]"
    static let options: [OptionSpec] = [
        .value("days", "N", "Days to simulate from --now, 1...\(maximumDays)."),
        .value(
            "open-every", "DURATION",
            "The app is opened at --now, then at most this long after each open: 1h or more, such as 6h, 90m, 2d or 1d12h; or never: only at --now."
        ),
        .value(
            "jitter", "DURATION",
            "Each gap between opens is shortened by a random amount up to this (0 to half of --open-every). Default: 0."),
        .value("seed", "S", "Seed of the random jitter, a whole number 0...2^64-1. Default: 0."),
        .value(
            "strategy", "NAME",
            "What each open registers: hybrid (the default, as in an app's SchedulerOptions: weekly repeating alarms for plain weekly rules, fill-cap for the rest), rolling (7 days of one-shot alarms) or fill-cap (one-shot alarms as far as the 64 slots reach, up to 366 days)."
        ),
        .value(
            "backend", "NAME",
            "What the app schedules with: notifications (default; 64 requests, --eviction and --budget apply) or alarmkit (AlarmKit's alarms, iOS 26; up to 64 planned, SchedulerOptions' alarmKit budget)."
        ),
        .value(
            "alarm-limit", "N",
            "With --backend alarmkit: the simulated device refuses an alarm past N held at once (maximumLimitReached), 1...\(maximumAlarmLimit). Default: no limit."
        ),
        CommonOptions.rules, CommonOptions.store, CommonOptions.now,
        .value("time-zone", "IANA", "The device's zone throughout. Default: $TZ, else the system zone."),
        .value(
            "eviction", "MODEL",
            "Which requests the simulated OS keeps over its 64: keep-soonest-firing (default) or keep-last-added. Notifications only."),
        .value("budget", "N", "Slots kept free for the app's own notifications, 0...63. Default: 0. Notifications only."),
        .flag("reminder", "Keep the last slot for an \"open the app\" reminder at the coverage end."),
        .flag(
            "only-missed", "List only the missed fires (in json too: 'fires' holds just the misses); the summary still counts every fire."),
        .flag(
            "fail-on-miss",
            "Exit with status \(ExitCode.missedAlarms) when any required fire is missed (the output is printed as usual), so a script can assert that a book keeps ringing."
        ),
        .value("format", "FORMAT", "table (default), json, or svg: a timeline picture of the run (see Docs/CLI.md).")
    ]
    static let discussion = """
        Each open refreshes as an app would (plan, reconcile with what is pending, record the applied plan); \
        between opens the simulated center rings what it holds. The store is read once and never written. \
        Under hybrid, the default, weekly repeating requests keep ringing without opens. \
        With --backend alarmkit the same refreshes schedule AlarmKit alarms in a simulated AlarmKit center \
        (weekly alarms for plain weekly rules under hybrid, one-shot alarms for the rest); a device that refuses \
        an alarm past --alarm-limit teaches the book its limit, and the table says how often it refused. \
        A fire that did not ring says why: no-open-in-time (no open planned that far), cap (the plan was cut \
        by the 64-slot cap before it), time-zone-change, evicted, or not-pending. \
        The table starts with the summary (required, delivered, missed by reason, longest uncovered, peak \
        pending), then lists the fires. Missed fires exit 0 (a finding, not an error) unless --fail-on-miss \
        is given: then the exit status is \(ExitCode.missedAlarms), with the output printed as usual. \
        A run plans at most \(maximumPlanningWork) steps (opens x (rules + \(slots))) and accounts for at most \
        \(maximumRequiredFires) required fires; more is a usage error before anything runs.
        """

    static var maximumDays: Int { Int(DeviceSimulation.maximumSpan / 86_400) }

    /// The largest `--alarm-limit`: the most fires a plan can hold
    /// (``/RecurringAlarms/PlanOptions/maximumCap``), so a larger limit could never be reached.
    static let maximumAlarmLimit = PlanOptions.maximumCap

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
        let isNever = everyText == "never"
        let interval = isNever ? 0 : try invocation.values.duration(everyText, flag: "open-every")
        guard isNever || interval >= 3_600 else {
            throw invocation.usageError(
                "invalid value for '--open-every': '\(everyText.truncatedForDisplay)' is shorter than 1 hour",
                hint: "use 1h or more, such as 6h")
        }
        if isNever, parsed.value("jitter") != nil {
            throw invocation.usageError(
                "'--jitter' has no effect with '--open-every never'", hint: "drop '--jitter', or give '--open-every' a duration such as 6d")
        }
        let jitter = try parsed.value("jitter").map { text throws(CLIError) in try invocation.values.duration(text, flag: "jitter") } ?? 0
        if jitter > interval / 2 {
            throw invocation.usageError(
                "invalid value for '--jitter': it is more than half of '--open-every' (\(DurationText.describe(interval / 2)))")
        }
        var seed: UInt64 = 0
        if let text = parsed.value("seed") {
            guard ValueParsers.isDigits(text), let value = UInt64(text) else {
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
        let backend = try parseBackend(invocation)
        let eviction =
            try parsed.value("eviction").map { text throws(CLIError) in
                try invocation.values.choice(text, flag: "eviction", EvictionModel.self)
            } ?? .keepSoonestFiring
        // The scheduler's default, so a run without --strategy simulates what an app does.
        let strategy =
            try parsed.value("strategy").map { text throws(CLIError) in
                try invocation.values.choice(text, flag: "strategy", SchedulingStrategy.self)
            } ?? SchedulerOptions().strategy
        let budget = try invocation.integer("budget", range: 0...(PlanOptions.defaultCap - 1), default: 0)
        let format = try SimulateFormat.parse(parsed.value("format"), parser: invocation.parser)
        let onlyMissed = parsed.flags.contains("only-missed")
        if case .alarmKit = backend, format == .svg {
            throw invocation.usageError(
                "'--format svg' draws the notification center's pending requests, and '--backend alarmkit' has none",
                hint: "use '--format table' or '--format json' with '--backend alarmkit', or drop '--backend alarmkit'")
        }
        if onlyMissed, format == .svg {
            throw invocation.usageError(
                "'--only-missed' has no effect with '--format svg'", hint: "the picture shows every fire; drop '--only-missed'")
        }
        let context = try invocation.timeContext()
        let end = context.now.addingTimeInterval(TimeInterval(days) * 86_400)
        try checkSpan(start: context.now, days: days, strategy: strategy, invocation: invocation)
        let loaded = try invocation.loadBook()
        if format == .table, let missing = loaded.source.missingBookText { return missing }
        let opens: AppOpenPattern = isNever ? .at([context.now]) : .every(interval, jitter: jitter, seed: seed)
        let openCount = opens.moments(from: context.now, through: end).count
        try checkWork(loaded.book, opens: openCount, days: days, invocation: invocation)
        try checkSize(
            loaded.book, start: context.now, end: end, days: days, zone: context.timeZone,
            opens: format == .svg ? openCount : nil, invocation: invocation)

        let options = SchedulerOptions(
            budget: budget, reminder: parsed.flags.contains("reminder") ? RefreshReminder() : nil,
            strategy: strategy)
        let simulation = DeviceSimulation(
            book: loaded.book, timeline: .fixed(context.timeZone), start: context.now, end: end, opens: opens,
            eviction: eviction, options: options, backend: backend)
        let report: SimulationReport
        let pending: [SimulatedNotificationCenter.PendingCount]
        let warnings: [FixedToDeviceZoneWarning]
        do throws(SchedulingError) {
            (report, pending, warnings) = try await simulation.runCountingPending()
        } catch {
            throw .failure("the simulation stopped: \(error.description)")
        }
        invocation.context.messages.withLock { $0 += FixedToDeviceZoneWarning.terminalLines(warnings) }
        let setting = SimulationTable.Setting(
            days: days, interval: isNever ? nil : interval, jitter: jitter, seed: seed,
            zone: context.timeZone, strategy: strategy, onlyMissed: onlyMissed)
        // Table and JSON are written as they are made; the picture is bounded by checkSize.
        switch format {
        case .json:
            try SimulateDocument(report: report, onlyMissed: onlyMissed).write(invocation.emit)
        case .table:
            try SimulationTable.write(report, setting: setting, palette: invocation.palette, to: invocation.emit)
        case .svg:
            try invocation.emit(SimulationPicture.render(report, pending: pending, setting: setting))
        }
        let missed = report.summary.missed
        if missed > 0, parsed.flags.contains("fail-on-miss") {
            throw .finding(
                output: "",
                message:
                    "\(missed) of \(report.summary.required) required alarm\(report.summary.required == 1 ? "" : "s") missed (--fail-on-miss)"
            )
        }
        return ""
    }
}

extension SimulateCommand {
    /// `simulate`'s backend names.
    enum BackendName: String, CaseIterable {
        case notifications, alarmkit
    }

    /// `--backend` and `--alarm-limit`, and the notification-only flags refused with AlarmKit.
    static func parseBackend(_ invocation: CommandInvocation) throws(CLIError) -> DeviceSimulation.Backend {
        let parsed = invocation.parsed
        let name =
            try parsed.value("backend").map { text throws(CLIError) in
                try invocation.values.choice(text, flag: "backend", BackendName.self)
            } ?? .notifications
        guard name == .alarmkit else {
            if let limit = parsed.value("alarm-limit") {
                throw invocation.usageError(
                    "'--alarm-limit \(limit.truncatedForDisplay)' needs '--backend alarmkit': notifications have no alarm limit",
                    hint: "add '--backend alarmkit', or drop '--alarm-limit'")
            }
            return .notifications
        }
        for flag in ["eviction", "budget"] {
            if let value = parsed.value(flag) {
                throw invocation.usageError(
                    "'--\(flag) \(value.truncatedForDisplay)' applies to '--backend notifications' only, not to '--backend alarmkit'",
                    hint: flag == "budget"
                        ? "drop '--budget': AlarmKit plans within its own budget of \(AlarmKitOptions().budget) alarms"
                        : "drop '--eviction': AlarmKit refuses an alarm past its limit (see '--alarm-limit') instead of evicting one")
            }
        }
        let limit: Int? =
            parsed.value("alarm-limit") == nil ? nil : try invocation.integer("alarm-limit", range: 1...maximumAlarmLimit, default: 1)
        return .alarmKit(limit: limit)
    }
}

/// `simulate`'s `--format`: the shared table and json, and the SVG picture only it draws.
enum SimulateFormat: String {
    case table, json, svg

    static func parse(_ text: String?, parser: OptionParser) throws(CLIError) -> SimulateFormat {
        guard let text else { return .table }
        guard let format = SimulateFormat(rawValue: text) else {
            throw parser.usage("invalid value for '--format': '\(text.truncatedForDisplay)'", hint: "expected 'table', 'json' or 'svg'")
        }
        return format
    }
}
