import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsSimulation
import Testing

// A device in Berlin (+01:00 in December) moves to Tokyo (+09:00) at 2026-12-01T12:00:00Z
// (1_796_126_400). Every expected instant below is worked out by hand from those offsets.

@Suite("The simulation report's one JSON form")
struct SimulationReportJSONTests {
    /// A report as earlier versions encoded it: the synthesized key order, every instant in UTC.
    static let oldForm = """
        {"start": "2026-12-01T00:00:00Z", "end": "2026-12-02T00:00:00Z", "eviction": "keep-soonest-firing",
         "capacity": 64, "budget": 0, "reminderEnabled": true, "initialTimeZone": "Europe/Berlin",
         "zoneChanges": [{"at": "2026-12-01T12:00:00Z", "timeZone": "Asia/Tokyo"}],
         "opens": [{"at": "2026-12-01T00:00:00Z", "timeZone": "Europe/Berlin", "added": 2, "removed": 0, "replaced": 0,
                    "unchanged": 0, "coveredUntil": "2026-12-02T06:30:00Z", "refillDeadline": "2026-12-02T06:29:59Z",
                    "horizonEnd": "2026-12-08T00:00:00Z", "truncated": false, "slots": 63, "reminderAt": "2026-12-02T06:30:00Z"}],
         "fires": [
           {"id": "wake@2026-12-01T07:30:00", "rule": "wake", "at": "2026-12-01T06:30:00Z", "local": "2026-12-01T07:30:00",
            "timeZone": "Europe/Berlin", "utcOffsetSeconds": 3600, "adjustment": null, "floating": true, "snooze": false,
            "delivered": true, "missReason": null},
           {"id": "tokyo@2026-12-01T21:00:00", "rule": "tokyo", "at": "2026-12-01T12:00:00Z", "local": "2026-12-01T21:00:00",
            "timeZone": "Asia/Tokyo", "utcOffsetSeconds": 32400, "adjustment": null, "floating": false, "snooze": false,
            "delivered": false, "missReason": "time-zone-change"}],
         "unexpectedDeliveries": [],
         "reminders": [{"id": "reminder", "at": "2026-12-01T20:00:00Z", "timeZone": "Asia/Tokyo"}],
         "drops": [{"id": "tokyo@2026-12-01T21:00:00", "at": "2026-12-01T12:00:00Z", "reason": "skipped-by-clock-change"}],
         "longestUncovered": null,
         "summary": {"required": 2, "delivered": 1, "missed": 1, "missedByReason": {"time-zone-change": 1},
                     "unexpectedDeliveries": 0, "reminders": 1, "opens": 1, "evictions": 0, "peakPending": 3,
                     "longestUncoveredSeconds": 0}}
        """

    static func decode(_ text: String) throws -> SimulationReport {
        try SimulationReport.jsonDecoder().decode(SimulationReport.self, from: Data(text.utf8))
    }

    @Test("a report stored in the old form, instants in UTC, still decodes, to the instants it names")
    func oldFormDecodes() throws {
        let report = try Self.decode(Self.oldForm)
        #expect(report.start == at(1_796_083_200) && report.end == at(1_796_169_600))
        #expect(report.zoneChanges.map(\.at) == [at(1_796_126_400)] && report.zoneChanges.map(\.timeZone) == [Zones.tokyo])
        #expect(report.opens.map(\.coveredUntil) == [at(1_796_193_000)])   // 2026-12-02T06:30:00Z
        #expect(report.opens.map(\.reminderAt) == [at(1_796_193_000)])
        #expect(report.fires.map(\.instant) == [at(1_796_106_600), at(1_796_126_400)])   // 06:30Z and 12:00Z
        #expect(report.fires.map(\.id) == ["wake@2026-12-01T07:30:00", "tokyo@2026-12-01T21:00:00"])
        #expect(report.fires.map(\.missReason) == [nil, .timeZoneChange])
        #expect(report.reminders.map(\.at) == [at(1_796_155_200)])   // 20:00Z
        #expect(report.drops.map(\.reason) == [.skippedByClockChange])
        #expect(report.alarmKit == nil && report.longestUncovered == nil)
    }

    @Test("the report encodes each instant with the device zone's offset at it, a fire's with its own zone's, and decodes back unchanged")
    func encodesTheDocument() throws {
        let report = try Self.decode(Self.oldForm)
        let data = try SimulationReport.jsonEncoder().encode(report)
        #expect(try SimulationReport.jsonDecoder().decode(SimulationReport.self, from: data) == report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["start"] as? String == "2026-12-01T01:00:00+01:00")   // 00:00Z, in Berlin
        #expect(object["end"] as? String == "2026-12-02T09:00:00+09:00")   // after the move, in Tokyo
        #expect((object["zoneChanges"] as? [[String: Any]])?.map { $0["at"] as? String } == ["2026-12-01T21:00:00+09:00"])
        let open = try #require((object["opens"] as? [[String: Any]])?.first)
        #expect(open["at"] as? String == "2026-12-01T01:00:00+01:00")
        #expect(open["coveredUntil"] as? String == "2026-12-02T15:30:00+09:00")
        #expect(open["refillDeadline"] as? String == "2026-12-02T15:29:59+09:00")
        #expect(open["reminderAt"] as? String == "2026-12-02T15:30:00+09:00")
        let fires = try #require(object["fires"] as? [[String: Any]])
        #expect(fires.map { $0["at"] as? String } == ["2026-12-01T07:30:00+01:00", "2026-12-01T21:00:00+09:00"])
        #expect((object["reminders"] as? [[String: Any]])?.map { $0["at"] as? String } == ["2026-12-02T05:00:00+09:00"])
        #expect((object["drops"] as? [[String: Any]])?.map { $0["at"] as? String } == ["2026-12-01T21:00:00+09:00"])
        #expect(object["longestUncovered"] is NSNull)
        #expect(object["alarmKit"] == nil)
    }

    @Test("the decoder names an instant that is not RFC 3339")
    func badInstant() {
        let text = Self.oldForm.replacingOccurrences(of: #""start": "2026-12-01T00:00:00Z""#, with: #""start": "1 December 2026""#)
        #expect(text != Self.oldForm)
        #expect(throws: DecodingError.self) { try Self.decode(text) }
    }

    @Test("a required fire alone encodes as the report's fires hold it")
    func requiredFireAlone() throws {
        let report = try Self.decode(Self.oldForm)
        let data = try SimulationReport.jsonEncoder().encode(report.fires[1])
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["at"] as? String == "2026-12-01T21:00:00+09:00")
        #expect(
            Set(object.keys) == [
                "id", "rule", "at", "local", "timeZone", "adjustment", "floating", "snooze", "utcOffsetSeconds", "delivered", "missReason"
            ])
        #expect(try SimulationReport.jsonDecoder().decode(SimulationReport.RequiredFire.self, from: data) == report.fires[1])
    }
}
