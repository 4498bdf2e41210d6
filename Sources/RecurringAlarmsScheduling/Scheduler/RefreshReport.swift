import Foundation
import RecurringAlarms

/// What one ``AlarmScheduler/refresh()`` did and until when the alarms are covered.
///
/// ```swift
/// let report = try await scheduler.refresh()
/// report.added.count        // requests registered now
/// report.removed            // pending requests no longer planned (fired, or cut by the cap)
/// report.refillDeadline     // refresh again by then, or an alarm goes missing
/// ```
public struct RefreshReport: Sendable, Hashable {
    /// The moment of the refresh.
    public let now: Date
    /// The device zone floating rules followed.
    public let deviceTimeZone: TimeZone
    /// The one-shot plan registered: the fires now pending, soonest first.
    public let plan: Plan
    /// The weekly repeating requests held after the refresh (``SchedulingStrategy/hybrid``
    /// only), sorted: on the notification backend one per weekday and time of a rule (one per
    /// time on all seven days), on AlarmKit one per time of a rule, on its weekdays.
    public let repeating: [RepeatingAlarm]
    /// How the backend's repeating requests cut a rule:
    /// ``/RecurringAlarms/RepeatingAlarm/Granularity/perWeekday`` for notifications,
    /// ``/RecurringAlarms/RepeatingAlarm/Granularity/perTime`` for AlarmKit.
    public let granularity: RepeatingAlarm.Granularity
    /// Identifiers added by this refresh, in the order added (latest-firing first).
    public let added: [String]
    /// Pending identifiers removed because they are no longer planned, sorted.
    public let removed: [String]
    /// Pending identifiers still planned but registered differently (the rule's zone or
    /// policy changed, or a floating fire now rings at another wall time): removed and added
    /// again. Empty unless something changed besides time passing and the device moving.
    public let replaced: [String]
    /// Pending identifiers left as they were, sorted.
    public let unchanged: [String]
    /// Pending requests that are not this package's (the app's own); they take slots. On the
    /// AlarmKit backend: the alarms the center holds that are not this package's.
    public let foreignPendingCount: Int
    /// The slots this refresh could fill. On the notification backend: ``SchedulerOptions/cap``
    /// minus the larger of the budget and ``foreignPendingCount``; the reminder, when there is
    /// one, takes the last. On the AlarmKit backend: ``AlarmKitOptions/budget`` (lowered to the
    /// learned ``alarmLimit``) minus ``foreignPendingCount``; the reminder is a notification and
    /// takes none.
    public let slots: Int
    /// When the "open the app" reminder rings (the coverage end), if one is registered.
    public let reminderAt: Date?
    /// The most alarms the device accepts, as learned from its refusal (AlarmKit's
    /// `maximumLimitReached`), this refresh or an earlier one; `nil` while none was met, and
    /// on the notification backend.
    public let alarmLimit: Int?
    /// The rules fixed to the device's own zone that stay one-shot under the
    /// ``SchedulingStrategy/hybrid`` strategy, although they would repeat if they followed the
    /// device's zone: they ring only as far as this refresh planned, until the app refreshes
    /// again. Empty under the other strategies. Log them, or tell the user; the plan is the
    /// same either way.
    ///
    /// ```swift
    /// for warning in report.fixedToDeviceZone {
    ///     logger.warning("\(warning)")   // rule 'weekend' is fixed to Europe/Berlin, the device's zone, so it never repeats: …
    /// }
    /// ```
    public let fixedToDeviceZone: [FixedToDeviceZoneWarning]

    /// Every fire the rules require strictly before this instant is pending (``/RecurringAlarms/Plan/coveredUntil``),
    /// as a one-shot fire or through a repeating request.
    public var coveredUntil: Date { plan.coveredUntil }

    /// The latest moment a refresh keeps the alarms unbroken: one second before
    /// ``coveredUntil``. Fires are whole seconds and a plan holds only fires after its `now`,
    /// so a refresh exactly at the coverage end is already too late for a fire there.
    /// iOS runs background refresh when it chooses, so ask for one well before this (see `Docs/iOS.md`).
    public var refillDeadline: Date { coveredUntil.addingTimeInterval(-1) }

    /// Whether the slots ran out before the horizon (the coverage is shorter than it).
    public var isTruncated: Bool { plan.isTruncated }

    /// Whether the refresh changed nothing in the center.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && replaced.isEmpty }
}
