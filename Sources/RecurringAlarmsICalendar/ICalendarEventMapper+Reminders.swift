import RecurringAlarms

extension ICalendarEventMapper {
    /// The largest reminder lead read, a year: further is no reminder for an alarm.
    static let longestReminder = 366 * 86_400

    /// The event's reminders: a `VALARM` whose `TRIGGER` is not the event's start.
    ///
    /// Read for the event's start (the default), each such trigger is a note naming it, and the
    /// rule rings at the event's times. Read at the reminders (`--at-reminder`), the rule rings
    /// at each reminder of a `VALARM` that rings (`DISPLAY`, `AUDIO`): each of the event's times
    /// moved by each trigger, on the wall clock (a day is the same time on the next date; hours,
    /// minutes and seconds are counted on the clock too, so a reminder across a clock change
    /// differs from RFC 5545's exact duration by the change). Reminders before midnight move
    /// the dates: every date of the rule by the same days, its weekdays, start, end and skips.
    /// - Returns: `false` after a problem: a trigger at its own date-time or relative to the
    ///   event's end, reminders that fall on different days, or weeks that the move splits.
    static func applyReminders(
        of event: ICalendarEvent, to pattern: inout ICalendarPattern, skipped: inout Set<LocalDate>, atReminder: Bool,
        problems: inout [ICalendarReadProblem], notes: inout [ICalendarImportNote]
    ) -> Bool {
        let before = problems.count
        var offsets: [(seconds: Int, site: ICalendarValueSite)] = []
        var noted = Set<String>()
        for alarm in event.alarms {
            for trigger in alarm.triggers {
                let site = ICalendarValueSite(trigger)
                let (duration, why) = read(trigger, problems: &problems)
                if let duration, duration.wallSeconds == 0 { continue }   // rings at the start, as the rule does
                if !atReminder {
                    guard noted.insert(trigger.value).inserted else { continue }
                    let what = duration.map { "is a reminder " + describe($0.wallSeconds) } ?? why ?? ""
                    notes.append(
                        site.note(
                            "\(what); the rule rings at the event's start, \(pattern.timesText) (--at-reminder rings at the reminder)"))
                    continue
                }
                guard alarm.rings else {
                    notes.append(site.note("is the trigger of an alarm that does not ring (ACTION:\(alarm.action ?? "")); not read"))
                    continue
                }
                guard let duration else {
                    if let why {
                        problems.append(
                            site.problem("\(why); --at-reminder reads a reminder relative to the event's start, such as -PT10M"))
                    }
                    continue
                }
                guard abs(duration.wallSeconds) <= longestReminder else {
                    problems.append(
                        site.problem("is a reminder more than a year from the event; --at-reminder reads reminders up to a year away"))
                    continue
                }
                offsets.append((duration.wallSeconds, site))
            }
        }
        guard problems.count == before else { return false }
        guard atReminder, let first = offsets.first else { return true }
        var shift: Int?
        var times = Set<TimeOfDay>()
        for time in pattern.times {
            for offset in offsets {
                let wall = time.secondsSinceMidnight + offset.seconds
                let days = Int(CivilArithmetic.floorDiv(Int64(wall), 86_400))
                if let shift, shift != days {
                    problems.append(
                        offset.site.problem(
                            "moves \(time) to another day than the event's other reminders; an alarm rule rings at each of its times on the same dates (keep the reminders on one day)"
                        ))
                    return false
                }
                shift = days
                times.insert(TimeOfDay(secondsSinceMidnight: Int(CivilArithmetic.floorMod(Int64(wall), 86_400)))!)
            }
        }
        let days = shift ?? 0
        if days != 0 {
            if pattern.repeats {
                let moved = pattern.days.days.map { Int(CivilArithmetic.floorDiv(Int64($0.isoNumber - 1 + days), 7)) }
                if pattern.everyWeeks > 1, Set(moved).count > 1 {
                    problems.append(
                        first.site.problem(
                            "moves the event's days \(pattern.days) across the start of a week; an alarm rule repeats every \(pattern.everyWeeks) weeks only days of one Monday-to-Sunday week"
                        ))
                    return false
                }
                pattern.days = WeekdaySet(
                    pattern.days.days.map { Weekday(rawValue: Int(CivilArithmetic.floorMod(Int64($0.isoNumber - 1 + days), 7)) + 1)! })
            }
            pattern.start = pattern.start.adding(days: days)
            pattern.end = pattern.end?.adding(days: days)
            skipped = Set(skipped.map { $0.adding(days: days) })
        }
        let eventTimes = pattern.timesText
        pattern.times = times.sorted()
        let dayText =
            days == 0
            ? "" : days == -1 ? " the day before" : days == 1 ? " the day after" : " \(abs(days)) days \(days < 0 ? "before" : "after")"
        notes.append(
            first.site.note(
                "the rule rings at the reminder\(offsets.count == 1 ? "" : "s"): \(pattern.timesText)\(dayText), for the event at \(eventTimes)"
            ))
        return true
    }

    /// A `TRIGGER` relative to the event's start, or why it is not one; an ambiguous parameter
    /// is a problem of its own.
    private static func read(_ trigger: ContentLine, problems: inout [ICalendarReadProblem]) -> (ICalendarDuration?, String?) {
        let before = problems.count
        let related = trigger.singleParameter("RELATED", problems: &problems)
        let type = trigger.singleParameter("VALUE", problems: &problems)
        guard problems.count == before else { return (nil, nil) }
        if let type, type.uppercased() != "DURATION" { return (nil, "is a reminder at a date and time of its own (VALUE=\(type))") }
        if let related, related.uppercased() != "START" { return (nil, "is a reminder relative to the event's end (RELATED=\(related))") }
        guard let duration = ICalendarDuration(trigger.value) else { return (nil, "is not a duration such as -PT10M") }
        return (duration, nil)
    }

    /// `10 min before the event's start`, `1 d after the event's start`.
    private static func describe(_ seconds: Int) -> String {
        DurationText.describe(seconds: abs(seconds)) + (seconds < 0 ? " before" : " after") + " the event's start"
    }
}
