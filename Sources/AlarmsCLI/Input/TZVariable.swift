import Foundation
import RecurringAlarms

/// The device zone that `TZ` gives, read as the C library reads it (POSIX `tzset`, and
/// glibc's and macOS's zone files), so that `alarms` plans on the clock `date` shows:
///
/// | `TZ` | device zone |
/// |---|---|
/// | unset | the system zone (``SystemZone``: `/etc/localtime`) |
/// | empty | UTC |
/// | `Europe/Berlin`, `:Europe/Berlin` | Europe/Berlin |
/// | `/usr/share/zoneinfo/Europe/Berlin`, `:/usr/share/zoneinfo/posix/Europe/Berlin` | Europe/Berlin |
/// | a path to a link into a zoneinfo directory, or to a copy of a zone file | the zone it holds |
/// | `UTC+5`, `<-05>5`, `EST5` (POSIX: five hours *behind* UTC) | Etc/GMT+5 (UTC-5) |
/// | `GMT-3` (three hours ahead) | Etc/GMT-3 (UTC+3) |
/// | `UTC0`, `UTC+0` | UTC |
///
/// Anything else is a usage error naming `$TZ` and suggesting `--time-zone`: a POSIX string
/// with daylight-saving rules (`CET-1CEST,M3.5.0,M10.5.0/3`), which `alarms` does not
/// evaluate; a fixed offset no IANA zone names (`<+0530>-5:30`); a file that names no zone; a
/// name that is none of these (`Europe/Berlni`, with a "did you mean"). UTC is never used
/// silently: the device zone is named wherever output names it.
enum TZVariable {
    /// The device zone for `TZ` = `value` (`nil`: unset).
    static func zone(_ value: String?, system: SystemZone, parser: OptionParser) throws(CLIError) -> TimeZone {
        guard let value else { return try system.zone(parser: parser, directories: system.zoneDirectories) }
        // Set but empty: UTC, as glibc and macOS read it.
        if value.isEmpty { return TimeZone(ianaIdentifier: "UTC")! }
        // A leading colon is "implementation-defined": glibc and macOS read the rest as a zone
        // file's name or path, as they read a value without it; ':' alone is the system zone.
        let body = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if body.isEmpty { return try system.zone(parser: parser, directories: system.zoneDirectories) }
        if let zone = TimeZone(ianaIdentifier: body) { return zone }
        if let file = zoneFile(body, directories: system.zoneDirectories) {
            switch ZoneFile.name(ofPath: file, directories: system.zoneDirectories) {
            case .success(let zone): return zone
            case .failure(let reason):
                throw usage(
                    value, file == body ? reason.text : "names the zone file \(file.printable), which \(reason.text)", parser: parser)
            }
        }
        if body.hasPrefix("/") { throw usage(value, ZoneFile.Unnamed.missing.text, parser: parser) }
        switch POSIXTimeZone(body) {
        case .fixed(let seconds)?:
            if let zone = fixedZone(secondsEast: seconds) { return zone }
            throw usage(value, "is the fixed offset \(RFC3339.offsetSuffix(seconds)), which no IANA zone names", parser: parser)
        case .withDaylightSaving?:
            throw usage(value, "is a POSIX rule with daylight-saving time, which alarms does not evaluate", parser: parser)
        case nil:
            let suggestion = body.count <= 64 ? Suggestion.closest(to: body, among: TimeZone.knownTimeZoneIdentifiers + ["UTC"]) : nil
            throw parser.usage(
                "invalid value for $TZ: '\(value.truncatedForDisplay)' is not a known IANA time zone, zone file or POSIX offset",
                hint: suggestion.map { "did you mean '\($0)'?" + (takesTimeZone(parser) ? " Or pass '--time-zone IANA'" : "") }
                    ?? hint(parser))
        }
    }

    /// What to do about a `TZ` that cannot be read: name a zone there, or pass `--time-zone`
    /// where the command takes it (`add` and `edit` take the device zone from `TZ` alone).
    static func hint(_ parser: OptionParser) -> String {
        "set TZ to an IANA zone, such as TZ=Europe/Berlin" + (takesTimeZone(parser) ? ", or pass '--time-zone IANA'" : "")
    }

    static func takesTimeZone(_ parser: OptionParser) -> Bool {
        parser.options.contains { $0.name == "time-zone" && $0.refusal == nil }
    }

    static func usage(_ value: String, _ why: String, parser: OptionParser) -> CLIError {
        parser.usage("invalid value for $TZ: '\(value.truncatedForDisplay)' \(why)", hint: hint(parser))
    }

    /// The file a `TZ` body names: an absolute path, or a name relative to a zone directory
    /// where that file exists (`posix/Europe/Berlin`, `localtime`); `nil` otherwise.
    static func zoneFile(_ body: String, directories: [String]) -> String? {
        if body.hasPrefix("/") {
            return FileManager.default.fileExists(atPath: body) || ZoneFile.lexicalName(body, directories: directories) != nil ? body : nil
        }
        // A relative name is under a directory, never above it, as glibc requires.
        guard !body.split(separator: "/").contains("..") else { return nil }
        for directory in directories where FileManager.default.fileExists(atPath: directory + "/" + body) {
            return directory + "/" + body
        }
        return nil
    }

    /// The IANA zone of a fixed offset: `UTC` for none, `Etc/GMT±N` for whole hours (whose
    /// sign, like POSIX's, is west-positive), `nil` for any other.
    static func fixedZone(secondsEast seconds: Int) -> TimeZone? {
        if seconds == 0 { return TimeZone(ianaIdentifier: "UTC") }
        guard seconds % 3600 == 0, (-12...14).contains(seconds / 3600) else { return nil }
        let hours = seconds / 3600
        return TimeZone(ianaIdentifier: "Etc/GMT" + (hours > 0 ? "-" : "+") + String(abs(hours)))
    }
}

/// A POSIX `TZ` string (`std offset [dst [offset] [,rule]]`, POSIX.1-2017 section 8.3):
/// a fixed offset, or one with daylight-saving time, which is recognised but not evaluated.
enum POSIXTimeZone: Equatable {
    /// Standard time only, this many seconds east of UTC (the POSIX offset negated).
    case fixed(secondsEast: Int)
    /// A `dst` part follows.
    case withDaylightSaving

    /// Parses `text`; `nil` when it is not a POSIX `TZ` string.
    init?(_ text: String) {
        var rest = Substring(text)
        guard Self.name(&rest), let offset = Self.offset(&rest) else { return nil }
        if rest.isEmpty {
            self = .fixed(secondsEast: -offset)
            return
        }
        guard Self.name(&rest) else { return nil }
        if !rest.isEmpty, rest.first != "," { guard Self.offset(&rest) != nil else { return nil } }
        if !rest.isEmpty {
            // `,start[/time],end[/time]`: Jn, n or Mm.w.d dates, times of up to ±167 hours.
            let allowed = Set("0123456789,./:+-JM")
            guard rest.first == ",", rest.allSatisfy(allowed.contains), rest.split(separator: ",").count == 2 else { return nil }
        }
        self = .withDaylightSaving
    }

    /// Reads a zone abbreviation: three or more letters, or `<…>` of three or more letters,
    /// digits, `+` and `-`.
    static func name(_ text: inout Substring) -> Bool {
        if text.first == "<" {
            guard let close = text.firstIndex(of: ">") else { return false }
            let inner = text[text.index(after: text.startIndex)..<close]
            guard inner.count >= 3, inner.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") }) else {
                return false
            }
            text = text[text.index(after: close)...]
            return true
        }
        let letters = text.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return false }
        text = text.dropFirst(letters.count)
        return true
    }

    /// Reads `[+-]hh[:mm[:ss]]` (hours 0–24) as seconds, west of UTC positive.
    static func offset(_ text: inout Substring) -> Int? {
        var sign = 1
        if let first = text.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            text = text.dropFirst()
        }
        var parts: [Int] = []
        for index in 0..<3 {
            if index > 0 {
                guard text.first == ":" else { break }
                text = text.dropFirst()
            }
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            guard (1...2).contains(digits.count), let value = Int(digits) else { return nil }
            parts.append(value)
            text = text.dropFirst(digits.count)
        }
        guard parts[0] <= 24, parts.dropFirst().allSatisfy({ $0 <= 59 }) else { return nil }
        let seconds = parts[0] * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0)
        return sign * seconds
    }
}
