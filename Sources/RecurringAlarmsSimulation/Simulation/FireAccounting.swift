import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsStore

/// Turns what a simulation did into a ``SimulationReport``: the fires the rules required,
/// computed from the engine's expansion alone, matched against what the center delivered.
package struct FireAccounting {
    let book: AlarmBook
    let timeline: DeviceTimeZoneTimeline
    let start: Date
    let end: Date

    /// Accounts for the fires `book` requires in `(start, end]` on a device whose zones `timeline` gives.
    package init(book: AlarmBook, timeline: DeviceTimeZoneTimeline, start: Date, end: Date) {
        self.book = book
        self.timeline = timeline
        self.start = start
        self.end = end
    }

    /// Every fire the book requires in `(start, end]`: per stretch of constant device zone, the
    /// rules' occurrences (floating rules on that stretch's clock) and the snoozes, in plan order.
    ///
    /// A floating wall time that a zone change skips is not required; one that a westward
    /// change shows twice is required twice (same id, two instants), as the engine's semantics
    /// ("07:30 wherever I am") say.
    ///
    /// - Throws: ``/RecurringAlarms/AlarmRulesError/invalid(_:)`` when the book's rules are not valid together.
    /// - Complexity: O(segments × (zones + fires)) plus sorting the fires.
    func requiredFires() throws(AlarmRulesError) -> [Fire] {
        // The book's state applied to its compiled rules, as planning applies it.
        let compiled = try CompiledBook(book)
        var fires: [Fire] = []
        for segment in timeline.segments(after: start, through: end) {
            fires += compiled.schedule.fires(after: segment.after, through: segment.through, deviceTimeZone: segment.zone)
            fires += compiled.snoozeFires(deviceTimeZone: segment.zone).filter {
                $0.instant > segment.after && $0.instant <= segment.through
            }
        }
        return fires.sorted(by: Fire.precedesInPlan)
    }

    private struct Key: Hashable {
        let id: String
        let second: Int64
        init(_ id: String, _ instant: Date) {
            self.id = id
            second = Int64(instant.timeIntervalSince1970.rounded(.down))
        }
    }

    /// One ring a center logged: a notification's delivery or an alarm's ring.
    package struct Ring: Sendable {
        /// The request's identifier: a fire id, a repeating alarm's id or a reminder id.
        package let identifier: String
        /// When it rang.
        package let instant: Date
        /// The device zone's IANA name when it rang.
        package let deviceTimeZone: String

        package init(identifier: String, instant: Date, deviceTimeZone: String) {
            self.identifier = identifier
            self.instant = instant
            self.deviceTimeZone = deviceTimeZone
        }
    }

    /// The report of a run: `rings` (in order) matched against the required fires. A repeating
    /// request's ring stands for the fire ``/RecurringAlarms/RepeatingAlarm`` names for it on
    /// the device clock then, a reminder's ring is a reminder, and any other ring is the fire
    /// its identifier names.
    ///
    /// - Parameters:
    ///   - refreshes: every open's refresh, in time order.
    ///   - drops: what the center dropped without ringing it (none on AlarmKit).
    ///   - peakPending: the most requests, or alarms, held at once.
    ///   - capacity: the most the device holds for the plan: the cap, or the AlarmKit budget.
    ///   - alarmKit: what the AlarmKit device did; `nil` for a notification run.
    /// - Throws: ``/RecurringAlarms/AlarmRulesError/invalid(_:)`` when the book's rules are not valid together.
    package func report(
        refreshes: [RefreshReport], rings: [Ring], drops: [SimulatedNotificationCenter.Drop], peakPending: Int,
        eviction: EvictionModel, capacity: Int, options: SchedulerOptions, alarmKit: SimulationReport.AlarmKitRun?
    ) throws(AlarmRulesError) -> SimulationReport {
        let required = try requiredFires()
        var outstanding: [Key: Int] = [:]
        for fire in required { outstanding[Key(fire.id, fire.instant), default: 0] += 1 }

        var reminders: [SimulationReport.RangNotification] = []
        var unexpected: [SimulationReport.RangNotification] = []
        var rang: [Key: Int] = [:]
        func record(_ ring: Ring) -> (TimeZone, SimulationReport.RangNotification) {
            // The center records the zone by its IANA name, so it parses; the timeline names the same zone.
            let zone = TimeZone(ianaIdentifier: ring.deviceTimeZone) ?? timeline.zone(at: ring.instant)
            return (zone, SimulationReport.RangNotification(id: ring.identifier, at: ring.instant, timeZone: zone))
        }
        for ring in rings {
            let (zone, record) = record(ring)
            if RefreshReminder.isReminderIdentifier(ring.identifier) {
                reminders.append(record)
                continue
            }
            let fireID =
                RepeatingAlarm(parsing: ring.identifier)?.deliveredFire(at: ring.instant, deviceTimeZone: zone).description
                ?? ring.identifier
            let key = Key(fireID, ring.instant)
            if let count = outstanding[key], count > 0 {
                outstanding[key] = count - 1
                rang[key, default: 0] += 1
            } else {
                unexpected.append(record)
            }
        }

        var fires: [SimulationReport.RequiredFire] = []
        fires.reserveCapacity(required.count)
        var missedByReason: [String: Int] = [:]
        let evictions = Dictionary(grouping: drops.filter { $0.reason == .evicted }, by: \.identifier).mapValues { $0.map(\.instant) }
        for fire in required {
            let key = Key(fire.id, fire.instant)
            let delivered = (rang[key] ?? 0) > 0
            if delivered { rang[key]! -= 1 }
            let reason = delivered ? nil : missReason(fire, refreshes: refreshes, evictions: evictions)
            if let reason { missedByReason[reason.rawValue, default: 0] += 1 }
            fires.append(
                SimulationReport.RequiredFire(fire: fire, delivered: delivered, missReason: reason))
        }

        let opens = refreshes.map {
            SimulationReport.Open(
                at: $0.now, timeZone: $0.deviceTimeZone, added: $0.added.count, removed: $0.removed.count,
                replaced: $0.replaced.count, unchanged: $0.unchanged.count, coveredUntil: $0.coveredUntil,
                refillDeadline: $0.refillDeadline, horizonEnd: $0.plan.horizonEnd, truncated: $0.isTruncated,
                slots: $0.slots, reminderAt: $0.reminderAt)
        }
        let longest = longestUncovered(refreshes: refreshes)
        let missed = fires.count(where: { !$0.delivered })
        let summary = SimulationReport.Summary(
            required: fires.count, delivered: fires.count - missed, missed: missed, missedByReason: missedByReason,
            unexpectedDeliveries: unexpected.count, reminders: reminders.count, opens: opens.count,
            evictions: drops.count(where: { $0.reason == .evicted }), peakPending: peakPending,
            longestUncoveredSeconds: longest?.seconds ?? 0)
        return SimulationReport(
            start: start, end: end, eviction: eviction, capacity: capacity, budget: options.budget,
            reminderEnabled: options.reminder != nil, initialTimeZone: timeline.zone(at: start),
            zoneChanges: timeline.changes.filter { $0.instant > start && $0.instant <= end }
                .map { SimulationReport.ZoneChange(at: $0.instant, timeZone: $0.timeZone) },
            opens: opens, fires: fires, unexpectedDeliveries: unexpected, reminders: reminders,
            drops: drops.map { SimulationReport.DroppedRequest(id: $0.identifier, at: $0.instant, reason: $0.reason) },
            longestUncovered: longest, summary: summary, alarmKit: alarmKit)
    }

    /// Why `fire` did not ring, judged from the last open before it.
    ///
    /// - Parameters:
    ///   - refreshes: every open's refresh, in time order (as the simulation runs them).
    ///   - evictions: when the center evicted each request, by identifier.
    /// - Complexity: O(log r) for r refreshes, plus the evictions of the fire's id and the zone
    ///   changes, so a run of a million fires and thousands of opens is judged in seconds.
    func missReason(
        _ fire: Fire, refreshes: [RefreshReport], evictions: [String: [Date]]
    ) -> SimulationReport.MissReason {
        // The first refresh at or after the fire; the one before it is the last open before the fire.
        var low = 0
        var high = refreshes.count
        while low < high {
            let middle = (low + high) / 2
            if refreshes[middle].now < fire.instant { low = middle + 1 } else { high = middle }
        }
        guard low > 0, case let last = refreshes[low - 1], fire.instant <= last.plan.horizonEnd else { return .noOpenInTime }
        if last.isTruncated && fire.instant >= last.coveredUntil { return .cap }
        if evictions[fire.id]?.contains(where: { $0 >= last.now && $0 <= fire.instant }) == true { return .evicted }
        if timeline.changes.contains(where: { $0.instant > last.now && $0.instant < fire.instant }) { return .timeZoneChange }
        return .notPending
    }

    /// The longest stretch of `[start, end]` outside every `[open, coveredUntil)`.
    func longestUncovered(refreshes: [RefreshReport]) -> SimulationReport.Stretch? {
        var longest: (from: Date, to: Date)?
        func consider(_ from: Date, _ to: Date) {
            guard to > from else { return }
            if let current = longest, current.to.timeIntervalSince(current.from) >= to.timeIntervalSince(from) { return }
            longest = (from, to)
        }
        var coveredThrough = start
        for refresh in refreshes.sorted(by: { $0.now < $1.now }) {
            consider(coveredThrough, min(refresh.now, end))
            coveredThrough = max(coveredThrough, refresh.coveredUntil)
        }
        consider(coveredThrough, end)
        return longest.map { SimulationReport.Stretch(from: $0.from, to: $0.to, seconds: Int($0.to.timeIntervalSince($0.from))) }
    }
}
