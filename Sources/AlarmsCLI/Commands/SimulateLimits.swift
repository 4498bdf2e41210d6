import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling

/// What `simulate` refuses before it runs, so no input can make it fail halfway, exhaust
/// memory or run for hours: a period whose applied plans the book could not record, more
/// planning than a run does, more required fires than a report holds, and a picture too large
/// to draw.
extension SimulateCommand {
    /// The instants an alarm book can record (its applied plan, snoozes; Docs/Formats.md):
    /// 0001-01-02T00:00:00Z to 9999-12-30T23:59:59Z, the engine's own limit. Every open
    /// records its plan in the book.
    static let recordable =
        Date(timeIntervalSince1970: BookStateLimits.instants.lowerBound)...Date(timeIntervalSince1970: BookStateLimits.instants.upperBound)

    /// The most fires the rules may require over the period: the report holds each, with what
    /// became of it, so the run's memory grows with them (about 300 bytes a fire, measured in a
    /// release build: Docs/CLI.md).
    static let maximumRequiredFires = 1_000_000

    /// The most planning a run does: each open plans every rule of the book and fills up to
    /// ``slots`` requests, so a run's work is its opens times (rules + slots). A book of 64
    /// rules opened every hour for the longest run, 1,098 days, is about 3.4 million (about
    /// 20 s in a release build); a book of 100,000 one-shot rules opened hourly for as long
    /// would be 2.6 billion, hours of work with no fire required.
    static let maximumPlanningWork = 4_000_000

    /// The requests an open fills at most: the center's 64, or AlarmKit's budget of 64.
    static let slots = PlanOptions.defaultCap

    /// The most marks `--format svg` draws: a required fire or an app open is one. Past a few
    /// thousand the 960-pixel timeline is a smear, and the file grows by about 300 bytes a mark.
    static let maximumPictureMarks = 20_000

    /// How far past an open its plan reaches: the rolling window, or the longest window
    /// fill-cap and hybrid fill.
    static func planWindow(_ strategy: SchedulingStrategy) -> TimeInterval {
        strategy == .rolling ? SchedulerOptions().horizon : PlanOptions.maximumHorizon
    }

    /// Refuses a period whose opens would record instants outside ``recordable``: from
    /// `start`, and to the end of the last day plus the plan window of `strategy`.
    static func checkSpan(start: Date, days: Int, strategy: SchedulingStrategy, invocation: CommandInvocation) throws(CLIError) {
        let now = invocation.parsed.value("now") ?? RFC3339.format(start, utcOffsetSeconds: 0)
        guard start >= recordable.lowerBound else {
            throw invocation.usageError(
                "invalid value for '--now': '\(now.truncatedForDisplay)' is before \(utc(recordable.lowerBound)), "
                    + "the earliest instant an alarm book can record a plan at",
                hint: "simulate from \(utc(recordable.lowerBound)) or later")
        }
        let window = planWindow(strategy)
        let reach = start.addingTimeInterval(TimeInterval(days) * 86_400 + window)
        guard reach > recordable.upperBound else { return }
        let fitting = Int((recordable.upperBound.timeIntervalSince(start) - window) / 86_400)
        let windowText = "the \(Int(window / 86_400))-day plan of \(strategy == .rolling ? "each open" : "'--strategy \(strategy)'")"
        throw invocation.usageError(
            "invalid value for '--days': \(days) days from '--now' \(now.truncatedForDisplay), with \(windowText), reach "
                + "\(utc(reach)), past \(utc(recordable.upperBound)), the last instant an alarm book can record",
            hint: fitting >= 1 ? "use '--days \(fitting)' or fewer, or an earlier '--now'" : "use an earlier '--now'")
    }

    /// Refuses a run of `opens` opens whose planning, opens × (rules + ``slots``), is more
    /// than ``maximumPlanningWork``, naming `--days` and `--open-every` and the most opens that fit.
    static func checkWork(_ book: AlarmBook, opens: Int, days: Int, invocation: CommandInvocation) throws(CLIError) {
        guard let work = planningWork(rules: book.rules.count, opens: opens), work <= maximumPlanningWork else {
            throw workError(rules: book.rules.count, opens: opens, days: days, invocation: invocation)
        }
    }

    /// A run's planning, opens × (rules + ``slots``); `nil` when it does not fit in an `Int`.
    static func planningWork(rules: Int, opens: Int) -> Int? {
        let (work, overflow) = opens.multipliedReportingOverflow(by: rules + slots)
        return overflow ? nil : work
    }

    private static func workError(rules: Int, opens: Int, days: Int, invocation: CommandInvocation) -> CLIError {
        let work = planningWork(rules: rules, opens: opens)
        let perOpen = rules + slots
        let every = invocation.parsed.value("open-every") ?? "never"
        let fitting = maximumPlanningWork / perOpen
        return invocation.usageError(
            "'--days \(days)' with '--open-every \(every.truncatedForDisplay)' opens the app \(opens) times, and each open plans "
                + "the book's \(rules) rule\(rules == 1 ? "" : "s") and fills up to \(slots) slots: "
                + "\(work.map(String.init) ?? "more than \(Int.max)") steps, more than the \(maximumPlanningWork) a simulation takes",
            hint: fitting >= 1
                ? "open the app at most \(fitting) times: fewer '--days' or a longer '--open-every', or simulate a book with fewer rules"
                : "simulate a book with fewer rules")
    }

    /// Refuses a run whose rules require more than ``maximumRequiredFires`` fires in
    /// `(start, end]`, and, when `opens` is given (`--format svg`), a picture of more than
    /// ``maximumPictureMarks`` marks. Fires are counted without being built, and only up to the limit.
    ///
    /// - Complexity: O(min(f, limit)) for f required fires.
    static func checkSize(
        _ book: AlarmBook, start: Date, end: Date, days: Int, zone: TimeZone, opens: Int?, invocation: CommandInvocation
    ) throws(CLIError) {
        // The store and the rule reader check the rules, so they compile; a book that does not
        // fails in the simulation with its problems, as before.
        guard let schedule = try? CompiledBook(book).schedule else { return }
        let limit = opens.map { max(maximumPictureMarks - $0, 0) } ?? maximumRequiredFires
        let fires =
            schedule.occurrences(after: start, through: end, deviceTimeZone: zone).prefix(limit + 1).reduce(0) { count, _ in count + 1 }
            + book.snoozes.count
        if fires > maximumRequiredFires {
            throw invocation.usageError(
                "invalid value for '--days': '\(days)': the rules require more than \(maximumRequiredFires) fires in that period, "
                    + "and a simulation accounts for at most \(maximumRequiredFires)",
                hint: "simulate fewer days, or a book with fewer rules or times")
        }
        if let opens, fires + opens > maximumPictureMarks {
            throw invocation.usageError(
                "'--format svg' draws at most \(maximumPictureMarks) marks, and this run has more"
                    + " (\(fires > limit ? "over \(limit)" : String(fires)) required fires and \(opens) app opens)",
                hint: "simulate fewer '--days', open less often with '--open-every', or use '--format json' or '--format table'")
        }
    }

    /// `2026-12-01T07:00:00Z`.
    private static func utc(_ instant: Date) -> String { RFC3339.format(instant, utcOffsetSeconds: 0) }
}
