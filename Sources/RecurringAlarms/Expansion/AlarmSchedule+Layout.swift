/// The layout every plan relies on: each compiled rule's times and skipped days lie inside the
/// schedule's flat arrays, sorted, and its zone is one of the schedule's. Code that builds a
/// schedule from pieces it computed (compiling a file from its bytes, adding a book's skip-next
/// dates) checks these values before anything indexes with them, so a mistake there gives
/// up (and the caller reads the file the full way) instead of trapping on an index; tests read
/// ``AlarmSchedule/layoutProblems(limit:)`` to see what is wrong, with a message.
extension AlarmSchedule.Parts {
    /// Whether every rule's ranges lie inside `times` and `skips` and its zone inside `zones`:
    /// what indexing needs, checked with integer comparisons only.
    ///
    /// - Complexity: O(r) for r rules.
    var hasValidRanges: Bool {
        rules.count == ruleIDs.count && !zones.isEmpty
            && rules.allSatisfy { AlarmSchedule.rangeProblem(of: $0, times: times.count, skips: skips.count, zones: zones.count) == nil }
    }
}

extension AlarmSchedule {
    /// What is wrong with the schedule's layout, one message a problem, at most `limit` of them;
    /// empty when it is sound: as many ids as rules, ids strictly increasing (by UTF-8 bytes,
    /// as compiling sorts them), each rule's times and skipped days inside the flat arrays,
    /// its times strictly increasing within a day, its skipped days strictly increasing, and
    /// its zone one of the schedule's.
    ///
    /// ```swift
    /// AlarmSchedule(ruleSet).layoutProblems()   // []
    /// ```
    /// - Complexity: O(r + t + s) for r rules, t times and s skipped days, plus comparing
    ///   neighbouring ids.
    func layoutProblems(limit: Int = 10) -> [String] {
        var problems: [String] = []
        func report(_ message: String) { if problems.count < limit { problems.append(message) } }
        if rules.count != ruleIDs.count { report("\(rules.count) compiled rules but \(ruleIDs.count) ids") }
        if zones.isEmpty { report("no zones: index 0 must stand for the device zone") }
        for index in rules.indices where problems.count < limit {
            let rule = rules[index]
            let name = index < ruleIDs.count ? "rule '\(ruleIDs[index])' (#\(index + 1))" : "rule #\(index + 1)"
            if index > 0, index < ruleIDs.count, !RuleIDOrder.utf8Precedes(ruleIDs[index - 1], ruleIDs[index]) {
                report("\(name): its id does not come after '\(ruleIDs[index - 1])'")
            }
            if let problem = Self.rangeProblem(of: rule, times: times.count, skips: skips.count, zones: zones.count) {
                report("\(name): \(problem)")
                continue
            }
            let ruleTimes = times[rule.timeSlots]
            if zip(ruleTimes, ruleTimes.dropFirst()).contains(where: { $0 >= $1 })
                || ruleTimes.contains(where: { !(0..<86_400).contains($0) })
            {
                report("\(name): its times \(Array(ruleTimes)) are not strictly increasing seconds of a day")
            }
            let ruleSkips = skips[rule.skipSlots]
            if zip(ruleSkips, ruleSkips.dropFirst()).contains(where: { $0 >= $1 }) {
                report("\(name): its skipped days \(Array(ruleSkips)) are not strictly increasing")
            }
        }
        return problems
    }

    /// Why `rule`'s ranges do not lie inside arrays of `times`, `skips` and `zones` elements;
    /// `nil` when they do.
    static func rangeProblem(of rule: CompiledRule, times: Int, skips: Int, zones: Int) -> String? {
        let timesEnd = Int(rule.timesStart) + Int(rule.timesCount)
        if rule.timesStart < 0 || rule.timesCount == 0 || timesEnd > times {
            return "its times start at \(rule.timesStart) and count \(rule.timesCount), outside the \(times) times"
        }
        let skipsEnd = Int(rule.skipsStart) + Int(rule.skipsCount)
        if rule.skipsStart < 0 || rule.skipsCount < 0 || skipsEnd > skips {
            return "its skipped days start at \(rule.skipsStart) and count \(rule.skipsCount), outside the \(skips) skipped days"
        }
        if Int(rule.zoneIndex) >= zones { return "its zone index \(rule.zoneIndex) is outside the \(zones) zones" }
        return nil
    }
}
