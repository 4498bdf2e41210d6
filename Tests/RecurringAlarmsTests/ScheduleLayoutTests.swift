import Foundation
import Testing

@testable import RecurringAlarms

/// The layout every plan indexes with is checked where it is computed, so a wrong range gives
/// up with a message instead of trapping: ``AlarmSchedule/layoutProblems(limit:)`` says what
/// is wrong, the join of a file's pieces refuses it, and adding skip-next dates gives up.
@Suite("Schedule layout checked before use")
struct ScheduleLayoutTests {
    /// `a` and `b`, each with two times and a skipped day.
    static var schedule: AlarmSchedule {
        get throws {
            try AlarmSchedule(rules: [
                weeklyRule("a", times: ["07:00", "08:00"], skip: ["2026-12-02"]),
                weeklyRule("b", times: ["09:00", "10:00"], zone: Zones.tokyo, skip: ["2026-12-03"])
            ])
        }
    }

    @Test("a compiled schedule is sound, and each broken range or order is named")
    func problemsAreNamed() throws {
        let sound = try Self.schedule
        #expect(sound.layoutProblems() == [])
        #expect(
            AlarmSchedule.Parts(ruleIDs: sound.ruleIDs, rules: sound.rules, times: sound.times, skips: sound.skips, zones: sound.zones)
                .hasValidRanges)

        var pastTheEnd = sound
        pastTheEnd.rules[1].skipsStart = 2   // b's one day would be at index 2 of 2
        #expect(pastTheEnd.layoutProblems() == ["rule 'b' (#2): its skipped days start at 2 and count 1, outside the 2 skipped days"])

        var negative = sound
        negative.rules[0].skipsCount = -1
        #expect(negative.layoutProblems() == ["rule 'a' (#1): its skipped days start at 0 and count -1, outside the 2 skipped days"])

        var times = sound
        times.rules[0].timesStart = 3
        times.rules[1].zoneIndex = 7
        #expect(
            times.layoutProblems() == [
                "rule 'a' (#1): its times start at 3 and count 2, outside the 4 times",
                "rule 'b' (#2): its zone index 7 is outside the 2 zones"
            ])

        var unsorted = sound
        unsorted.times.swapAt(0, 1)
        unsorted.ruleIDs.swapAt(0, 1)
        #expect(
            unsorted.layoutProblems() == [
                "rule 'b' (#1): its times [28800, 25200] are not strictly increasing seconds of a day",
                "rule 'a' (#2): its id does not come after 'b'"
            ])
    }

    @Test("adding skip-next dates to a schedule whose range is wrong gives up instead of reading past the array")
    func skipMergeGivesUp() throws {
        var broken = try Self.schedule
        broken.rules[1].skipsStart = 2
        let added = broken.addSkippedDays([SkippedOccurrence(ruleID: "b", date: day("2026-12-04"))])
        #expect(!added)

        var sound = try Self.schedule
        let merged = sound.addSkippedDays([SkippedOccurrence(ruleID: "b", date: day("2026-12-01"))])
        try #require(merged)
        // Checked before the ranges are indexed below: a wrong one fails here, with a message.
        try #require(sound.layoutProblems() == [], "\(sound.layoutProblems())")
        #expect(sound.skips[sound.rules[1].skipSlots].map { Int64($0) } == [day("2026-12-01"), day("2026-12-03")].map(\.daysSinceEpoch))
    }
}
