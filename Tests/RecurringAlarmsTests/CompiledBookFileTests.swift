import AlarmsTestSupport
import Foundation
import RecurringAlarmsTesting
import Testing

@testable import RecurringAlarms

/// A book file compiled straight from its bytes, state included (``CompiledBook``), against
/// the book read from the same bytes and planned (`AlarmBook(bookFile:).plan(now:options:)`):
/// it either gives up, and the file goes the full way, or it plans exactly the same fires, ids,
/// offsets and coverage.
@Suite("Compiling a book file from its bytes")
struct CompiledBookFileTests {
    /// Expects `compiled` to plan what `book` plans in every planning of ``StatefulBooks``.
    static func expectSamePlans(_ compiled: CompiledBook, _ book: AlarmBook, made: Date, _ bytes: [UInt8]) throws {
        for planning in StatefulBooks.plannings(after: made) {
            #expect(compiled.snoozeFires(deviceTimeZone: planning.zone) == book.snoozeFires(deviceTimeZone: planning.zone))
            for options in StatefulBooks.options(in: planning.zone) {
                let fromBytes = compiled.plan(now: planning.now, options: options)
                let fromBook = try book.plan(now: planning.now, options: options)
                #expect(fromBytes == fromBook, "\(String(decoding: bytes, as: UTF8.self))")
                #expect(fromBytes.fires.map(\.id) == fromBook.fires.map(\.id))
                #expect(fromBytes.coveredUntil == fromBook.coveredUntil)
            }
        }
    }

    /// Expects each compiled rule to skip exactly the days it skips once compiled from the
    /// book's rules with their skip-next dates added (``AlarmBook/rulesForPlanning``).
    static func expectSameSkips(_ compiled: AlarmSchedule, _ book: AlarmBook) throws {
        let reference = try AlarmSchedule(rules: book.rulesForPlanning)
        // The ranges are checked before anything here indexes with them: a merge that wrote
        // them wrong fails with what is wrong, not with a trap that ends the whole run.
        try #require(compiled.layoutProblems() == [], "\(compiled.layoutProblems())")
        #expect(compiled.ruleIDs == reference.ruleIDs)
        for index in compiled.rules.indices where index < reference.rules.count {
            #expect(
                compiled.skips[compiled.rules[index].skipSlots] == reference.skips[reference.rules[index].skipSlots],
                "rule \(compiled.ruleIDs[index])")
        }
    }

    @Test("books with snoozes, skip-next requests and an applied plan plan from their bytes what the book plans")
    func plansWhatTheBookPlans() {
        var compiledWithState = 0
        withSeeds(0..<150) { generator in
            let (book, made) = StatefulBooks.draw(using: &generator)
            try #require(book.validationProblems().isEmpty)
            for bytes in [Array(book.jsonData), Array(book.json.jsonText.utf8)] {
                let read = try AlarmBook(bookFile: bytes)
                #expect(read == book)
                let compiled = try #require(
                    ByteCompiledScheduleTests.compiled(bytes, state: .read), "\(String(decoding: bytes, as: UTF8.self))")
                #expect(compiled.ruleCount == book.rules.count)
                try Self.expectSamePlans(compiled, read, made: made, bytes)
                try Self.expectSameSkips(compiled.schedule, read)
                // In small pieces, as a large file is cut, the plans are the same.
                let inPieces = try #require(
                    ByteCompiledScheduleTests.compiled(bytes, state: .read, split: DirectRuleReaderTests.smallPieces))
                try Self.expectSameSkips(inPieces.schedule, read)
                try Self.expectSamePlans(inPieces, read, made: made, bytes)
                if !book.snoozes.isEmpty && !book.skippedOccurrences.isEmpty { compiledWithState += 1 }
            }
        }
        // Most books had both kinds of state.
        #expect(compiledWithState > 150)
    }

    /// Wake rings on weekdays at 07:30 on the device's clock and already skips Mon 2026-12-07;
    /// stand-up rings Mon, Wed and Fri at 09:00 in Tokyo (UTC+9, 00:00Z); gym is disabled.
    static let book = """
        {"version": 1, "rules": [
          {"id": "wake", "label": "Wake up", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"], "skip": ["2026-12-07"]},
          {"id": "gym", "enabled": false, "days": ["sat"], "times": ["10:00"]},
          {"id": "standup", "days": ["mon", "wed", "fri"], "times": ["09:00"], "timeZone": "Asia/Tokyo"}
        ],
        "snoozes": [
          {"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:39:00Z"},
          {"rule": "gym", "fire": "gym@2026-11-28T10:00:00", "at": "2026-12-01T08:00:00Z"}
        ],
        "skipNext": [
          {"rule": "wake", "date": "2026-12-02"}, {"rule": "wake", "date": "2026-12-07"}, {"rule": "gone", "date": "2026-12-03"}
        ]}
        """

    @Test("a snooze rings on its rule's clock and a skip-next date joins the rule's skipped days")
    func appliesTheStateAsTheBookDoes() throws {
        let bytes = Array(Self.book.utf8)
        let compiled = try #require(ByteCompiledScheduleTests.compiled(bytes, state: .read))
        // Tue 2026-12-01 07:32 in London (UTC+0): today's 07:30 has rung and is snoozed to 07:39;
        // Wednesday's is skipped; stand-up's Wed and Fri 09:00 JST are 00:00Z those days.
        let now = at(1_796_110_320)   // 2026-12-01T07:32:00Z
        let plan = compiled.plan(now: now, options: PlanOptions(deviceTimeZone: Zones.london, cap: 4))
        #expect(
            plan.fires.map(\.id) == [
                "wake@2026-12-01T07:39:00+snooze", "standup@2026-12-02T09:00:00", "wake@2026-12-03T07:30:00",
                "standup@2026-12-04T09:00:00"
            ])
        #expect(plan.fires.map { epoch($0.instant) } == [1_796_110_740, 1_796_169_600, 1_796_283_000, 1_796_342_400])
        #expect(plan.fires[0].isSnooze && plan.fires[0].isFloating && plan.fires[0].timeZone == Zones.london)
        #expect(plan == (try AlarmBook(bookFile: bytes).plan(now: now, options: PlanOptions(deviceTimeZone: Zones.london, cap: 4))))
        // 2026-12-02 and 2026-12-07 are days 20,789 and 20,794 (20,454 to 2026-01-01, plus 335 and 340).
        let schedule = compiled.schedule
        let wake = schedule.position(ofRuleID: "wake").index
        #expect(schedule.skips[schedule.rules[wake].skipSlots] == [20_789, 20_794])
        #expect(compiled.labels(ofRules: plan.fires.map(\.ruleID)) == ["wake": "Wake up"])
    }

    @Test(
        "a book whose state has a problem, or that the direct reader leaves, gives up, and the full reader reports it",
        arguments: [
            #"{"version": 1, "rules": [], "snoozes": [{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "soon"}]}"#,
            #"{"version": 1, "rules": [], "skipNext": {"rule": "wake"}}"#,
            #"{"version": 1, "rules": [], "applied": {"at": "2026-12-01T07:30:00Z"}}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"]}], "skipNext": [{"rule": "a", "date": "2026-02-30"}]}"#
        ])
    func givesUpOnStateWithProblems(text: String) {
        #expect(ByteCompiledScheduleTests.compiled(Array(text.utf8), state: .read) == nil)
        #expect(throws: BookFileError.self) { try AlarmBook(bookFile: Array(text.utf8)) }
    }

    @Test("a valid book the direct reader leaves to the full reader gives up, and the full reader reads it")
    func givesUpOnWhatTheDirectReaderLeaves() throws {
        // An escaped key is valid JSON the direct reader does not decode.
        let escaped = Self.book.replacingOccurrences(of: #"{"id": "wake""#, with: #"{"\u0069d": "wake""#)
        #expect(escaped != Self.book)
        #expect(ByteCompiledScheduleTests.compiled(Array(escaped.utf8), state: .read) == nil)
        #expect(try AlarmBook(bookFile: Array(escaped.utf8)) == (try AlarmBook(bookFile: Array(Self.book.utf8))))
    }

    @Test("a rule file's schedule without its state plans the rules alone")
    func ignoringState() throws {
        // Compiled with its state ignored, as `--rules` reads a book file.
        let plain = try #require(ByteCompiledScheduleTests.compiled(Array(Self.book.utf8)))
        let file = try #require(ByteCompiledScheduleTests.compiledFile(Array(Self.book.utf8)))
        let options = PlanOptions(deviceTimeZone: Zones.london)
        let now = at(1_796_110_320)   // 2026-12-01T07:32:00Z
        #expect(plain.plan(now: now, options: options) == AlarmSchedule(file.schedule).plan(now: now, options: options))
        #expect(plain.snoozeFires(deviceTimeZone: Zones.london).isEmpty)
        #expect(plain.ruleCount == 3)
    }
}
