import Foundation
import Testing

@testable import RecurringAlarms

/// Runtime state the model forbids, or that the book file cannot hold, is a problem with its
/// path, quoted as written: the book does not load and is not saved, so it is never planned.
@Suite("Book state problems")
struct BookStateProblemTests {
    /// `wake`, weekdays at 07:30, floating, and the state members given.
    static func bookFile(_ state: String) -> String {
        #"{"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}], "#
            + state + "}"
    }

    /// The problems reading `text` reports, as their descriptions; also checks that the book
    /// compiled from the bytes gives up when there are any, so no reader plans the state.
    static func problems(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        do throws(AlarmRulesError) {
            _ = try AlarmBook(jsonData: Data(text.utf8))
            #expect(ByteCompiledScheduleTests.compiled(Array(text.utf8), state: .read) != nil, sourceLocation: sourceLocation)
            return []
        } catch {
            #expect(ByteCompiledScheduleTests.compiled(Array(text.utf8), state: .read) == nil, sourceLocation: sourceLocation)
            guard case .invalid(let problems) = error else {
                Issue.record("expected invalid, got \(error)", sourceLocation: sourceLocation)
                return []
            }
            return problems.map(\.description)
        }
    }

    static let bound = "expected an instant from 0001-01-02T00:00:00Z to 9999-12-30T23:59:59Z"

    @Test("instants outside the book's range are quoted as written, with the real bound")
    func instantsOutOfRange() {
        let text = Self.bookFile(
            #""snoozes": [{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "9999-12-31T23:59:59Z"}], "#
                + #""applied": {"at": "0001-01-01T23:59:59.5Z", "timeZone": "UTC", "coveredUntil": "9999-12-31T12:00:00+05:00", "#
                + #""fires": [{"id": "wake@9999-12-30T07:30:00", "at": "9999-12-31T00:00:00-01:00"}]}"#)
        #expect(
            Self.problems(text) == [
                #"rule 'wake': snoozes[0].at: "9999-12-31T23:59:59Z" is out of range; "# + Self.bound,
                #"applied.at: "0001-01-01T23:59:59.5Z" is out of range; "# + Self.bound,
                #"applied.coveredUntil: "9999-12-31T12:00:00+05:00" is out of range; "# + Self.bound,
                #"applied.fires[0].at: "9999-12-31T00:00:00-01:00" is out of range; "# + Self.bound
            ])
        // The last and first instants a book holds are read, whatever offset writes them:
        // 9999-12-30T23:59:59Z is 9999-12-31T09:59:59 in UTC+10.
        let edges = Self.bookFile(
            #""snoozes": [{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "9999-12-31T09:59:59+10:00"}], "#
                + #""applied": {"at": "0001-01-01T14:00:00-10:00", "timeZone": "UTC", "coveredUntil": "9999-12-30T23:59:59Z", "fires": []}"#
        )
        #expect(Self.problems(edges) == [])
    }

    @Test("instants out of range in memory are quoted in RFC 3339 where it can write them, else in seconds")
    func instantsOutOfRangeInMemory() {
        let book = AlarmBook(
            rules: [rule("wake", at: "07:30")],
            snoozes: [Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: Date(timeIntervalSince1970: 253_402_300_799))],
            applied: AppliedPlan(
                appliedAt: Date(timeIntervalSince1970: -1e12), deviceTimeZone: Zones.tokyo, coveredUntil: december1, fires: []))
        #expect(
            book.validationProblems().map(\.description) == [
                #"rule 'wake': snoozes[0].at: "9999-12-31T23:59:59Z" is out of range; "# + Self.bound,
                "applied.at: -1000000000000.0 is out of range; " + Self.bound
            ])
    }

    @Test(
        "two snoozes of one rule, a skip-next date listed twice, an offset zone and a coverage before the plan are problems with their paths"
    )
    func forbiddenState() {
        let text = Self.bookFile(
            #""snoozes": [{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:39:00Z"}, "#
                + #"{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:49:00Z"}], "#
                + #""skipNext": [{"rule": "wake", "date": "2026-12-08"}, {"rule": "wake", "date": "2026-12-09"}, {"rule": "wake", "date": "2026-12-08"}], "#
                + #""applied": {"at": "2026-12-01T09:00:00+09:00", "timeZone": "GMT+0530", "coveredUntil": "2026-12-01T08:59:59+09:00", "fires": []}"#
        )
        #expect(
            Self.problems(text) == [
                #"rule 'wake': snoozes[1].rule: "wake" already has a snooze, snoozes[0]; a rule keeps one snooze (snoozing again replaces it)"#,
                #"rule 'wake': skipNext[2].date: "2026-12-08" is already skipped for this rule by skipNext[0]; each date of a rule is listed once"#,
                #"applied.coveredUntil: "2026-12-01T08:59:59+09:00" is before applied.at "2026-12-01T09:00:00+09:00"; a plan covers from when it was applied, so expected that instant or later"#,
                #"applied.timeZone: "GMT+0530" is an offset, not an IANA time zone; expected an id such as "Asia/Kolkata" or "Etc/GMT-5""#
            ])
    }

    @Test("the same state in memory is what a store refuses to save, with the same paths")
    func forbiddenStateInMemory() {
        let snooze = Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: december1.addingTimeInterval(60))
        let skip = SkippedOccurrence(ruleID: "wake", date: LocalDate(parsing: "2026-12-08")!)
        let book = AlarmBook(
            rules: [rule("wake", at: "07:30")], snoozes: [snooze, snooze], skippedOccurrences: [skip, skip],
            applied: AppliedPlan(
                appliedAt: december1, deviceTimeZone: TimeZone(secondsFromGMT: 19_800)!,
                coveredUntil: december1.addingTimeInterval(-1), fires: []))
        #expect(
            book.validationProblems().map(\.field) == [
                "snoozes[1].rule", "skipNext[1].date", "applied.timeZone", "applied.coveredUntil"
            ])
        #expect(book.validationProblems() == book.validationProblemsOnAllCores())
    }

    @Test("a repeat is named by its position in the file, past entries that failed")
    func positionsPastFailedEntries() {
        let text = Self.bookFile(
            #""snoozes": [{"rule": "wake", "fire": "", "at": "2026-12-01T07:39:00Z"}, "#
                + #"{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:39:00Z"}, "#
                + #"{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:49:00Z"}]"#)
        #expect(
            Self.problems(text) == [
                #"rule 'wake': snoozes[0].fire: "" is empty; expected the id of the snoozed fire, such as "wake@2026-12-01T07:30:00""#,
                #"rule 'wake': snoozes[2].rule: "wake" already has a snooze, snoozes[1]; a rule keeps one snooze (snoozing again replaces it)"#
            ])
    }

    @Test(
        "what the book's own operations make is valid: snoozing twice keeps one snooze, skipping next twice skips two dates, a plan applied is covered from then"
    )
    func operationsMakeValidState() throws {
        let now = december1   // Tue 00:00 in London
        var book = AlarmBook(rules: [rule("wake", at: "07:30"), rule("tea", at: "16:00", zone: Zones.tokyo)])
        try book.snooze(fireID: "wake@2026-11-30T07:30:00", until: now.addingTimeInterval(540))
        try book.snooze(fireID: "wake@2026-11-30T07:30:00+snooze", until: now.addingTimeInterval(1080))
        try book.skipNext(ruleID: "wake", now: now, deviceTimeZone: Zones.london)
        try book.skipNext(ruleID: "wake", now: now, deviceTimeZone: Zones.london)
        // Horizon 0: the plan covers exactly up to when it was applied.
        let plan = try book.plan(now: now.addingTimeInterval(0.75), options: PlanOptions(deviceTimeZone: Zones.london, horizon: 0))
        book.applied = AppliedPlan(plan, appliedAt: now.addingTimeInterval(0.75))
        #expect(book.snoozes.count == 1)
        #expect(book.skippedOccurrences.map(\.date.description) == ["2026-12-01", "2026-12-02"])
        #expect(book.validationProblems() == [])
        #expect(try AlarmBook(jsonData: book.jsonData) == book)
    }
}
