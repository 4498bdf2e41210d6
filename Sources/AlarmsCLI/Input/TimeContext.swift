import Foundation
import RecurringAlarms

/// The two things the command line takes from the machine, each overridable: the device
/// zone (`--time-zone`, else `TZ`, else the system zone the caller passed in or had read) and the current
/// time (`--now`, else the clock the caller passed in). A local `--now` is read in the device zone.
struct TimeContext {
    let timeZone: TimeZone
    let now: Date
    /// A `note: …` for standard error when `--now` gives an offset the device zone does not
    /// have at that instant (see ``offsetNote(_:instant:offset:zone:)``).
    var nowNote: String? = nil

    static func resolve(
        _ arguments: ParsedArguments, zoneOption: String?, environment: [String: String], systemZone: SystemZone,
        clock: () -> Date, parser: OptionParser
    ) throws(CLIError) -> TimeContext {
        let zone = try resolveZone(zoneOption, environment: environment, systemZone: systemZone, parser: parser)
        guard let text = arguments.value("now") else { return TimeContext(timeZone: zone, now: clock()) }
        let now: Date
        var note: String?
        if let (instant, offset) = RFC3339.parse(text) {
            now = instant
            // Where the device zone shows times; `remove` and `disable` show none.
            if parser.options.contains(where: { $0.name == "time-zone" && $0.refusal == nil }) {
                note = offsetNote(text, instant: instant, offset: offset, zone: zone)
            }
        } else if let (local, fraction) = RFC3339.parseLocal(text),
            // A local --now that names a gap or an overlap is read like a rule's default: shifted
            // (which always gives an instant), or the first.
            let (instant, _) = local.instant(in: zone, gap: .shift, overlap: .first)
        {
            now = instant.addingTimeInterval(fraction)
        } else {
            throw parser.usage(
                "invalid value for '--now': '\(text.truncatedForDisplay)'",
                hint:
                    "expected RFC 3339 such as 2026-12-01T07:00:00Z, 2026-12-01T07:00:00+09:00, or a local 2026-12-01T07:00 read in the time zone"
            )
        }
        try checkWindow(now, zone: zone, text: text, parser: parser)
        return TimeContext(timeZone: zone, now: now, nowNote: note)
    }

    /// The note for a `--now` whose offset is not the device zone's at that instant: it is read
    /// as the instant it names, as RFC 3339 says, but every time shown is on the device's clock,
    /// which says another hour. The note names that local time, and how to write the wall time
    /// given for the device's clock. `Z` asks for UTC in so many words, so it gets no note.
    ///
    /// `note: '--now 2026-03-07T12:00:00-05:00' is Sat 2026-03-07 18:00 Europe/Berlin (UTC+01:00)
    /// on the device's clock; for 12:00 on that clock, write '--now 2026-03-07T12:00:00'`
    static func offsetNote(_ text: String, instant: Date, offset: Int, zone: TimeZone) -> String? {
        let deviceOffset = zone.secondsFromGMT(for: instant)
        guard offset != deviceOffset, !text.hasSuffix("Z"), !text.hasSuffix("z") else { return nil }
        let written = LocalDateTime(instant: instant, utcOffsetSeconds: offset)
        let utc = deviceOffset == 0 ? "UTC" : "UTC" + RFC3339.offsetSuffix(deviceOffset)
        return "note: '--now \(text.truncatedForDisplay)' is \(WallClock.named(instant, in: zone)) (\(utc)) on the device's clock;"
            + " for \(written.time.shortDescription) on that clock, write '--now \(written)'"
    }

    /// Refuses a `--now` whose longest window (``PlanOptions/maximumHorizon``, what `next`
    /// and `explain` look ahead) leaves what the engine represents (``PlanningRange``): the
    /// instants of years 0001–9999 in UTC, and those years on the device zone's clock. The
    /// answer would be short or wrong rather than an error.
    static func checkWindow(_ now: Date, zone: TimeZone, text: String, parser: OptionParser) throws(CLIError) {
        guard !PlanningRange.contains(now: now, in: zone) else { return }
        let range = PlanningRange.wallText(in: zone)
        throw parser.usage(
            "invalid value for '--now': '\(text.truncatedForDisplay)' \(PlanningRange.outsideText)",
            hint: "use a time from \(range.first) to \(range.last) on the clock of \(zone.ianaName)")
    }

    /// `--time-zone`, else `TZ` as the C library reads it (``TZVariable``), else the system
    /// zone (``SystemZone``: given by the caller, or read from `/etc/localtime`; never
    /// `TimeZone.current`, so in-process callers and tests get the same answer on every machine).
    static func resolveZone(
        _ option: String?, environment: [String: String], systemZone: SystemZone, parser: OptionParser
    ) throws(CLIError) -> TimeZone {
        if let option { return try zone(option, flag: "time-zone", parser: parser) }
        var system = systemZone
        // TZDIR, as glibc reads it, is searched first for a zone file TZ names.
        if let directory = environment["TZDIR"], directory.hasPrefix("/") {
            system = SystemZone(source: systemZone.source, zoneDirectories: [directory] + systemZone.zoneDirectories)
        }
        return try TZVariable.zone(environment["TZ"], system: system, parser: parser)
    }

    /// The IANA zone `text` given to `--flag` (the one zone parser, ``TimeZone/init(ianaIdentifier:)``),
    /// with a "did you mean" for a near miss.
    static func zone(_ text: String, flag: String, parser: OptionParser) throws(CLIError) -> TimeZone {
        if let zone = TimeZone(ianaIdentifier: text) { return zone }
        // Only short values are compared with the ~600 known ids; a hostile megabyte is not.
        let suggestion = text.count <= 64 ? Suggestion.closest(to: text, among: TimeZone.knownTimeZoneIdentifiers + ["UTC"]) : nil
        throw parser.usage(
            "invalid value for '--\(flag)': '\(text.truncatedForDisplay)' is not a known IANA time zone",
            hint: suggestion.map { "did you mean '\($0)'?" } ?? "use an id such as America/New_York or UTC")
    }
}
