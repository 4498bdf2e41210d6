import Foundation

/// A small reader of the `VTIMEZONE`s in RFC 5545 text, written apart from the library so the
/// coverage tests check the exported zones against RFC 5545 §3.6.5 rather than against the
/// library's own idea of them.
///
/// It reads each `STANDARD`/`DAYLIGHT` sub-component's `DTSTART` (local time, read with
/// `TZOFFSETFROM`), `TZOFFSETFROM`, `TZOFFSETTO` and an optional `RRULE` of the form the
/// exporter writes: `FREQ=YEARLY;BYMONTH=m` with `BYDAY=nXX` (n = 1…4, or −1 for the last) or
/// `BYMONTHDAY=d,…;BYDAY=XX`. Each onset is expanded through 2100; the offset at an instant is
/// `TZOFFSETTO` of the latest onset at or before it, and before the first, that one's
/// `TZOFFSETFROM`.
struct VTimeZoneTestReader {
    /// One onset: seconds since 1970 and the offsets either side.
    struct Onset {
        var instant: Int
        var from: Int
        var to: Int
    }

    /// The sub-components' properties by zone, in text order: for checks on the text itself.
    private(set) var observances: [String: [[String: String]]] = [:]

    /// Every zone's onsets, soonest first.
    private(set) var onsets: [String: [Onset]] = [:]

    /// Reads `text`; `nil` when a `VTIMEZONE` holds something outside the subset above.
    init?(text: String) {
        let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        var zone: String?
        var current: [String: String]?
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon])
            let value = String(line[line.index(after: colon)...])
            switch (name, value) {
            case ("BEGIN", "VTIMEZONE"): zone = nil
            case ("BEGIN", "STANDARD"), ("BEGIN", "DAYLIGHT"): current = [:]
            case ("END", "STANDARD"), ("END", "DAYLIGHT"):
                guard let zone, let observance = current else { return nil }
                observances[zone, default: []].append(observance)
                current = nil
            case ("TZID", _) where current == nil: zone = value
            default: if current != nil { current![name] = value }
            }
        }
        for (zone, list) in observances {
            var result: [Onset] = []
            for observance in list {
                guard let expanded = Self.onsets(of: observance) else { return nil }
                result += expanded
            }
            onsets[zone] = result.sorted { $0.instant < $1.instant }
        }
    }

    /// The offset the zone's `VTIMEZONE` gives at `instant` (seconds since 1970).
    func offset(of zone: String, at instant: Int) -> Int? {
        guard let list = onsets[zone], let first = list.first else { return nil }
        return list.last { $0.instant <= instant }?.to ?? first.from
    }

    /// `+HHMM`, `-HHMM` or `±HHMMSS` as seconds.
    static func offset(_ text: String) -> Int? {
        let sign: Int
        switch text.first {
        case "+": sign = 1
        case "-": sign = -1
        default: return nil
        }
        let digits = text.dropFirst().map { Int(String($0)) }
        guard digits.count == 4 || digits.count == 6, !digits.contains(where: { $0 == nil }) else { return nil }
        let d = digits.map { $0! }
        return sign * ((d[0] * 10 + d[1]) * 3600 + (d[2] * 10 + d[3]) * 60 + (d.count == 6 ? d[4] * 10 + d[5] : 0))
    }

    /// A UTC Gregorian calendar for the date arithmetic.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Seconds since 1970 of a date and a second of its day, read as UTC.
    private static func seconds(year: Int, month: Int, day: Int, second: Int) -> Int {
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return Int(date.timeIntervalSince1970) + second
    }

    /// The onsets of one sub-component, through 2100.
    private static func onsets(of observance: [String: String]) -> [Onset]? {
        guard let start = observance["DTSTART"], let fields = ICalendarTestExpander.dateTime(start), !start.hasSuffix("Z"),
            let from = observance["TZOFFSETFROM"].flatMap(offset), let to = observance["TZOFFSETTO"].flatMap(offset)
        else { return nil }
        let startSecond = fields[3] * 3600 + fields[4] * 60 + fields[5]
        let first = seconds(year: fields[0], month: fields[1], day: fields[2], second: startSecond) - from
        guard let rrule = observance["RRULE"] else { return [Onset(instant: first, from: from, to: to)] }
        var parts: [String: String] = [:]
        for part in rrule.split(separator: ";") {
            let pair = part.split(separator: "=").map(String.init)
            guard pair.count == 2 else { return nil }
            parts[pair[0]] = pair[1]
        }
        let dayNames = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]   // Calendar's weekday 1…7
        guard parts["FREQ"] == "YEARLY", let month = parts["BYMONTH"].flatMap({ Int($0) }), let byDay = parts["BYDAY"],
            let weekday = dayNames.firstIndex(of: String(byDay.suffix(2))).map({ $0 + 1 }),
            Set(parts.keys).isSubset(of: ["FREQ", "BYMONTH", "BYDAY", "BYMONTHDAY"])
        else { return nil }
        let ordinal = byDay.count > 2 ? Int(byDay.dropLast(2)) : nil
        let monthDays = parts["BYMONTHDAY"].map { $0.split(separator: ",").compactMap { Int($0) } }
        guard (ordinal == nil) == (monthDays != nil) else { return nil }
        var result: [Onset] = []
        for year in fields[0]...2100 {
            let length = calendar.range(of: .day, in: .month, for: calendar.date(from: DateComponents(year: year, month: month))!)!.count
            let matching = (1...length).filter { day in
                calendar.component(.weekday, from: calendar.date(from: DateComponents(year: year, month: month, day: day))!) == weekday
            }
            let days: [Int]
            if let ordinal {
                let index = ordinal > 0 ? ordinal - 1 : matching.count + ordinal
                days = matching.indices.contains(index) ? [matching[index]] : []
            } else {
                days = matching.filter { monthDays!.contains($0) }
            }
            for day in days {
                let instant = seconds(year: year, month: month, day: day, second: startSecond) - from
                if instant >= first { result.append(Onset(instant: instant, from: from, to: to)) }
            }
        }
        return result
    }
}
