import Foundation
import Testing

@testable import RecurringAlarms

/// How many times each front door reads a file's bytes: once when the file is valid and plain
/// (the direct reader), twice at most otherwise (the direct reader gives up, the tree reader
/// parses and words every problem).
@Suite("Reading a rule file's bytes")
struct RuleFileReadCountTests {
    /// A file's bytes that count every pass over them: every reader reaches the bytes through
    /// `withContiguousStorageIfAvailable`, and any other access (an iterator, a subscript) is
    /// counted apart, so a pass that went around the count would show.
    struct CountedBytes: Collection, Sendable {
        let bytes: [UInt8]
        let passes = Locked(0)
        let otherAccesses = Locked(0)

        init(_ text: String) { bytes = Array(text.utf8) }

        var startIndex: Int { bytes.startIndex }
        var endIndex: Int { bytes.endIndex }
        func index(after index: Int) -> Int { index + 1 }

        subscript(position: Int) -> UInt8 {
            otherAccesses.withLock { $0 += 1 }
            return bytes[position]
        }

        func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
            passes.withLock { $0 += 1 }
            return try bytes.withUnsafeBufferPointer(body)
        }

        var passCount: Int { passes.withLock { $0 } }
        var otherAccessCount: Int { otherAccesses.withLock { $0 } }
    }

    static let valid = #"{"version": 1, "rules": [{"id": "wake", "days": ["mon", "fri"], "times": ["07:30"]}]}"#
    /// Valid, but written so that the direct reader gives up (a `null` label): the tree reader reads it.
    static let validButUnusual = #"{"version": 1, "rules": [{"id": "wake", "label": null, "days": ["mon"], "times": ["07:30"]}]}"#
    /// Two problems in one rule, a repeated id, and a skip-next request for a day that does not exist.
    static let invalid = #"""
        {"version": 1, "rules": [
          {"id": "wake", "days": ["mon", "moon"], "times": ["25:00"]},
          {"id": "wake", "date": "2026-12-07", "times": ["07:30"]}
        ], "skipNext": [{"rule": "wake", "date": "2026-13-08"}]}
        """#
    static let malformed = #"{"version": 1, "rules": [{"id": "wake",]}"#

    /// Each front door, reading `bytes`; whether it read them without an error.
    static let frontDoors: [(name: String, read: @Sendable (CountedBytes) -> Bool)] = [
        ("AlarmRuleSet(jsonData:)", { (try? AlarmRuleSet(jsonData: $0)) != nil }),
        ("AlarmSchedule(jsonData:)", { (try? AlarmSchedule(jsonData: $0)) != nil }),
        ("AlarmBook(jsonData:)", { (try? AlarmBook(jsonData: $0)) != nil }),
        ("BookForPlanning(bookFile:)", { (try? BookForPlanning(bookFile: $0)) != nil }),
        ("BookForPlanning(bookFile:readingState: false)", { (try? BookForPlanning(bookFile: $0, readingState: false)) != nil })
    ]

    @Test("a valid, plainly written file is read once by every front door", arguments: frontDoors.indices)
    func validFileIsReadOnce(door: Int) {
        let bytes = CountedBytes(Self.valid)
        #expect(Self.frontDoors[door].read(bytes), "\(Self.frontDoors[door].name)")
        #expect(bytes.passCount == 1, "\(Self.frontDoors[door].name)")
        #expect(bytes.otherAccessCount == 0, "\(Self.frontDoors[door].name)")
    }

    @Test(
        "a file the direct reader leaves, valid, invalid or not JSON, is read twice and no more by every front door",
        arguments: frontDoors.indices, [validButUnusual, invalid, malformed])
    func otherFilesAreReadTwiceAtMost(door: Int, text: String) {
        let bytes = CountedBytes(text)
        let succeeded = Self.frontDoors[door].read(bytes)
        #expect(succeeded == (text == Self.validButUnusual), "\(Self.frontDoors[door].name)")
        #expect(bytes.passCount == 2, "\(Self.frontDoors[door].name)")
        #expect(bytes.otherAccessCount == 0, "\(Self.frontDoors[door].name)")
    }

    @Test("an invalid book's every problem comes from that second read: its rules' and its state's")
    func invalidBookProblemsAreAllFound() {
        let bytes = CountedBytes(Self.invalid)
        do {
            _ = try AlarmBook(jsonData: bytes)
            Issue.record("the invalid book was read")
        } catch {
            guard case .invalid(let problems) = error else {
                Issue.record("expected invalid, got \(error)")
                return
            }
            // Checked by hand: 25:00 is no time, "moon" no weekday, "wake" is used twice, and
            // the skip-next request's month 13 does not exist.
            #expect(problems.count == 4, "\(problems)")
        }
        #expect(bytes.passCount == 2)
    }
}
