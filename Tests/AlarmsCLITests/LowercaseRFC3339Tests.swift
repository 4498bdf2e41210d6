import Foundation
import Testing

/// RFC 3339 (section 5.6) lets `T` and `Z` be lowercase. Every place the tool reads a date and
/// time takes both, and reads them as the uppercase forms.
@Suite("lowercase t and z in dates and times")
struct LowercaseRFC3339Tests {
    static let wake = #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"], "timeZone": "Europe/Berlin"}]}"#

    // 2026-11-30T21:00:00Z is Mon 22:00 in Berlin (UTC+1); the next Tuesday 07:30 there is
    // 2026-12-01T06:30:00Z, 9 h 30 min later.
    @Test(
        "--now with a lowercase t, with or without a lowercase z, is the same moment",
        arguments: ["2026-11-30t21:00:00Z", "2026-11-30t21:00:00z", "2026-11-30t22:00:00+01:00", "2026-11-30t22:00"])
    func now(text: String) async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appending(path: "wake.json").path
        try Data(Self.wake.utf8).write(to: URL(fileURLWithPath: rules))
        let result = try await AlarmsProcess.run(
            ["next", "--rules", rules, "--count", "1", "--now", text, "--format", "json"], timeZone: "Europe/Berlin")
        #expect(result.exitCode == 0, "\(result.standardError)")
        let json = try jsonObject(result.standardOutput)
        #expect(json["now"] as? String == "2026-11-30T22:00:00+01:00")
    }

    @Test("--dtstart with a lowercase t reads as with an uppercase one")
    func dtstart() async throws {
        for start in ["2026-12-01t07:30:00", "2026-12-01t07:30:00z"] {
            let result = try await AlarmsProcess.run(
                ["import", "--rrule", "FREQ=DAILY", "--dtstart", start, "--id", "a", "--dry-run"])
            #expect(result.exitCode == 0, "\(start): \(result.standardError)")
            #expect(result.standardOutput.contains(#""times": ["07:30"]"#), "\(start): \(result.standardOutput)")
            #expect(result.standardOutput.contains(#""timeZone": "UTC""#) == start.hasSuffix("z"), "\(start)")
        }
    }

    // The snooze rings at 2026-12-01T06:39:00Z, 07:39 in Berlin.
    @Test("a book instant with a lowercase t and z is read")
    func bookInstant() async throws {
        let book =
            #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"]}], "#
            + #""snoozes": [{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01t06:39:00z"}]}"#
        let store = try TemporaryStore(book)
        let result = try await store.run(["plan", "--now", "2026-12-01T06:35:00Z", "--format", "json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""id": "wake@2026-12-01T07:39:00+snooze""#), "\(result.standardOutput)")
    }

    @Test("a case file's now with a lowercase t and z is read")
    func caseNow() async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = folder.appending(path: "cases.json").path
        let text =
            String(Self.wake.dropLast())
            + #", "cases": [{"name": "tuesday", "now": "2026-11-30t21:00:00z", "timeZone": "Europe/Berlin", "horizonDays": 1, "#
            + #""expected": {"fires": [{"id": "wake@2026-12-01T07:30:00", "at": "2026-12-01t06:30:00z"}]}}]}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: cases))
        let result = try await AlarmsProcess.run(["check", cases])
        #expect(result.exitCode == 0, "\(result.standardError)\(result.standardOutput)")
    }
}
