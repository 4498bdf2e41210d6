import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// Events that carry one `X-RECURRINGALARMS-RULE` merge into one rule only when they are the
/// same rule but for their times: the same dates, so the same start (and with it the same
/// every-N-weeks phase). Otherwise merging would move a time onto another event's dates.
@Suite struct ICalendarSplitRuleTests {
    /// Two events of rule `r` in Berlin, every other Tuesday, starting at `first` and `second`.
    /// The first event's BEGIN is line 4, the second's line 10, its X- property line 12.
    func twoEvents(first: String, second: String) -> String {
        calendar([
            "BEGIN:VEVENT", "UID:r-1", "X-RECURRINGALARMS-RULE:r", "DTSTART;TZID=Europe/Berlin:\(first)",
            "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "END:VEVENT",
            "BEGIN:VEVENT", "UID:r-2", "X-RECURRINGALARMS-RULE:r", "DTSTART;TZID=Europe/Berlin:\(second)",
            "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "END:VEVENT"
        ])
    }

    @Test func eventsWithTheSameStartMergeTheirTimes() throws {
        let imported = try ICalendar.readRules(from: twoEvents(first: "20261201T073000", second: "20261201T083000"))
        #expect(
            imported.rules == [
                weeklyRule("r", days: [.tuesday], times: ["07:30", "08:30"], zone: Zones.berlin, everyWeeks: 2, start: "2026-12-01")
            ])
    }

    @Test(arguments: [
        // Tue 2026-12-08 is in the other phase of every other week: 12-08, 12-22 … against 12-01, 12-15 …
        ("20261208T083000", "2026-12-08"),
        // The same phase (Tue 2029-12-25 is 160 weeks after 2026-12-01) but three years later.
        ("20291225T083000", "2029-12-25")
    ])
    func eventsWithAnotherStartAreAnErrorNamingBothEvents(second: String, start: String) {
        let problems = importProblems(twoEvents(first: "20261201T073000", second: second))
        #expect(problems.count == 1)
        #expect(problems.first?.line == 12)
        #expect(problems.first?.column == 24)
        #expect(problems.first?.property == "X-RECURRINGALARMS-RULE")
        #expect(
            problems.first?.message
                == "names the rule of the event at line 4, but this event's start date (DTSTART \(start), that event's 2026-12-01) differs; events of one rule must agree in all but their times (remove X-RECURRINGALARMS-RULE from one to import them as separate rules)"
        )
    }
}
