// The helpers every test target shares (named zones, literal parsers that stop on a typo in
// the test itself) are in AlarmsTestSupport; re-exported here so no test file needs its own import.
@_exported import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsStore

// Helpers for the scheduling tests: rule builders, and centers that record or fail. Nothing
// here reads the real clock or the system zone.

let hour: TimeInterval = 3600
let dayLength: TimeInterval = 86_400

/// A weekly rule; floating unless a zone is given.
func weekly(
    _ id: String, _ days: WeekdaySet = .daily, times: [String], zone: TimeZone? = nil, label: String? = nil,
    gap: GapPolicy = .shift, overlap: OverlapPolicy = .first
) -> AlarmRule {
    AlarmRule(
        id: id, label: label, repeats: .weekly(days: days), times: times.map(clock),
        timeZone: zone.map(ZoneChoice.fixed) ?? .floating, gapPolicy: gap, overlapPolicy: overlap)
}

/// One fire built by hand, as the planner would report it.
func makeFire(
    _ ruleID: String, local: String, instant: Date, zone: TimeZone, adjustment: FireAdjustment = .none,
    floating: Bool = false, snooze: Bool = false
) -> Fire {
    Fire(
        ruleID: ruleID, instant: instant, local: wall(local), timeZone: zone, utcOffsetSeconds: zone.secondsFromGMT(for: instant),
        adjustment: adjustment, isSnooze: snooze, isFloating: floating)
}

/// Wraps a center and records every call, in order.
actor RecordingCenter: NotificationCenterAdapter {
    enum Call: Equatable {
        case pending
        case add([String])
        case remove([String])
    }

    let base: any NotificationCenterAdapter
    private(set) var calls: [Call] = []
    /// Each added request with the instant it rings at in `zone`, in add order.
    private(set) var addedInstants: [(id: String, instant: Date)] = []
    let zone: TimeZone

    init(base: any NotificationCenterAdapter, zone: TimeZone) {
        self.base = base
        self.zone = zone
    }

    func pendingIdentifiers() async throws -> [String] {
        calls.append(.pending)
        return try await base.pendingIdentifiers()
    }

    func add(_ requests: [NotificationRequest]) async throws {
        calls.append(.add(requests.map(\.identifier)))
        addedInstants += requests.map { ($0.identifier, $0.trigger.instant(deviceTimeZone: zone)) }
        try await base.add(requests)
    }

    func removePendingRequests(withIdentifiers identifiers: [String]) async throws {
        calls.append(.remove(identifiers))
        try await base.removePendingRequests(withIdentifiers: identifiers)
    }

    func clear() {
        calls = []
        addedInstants = []
    }
}

/// A center whose every call fails, to check how errors surface.
struct FailingCenter: NotificationCenterAdapter {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "notifications are not allowed" }
    }

    func pendingIdentifiers() async throws -> [String] { [] }
    func add(_ requests: [NotificationRequest]) async throws { throw Refused() }
    func removePendingRequests(withIdentifiers identifiers: [String]) async throws { throw Refused() }
}

/// A store whose book cannot be read.
struct UnreadableStore: AlarmStore {
    func load() throws(AlarmStoreError) -> AlarmBook {
        throw .permissionDenied(path: "/books/alarms.json", operation: "read")
    }

    func save(_ book: AlarmBook) throws(AlarmStoreError) {
        throw .permissionDenied(path: "/books/alarms.json", operation: "write")
    }

    func update<Result>(_ body: (inout AlarmBook) throws -> Result) throws -> Result {
        throw AlarmStoreError.permissionDenied(path: "/books/alarms.json", operation: "lock")
    }
}
