import Foundation
import RecurringAlarms

extension ICalendarReading {
    /// How far past the earliest start a file's own `VTIMEZONE` is compared with the zone a
    /// mapped `TZID` is read as: ten years, whatever the events' end.
    static let comparedYears = 10

    /// Notes, once per `TZID` that is not an IANA name as it is (a Windows zone name, a
    /// globally unique id), what it was read as, at the first imported event that uses it;
    /// and where the calendar's own `VTIMEZONE` of that `TZID` disagrees with that zone over
    /// the imported events' dates.
    mutating func noteZoneNames() {
        noteFloatingZones()
        var order: [String] = []
        var uses: [String: (entry: Int, zone: TimeZone, name: ICalendarZoneName, rules: [AlarmRule])] = [:]
        for slot in slots where slot.entries.allSatisfy({ entries[$0].reasons.isEmpty }) {
            for index in slot.entries {
                guard let tzid = entries[index].event.dtstart?.tzid, let (zone, name) = ICalendarZoneName.zone(for: tzid), name != .iana
                else { continue }
                if uses[tzid] == nil {
                    order.append(tzid)
                    uses[tzid] = (index, zone, name, [])
                }
                uses[tzid]?.rules.append(slot.rule)
            }
        }
        for tzid in order {
            guard let use = uses[tzid], let site = entries[use.entry].event.dtstart?.site,
                let message = use.name.note(for: tzid, zone: use.zone)
            else { continue }
            let line = site.line?.line
            notes.append(ICalendarImportNote(line: line, property: "TZID", value: tzid.truncatedForMessage, message: message))
            guard let calendar = entries[use.entry].calendar, let component = calendars[calendar].timeZones[tzid] else { continue }
            if let disagreement = Self.disagreement(of: component, with: use.zone, over: use.rules) {
                notes.append(ICalendarImportNote(line: line, property: "TZID", value: tzid.truncatedForMessage, message: disagreement))
            }
        }
    }

    /// Notes, once per calendar with an `X-WR-TIMEZONE` whose imported events have floating
    /// times, the zone they were read in, or that they stay floating when it names no zone.
    private mutating func noteFloatingZones() {
        var floating = [Int](repeating: 0, count: calendars.count)
        for slot in slots where slot.entries.allSatisfy({ entries[$0].reasons.isEmpty }) {
            for index in slot.entries {
                guard let calendar = entries[index].calendar, let dtstart = entries[index].event.dtstart, dtstart.tzid == nil,
                    !dtstart.site.value.hasSuffix("Z")
                else { continue }
                floating[calendar] += 1
            }
        }
        for (index, calendar) in calendars.enumerated() where floating[index] > 0 {
            guard let site = calendar.floatingZoneName else { continue }
            let count = floating[index]
            let events = count == 1 ? "1 event" : "\(count) events"
            if let zone = calendar.floatingZone {
                notes.append(
                    site.note(
                        "names the calendar's zone: floating times (no TZID, no Z) are read in \(zone.ianaName), as the calendar apps that write it (Google, Apple) read them; \(events) fixed to it"
                    ))
            } else {
                notes.append(
                    site.note(
                        "names no zone this library knows; floating times (no TZID, no Z) stay floating, on the device's clock (\(events))")
                )
            }
        }
    }

    /// Where `component`'s offsets differ from `zone`'s over the dates of `rules` (at most
    /// ``comparedYears`` from the earliest), or why they could not be compared; `nil` when they agree.
    ///
    /// The offsets are compared at the start of the dates and at every onset of either: each
    /// `VTIMEZONE` onset and each daylight-saving change Foundation reports for `zone`.
    /// - Complexity: O(observances × years) for the `VTIMEZONE`, O(changes) `TimeZone` calls.
    static func disagreement(of component: ICalendarComponent, with zone: TimeZone, over rules: [AlarmRule]) -> String? {
        let offsets: VTimeZoneOffsets
        switch VTimeZoneOffsets.read(component) {
        case .success(let read): offsets = read
        case .failure(let unreadable):
            return
                "this file's VTIMEZONE (line \(component.line)) was not compared with \(zone.ianaName): line \(unreadable.line): \(unreadable.why)"
        }
        let dates = rules.map(Self.dates)
        guard let first = dates.map(\.first).min() else { return nil }
        let limit = first.adding(days: 366 * comparedYears)
        let last = min(dates.map { $0.last ?? limit }.max() ?? limit, limit)
        let day = CivilArithmetic.secondsPerDay
        let from = (first.daysSinceEpoch - 1) * day
        let through = (last.daysSinceEpoch + 2) * day
        let onsets = offsets.onsets(from: from, through: through)
        var points = [from] + onsets.map(\.instant).filter { $0 > from && $0 <= through }
        var cursor = Date(timeIntervalSince1970: Double(from))
        for _ in 0..<(4 * comparedYears + 8) {
            guard let next = zone.nextDaylightSavingTimeTransition(after: cursor), next > cursor,
                next.timeIntervalSince1970 <= Double(through)
            else { break }
            points.append(Int64(next.timeIntervalSince1970.rounded(.up)))
            cursor = next
        }
        for point in points.sorted() {
            let instant = Date(timeIntervalSince1970: Double(point))
            let theirs = offsets.offset(at: point, onsets: onsets)
            let ours = Int64(zone.secondsFromGMT(for: instant))
            if theirs != ours {
                return
                    "this file's VTIMEZONE (line \(component.line)) disagrees with \(zone.ianaName) over these events' dates: at \(RFC3339.format(instant, utcOffsetSeconds: 0)) it gives UTC\(ICalendar.utcOffsetText(Int(theirs))), \(zone.ianaName) UTC\(ICalendar.utcOffsetText(Int(ours))); the rules ring by \(zone.ianaName), as the tz database has it"
            }
        }
        return nil
    }

    /// A rule's first date and its last (`nil` when it does not end).
    private static func dates(of rule: AlarmRule) -> (first: LocalDate, last: LocalDate?) {
        switch rule.repeats {
        case .once(let date): (date, date)
        case .weekly(_, _, let start, let end): (start ?? end ?? LocalDate.latest, end)
        }
    }
}
