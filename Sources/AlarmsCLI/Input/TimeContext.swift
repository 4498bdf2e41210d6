import Foundation
import RecurringAlarms

/// The two things the command line takes from the machine, each overridable: the device
/// zone (`--time-zone`, else `TZ`, else the system zone) and the current time (`--now`,
/// else the real clock). A local `--now` is read in the device zone.
struct TimeContext {
    let timeZone: TimeZone
    let now: Date

    static func resolve(_ arguments: ParsedArguments, zoneOption: String?, environment: [String: String], clock: () -> Date,
                        parser: OptionParser) throws(CLIError) -> TimeContext {
        let zone = try resolveZone(zoneOption, environment: environment, parser: parser)
        guard let text = arguments.value("now") else { return TimeContext(timeZone: zone, now: clock()) }
        if let (instant, _) = RFC3339.parse(text) { return TimeContext(timeZone: zone, now: instant) }
        guard let (local, fraction) = RFC3339.parseLocal(text) else {
            throw parser.usage("invalid value for '--now': '\(text.truncatedForDisplay)'",
                               hint: "expected RFC 3339 such as 2026-12-01T07:00:00Z, 2026-12-01T07:00:00+09:00, or a local 2026-12-01T07:00 read in the time zone")
        }
        // A local --now that names a gap or an overlap is read like a rule's default: shifted, or the first.
        let (instant, _) = local.instant(in: zone, gap: .shift, overlap: .first)!
        return TimeContext(timeZone: zone, now: instant.addingTimeInterval(fraction))
    }

    static func resolveZone(_ option: String?, environment: [String: String], parser: OptionParser) throws(CLIError) -> TimeZone {
        if let option { return try zone(option, flag: "time-zone", parser: parser) }
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if let zone = TimeZone(identifier: tz) { return zone }
        }
        return TimeZone.current
    }

    /// The IANA zone `text` given to `--flag`, with a "did you mean" for a near miss.
    static func zone(_ text: String, flag: String, parser: OptionParser) throws(CLIError) -> TimeZone {
        if let zone = TimeZone(identifier: text) { return zone }
        // Only short values are compared with the ~600 known ids; a hostile megabyte is not.
        let suggestion = text.count <= 64 ? Suggestion.closest(to: text, among: TimeZone.knownTimeZoneIdentifiers) : nil
        throw parser.usage("invalid value for '--\(flag)': '\(text.truncatedForDisplay)' is not a known IANA time zone",
                           hint: suggestion.map { "did you mean '\($0)'?" } ?? "use an id such as America/New_York or UTC")
    }
}
