extension RepeatingAlarm {
    /// What one repeating trigger of the system holds, and so how a ``HybridPlan`` cuts a rule
    /// into repeating alarms.
    ///
    /// | | ``perWeekday`` | ``perTime`` |
    /// |---|---|---|
    /// | the trigger | a notification's calendar trigger: weekday, hour, minute, second | an AlarmKit alarm: hour and minute on a set of weekdays |
    /// | a rule's alarms | one per weekday and time (one per time on all seven days) | one per time, on all of the rule's weekdays |
    /// | what repeats | whole rules: all of a rule's times, or none | each time on its own, whole minutes only |
    /// | an alarm is admitted when | its rule has at least as many fires as alarms in the one-shot plan | its time has a fire in the one-shot plan |
    ///
    /// Either way an alarm never costs more of the cap than the one-shot fires it replaces, so
    /// the rest of the plan covers at least as far as a plan of one-shots alone (see
    /// ``hybridPlan(_:now:options:repeating:including:)``).
    ///
    /// ```swift
    /// let wake = AlarmRule(id: "wake", repeats: .weekly(days: [.monday, .tuesday]), times: [TimeOfDay(hour: 7, minute: 30)!])
    /// try hybridPlan([wake], now: now, options: options, repeating: .perWeekday).repeating.map(\.id)
    /// // ["wake#weekly-mon-07:30:00", "wake#weekly-tue-07:30:00"]
    /// try hybridPlan([wake], now: now, options: options, repeating: .perTime).repeating.map(\.id)
    /// // ["wake#weekly-mon+tue-07:30:00"]
    /// ```
    public enum Granularity: Sendable, Hashable, CaseIterable {
        /// One weekday, or every day, at one time to the second: what a notification's calendar
        /// trigger holds (on iOS a `UNCalendarNotificationTrigger` with `repeats: true`).
        ///
        /// A rule repeats whole, as one alarm per weekday and time (one per time when it fires
        /// on all seven days), when none of its times falls in a daylight-saving gap or overlap
        /// and its alarms are no more than its fires in the one-shot plan; so all of a rule's
        /// requests are of one kind, repeating or one-shot.
        case perWeekday
        /// One time, in whole minutes, on a set of weekdays: what an AlarmKit alarm holds
        /// (`.relative(time, repeats: .weekly(days))`).
        ///
        /// Each time of a rule repeats on its own, as one alarm on all of the rule's weekdays,
        /// when it has no seconds, falls in no daylight-saving gap or overlap, and has a fire in
        /// the one-shot plan; a rule's other times stay one-shot, with their fire ids unchanged.
        case perTime
    }
}
