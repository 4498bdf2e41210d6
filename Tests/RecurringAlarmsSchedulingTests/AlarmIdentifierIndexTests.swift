import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

// The AlarmKit adapter's own record of its alarms (AlarmKit never gives metadata back), the
// metadata's ring-to-fire reading, and the scheduler recognising its alarms when the record is
// lost. Instants by hand: Berlin is CEST (+02:00) from 2026-03-29 03:00 and in June.

private func request(_ identifier: String, ruleID: String = "wake") -> AlarmRequest {
    AlarmRequest(
        id: NameBasedUUID.alarmID(for: identifier), identifier: identifier, ruleID: ruleID,
        schedule: .fixed(at(1_780_292_000)), title: "Wake up", snoozeLength: nil)
}

@Suite("AlarmKit adapter's identifier index")
struct AlarmIdentifierIndexTests {
    @Test("an index that does not exist yet is empty, and its folder is made on the first write")
    func missingFile() throws {
        try withTemporaryFolder { folder in
            let index = AlarmIdentifierIndex(fileURL: folder.appending(path: "deep/er/alarms.json"))
            #expect(try index.entries().isEmpty)
            try index.record(request("wake@2026-06-01T07:30:00"))
            #expect(FileManager.default.fileExists(atPath: folder.appending(path: "deep/er/alarms.json").path))
        }
    }

    @Test("recorded entries read back by alarm id; remove and retain forget exactly the others")
    func recordRemoveRetain() throws {
        try withTemporaryFolder { folder in
            let index = AlarmIdentifierIndex(fileURL: folder.appending(path: "alarms.json"))
            let one = request("wake@2026-06-01T07:30:00")
            let two = request("wake#daily-07:30:00")
            let three = request("pill@2026-06-01T09:00:00", ruleID: "pill")
            for alarm in [one, two, three] { try index.record(alarm) }
            #expect(
                try index.entries() == [
                    one.id: .init(identifier: "wake@2026-06-01T07:30:00", ruleID: "wake"),
                    two.id: .init(identifier: "wake#daily-07:30:00", ruleID: "wake"),
                    three.id: .init(identifier: "pill@2026-06-01T09:00:00", ruleID: "pill")
                ])
            try index.remove(one.id)
            try index.remove(UUID(uuidString: "00000000-0000-4000-8000-000000000001")!)   // unknown: ignored
            #expect(Set(try index.entries().keys) == [two.id, three.id])
            try index.retain([three.id, one.id])
            #expect(try index.entries() == [three.id: .init(identifier: "pill@2026-06-01T09:00:00", ruleID: "pill")])
        }
    }

    @Test("the file is sorted JSON with its format version, so it reads and diffs by eye")
    func format() throws {
        try withTemporaryFolder { folder in
            let url = folder.appending(path: "alarms.json")
            let index = AlarmIdentifierIndex(fileURL: url)
            try index.record(request("wake#weekly-mon+tue+thu-07:30:00"))
            let text = try String(contentsOf: url, encoding: .utf8)
            // Docs/Formats.md's example; the UUID checked with Python's uuid.uuid5 in the alarm namespace.
            let id = "39F0F617-E093-5925-8CFB-D51D2E545F95"
            #expect(NameBasedUUID.alarmID(for: "wake#weekly-mon+tue+thu-07:30:00").uuidString == id)
            #expect(
                text == """
                    {
                      "alarms" : [
                        {
                          "id" : "\(id)",
                          "identifier" : "wake#weekly-mon+tue+thu-07:30:00",
                          "ruleID" : "wake"
                        }
                      ],
                      "version" : 1
                    }

                    """)
        }
    }

    @Test(
        "a file that is not an index, or is from a newer release, is an error naming it, and is never overwritten",
        arguments: [
            ("not json", "is not a valid index"),
            (#"{"version": 2, "alarms": []}"#, "has format version 2, newer than this release reads (1)")
        ])
    func unreadable(contents: String, message: String) throws {
        try withTemporaryFolder { folder in
            let url = folder.appending(path: "alarms.json")
            try Data(contents.utf8).write(to: url)
            let index = AlarmIdentifierIndex(fileURL: url)
            #expect {
                try index.record(request("wake@2026-06-01T07:30:00"))
            } throws: { error in
                guard case .failed(let reason) = error as? AlarmCenterError else { return false }
                return reason.contains(url.path) && reason.contains(message)
            }
            #expect(try String(contentsOf: url, encoding: .utf8) == contents)
        }
    }
}

@Suite("AlarmKit metadata: which fire is ringing")
struct AlarmKitMetadataTests {
    @Test("a one-shot's fire is its identifier")
    func oneShot() {
        let metadata = AlarmKitMetadata(ruleID: "wake", identifier: "wake@2026-03-29T07:30:00")
        #expect(metadata.fireID(ringingAt: at(1_774_762_200), deviceTimeZone: Zones.berlin) == "wake@2026-03-29T07:30:00")
    }

    @Test("a repeating alarm's ring is its time on the device clock's date, or the day before when it rings late past midnight")
    func repeating() {
        let daily = AlarmKitMetadata(ruleID: "wake", identifier: "wake#daily-07:30:00")
        // 2026-03-30T05:30:00Z is 07:30 CEST on Monday 30 March.
        #expect(daily.fireID(ringingAt: at(1_774_848_600), deviceTimeZone: Zones.berlin) == "wake@2026-03-30T07:30:00")
        let late = AlarmKitMetadata(ruleID: "night", identifier: "night#weekly-mon-23:50:00")
        // 2026-03-30T22:10:00Z is 00:10 CEST on Tuesday 31 March: the Monday 23:50 ring, late.
        #expect(late.fireID(ringingAt: at(1_774_908_600), deviceTimeZone: Zones.berlin) == "night@2026-03-30T23:50:00")
    }
}

/// A center that has lost its record of which alarms are the library's: it lists every alarm
/// with no identifier, as the AlarmKit adapter does after its index file is deleted.
private struct ForgetfulAlarmCenter: AlarmCenterAdapter {
    let base: SimulatedAlarmCenter
    func requestAuthorization() async throws(AlarmCenterError) -> Bool { await base.requestAuthorization() }
    func scheduledAlarms() async throws(AlarmCenterError) -> [ScheduledAlarm] {
        await base.scheduledAlarms().map { alarm in
            var forgotten = alarm
            forgotten.identifier = nil
            return forgotten
        }
    }
    func schedule(_ request: AlarmRequest) async throws(AlarmCenterError) { try await base.schedule(request) }
    func cancel(id: UUID) async throws(AlarmCenterError) { await base.cancel(id: id) }
}

@Suite("Scheduler on AlarmKit: alarms the center cannot name")
struct AlarmKitUnnamedAlarmTests {
    static let book = AlarmBook(rules: [
        weeklyRule("wake", days: [.monday, .tuesday, .thursday], times: ["07:30"]),
        weeklyRule("standup", days: .weekdays, times: ["09:00"], zone: Zones.tokyo)
    ])
    static let monday = at(1_780_264_800)   // Monday 2026-06-01 00:00 CEST

    private func device() -> (SimulatedAlarmCenter, AlarmScheduler, AlarmScheduler) {
        let clock = ManualClock(now: Self.monday)
        let zone = ManualTimeZone(Zones.berlin)
        let center = SimulatedAlarmCenter(limit: nil, clock: clock, deviceTimeZone: zone)
        let store = InMemoryStore(Self.book)
        let remembering = AlarmScheduler(store: store, alarmCenter: center, clock: .manual(clock), timeZone: .manual(zone))
        let forgetful = AlarmScheduler(
            store: store, alarmCenter: ForgetfulAlarmCenter(base: center), clock: .manual(clock), timeZone: .manual(zone))
        return (center, remembering, forgetful)
    }

    @Test("after the record is lost, the library's alarms are known by their name-based ids: nothing is duplicated or cancelled")
    func recognisedByID() async throws {
        let (center, remembering, forgetful) = device()
        try await remembering.refresh()
        let again = try await forgetful.refresh()
        // The first refresh held the repeating wake and 63 stand-ups (budget 64); all are known.
        #expect(again.foreignPendingCount == 0)
        #expect(again.added.isEmpty && again.removed.isEmpty && again.replaced.isEmpty)
        #expect(again.unchanged.count == 64)
        #expect(await center.scheduledAlarms().count == 64)
    }

    @Test("an unnamed alarm whose id is no planned alarm's is the app's own: it is kept and counted against the budget")
    func foreign() async throws {
        let (center, _, forgetful) = device()
        let timer = AlarmRequest(
            id: UUID(uuidString: "00000000-0000-4000-8000-000000000042")!, identifier: "kitchen timer", ruleID: "",
            schedule: .fixed(at(1_780_300_000)), title: "Tea", snoozeLength: nil)
        try await center.schedule(timer)
        let report = try await forgetful.refresh()
        #expect(report.foreignPendingCount == 1)
        // 64 − 1 = 63: the repeating wake and 62 stand-ups.
        #expect(report.slots == 63 && report.plan.fires.count == 62 && report.repeating.count == 1)
        #expect(await center.scheduledAlarms().contains { $0.id == timer.id })
    }
}
