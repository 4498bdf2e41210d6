import Foundation
import RecurringAlarms

/// How much of the OS's notification slots the scheduler may use, what it plans (the
/// ``strategy``), how far ahead, whether it keeps a reminder slot, and what the notifications say.
///
/// ```swift
/// var options = SchedulerOptions()
/// options.budget = 4                    // the app schedules up to 4 notifications of its own
/// options.reminder = RefreshReminder()  // the last slot: "open the app to keep your alarms"
/// options.slotsForFires                 // 59 = 64 - 4 - 1
/// ```
public struct SchedulerOptions: Sendable {
    /// What the OS keeps pending per app: 64 on iOS.
    public var cap: Int
    /// Slots kept free for notifications the app registers outside this package. The scheduler
    /// also counts the pending requests it does not recognise as its own, and leaves free
    /// whichever is larger.
    public var budget: Int
    /// How far past `now` a ``SchedulingStrategy/rolling`` refresh plans; see
    /// ``/RecurringAlarms/PlanOptions/horizon``. The other strategies fill the cap instead.
    public var horizon: TimeInterval
    /// What a refresh registers; ``SchedulingStrategy/hybrid`` by default, which misses no more
    /// alarms than the other strategies and keeps plain weekly floating rules ringing without the
    /// app (see `Docs/iOS.md`). ``SchedulingStrategy/rolling`` is what earlier releases did.
    public var strategy: SchedulingStrategy
    /// The "open the app" reminder placed at the coverage end, in the last slot; `nil` for none.
    public var reminder: RefreshReminder?
    /// What each fire's notification shows.
    public var content: NotificationContentProvider
    /// The Snooze and Stop actions: when set, every fire's notification whose content names no
    /// category gets this category's identifier, and ``AlarmScheduler/handle(_:)`` reads its
    /// actions. `nil` (the default) for none. Register the category with the notification center
    /// yourself (`UserNotificationCenterAdapter.register(_:)`).
    public var actions: AlarmNotificationCategory?
    /// The AlarmKit backend's budget and snooze (``AlarmScheduler/init(store:alarmCenter:reminderCenter:clock:timeZone:options:)``);
    /// the notification backend ignores it.
    public var alarmKit = AlarmKitOptions()

    /// Creates options; by default the iOS cap of 64, no budget, a seven-day horizon, no
    /// reminder, the standard content, the ``SchedulingStrategy/hybrid`` strategy and no
    /// actions. Values are
    /// stored as given and clamped where used (see ``slots(foreignPending:)`` and
    /// ``/RecurringAlarms/PlanOptions/horizon``).
    public init(
        cap: Int = PlanOptions.defaultCap, budget: Int = 0, horizon: TimeInterval = PlanOptions.defaultHorizon,
        reminder: RefreshReminder? = nil, content: NotificationContentProvider = .standard,
        strategy: SchedulingStrategy = .hybrid, actions: AlarmNotificationCategory? = nil
    ) {
        self.cap = cap
        self.budget = budget
        self.horizon = horizon
        self.strategy = strategy
        self.reminder = reminder
        self.content = content
        self.actions = actions
    }

    /// The slots this package may fill when `foreignPending` requests of the app are pending:
    /// `cap - max(budget, foreignPending)`, at least 0.
    public func slots(foreignPending: Int = 0) -> Int {
        max(0, min(cap, PlanOptions.maximumCap) - max(budget, foreignPending, 0))
    }

    /// The slots left for fires once the reminder, if any, has its slot.
    public var slotsForFires: Int { fireSlots(foreignPending: 0) }

    func fireSlots(foreignPending: Int) -> Int {
        let slots = slots(foreignPending: foreignPending)
        return reminder == nil ? slots : max(0, slots - 1)
    }
}
