import RecurringAlarms

extension ICalendar {
    /// How ``ICalendar/readRules(from:limits:options:)-(String,_,_)`` treats an event that does not
    /// map onto a rule, and which moment of an event with a reminder rings.
    ///
    /// ```swift
    /// // What `alarms import` does: every event that fits, the others listed with why.
    /// let imported = try ICalendar.readRules(from: text, options: .whatFits)
    /// imported.leftOut.map(\.description)
    /// // ["line 12: event \"rent@example.com\" (Rent) left out: RRULE: \"FREQ=MONTHLY\" repeats by month; …"]
    /// ```
    ///
    /// The default, ``strict``, is all or nothing, so code that never looks at
    /// ``ICalendarImport/leftOut`` loses no event without an error.
    public struct ReadOptions: Sendable, Hashable {
        /// `true` (the default): one event that does not map fails the whole read, with every
        /// problem; `false`: such an event is left out and listed in ``ICalendarImport/leftOut``
        /// with its reasons, and the read fails only when no event maps.
        public var isStrict: Bool
        /// `true`: an event with a reminder (a `VALARM` whose `TRIGGER` is before or after its
        /// start) rings at the reminder; `false` (the default): at its start, with a note naming
        /// the reminder. See the iCalendar section of Docs/Formats.md.
        public var ringsAtReminder: Bool

        /// Creates options; the defaults are ``strict``.
        public init(isStrict: Bool = true, ringsAtReminder: Bool = false) {
            self.isStrict = isStrict
            self.ringsAtReminder = ringsAtReminder
        }

        /// All or nothing, each event ringing at its start: how ``ICalendar/readRules(from:limits:options:)-(String,_,_)``
        /// reads by default.
        public static let strict = ReadOptions()

        /// Every event that maps onto a rule; the others left out and listed with their reasons.
        public static let whatFits = ReadOptions(isStrict: false)
    }
}
