import Foundation

/// A rule file or an alarm book compiled for planning: the schedule of its enabled rules, with
/// a book's skip-next dates among their rules' skipped days and its snoozes as extra fires on
/// their rules' clocks. The one compiled form of a file, with or without its book's state, and
/// the one place a book's state is applied to planning: ``AlarmBook/plan(now:options:)``
/// plans through it too.
///
/// A file compiled straight from its bytes builds no ``AlarmRule`` (``RuleFile``) and keeps
/// its bytes: its labels are not decoded until ``labels(ofRules:)`` asks for a few.
///
/// ```swift
/// if case .compiled(let book) = try RuleFile.compiled(bytes, state: .read, labelBytes: bytes) {
///     let plan = book.plan(now: now, options: options)
///     let labels = book.labels(ofRules: plan.fires.map(\.ruleID))
/// }
/// ```
package struct CompiledBook: Sendable {
    /// The enabled rules compiled, each rule's skip-next dates among its skipped days.
    package private(set) var schedule: AlarmSchedule
    /// Every rule of the file or book, disabled ones too.
    package let ruleCount: Int
    /// The snoozes of enabled rules, in order (a snooze of a disabled rule, or of a rule not in
    /// the book, never rings).
    private var snoozes: [Snooze] = []
    /// The zone index of each snooze's compiled rule, 0 for a floating one.
    private var snoozeZones: [UInt16] = []
    /// Where each compiled rule's label starts in ``labelBytes`` (its opening quote), -1 for
    /// none; empty when no rule has a label.
    private let labelStarts: [Int]
    /// The bytes the book was compiled from, when their labels can be asked for.
    private let labelBytes: (any Collection<UInt8> & Sendable)?

    /// A file compiled by the direct reader; `labelBytes` are its bytes, kept for its labels.
    init(file: DirectRuleReader.CompiledFile, labelBytes: (any Collection<UInt8> & Sendable)?) {
        schedule = AlarmSchedule(file.schedule)
        ruleCount = file.ruleCount
        labelStarts = file.labelStarts
        self.labelBytes = labelBytes
    }

    /// `book` compiled: its rules, its skip-next dates among their skipped days, and its
    /// snoozes; no labels.
    ///
    /// - Throws: ``AlarmRulesError/invalid(_:)`` when the book's rules are not valid together,
    ///   as ``AlarmSchedule/init(rules:)`` throws it.
    /// - Complexity: as ``AlarmSchedule/init(rules:)``, then as ``apply(skippedOccurrences:snoozes:)``.
    package init(_ book: AlarmBook) throws(AlarmRulesError) {
        schedule = try AlarmSchedule(rules: book.rules)
        ruleCount = book.rules.count
        labelStarts = []
        labelBytes = nil
        // Compiled from values, every rule's ranges are sound, so applying cannot give up.
        _ = apply(skippedOccurrences: book.skippedOccurrences, snoozes: book.snoozes)
    }

    /// Applies a book's state: each skip-next date joins the skipped days of its rule's
    /// compiled entry (``AlarmSchedule/addSkippedDays(_:)``), and each snooze of an enabled
    /// rule is kept with its rule's zone, for ``snoozeFires(deviceTimeZone:)``. A request for a
    /// rule the schedule does not hold (disabled, or not in the book) changes nothing.
    ///
    /// - Returns: `false` when a rule's compiled ranges were not sound (never for rules
    ///   compiled from values); the book must then not be planned.
    /// - Complexity: O(k log k + (k + s) log R) for k skip-next requests and s snoozes among R
    ///   rules, plus the days the skipped rules already skip.
    mutating func apply(skippedOccurrences: [SkippedOccurrence], snoozes: [Snooze]) -> Bool {
        guard schedule.addSkippedDays(skippedOccurrences) else { return false }
        for snooze in snoozes {
            let (index, found) = schedule.position(ofRuleID: snooze.ruleID)
            guard found else { continue }
            self.snoozes.append(snooze)
            snoozeZones.append(schedule.rules[index].zoneIndex)
        }
        return true
    }

    /// The soonest fires after `now`, snoozes included.
    ///
    /// - Complexity: as ``AlarmSchedule/plan(now:options:including:)``, plus O(s) for s snoozes.
    package func plan(now: Date, options: PlanOptions) -> Plan {
        schedule.plan(now: now, options: options, including: snoozeFires(deviceTimeZone: options.deviceTimeZone))
    }

    /// The snoozes as fires, as ``AlarmBook/snoozeFires(deviceTimeZone:)`` gives them: each on
    /// its rule's clock (floating rules follow `deviceTimeZone`, and their snoozes say
    /// ``Fire/isFloating``), one per fire id.
    ///
    /// - Complexity: O(s) for s snoozes.
    package func snoozeFires(deviceTimeZone: TimeZone) -> [Fire] {
        guard !snoozes.isEmpty else { return [] }
        let zones = schedule.zones
        return Snooze.fires(
            zip(snoozes, snoozeZones).lazy.map { snooze, zone in
                zone == 0 ? (snooze, deviceTimeZone, true) : (snooze, zones[Int(zone)], false)
            })
    }

    /// The labels of the rules `ids` that have one, decoded from the bytes compiled; empty for
    /// a book compiled from values.
    ///
    /// - Complexity: O(k log n) for k ids among n rules, plus the labels' lengths.
    package func labels(ofRules ids: some Sequence<String>) -> [String: String] {
        guard let labelBytes, !labelStarts.isEmpty else { return [:] }
        var labels: [String: String] = [:]
        _ = labelBytes.withContiguousStorageIfAvailable { bytes in
            for id in ids where labels[id] == nil {
                let (index, found) = schedule.position(ofRuleID: id)
                guard found, labelStarts[index] >= 0 else { continue }
                labels[id] = JSONParser.string(at: labelStarts[index], in: bytes)
            }
        }
        return labels
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
