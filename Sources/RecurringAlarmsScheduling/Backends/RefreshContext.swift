import Foundation
import RecurringAlarms

/// What one refresh plans with, for every backend alike: the book, the moment, the device
/// zone, the scheduler's options and the backend's granularity.
struct RefreshContext {
    let book: AlarmBook
    let now: Date
    let deviceTimeZone: TimeZone
    let options: SchedulerOptions
    let granularity: RepeatingAlarm.Granularity
    /// The book's rules by id (the first of a repeated id).
    let rules: [String: AlarmRule]

    init(book: AlarmBook, now: Date, deviceTimeZone: TimeZone, options: SchedulerOptions, granularity: RepeatingAlarm.Granularity) {
        self.book = book
        self.now = now
        self.deviceTimeZone = deviceTimeZone
        self.options = options
        self.granularity = granularity
        rules = Dictionary(book.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The plan options of the ``SchedulerOptions/strategy`` with `cap`: the rolling window,
    /// or the cap filled.
    func planOptions(cap: Int) -> PlanOptions {
        options.strategy == .rolling
            ? PlanOptions(deviceTimeZone: deviceTimeZone, cap: cap, horizon: options.horizon)
            : PlanOptions.fillingCap(deviceTimeZone: deviceTimeZone, cap: cap)
    }

    /// The book planned with at most `cap` requests: a hybrid plan cut by the backend's
    /// ``granularity`` for ``SchedulingStrategy/hybrid``, one-shots only for the other strategies.
    ///
    /// - Throws: ``SchedulingError/invalidRules(_:)``; a loaded book is valid, so only a store
    ///   that hands out unchecked books gets it.
    func plan(cap: Int) throws(SchedulingError) -> HybridPlan {
        let planOptions = planOptions(cap: cap)
        do {
            return options.strategy == .hybrid
                ? try book.hybridPlan(now: now, options: planOptions, repeating: granularity)
                : HybridPlan(repeating: [], oneShot: try book.plan(now: now, options: planOptions))
        } catch {
            throw .invalidRules(error)
        }
    }

    /// The rules fixed to the device's zone that the hybrid plan keeps one-shot and would repeat
    /// floating (``/RecurringAlarms/FixedToDeviceZoneWarning``), cut by the backend's
    /// ``granularity``; none under the other strategies, which repeat nothing.
    func fixedToDeviceZoneWarnings() -> [FixedToDeviceZoneWarning] {
        guard options.strategy == .hybrid else { return [] }
        return RecurringAlarms.fixedToDeviceZoneWarnings(
            book.rulesForPlanning, now: now, deviceTimeZone: deviceTimeZone, repeating: granularity)
    }

    /// When the "open the app" reminder rings after `plan`: at its coverage end, when
    /// ``SchedulerOptions/reminder`` is set and the book requires a fire after it (see
    /// ``anyFire(after:)``); `nil` otherwise.
    func reminderAt(after plan: HybridPlan) -> Date? {
        options.reminder != nil && anyFire(after: plan) ? plan.coveredUntil : nil
    }

    /// Whether the book requires any fire after `plan`'s coverage, within a year, other than
    /// those of the rules with a repeating alarm in it (their alarms ring on): only then is a
    /// reminder worth a place. A truncated plan has one by definition.
    ///
    /// - Complexity: one plan of the book with a cap of 1 (none when `plan` is truncated).
    func anyFire(after plan: HybridPlan) -> Bool {
        if plan.oneShot.isTruncated { return true }
        let probe = PlanOptions(deviceTimeZone: deviceTimeZone, cap: 1, horizon: PlanOptions.maximumHorizon)
        var rest = book
        let repeatingRules = Set(plan.repeating.map(\.ruleID))
        if !repeatingRules.isEmpty { rest.rules.removeAll { repeatingRules.contains($0.id) } }
        // The book already planned once in this refresh, so it is valid and this cannot throw.
        return (try? rest.plan(now: plan.coveredUntil, options: probe))?.fires.isEmpty == false
    }
}

extension HybridPlan {
    /// The plan as the device holds it after refusing `leftOut` (identifiers of repeating
    /// alarms and fires): without them, covered until `end` at the latest, and truncated.
    /// Every fire before the first one left out is held.
    func holding(without leftOut: Set<String>, coveredUntil end: Date) -> HybridPlan {
        let plan = oneShot
        let held = Plan(
            now: plan.now, deviceTimeZone: plan.deviceTimeZone, cap: plan.cap, fires: plan.fires.filter { !leftOut.contains($0.id) },
            horizonEnd: plan.horizonEnd, coveredUntil: min(end, plan.coveredUntil), isTruncated: true)
        return HybridPlan(repeating: repeating.filter { !leftOut.contains($0.id) }, oneShot: held)
    }
}
