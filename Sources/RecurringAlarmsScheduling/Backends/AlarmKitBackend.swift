import Foundation
import RecurringAlarms

/// AlarmKit alarms in an ``AlarmCenterAdapter`` (AlarmKit, or the simulated center): one
/// repeating alarm per time of a rule, one-shot alarms for the other fires, soonest first, and
/// the reminder as a notification in a center of its own.
///
/// The room is ``AlarmKitOptions/budget``, lowered to the limit the device taught by refusing
/// an alarm, less the alarms the app holds of its own and the package's alarms that are
/// ringing, snoozed or paused but planned no longer. Alarms are cancelled, then scheduled one
/// by one, soonest first; when the device refuses one (`maximumLimitReached`), what was
/// scheduled stays, the rest is left out, and the number the device held becomes the learned
/// limit.
///
/// A one-shot alarm that rang and was stopped is gone from the center, as AlarmKit deletes it;
/// its fire is in the past, so the plan from now no longer holds it: it counts as delivered,
/// never as lost. An alarm that is ringing, snoozed or paused is never cancelled or replaced.
struct AlarmKitBackend: SchedulingBackend {
    let center: any AlarmCenterAdapter
    /// Where the "open the app" reminder goes, as a notification; `nil` for none.
    let reminders: (any NotificationCenterAdapter)?

    var granularity: RepeatingAlarm.Granularity { .perTime }

    /// The package's alarms the center holds, each with its identifier.
    struct Holdings {
        /// In the order the center listed them.
        let owned: [ScheduledAlarm]
        let byID: [UUID: ScheduledAlarm]
    }

    func prepare() async throws(SchedulingError) {
        let authorized: Bool
        do { authorized = try await center.requestAuthorization() } catch {
            throw .center(operation: "ask for authorization", underlying: error)
        }
        guard authorized else { throw .notAuthorized }
    }

    func read(_ refresh: RefreshContext) async throws(SchedulingError) -> DeviceState<Holdings> {
        let held: [ScheduledAlarm]
        do { held = try await center.scheduledAlarms() } catch {
            throw .center(operation: "list scheduled alarms", underlying: error)
        }
        let learned = refresh.book.applied?.alarmLimit
        var limit = min(max(refresh.options.alarmKit.budget, 0), PlanOptions.maximumCap)
        if let learned { limit = min(limit, learned) }

        // An alarm the center cannot name (its record was lost) is still this package's when
        // its id is the name-based UUID of an alarm applied last time or planned now.
        var known: [UUID: String] = [:]
        if held.contains(where: { $0.identifier == nil }) {
            for fire in refresh.book.applied?.fires ?? [] { known[NameBasedUUID.alarmID(for: fire.id)] = fire.id }
        }
        var owned = Self.owned(held, known: known)
        // A ringing, snoozed or paused alarm the plan no longer holds stays (it is the user's
        // moment) and takes a place on the device until it ends. Which are planned, and which
        // unnamed alarms are planned ones, only the plan of the whole limit tells.
        var fullPlan: HybridPlan?
        var fullPlanIDs = Set<UUID>()
        if held.contains(where: { $0.identifier == nil && known[$0.id] == nil }) || owned.contains(where: { $0.state != .scheduled }) {
            let plan = try refresh.plan(cap: limit)
            for identifier in plan.repeating.map(\.id) + plan.oneShot.fires.map(\.id) {
                let id = NameBasedUUID.alarmID(for: identifier)
                known[id] = identifier
                fullPlanIDs.insert(id)
            }
            owned = Self.owned(held, known: known)
            fullPlan = plan
        }
        let foreignCount = held.count - owned.count
        let pinnedCount = owned.count(where: { $0.state != .scheduled && !fullPlanIDs.contains($0.id) })
        let budget = max(0, limit - foreignCount - pinnedCount)
        return DeviceState(
            owned: owned.map(\.id.uuidString), foreignCount: foreignCount, slots: budget, planCap: budget,
            canHoldReminder: reminders != nil, learnedLimit: learned, plan: budget == limit ? fullPlan : nil,
            holdings: Holdings(owned: owned, byID: Dictionary(owned.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })))
    }

    /// The package's alarms among `held`, named: those whose identifier is the package's, and
    /// unnamed ones whose id is in `known`.
    private static func owned(_ held: [ScheduledAlarm], known: [UUID: String]) -> [ScheduledAlarm] {
        held.compactMap { alarm -> ScheduledAlarm? in
            if let identifier = alarm.identifier { return isManagedAlarm(identifier) ? alarm : nil }
            guard let identifier = known[alarm.id] else { return nil }
            var named = alarm
            named.identifier = identifier
            return named
        }
    }

    /// Whether an alarm's identifier is this package's: a fire id or a repeating alarm's id.
    static func isManagedAlarm(_ identifier: String) -> Bool {
        FireID(parsing: identifier) != nil || RepeatingAlarm(parsing: identifier) != nil
    }

    /// The plan's alarms, soonest first: repeating alarms at their next ring, one-shot fires
    /// at their instant. The reminder is a notification, kept by ``keepReminder(at:in:)``.
    func requests(for plan: HybridPlan, reminderAt _: Date?, in refresh: RefreshContext) -> [DesiredAlarm] {
        let snooze = refresh.options.alarmKit.effectiveSnoozeLength
        let rules = refresh.rules
        var alarms: [DesiredAlarm] = []
        alarms.reserveCapacity(plan.requestCount)
        let nextRings = Self.nextInstants(of: plan.repeating, rules: rules, now: refresh.now, deviceTimeZone: refresh.deviceTimeZone)
        for (alarm, nextRing) in zip(plan.repeating, nextRings) {
            alarms.append(
                DesiredAlarm(
                    identifier: alarm.id, ruleID: alarm.ruleID,
                    schedule: .weekly(weekdays: alarm.weekdays, hour: alarm.time.hour, minute: alarm.time.minute),
                    title: rules[alarm.ruleID]?.label ?? alarm.ruleID, snoozeLength: snooze, nextInstant: nextRing))
        }
        for fire in plan.oneShot.fires {
            alarms.append(
                DesiredAlarm(
                    identifier: fire.id, ruleID: fire.ruleID, schedule: .fixed(fire.instant),
                    title: rules[fire.ruleID]?.label ?? fire.ruleID, snoozeLength: snooze, nextInstant: fire.instant))
        }
        // Stable: one-shot fires keep plan order, and repeating alarms come first on a tie.
        return alarms.enumerated().sorted { ($0.element.nextInstant, $0.offset) < ($1.element.nextInstant, $1.offset) }.map(\.element)
    }

    func isRegisteredDifferently(_ alarm: DesiredAlarm, in holdings: Holdings) -> Bool {
        // Ringing, snoozed and paused alarms belong to the user's moment: never replace them.
        guard let held = holdings.byID[alarm.request.id], held.state == .scheduled else { return false }
        return held.schedule != alarm.request.schedule
    }

    func apply(_ change: Reconciliation<DesiredAlarm>, to holdings: Holdings) async throws(SchedulingError) -> AppliedChange {
        // Ringing, snoozed and paused alarms belong to the user's moment: never cancel them.
        let unwanted = Set(change.toRemove)
        let removed = holdings.owned.filter { unwanted.contains($0.id.uuidString) && $0.state == .scheduled }
        let replacing = Set(change.toReplace)
        let cancelling = removed.map(\.id) + change.toAdd.filter { replacing.contains($0.id) }.map(\.request.id)
        for id in cancelling {
            do { try await center.cancel(id: id) } catch { throw .center(operation: "cancel alarms", underlying: error) }
        }
        var added: [String] = []
        var refusal: AppliedChange.Refusal?
        for (index, alarm) in change.toAdd.enumerated() {
            do {
                try await center.schedule(alarm.request)
                added.append(alarm.request.identifier)
            } catch .maximumLimitReached(let count) {
                // The refused alarm and every one after it, which the loop never tries.
                refusal = AppliedChange.Refusal(
                    held: count, leftOut: Set(change.toAdd[index...].map(\.request.identifier)), firstRing: alarm.nextInstant)
                break
            } catch {
                throw .center(operation: "schedule alarms", underlying: error)
            }
        }
        return AppliedChange(added: added, removed: removed.compactMap(\.identifier).sorted(), refusal: refusal)
    }

    /// Keeps the one reminder notification at `instant` in the reminder center, removing any
    /// other; nothing without a reminder center.
    func keepReminder(at instant: Date?, in refresh: RefreshContext) async throws(SchedulingError) {
        guard let reminders else { return }
        let pending: [String]
        do { pending = try await reminders.pendingIdentifiers() } catch {
            throw .center(operation: "list pending requests", underlying: error)
        }
        let wanted = instant.flatMap { refresh.options.reminder?.request(at: $0) }
        let change = Reconciliation(pending: pending.filter(RefreshReminder.isReminderIdentifier), desired: wanted.map { [$0] } ?? [])
        if !change.toRemove.isEmpty {
            do { try await reminders.removePendingRequests(withIdentifiers: change.toRemove) } catch {
                throw .center(operation: "remove requests", underlying: error)
            }
        }
        if !change.toAdd.isEmpty {
            do { try await reminders.add(change.toAdd) } catch { throw .center(operation: "add requests", underlying: error) }
        }
    }

    /// How many of a rule's soonest fires its repeating alarms' next rings are looked for in:
    /// a week of hourly fires, far more than a rule AlarmKit can repeat usually has.
    private static let nextRingFiresPerRule = 7 * 24
    /// How far past now the next rings are looked for: a week and a day, so a weekly alarm
    /// whose time today has just passed is still found next week.
    private static let nextRingHorizon: TimeInterval = 8 * 86_400

    /// When each of `alarms` next rings, in their order: its rule's first fire at its time among
    /// the rule's `nextRingFiresPerRule` soonest fires in the next `nextRingHorizon`, as the
    /// engine plans them (the same instant, as the alarm is eligible only where they agree);
    /// `now` when `rules` lacks the rule, or the engine refuses it, or it has no such fire.
    ///
    /// Each rule is planned once, alone, however many of its times repeat: a few microseconds
    /// a rule, at refresh time only. Internal, not private, for its tests.
    ///
    /// - Complexity: one plan of one rule per distinct rule of `alarms` (cap 168 fires, 8 days),
    ///   plus O(a) for the a alarms.
    static func nextInstants(
        of alarms: [RepeatingAlarm], rules: [String: AlarmRule], now: Date, deviceTimeZone: TimeZone
    ) -> [Date] {
        let window = PlanOptions(deviceTimeZone: deviceTimeZone, cap: nextRingFiresPerRule, horizon: nextRingHorizon)
        var fires: [String: [Fire]] = [:]
        return alarms.map { alarm in
            if fires[alarm.ruleID] == nil {
                let rule = rules[alarm.ruleID]
                fires[alarm.ruleID] = rule.flatMap { try? RecurringAlarms.plan([$0], now: now, options: window).fires } ?? []
            }
            return fires[alarm.ruleID]?.first { $0.local.time == alarm.time }?.instant ?? now
        }
    }
}

/// One alarm an AlarmKit refresh wants held, and the first instant it rings. Identified by its
/// alarm id's text (the name-based UUID of ``identifier``), the key AlarmKit holds it by.
struct DesiredAlarm: BackendRequest {
    let request: AlarmRequest
    let nextInstant: Date
    let id: String

    var identifier: String { request.identifier }

    init(identifier: String, ruleID: String, schedule: AlarmRequest.Schedule, title: String, snoozeLength: TimeInterval?, nextInstant: Date)
    {
        let alarmID = NameBasedUUID.alarmID(for: identifier)
        request = AlarmRequest(
            id: alarmID, identifier: identifier, ruleID: ruleID, schedule: schedule, title: title, snoozeLength: snoozeLength)
        self.nextInstant = nextInstant
        id = alarmID.uuidString
    }
}
