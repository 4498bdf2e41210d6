import Foundation
import RecurringAlarms
import Testing

/// The applied plan's `alarmLimit` (Docs/Formats.md, "The applied plan"): the limit an
/// AlarmKit device taught the scheduler, kept in the book file.
@Suite("Alarm book file format: the learned alarm limit")
struct AlarmLimitFormatTests {
    /// A book whose applied plan holds no fires and, when given, a learned limit.
    static func book(alarmLimit: Int?) -> AlarmBook {
        AlarmBook(
            rules: [rule("wake", at: "07:30")],
            applied: AppliedPlan(
                appliedAt: december1, deviceTimeZone: Zones.london, coveredUntil: december1, fires: [], alarmLimit: alarmLimit))
    }

    @Test("a learned limit is written after the fires and reads back the same")
    func roundTrip() throws {
        let book = Self.book(alarmLimit: 12)
        let text = String(decoding: book.jsonData, as: UTF8.self)
        // december1 is 2026-12-01T00:00:00Z: London is at +00:00 in December.
        #expect(text.contains(#""coveredUntil": "2026-12-01T00:00:00Z","#))
        #expect(text.contains(#""alarmLimit": 12"#))
        let fires = try #require(text.range(of: #""fires""#))
        let limit = try #require(text.range(of: #""alarmLimit""#))
        #expect(fires.lowerBound < limit.lowerBound)
        let read = try AlarmBook(jsonData: book.jsonData)
        #expect(read.applied?.alarmLimit == 12)
        #expect(read == book)
    }

    @Test("without a learned limit the key is left out and reads back as nil")
    func absent() throws {
        let book = Self.book(alarmLimit: nil)
        #expect(!String(decoding: book.jsonData, as: UTF8.self).contains("alarmLimit"))
        #expect(try AlarmBook(jsonData: book.jsonData).applied?.alarmLimit == nil)
        #expect(try AlarmBook(jsonData: Data(Self.bookFile(alarmLimit: "null").utf8)).applied?.alarmLimit == nil)
    }

    /// A book file whose applied plan holds no fires and `"alarmLimit": written`.
    static func bookFile(alarmLimit written: String) -> String {
        #"{"version": 1, "rules": [], "applied": {"at": "2026-12-01T00:00:00Z", "timeZone": "UTC", "coveredUntil": "2026-12-01T00:00:00Z", "fires": [], "alarmLimit": "#
            + written + "}}"
    }

    @Test(
        "a limit that is not a whole number from 0 to 1,000,000 is a problem naming the field and the value",
        arguments: ["-1", "1.5", "\"12\"", "1000001"])
    func invalid(_ value: String) {
        #expect(
            BookStateProblemTests.problems(Self.bookFile(alarmLimit: value)) == [
                "applied.alarmLimit: \(value) is not a whole number from 0 to 1000000"
            ])
    }

    @Test("a limit written with an exponent is quoted as written, with the plain digits to write")
    func exponent() {
        #expect(
            BookStateProblemTests.problems(Self.bookFile(alarmLimit: "2e1")) == [
                "applied.alarmLimit: 2e1 is a whole number written with an exponent; expected one from 0 to 1000000 in plain digits, such as 20"
            ])
    }

    @Test("validationProblems names a limit out of range, as a store would refuse to save it")
    func inMemoryValidation() {
        #expect(Self.book(alarmLimit: -3).validationProblems().map(\.field) == ["applied.alarmLimit"])
        #expect(Self.book(alarmLimit: 0).validationProblems().isEmpty)
    }
}
