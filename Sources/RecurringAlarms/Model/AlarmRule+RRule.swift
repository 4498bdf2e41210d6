extension AlarmRule {
    /// Where `AlarmRule(rrule:dtstart:timeZone:id:label:exdates:)` is: in the
    /// `RecurringAlarmsICalendar` product, which holds everything iCalendar. A file that imports
    /// the engine alone gets this declaration's message instead of "extra arguments"; a file that
    /// imports `RecurringAlarmsICalendar` calls that product's initializer, which the compiler
    /// prefers to an unavailable one.
    @available(
        *, unavailable,
        message:
            "AlarmRule(rrule:dtstart:) is in the RecurringAlarmsICalendar product: add it to the target's dependencies and import RecurringAlarmsICalendar"
    )
    public init(
        rrule: String, dtstart: String, timeZone: ZoneChoice? = nil, id: String, label: String? = nil, exdates: [String] = []
    ) throws {
        // Never called (unavailable); it throws rather than traps all the same.
        throw AlarmRulesError.invalid([])
    }
}
