import Foundation

/// The fires last handed to the OS, and when, so the next launch can reconcile and can tell
/// which of them have already gone off.
///
/// ```swift
/// let plan = book.plan(now: now, options: options)
/// // … register plan.fires with UNUserNotificationCenter …
/// book.applied = AppliedPlan(plan, appliedAt: now)
///
/// // Next launch, 2026-12-02T08:00:00Z:
/// book.applied?.delivered(asOf: later).map(\.id)   // ["wake@2026-12-02T07:30:00"]
/// let change = Reconciliation(pending: book.applied?.fires.map(\.id) ?? [], plan: newPlan)
/// ```
public struct AppliedPlan: Sendable, Hashable {
    /// When the fires were handed to the OS, to the whole second.
    public let appliedAt: Date
    /// The device zone the plan was made for; a different zone now means floating rules moved.
    public let deviceTimeZone: TimeZone
    /// The plan's ``Plan/coveredUntil``: plan again before this instant.
    public let coveredUntil: Date
    /// The fires, in plan order.
    public let fires: [AppliedFire]
    /// The most alarms the device accepted when it last refused one (AlarmKit's
    /// `maximumLimitReached`), so later refreshes plan within it; `nil` while no limit has been
    /// met. Kept from one applied plan to the next by the scheduler.
    public let alarmLimit: Int?

    /// Creates the record from its parts, rounding `appliedAt` and `coveredUntil` down to the
    /// whole second and keeping `fires` in the order given. To record a ``Plan``, use
    /// ``init(_:appliedAt:alarmLimit:)``.
    public init(appliedAt: Date, deviceTimeZone: TimeZone, coveredUntil: Date, fires: [AppliedFire], alarmLimit: Int? = nil) {
        self.appliedAt = Date(timeIntervalSince1970: appliedAt.timeIntervalSince1970.rounded(.down))
        self.deviceTimeZone = deviceTimeZone
        self.coveredUntil = Date(timeIntervalSince1970: coveredUntil.timeIntervalSince1970.rounded(.down))
        self.fires = fires
        self.alarmLimit = alarmLimit
    }

    /// Records `plan` as handed to the OS at `appliedAt`.
    public init(_ plan: Plan, appliedAt: Date, alarmLimit: Int? = nil) {
        self.init(
            appliedAt: appliedAt, deviceTimeZone: plan.deviceTimeZone, coveredUntil: plan.coveredUntil,
            fires: plan.fires.map { AppliedFire(id: $0.id, instant: $0.instant) }, alarmLimit: alarmLimit)
    }

    /// The fires whose instant is at or before `now`: the OS has delivered them (unless the
    /// user removed them first).
    ///
    /// - Complexity: O(f) for f fires.
    public func delivered(asOf now: Date) -> [AppliedFire] {
        fires.filter { $0.instant <= now }
    }
}

/// One fire as handed to the OS: its stable id (the notification identifier) and its instant.
public struct AppliedFire: Sendable, Hashable, Identifiable {
    /// The ``Fire/id``, such as `"wake@2026-12-01T07:30:00"` or `"wake@2026-12-01T07:39:00+snooze"`.
    public let id: String
    /// When it goes off, to the whole second.
    public let instant: Date

    /// Creates the record of one fire, rounding `instant` down to the whole second.
    /// Nothing is checked here: ``AlarmBook/validationProblems()`` reports an empty id or an
    /// instant outside the years the book file can write.
    public init(id: String, instant: Date) {
        self.id = id
        self.instant = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
    }

    /// ``id`` read as a fire id; `nil` when it is not one (the book file only requires it to be non-empty).
    public var fireID: FireID? { FireID(parsing: id) }

    /// The rule id of ``fireID``: the part of ``id`` before `@`; empty when ``id`` is not a fire id.
    public var ruleID: String { fireID?.ruleID ?? "" }

    /// Whether the fire is a snooze: ``id`` is a fire id ending in `+snooze`.
    public var isSnooze: Bool { fireID?.isSnooze ?? false }
}
