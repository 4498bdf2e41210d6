import Foundation
import RecurringAlarms
import RecurringAlarmsStore

extension AlarmScheduler {
    /// One refresh against an AlarmKit center: authorization, the book's AlarmKit plan within
    /// the budget (lowered by a learned limit and the app's own alarms), then only the
    /// difference — cancel what is no longer planned, schedule what is missing, soonest first —
    /// and the applied plan recorded with the limit.
    ///
    /// A one-shot alarm that rang and was stopped is gone from the center, as AlarmKit deletes
    /// it; its fire is in the past, so the plan from now no longer holds it: it counts as
    /// delivered, never as lost. An alarm that is ringing, snoozed or paused is never cancelled.
    /// When the device refuses an alarm (`maximumLimitReached`), what was scheduled stays, the
    /// rest is left out, the number the device held becomes the book's learned limit, and the
    /// report's coverage ends at the first alarm left out.
    func performAlarmRefresh(
        center: any AlarmCenterAdapter, reminders: (any NotificationCenterAdapter)?, now: Date, deviceTimeZone: TimeZone
    ) async throws(SchedulingError) -> RefreshReport {
        let authorized: Bool
        do { authorized = try await center.requestAuthorization() } catch {
            throw .center(operation: "ask for authorization", underlying: error)
        }
        guard authorized else { throw .notAuthorized }
        let book = try await loadBook()
        let held: [ScheduledAlarm]
        do { held = try await center.scheduledAlarms() } catch {
            throw .center(operation: "list scheduled alarms", underlying: error)
        }
        var limit = min(max(options.alarmKit.budget, 0), PlanOptions.maximumCap)
        if let learned = book.applied?.alarmLimit { limit = min(limit, learned) }
        // An alarm the center cannot name (its record was lost) is still this library's when its
        // id is the name-based UUID of an alarm planned now or applied last time.
        let fullPlan = try alarmKitPlan(book, options: alarmPlanOptions(budget: limit, deviceTimeZone: deviceTimeZone), now: now)
        let fullIdentifiers = PlanIdentifiers(fullPlan)
        var alarmIDs = AlarmIDs()
        var known: [UUID: String] = [:]
        var fullPlanIDs = Set<UUID>()
        for identifier in fullIdentifiers.all {
            let id = alarmIDs.id(for: identifier)
            known[id] = identifier
            fullPlanIDs.insert(id)
        }
        for fire in book.applied?.fires ?? [] {
            let identifier = fire.id
            known[alarmIDs.id(for: identifier)] = identifier
        }
        let owned = held.compactMap { alarm -> ScheduledAlarm? in
            if let identifier = alarm.identifier { return Self.isManagedAlarm(identifier) ? alarm : nil }
            guard let identifier = known[alarm.id] else { return nil }
            var named = alarm
            named.identifier = identifier
            return named
        }
        let foreignCount = held.count - owned.count
        // A ringing, snoozed or paused alarm the plan no longer holds stays (it is the user's
        // moment) and takes a place on the device until it ends: plan within what is left.
        let pinnedCount = owned.count(where: { $0.state != .scheduled && !fullPlanIDs.contains($0.id) })
        let budget = max(0, limit - foreignCount - pinnedCount)
        let planOptions = alarmPlanOptions(budget: budget, deviceTimeZone: deviceTimeZone)
        let planned = budget == limit ? fullPlan : try alarmKitPlan(book, options: planOptions, now: now)
        let identifiers = budget == limit ? fullIdentifiers : PlanIdentifiers(planned)

        let rules = Dictionary(book.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let desired = desiredAlarms(
            planned, identifiers: identifiers, alarmIDs: &alarmIDs, rules: rules, now: now, deviceTimeZone: deviceTimeZone)
        let heldByID = Dictionary(owned.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let desiredIDs = Set(desired.map(\.request.id))
        // Ringing, snoozed and paused alarms belong to the user's moment: never cancel them.
        let removed = owned.filter { !desiredIDs.contains($0.id) && $0.state == .scheduled }
        var cancelling = removed.map(\.id)
        var replaced: [String] = []
        var unchanged: [String] = []
        var scheduling: [DesiredAlarm] = []
        for alarm in desired {
            if let existing = heldByID[alarm.request.id] {
                if existing.schedule == alarm.request.schedule || existing.state != .scheduled {
                    unchanged.append(alarm.request.identifier)
                    continue
                }
                cancelling.append(alarm.request.id)
                replaced.append(alarm.request.identifier)
            }
            scheduling.append(alarm)
        }

        for id in cancelling {
            do { try await center.cancel(id: id) } catch { throw .center(operation: "cancel alarms", underlying: error) }
        }
        var added: [String] = []
        var learned = book.applied?.alarmLimit
        var refused: Int?
        for (index, alarm) in scheduling.enumerated() {
            do {
                try await center.schedule(alarm.request)
                added.append(alarm.request.identifier)
            } catch .maximumLimitReached(let count) {
                learned = min(learned ?? Int.max, max(count, 0))
                refused = index
                break
            } catch {
                throw .center(operation: "schedule alarms", underlying: error)
            }
        }

        var plan = planned.oneShot
        var repeating = planned.repeating
        if let refused {
            // The refused alarm and every one after it, which the loop never tried.
            let notScheduled = Set(scheduling[refused...].map(\.request.identifier))
            // Honest coverage: every fire before the first alarm left out is held.
            let coverageEnd = min(scheduling[refused].nextInstant, plan.coveredUntil)
            plan = Plan(
                now: plan.now, deviceTimeZone: plan.deviceTimeZone, cap: plan.cap,
                fires: zip(plan.fires, identifiers.oneShot).filter { !notScheduled.contains($1) }.map(\.0),
                horizonEnd: plan.horizonEnd, coveredUntil: coverageEnd, isTruncated: true)
            repeating = zip(repeating, identifiers.repeating).filter { !notScheduled.contains($1) }.map(\.0)
        }
        let reminderAt = try await refreshReminder(reminders, book: book, plan: plan, planOptions: planOptions, repeating: repeating)

        let applied = AppliedPlan(plan, appliedAt: now, alarmLimit: learned)
        try await updateBook(operation: "record the applied plan") { book in
            book.applied = applied
            book.pruneExpired(now: now)
        }
        var report = RefreshReport(
            now: now, deviceTimeZone: deviceTimeZone, plan: plan, repeating: [], added: added,
            removed: removed.compactMap(\.identifier).sorted(), replaced: replaced.sorted(), unchanged: unchanged.sorted(),
            foreignPendingCount: foreignCount, slots: budget, reminderAt: reminderAt)
        report.repeatingAlarms = repeating
        report.alarmLimit = learned
        return report
    }

    /// The options of the AlarmKit plan under `budget`: the strategy's reach.
    private func alarmPlanOptions(budget: Int, deviceTimeZone: TimeZone) -> PlanOptions {
        options.strategy == .rolling
            ? PlanOptions(deviceTimeZone: deviceTimeZone, cap: budget, horizon: options.horizon)
            : PlanOptions.fillingCap(deviceTimeZone: deviceTimeZone, cap: budget)
    }

    /// The book's AlarmKit plan with `planOptions`, as `alarmPlanOptions(budget:deviceTimeZone:)`
    /// gives them (their cap is the budget; the refresh keeps them for its reminder): repeating
    /// alarms and one-shots for `.hybrid`, one-shots only for the other strategies.
    private func alarmKitPlan(_ book: AlarmBook, options planOptions: PlanOptions, now: Date) throws(SchedulingError)
        -> HybridPlan
    {
        do {
            return options.strategy == .hybrid
                ? try book.hybridPlan(now: now, options: planOptions, repeating: .perTime)
                : HybridPlan(repeating: [], oneShot: try book.plan(now: now, options: planOptions))
        } catch {
            throw .invalidRules(error)
        }
    }

    /// One alarm the plan wants held, and the first instant it rings.
    struct DesiredAlarm {
        let request: AlarmRequest
        let nextInstant: Date
    }

    /// The identifiers of an AlarmKit plan's alarms, in plan order, each built once: an alarm
    /// id and a fire id are text assembled from their parts on every read.
    private struct PlanIdentifiers {
        /// ``/RecurringAlarms/RepeatingAlarm/id`` of each of the plan's repeating alarms.
        let repeating: [String]
        /// ``/RecurringAlarms/Fire/id`` of each of the plan's one-shot fires.
        let oneShot: [String]

        init(_ plan: HybridPlan) {
            repeating = plan.repeating.map(\.id)
            oneShot = plan.oneShot.fires.map(\.id)
        }

        /// Repeating alarms first, then one-shot fires.
        var all: [String] { repeating + oneShot }
    }

    /// The name-based UUIDs of one refresh's identifiers
    /// (``/RecurringAlarms/NameBasedUUID/alarmID(for:)``, a SHA-1 hash), each hashed once however
    /// many tables look it up: the ids the center is read by, the full plan's, and the requests
    /// the refresh schedules.
    private struct AlarmIDs {
        private var ids: [String: UUID] = [:]

        /// The alarm id of `identifier`.
        mutating func id(for identifier: String) -> UUID {
            if let id = ids[identifier] { return id }
            let id = NameBasedUUID.alarmID(for: identifier)
            ids[identifier] = id
            return id
        }
    }

    /// The plan's alarms, soonest first: repeating alarms at their next ring, one-shot fires at
    /// their instant. `identifiers` are the plan's; their UUIDs come from `alarmIDs`.
    private func desiredAlarms(
        _ planned: HybridPlan, identifiers: PlanIdentifiers, alarmIDs: inout AlarmIDs, rules: [String: AlarmRule], now: Date,
        deviceTimeZone: TimeZone
    ) -> [DesiredAlarm] {
        let snooze = options.alarmKit.effectiveSnoozeLength
        var alarms: [DesiredAlarm] = []
        alarms.reserveCapacity(planned.requestCount)
        let nextRings = Self.nextInstants(of: planned.repeating, rules: rules, now: now, deviceTimeZone: deviceTimeZone)
        for ((alarm, identifier), nextRing) in zip(zip(planned.repeating, identifiers.repeating), nextRings) {
            alarms.append(
                DesiredAlarm(
                    request: AlarmRequest(
                        id: alarmIDs.id(for: identifier), identifier: identifier, ruleID: alarm.ruleID,
                        schedule: .weekly(weekdays: alarm.weekdays, hour: alarm.time.hour, minute: alarm.time.minute),
                        title: rules[alarm.ruleID]?.label ?? alarm.ruleID, snoozeLength: snooze),
                    nextInstant: nextRing))
        }
        for (fire, identifier) in zip(planned.oneShot.fires, identifiers.oneShot) {
            alarms.append(
                DesiredAlarm(
                    request: AlarmRequest(
                        id: alarmIDs.id(for: identifier), identifier: identifier, ruleID: fire.ruleID, schedule: .fixed(fire.instant),
                        title: rules[fire.ruleID]?.label ?? fire.ruleID, snoozeLength: snooze),
                    nextInstant: fire.instant))
        }
        // Stable: one-shot fires keep plan order, and repeating alarms come first on a tie.
        return alarms.enumerated().sorted { ($0.element.nextInstant, $0.offset) < ($1.element.nextInstant, $1.offset) }.map(\.element)
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

    /// Keeps the reminder notification at the coverage end, when a reminder center and
    /// ``SchedulerOptions/reminder`` are set; returns when it rings.
    private func refreshReminder(
        _ reminders: (any NotificationCenterAdapter)?, book: AlarmBook, plan: Plan, planOptions: PlanOptions,
        repeating: [RepeatingAlarm]
    ) async throws(SchedulingError) -> Date? {
        guard let reminders else { return nil }
        let pending: [String]
        do { pending = try await reminders.pendingIdentifiers() } catch {
            throw .center(operation: "list pending requests", underlying: error)
        }
        let stale = pending.filter(RefreshReminder.isReminderIdentifier)
        var wanted: NotificationRequest?
        if let reminder = options.reminder,
            Self.anyFire(in: book, after: plan, options: planOptions, except: Set(repeating.map(\.ruleID)))
        {
            wanted = reminder.request(at: plan.coveredUntil)
        }
        let removing = stale.filter { $0 != wanted?.identifier }
        if !removing.isEmpty {
            do { try await reminders.removePendingRequests(withIdentifiers: removing) } catch {
                throw .center(operation: "remove requests", underlying: error)
            }
        }
        if let wanted, !stale.contains(wanted.identifier) {
            do { try await reminders.add([wanted]) } catch { throw .center(operation: "add requests", underlying: error) }
        }
        return wanted == nil ? nil : plan.coveredUntil
    }

    /// Whether an alarm's identifier is this package's: a fire id or a repeating alarm id.
    static func isManagedAlarm(_ identifier: String) -> Bool {
        FireID(parsing: identifier) != nil || RepeatingAlarm(parsing: identifier) != nil
    }
}
