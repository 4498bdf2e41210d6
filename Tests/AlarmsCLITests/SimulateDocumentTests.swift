import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import Testing

@testable import AlarmsCLI

/// `simulate --format json` writes each instant with the offset of the zone the device was in
/// at that instant. The CLI keeps the device in one zone, so a report with a zone change is
/// decoded from the library's Codable form and written directly.
@Suite("simulate JSON document")
struct SimulateDocumentTests {
    /// The device moves from Berlin (+01:00 in December) to Tokyo (+09:00) at 2026-12-01T12:00:00Z.
    static let report = """
        {"start": "2026-12-01T00:00:00Z", "end": "2026-12-02T00:00:00Z", "eviction": "keep-soonest-firing",
         "capacity": 64, "budget": 0, "reminderEnabled": false, "initialTimeZone": "Europe/Berlin",
         "zoneChanges": [{"at": "2026-12-01T12:00:00Z", "timeZone": "Asia/Tokyo"}],
         "opens": [], "fires": [], "unexpectedDeliveries": [], "reminders": [], "drops": [],
         "longestUncovered": {"from": "2026-12-01T06:00:00Z", "to": "2026-12-01T18:00:00Z", "seconds": 43200},
         "summary": {"required": 0, "delivered": 0, "missed": 0, "missedByReason": {}, "unexpectedDeliveries": 0,
                     "reminders": 0, "opens": 0, "evictions": 0, "peakPending": 0, "longestUncoveredSeconds": 43200}}
        """

    @Test("instants before a device zone change carry the old zone's offset, those at or after it the new zone's")
    func offsetsFollowZoneChanges() throws {
        let report = try SimulationReport.jsonDecoder().decode(SimulationReport.self, from: Data(Self.report.utf8))
        let json = SimulateDocument(report: report).json
        #expect(json["start"] == .string("2026-12-01T01:00:00+01:00"))   // 00:00Z in Berlin
        #expect(json["end"] == .string("2026-12-02T09:00:00+09:00"))   // 00:00Z the next day in Tokyo
        guard case .array(let changes)? = json["zoneChanges"] else {
            Issue.record("no zoneChanges array")
            return
        }
        #expect(changes.first?["at"] == .string("2026-12-01T21:00:00+09:00"))   // 12:00Z: the change is in force at its instant
        #expect(json["longestUncovered"]?["from"] == .string("2026-12-01T07:00:00+01:00"))   // 06:00Z, before the change
        #expect(json["longestUncovered"]?["to"] == .string("2026-12-02T03:00:00+09:00"))   // 18:00Z, after it
    }

    @Test(
        "the CLI's document is the library's encoding: the same keys and values, and the report decoded from it writes it byte for byte",
        arguments: [
            ["--open-every", "2d", "--reminder"],
            ["--open-every", "never", "--strategy", "hybrid", "--backend", "alarmkit", "--alarm-limit", "3"]
        ])
    func cliIsTheLibraryForm(_ options: [String]) async throws {
        let store = try TemporaryStore(Fixtures.night)
        let output = try await store.run(["simulate", "--days", "10", "--now", Fixtures.now, "--format", "json"] + options)
        #expect(output.exitCode == 0)
        let report = try SimulationReport.jsonDecoder().decode(SimulationReport.self, from: Data(output.standardOutput.utf8))
        #expect(!report.fires.isEmpty)
        #expect(SimulateDocument(report: report).terminalText == output.standardOutput)
        let library = try #require(try JSONSerialization.jsonObject(with: SimulationReport.jsonEncoder().encode(report)) as? NSDictionary)
        let cli = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? NSDictionary)
        #expect(library == cli)
    }
}
