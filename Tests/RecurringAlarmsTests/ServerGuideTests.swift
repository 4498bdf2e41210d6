// swift-format-ignore-file: OrderedImports
// The guide (Docs/Server.md) shows each sample from its own import on.
import Foundation
import Testing

// snippet:begin server-plan
import Foundation
import RecurringAlarms

/// One user's alarms for the next 7 days, from the book the backend stores for them.
func nextAlarms(bookJSON: Data, deviceTimeZone: TimeZone, now: Date) throws -> Plan {
    let book = try AlarmBook(jsonData: bookJSON)
    return try book.plan(now: now, options: PlanOptions(deviceTimeZone: deviceTimeZone))
}
// snippet:end

// snippet:begin server-diff
/// What to send to the user's device: only the difference from what it already holds.
func changes(since delivered: [String], plan: Plan) -> Reconciliation<Fire> {
    Reconciliation(pending: delivered, plan: plan)
}
// snippet:end

// snippet:begin server-partition
/// Which of `workers` plans `userID`: a hash of the id that is the same in every process and
/// on every machine (Swift's `hashValue` is seeded per process, so it is not used).
func worker(for userID: String, of workers: Int) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325   // 64-bit FNV-1a
    for byte in userID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(hash % UInt64(workers))
}
// snippet:end

@Suite("Server guide: one plan per user")
struct ServerGuideTests {
    static let book = Data(
        #"{"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}]}"#.utf8)
    /// Tuesday 2026-12-01T00:00:00Z; Berlin is CET (+01:00) all week, so 07:30 is 06:30Z.
    static let now = Date(timeIntervalSince1970: 1_796_083_200)

    @Test("a user's book plans the week's weekday alarms on their device's clock")
    func plansOneUser() throws {
        let plan = try nextAlarms(bookJSON: Self.book, deviceTimeZone: TimeZone(identifier: "Europe/Berlin")!, now: Self.now)
        // (now, now + 7 d] ends Tuesday 8 December at 00:00Z: Tue 1 to Fri 4, and Mon 7.
        #expect(
            plan.fires.map(\.id) == [
                "wake@2026-12-01T07:30:00", "wake@2026-12-02T07:30:00", "wake@2026-12-03T07:30:00",
                "wake@2026-12-04T07:30:00", "wake@2026-12-07T07:30:00"
            ])
        #expect(plan.fires.first?.instant == Date(timeIntervalSince1970: 1_796_106_600))   // 2026-12-01T06:30:00Z
    }

    @Test("the same book and moment give the same ids, so the device gets only the difference")
    func sendsTheDifference() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let plan = try nextAlarms(bookJSON: Self.book, deviceTimeZone: berlin, now: Self.now)
        let again = try nextAlarms(bookJSON: Self.book, deviceTimeZone: berlin, now: Self.now)
        #expect(again.fires.map(\.id) == plan.fires.map(\.id))
        let change = changes(since: ["wake@2026-12-01T07:30:00", "wake@2026-11-30T07:30:00"], plan: plan)
        #expect(change.toRemove == ["wake@2026-11-30T07:30:00"])
        #expect(change.toAdd.map(\.id) == plan.fires.dropFirst().map(\.id))
    }

    @Test("users go to workers by a hash that does not change between processes")
    func partitionsUsers() {
        // 64-bit FNV-1a modulo 4, worked out with Python: user-1 → 0, user-2 → 1, user-3 → 2, alice → 3, bob → 0.
        #expect(["user-1", "user-2", "user-3", "alice", "bob"].map { worker(for: $0, of: 4) } == [0, 1, 2, 3, 0])
    }
}
