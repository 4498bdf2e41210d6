import Foundation

extension AlarmRule {
    /// How many local dates ``nextDate(for:in:gap:overlap:after:)`` tries, from the date at
    /// `now`: enough for a zone that drops a whole calendar day (Samoa skipped 2011-12-30)
    /// followed by a day whose time falls in a gap.
    public static let nextDateSearchDays = 7

    /// The date a one-shot alarm set without a date rings on, as the iOS Clock app does for an
    /// alarm that never repeats: the first local date on `zone`'s clock, starting with the date
    /// it is there at `now`, on which every one of `times` resolves (under `gap` and `overlap`)
    /// to an instant strictly after `now`. So none of its times is already past.
    ///
    /// ```swift
    /// let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// let now = Date(timeIntervalSince1970: 1_796_108_400)   // 2026-12-01T07:00:00Z = 08:00 in Berlin
    /// AlarmRule.nextDate(for: [TimeOfDay(hour: 21, minute: 0)!], in: berlin, after: now)   // 2026-12-01
    /// AlarmRule.nextDate(for: [TimeOfDay(hour: 7, minute: 30)!], in: berlin, after: now)   // 2026-12-02: 07:30 has passed
    /// ```
    ///
    /// In New York, asked at 2026-03-08T01:00:00-05:00, 02:30 is ahead under `gap: .shift`
    /// (it rings at 03:30 EDT that day), but under `gap: .skip` it does not ring on 03-08 at
    /// all, so the date is 2026-03-09.
    ///
    /// - Parameters:
    ///   - times: the alarm's wall times; with none, the date at `now`.
    ///   - zone: the clock the alarm follows: its fixed zone, or the device zone for a floating alarm.
    ///   - gap: what a time in a spring-forward gap does.
    ///   - overlap: which occurrence of a repeated time rings.
    ///   - now: the moment the alarm is set.
    /// - Returns: the date; the last date tried when none of the ``nextDateSearchDays`` fits.
    /// - Complexity: O(times × ``nextDateSearchDays``) zone lookups.
    public static func nextDate(
        for times: [TimeOfDay], in zone: TimeZone, gap: GapPolicy = .shift,
        overlap: OverlapPolicy = .first, after now: Date
    ) -> LocalDate {
        let today = LocalDateTime(instant: now, utcOffsetSeconds: zone.secondsFromGMT(for: now)).date
        var date = today
        for offset in 0..<nextDateSearchDays {
            date = today.adding(days: offset)
            let allAhead = times.allSatisfy { time in
                guard let (instant, _) = LocalDateTime(date: date, time: time).instant(in: zone, gap: gap, overlap: overlap) else {
                    return false
                }
                return instant > now
            }
            if allAhead { return date }
        }
        return date
    }
}
