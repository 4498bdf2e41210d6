import Foundation

/// A small RFC 5545 reader and expander for the subset the exporter writes, written apart from
/// the library so that the randomized export test checks the text against RFC 5545 rather
/// than against the library's own reading of it.
///
/// It reads unfolded content lines, `VEVENT`s with `UID`, `DTSTART` (floating or `TZID`),
/// `RRULE` (`FREQ=WEEKLY`, `INTERVAL`, `UNTIL`, `BYDAY`, `BYHOUR`, `BYMINUTE`, `BYSECOND`,
/// `WKST=MO`), `EXDATE` and the `X-RECURRINGALARMS-RULE`/`-ENABLED` properties, and expands
/// them as RFC 5545 §3.8.5.3 says: weeks counted Monday-first from `DTSTART`'s week, every
/// `INTERVAL`-th week, each listed weekday × hour × minute × second, none before `DTSTART` or
/// after `UNTIL`, minus `EXDATE`s. A local time is read as RFC 5545 §3.3.5 says: in a gap with
/// the offset before the gap, in an overlap the first occurrence.
struct ICalendarTestExpander {
    struct Event {
        var uid = ""
        var ruleID: String?
        var isEnabled = true
        var zoneIdentifier: String?
        var start: [Int] = []   // year, month, day, hour, minute, second
        var rrule: [String: String]?
        var exdates: Set<[Int]> = []
        /// The rule the event belongs to: `X-RECURRINGALARMS-RULE`, else the UID.
        var rule: String { ruleID ?? uid }
    }

    let events: [Event]

    /// Reads the `VEVENT`s of `text`; a line it cannot read is a test failure (returns `nil`).
    init?(text: String) {
        guard text.hasSuffix("\r\n") else { return nil }
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        var events: [Event] = []
        var current: Event?
        var depth = 0
        for line in unfolded.components(separatedBy: "\r\n").dropLast() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let head = line[..<colon].split(separator: ";").map(String.init)
            let value = String(line[line.index(after: colon)...])
            let name = head[0]
            var parameters: [String: String] = [:]
            for parameter in head.dropFirst() {
                let parts = parameter.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { return nil }
                parameters[parts[0]] = parts[1]
            }
            switch name {
            case "BEGIN":
                if value == "VEVENT" { current = Event() }
                depth += 1
            case "END":
                if value == "VEVENT", let event = current {
                    events.append(event)
                    current = nil
                }
                depth -= 1
            default:
                guard current != nil, depth == 2 else { continue }
                switch name {
                case "UID": current!.uid = value
                case "X-RECURRINGALARMS-RULE": current!.ruleID = value
                case "X-RECURRINGALARMS-ENABLED": current!.isEnabled = value != "FALSE"
                case "DTSTART":
                    guard let start = Self.dateTime(value) else { return nil }
                    current!.start = start
                    current!.zoneIdentifier = parameters["TZID"]
                case "EXDATE":
                    guard let date = Self.dateTime(value), parameters["TZID"] == current!.zoneIdentifier else { return nil }
                    current!.exdates.insert(date)
                case "RRULE":
                    var parts: [String: String] = [:]
                    for part in value.split(separator: ";") {
                        let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
                        guard pair.count == 2 else { return nil }
                        parts[pair[0]] = pair[1]
                    }
                    current!.rrule = parts
                default: break
                }
            }
        }
        guard depth == 0 else { return nil }
        self.events = events
    }

    /// `YYYYMMDDTHHMMSS` (with an optional `Z`, ignored here: `UNTIL` handles it) as six integers.
    static func dateTime(_ text: String) -> [Int]? {
        let digits = Array(text.utf8)
        guard digits.count == 15 || (digits.count == 16 && digits[15] == UInt8(ascii: "Z")), digits[8] == UInt8(ascii: "T") else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: digits[range], as: UTF8.self)) }
        let fields = [number(0..<4), number(4..<6), number(6..<8), number(9..<11), number(11..<13), number(13..<15)]
        return fields.contains(where: { $0 == nil }) ? nil : fields.map { $0! }
    }

    /// Seconds since 1970 of a wall time read as UTC (a "wall second"), via a UTC Gregorian calendar.
    static func wallSeconds(_ fields: [Int]) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(
            year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4], second: fields[5])
        return Int(calendar.date(from: components)!.timeIntervalSince1970)
    }

    /// The instant of wall second `wall` in `zone` per RFC 5545: the offset before a gap, the
    /// first of two in an overlap.
    static func instant(wall: Int, in zone: TimeZone) -> Int {
        func offset(_ instant: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) }
        let before = offset(wall - 36 * 3600)
        let after = offset(wall + 36 * 3600)
        let valid = Set([before, after]).filter { offset(wall - $0) == $0 }
        if let largest = valid.max() { return wall - largest }   // the larger offset is the earlier instant
        return wall - before
    }

    /// Every instant (seconds since 1970) in `after < t <= through` of each enabled event, as
    /// `"<rule> <seconds>"`; floating events are read in `deviceZone`.
    func fires(after: Int, through: Int, deviceZone: TimeZone) -> Set<String> {
        var result = Set<String>()
        for event in events where event.isEnabled {
            let zone = event.zoneIdentifier.map { TimeZone(identifier: $0)! } ?? deviceZone
            for instant in instances(of: event, zone: zone, through: through) where instant > after && instant <= through {
                result.insert("\(event.rule) \(instant)")
            }
        }
        return result
    }

    /// The event's instants up to a little past `through`.
    private func instances(of event: Event, zone: TimeZone, through: Int) -> [Int] {
        let startWall = Self.wallSeconds(event.start)
        guard let rrule = event.rrule else {
            return event.exdates.contains(event.start) ? [] : [Self.instant(wall: startWall, in: zone)]
        }
        precondition(rrule["FREQ"] == "WEEKLY" && (rrule["WKST"] ?? "MO") == "MO", "outside the exported subset: \(rrule)")
        let interval = Int(rrule["INTERVAL"] ?? "1")!
        let dayNames = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        let days = rrule["BYDAY"]!.split(separator: ",").map { dayNames.firstIndex(of: String($0))! }
        func list(_ key: String, default value: Int) -> [Int] { rrule[key].map { $0.split(separator: ",").map { Int($0)! } } ?? [value] }
        let hours = list("BYHOUR", default: event.start[3])
        let minutes = list("BYMINUTE", default: event.start[4])
        let seconds = list("BYSECOND", default: event.start[5])
        var untilWall: Int?
        var untilInstant: Int?
        if let until = rrule["UNTIL"] {
            let fields = Self.dateTime(until)!
            if until.hasSuffix("Z") { untilInstant = Self.wallSeconds(fields) } else { untilWall = Self.wallSeconds(fields) }
        }
        // 1970-01-01 was a Thursday: day d's Monday-first index is (d + 3) mod 7.
        let excluded = Set(event.exdates.map(Self.wallSeconds))
        let startDay = Int((Double(startWall) / 86_400).rounded(.down))
        let weekMonday = startDay - ((startDay + 3) % 7 + 7) % 7
        var result: [Int] = []
        var monday = weekMonday
        while monday * 86_400 <= through + 3 * 86_400 {
            for weekday in days.sorted() {
                let dayStart = (monday + weekday) * 86_400
                for hour in hours.sorted() {
                    for minute in minutes.sorted() {
                        for second in seconds.sorted() {
                            let wall = dayStart + hour * 3600 + minute * 60 + second
                            guard wall >= startWall else { continue }
                            if let untilWall, wall > untilWall { continue }
                            let instant = Self.instant(wall: wall, in: zone)
                            if let untilInstant, instant > untilInstant { continue }
                            if excluded.contains(wall) { continue }
                            result.append(instant)
                        }
                    }
                }
            }
            monday += 7 * interval
        }
        return result
    }
}
