import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// `plan`, `next` and `week` read the store's book compiled straight from its bytes, snoozes
/// and skip-next requests applied; what they print must be what they printed when they read
/// the whole book. The full way is taken by the same book with one key escaped (`"\u0069d"`
/// for `"id"`), valid JSON that the direct reader leaves to the full reader: both files are
/// run through the same store path, and the output compared byte for byte.
@Suite("Planning commands read the store's book from its bytes")
struct StorePlanningTests {
    /// Whether `bytes` are compiled straight from the bytes for planning.
    static func isCompiled(_ bytes: [UInt8]) -> Bool {
        guard case .compiled? = try? BookForPlanning(bookFile: bytes) else { return false }
        return true
    }

    /// The commands compared, after `--now` and `--time-zone`.
    static let commands: [[String]] = [
        ["plan"], ["plan", "--format", "json"], ["plan", "--fill-cap", "--cap", "5"], ["plan", "--cap", "2", "--horizon-days", "3"],
        ["next"], ["next", "--format", "json"], ["next", "--count", "2"], ["week"]
    ]

    /// `text` with its first rule's `"id"` key escaped, so that the full reader reads it.
    static func escapingFirstID(_ text: String) throws -> String {
        let range = try #require(text.range(of: #""id": "#))
        return text.replacingCharacters(in: range, with: #""\u0069d": "#)
    }

    /// `--now` for an instant, in whole seconds (RFC 3339 in UTC).
    static func nowArgument(_ instant: Date) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down)))
    }

    /// Runs every command of ``commands`` on `book` as written and as escaped, and expects the
    /// same results; returns how many runs succeeded.
    static func expectSameOutput(_ book: String, plannings: [(now: Date, zone: TimeZone)]) async throws -> Int {
        let escaped = try escapingFirstID(book)
        #expect(Self.isCompiled(Array(book.utf8)), "\(book)")
        #expect(!Self.isCompiled(Array(escaped.utf8)))
        let store = try TemporaryStore(book)
        var succeeded = 0
        for planning in plannings {
            for command in commands {
                let arguments = command + ["--now", nowArgument(planning.now), "--time-zone", planning.zone.identifier]
                try Data(book.utf8).write(to: URL(fileURLWithPath: store.path))
                let compiled = try await store.run(arguments)
                try Data(escaped.utf8).write(to: URL(fileURLWithPath: store.path))
                let full = try await store.run(arguments)
                #expect(compiled == full, "\(arguments) on \(book)")
                if compiled.exitCode == 0 { succeeded += 1 }
            }
        }
        return succeeded
    }

    @Test("random books with snoozes, skip-next requests and an applied plan print what the full read printed")
    func randomBooks() async throws {
        var succeeded = 0
        for seed in UInt64(0)..<20 {
            var generator = RuleGenerator(seed: seed)
            let (book, made) = StatefulBooks.draw(using: &generator)
            let plannings = [0, 50 * 60, 2 * 86_400].enumerated().map { index, seconds in
                (made.addingTimeInterval(TimeInterval(seconds)), StatefulBooks.zones[(index + Int(seed)) % StatefulBooks.zones.count])
            }
            succeeded += try await Self.expectSameOutput(String(decoding: book.jsonData, as: UTF8.self), plannings: plannings)
        }
        // Every command ran: 20 books, 3 plannings, 8 commands.
        #expect(succeeded == 20 * 3 * Self.commands.count)
    }

    /// The fixtures' book with a snooze of this morning's wake-up, a skip of Wednesday's and
    /// one of the disabled gym's; now is Mon 2026-11-30 22:00 in Berlin (21:00Z).
    static let bookWithState =
        String(Fixtures.book.dropLast())
            + """
            ,
            "snoozes": [{"rule": "wake", "fire": "wake@2026-11-30T07:30:00", "at": "2026-11-30T21:30:00Z"}],
            "skipNext": [{"rule": "wake", "date": "2026-12-02"}, {"rule": "gym", "date": "2026-12-05"}]}
            """

    @Test("the fixtures' book with state prints what the full read printed, the snooze first and Wednesday skipped")
    func fixturesBook() async throws {
        let plannings = [(Fixtures.nowInstant, Zones.berlin), (Fixtures.nowInstant, Zones.newYork)]
        _ = try await Self.expectSameOutput(Self.bookWithState, plannings: plannings)
        let store = try TemporaryStore(Self.bookWithState)
        let output = try await store.run(["next", "--count", "3", "--now", Fixtures.now, "--format", "json"])
        let fires = try #require(try jsonObject(output.standardOutput)["fires"] as? [[String: Any]])
        // 21:30Z is 22:30 in Berlin; wake then rings Tue 07:30 and, Wednesday skipped, Thu 07:30.
        #expect(
            fires.compactMap { $0["id"] as? String } == [
                "wake@2026-11-30T22:30:00+snooze", "wake@2026-12-01T07:30:00", "standup@2026-12-02T09:00:00"
            ])
    }

    @Test("a book with state and no rules says it has no rules")
    func noRules() async throws {
        let store = try TemporaryStore(#"{"version": 1, "rules": [], "skipNext": [{"rule": "gone", "date": "2026-12-02"}]}"#)
        let output = try await store.run(["next", "--now", Fixtures.now])
        #expect(output.exitCode == 0)
        #expect(
            output.standardOutput
                == "No rules in \(store.path).\nAdd one with 'alarms add wake --days weekdays --at 07:30'.\n")
    }
}
