import Foundation
import RecurringAlarms

/// The properties of one `VEVENT` (or of the values passed to
/// `AlarmRule(rrule:dtstart:timeZone:id:label:exdates:)`) that decide an alarm rule.
struct ICalendarEvent: Sendable {
    /// A date-time property: its value and the parameters that change how it is read.
    struct DateTimeProperty: Sendable {
        var site: ICalendarValueSite
        var tzid: String?
        var valueType: String?

        /// The property of `line`; `nil` when its `TZID` or `VALUE` is ambiguous (reported).
        init?(_ line: ContentLine, problems: inout [ICalendarReadProblem]) {
            let before = problems.count
            site = ICalendarValueSite(line)
            tzid = line.singleParameter("TZID", problems: &problems)
            valueType = line.singleParameter("VALUE", problems: &problems)?.uppercased()
            guard problems.count == before else { return nil }
        }

        init(site: ICalendarValueSite) { self.site = site }
    }

    /// The `BEGIN:VEVENT` line, or `nil` for values passed on their own.
    var line: Int?
    var dtstart: DateTimeProperty?
    var rrule: ICalendarValueSite?
    var exdates: [DateTimeProperty] = []
    /// `RECURRENCE-ID`: the occurrence of a series this event edits, `nil` for any other event.
    var recurrenceID: DateTimeProperty?
    /// `STATUS:CANCELLED`, where it is given.
    var cancelled: ICalendarValueSite?
    /// The event's `VALARM`s, in order.
    var alarms: [Alarm] = []

    /// One `VALARM`: what it does and when.
    struct Alarm: Sendable {
        /// `ACTION`, upper-cased, if given: `DISPLAY` and `AUDIO` ring, `EMAIL` does not.
        var action: String?
        /// Its readable `TRIGGER`s (RFC 5545 gives it one).
        var triggers: [ContentLine]

        /// Whether it rings on a device: `DISPLAY`, `AUDIO`, or no `ACTION`.
        var rings: Bool { action.map { $0 == "DISPLAY" || $0 == "AUDIO" } ?? true }
    }
    var label: String?
    var uid: ICalendarValueSite?
    var ruleID: ICalendarValueSite?
    var isEnabled = true
    var gapPolicy = GapPolicy.shift
    var overlapPolicy = OverlapPolicy.first
    /// Properties given but not read, their problems already reported (a malformed line, an
    /// ambiguous parameter): not to be reported again as missing.
    var unreadable: Set<String> = []
}
