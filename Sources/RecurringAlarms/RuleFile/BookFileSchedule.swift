import Foundation

/// A valid book file compiled straight from its bytes, its runtime state included, for callers
/// that only plan: no ``AlarmRule`` is built.
///
/// It plans exactly what `AlarmBook(bookFile: bytes).plan(now:options:)` plans. The rules are
/// compiled as ``RuleFileSchedule`` compiles them; the state is read by the book reader's own
/// code (``BookStateReader/readState(topLevel:)``); each skip-next date joins the skipped days
/// of its rule's compiled entry, as ``AlarmBook/rulesForPlanning`` adds it to the rule's skip
/// dates; and the snoozes become extra fires on the clock of their rule's compiled entry, as
/// ``AlarmBook/snoozeFires(deviceTimeZone:)`` makes them. A file whose rules cannot be compiled
/// this way, or whose state has a problem, gives `nil`, and the caller reads it the full way,
/// which reports every problem: a second read, never a different answer.
///
/// ```swift
/// if let compiled = BookFileSchedule(compiling: bytes) {
///     let plan = compiled.plan(now: now, options: options)
/// } else {
///     let plan = try AlarmBook(bookFile: bytes).plan(now: now, options: options)   // throws every problem
/// }
/// ```
package struct BookFileSchedule: Sendable {
    /// The rules compiled, each rule's skip-next dates among its skipped days; the labels are
    /// the file's.
    package let file: RuleFileSchedule
    /// The snoozes of enabled rules, in file order (a snooze of a disabled rule, or of a rule
    /// not in the book, never rings).
    private let snoozes: [Snooze]
    /// The zone index of each snooze's compiled rule, 0 for a floating one.
    private let snoozeZones: [UInt16]

    /// Compiles `bytes`, a book file or a rule file, reading a large rules array in pieces on all
    /// cores; `nil` when the full reader must read them.
    ///
    /// - Complexity: O(n) in the number of bytes, as ``RuleFileSchedule/init(compiling:)``, plus
    ///   O(k log k + (k + s) log R) for k skip-next requests and s snoozes among R rules, plus
    ///   the days the skipped rules already skip.
    package init?(compiling bytes: some Collection<UInt8>) {
        self.init(compiling: bytes, split: .reading)
    }

    /// As ``init(compiling:)``, cutting a large rules array as `split` cuts it.
    init?(compiling bytes: some Collection<UInt8>, split: CoreSplit) {
        guard var file = RuleFileSchedule(compiling: bytes, split: split) else { return nil }
        var reader = BookStateReader()
        let state = reader.readState(topLevel: file.otherMembers)
        // The full reader reports the state's problems, with the rules' (none here).
        guard reader.problems.isEmpty else { return nil }
        guard file.schedule.addSkippedDays(state.skippedOccurrences) else { return nil }
        var snoozes: [Snooze] = []
        var snoozeZones: [UInt16] = []
        for snooze in state.snoozes {
            let (index, found) = file.schedule.position(ofRuleID: snooze.ruleID)
            guard found else { continue }
            snoozes.append(snooze)
            snoozeZones.append(file.schedule.rules[index].zoneIndex)
        }
        self.file = file
        self.snoozes = snoozes
        self.snoozeZones = snoozeZones
    }

    /// A rule file's schedule planned as a book without runtime state: what a rule file read
    /// as an ``AlarmRuleSet`` plans, which ignores any state a book file holds.
    package init(ignoringState file: RuleFileSchedule) {
        self.file = file
        snoozes = []
        snoozeZones = []
    }

    /// Every rule of the file, disabled ones too.
    package var ruleCount: Int { file.ruleCount }

    /// The soonest fires after `now`, snoozes included: what ``AlarmBook/plan(now:options:)`` of
    /// the book read from the same bytes gives.
    ///
    /// - Complexity: as ``AlarmSchedule/plan(now:options:including:)``, plus O(s) for s snoozes.
    package func plan(now: Date, options: PlanOptions) -> Plan {
        file.schedule.plan(now: now, options: options, including: snoozeFires(deviceTimeZone: options.deviceTimeZone))
    }

    /// The snoozes as fires, as ``AlarmBook/snoozeFires(deviceTimeZone:)`` gives them: each on
    /// its rule's clock, one per fire id.
    ///
    /// - Complexity: O(s) for s snoozes.
    package func snoozeFires(deviceTimeZone: TimeZone) -> [Fire] {
        guard !snoozes.isEmpty else { return [] }
        let zones = file.schedule.zones
        return Snooze.fires(
            zip(snoozes, snoozeZones).lazy.map { snooze, zone in
                zone == 0 ? (snooze, deviceTimeZone, true) : (snooze, zones[Int(zone)], false)
            })
    }

    /// The labels of the rules `ids` that have one, decoded from `bytes` (the bytes compiled),
    /// as ``RuleFileSchedule/labels(ofRules:in:)`` decodes them.
    ///
    /// - Complexity: O(k log n) for k ids among n rules, plus the labels' lengths.
    package func labels(ofRules ids: some Sequence<String>, in bytes: some Collection<UInt8>) -> [String: String] {
        file.labels(ofRules: ids, in: bytes)
    }
}

extension AlarmSchedule {
    /// Adds the dates of `skipped` to the skipped days of their rules, as
    /// ``AlarmBook/rulesForPlanning`` adds skip-next dates to rules' skip dates before they are
    /// compiled; a request for a rule the schedule does not hold (disabled, or not in the book)
    /// changes nothing.
    ///
    /// Each rule changed gets one new range at the end of ``skips``: its days merged with the
    /// new ones, sorted and without repeats, as compiling the rule with them gives; its old
    /// range counts as unused (see ``UnusedSlots``).
    ///
    /// Each rule's range is checked against the arrays before it is read, and again once
    /// written, so a schedule whose ranges are not sound (``layoutProblems(limit:)``) makes
    /// this give up rather than trap here or in a later plan.
    ///
    /// - Returns: `false` when a rule's range did not lie inside the arrays; the schedule may
    ///   then be half changed and must not be planned.
    /// - Complexity: O(k log k + k log n) to sort k requests and find their rules among n, plus
    ///   O(d) for the d days the changed rules already skip.
    mutating func addSkippedDays(_ skipped: [SkippedOccurrence]) -> Bool {
        var requests: [(rule: Int, day: Int32)] = []
        for skip in skipped {
            let (index, found) = position(ofRuleID: skip.ruleID)
            if found { requests.append((index, Int32(clamping: skip.date.daysSinceEpoch))) }
        }
        guard !requests.isEmpty else { return true }
        requests.sort { $0.rule != $1.rule ? $0.rule < $1.rule : $0.day < $1.day }
        var first = 0
        while first < requests.count {
            let rule = requests[first].rule
            guard rules.indices.contains(rule),
                Self.rangeProblem(of: rules[rule], times: times.count, skips: skips.count, zones: zones.count) == nil
            else { return false }
            var end = first
            while end < requests.count && requests[end].rule == rule { end += 1 }
            // Two sorted lists merged into the new range, a day equal to the last one kept dropped.
            let old = rules[rule].skipSlots
            let start = skips.count
            var kept = old.lowerBound
            var added = first
            while kept < old.upperBound || added < end {
                let day: Int32
                if added == end || (kept < old.upperBound && skips[kept] <= requests[added].day) {
                    day = skips[kept]
                    kept += 1
                } else {
                    day = requests[added].day
                    added += 1
                }
                if skips.count == start || skips[skips.count - 1] != day { skips.append(day) }
            }
            unused.skips += old.count
            rules[rule].skipsStart = Int32(start)
            rules[rule].skipsCount = Int32(skips.count - start)
            // The new range, checked before any plan reads it.
            guard Self.rangeProblem(of: rules[rule], times: times.count, skips: skips.count, zones: zones.count) == nil else {
                return false
            }
            first = end
        }
        return true
    }
}
