import RecurringAlarms

/// Why ``ICalendar/document(for:start:generatedAt:within:)`` wrote no document.
package enum ICalendarExportFailure: Error, Sendable {
    /// A rule is invalid, or an id repeats: every problem.
    case invalid([ValidationProblem])
    /// The text would pass the limits.
    case tooLarge(ICalendarExportTooLarge)
}

/// An export that would write more than its limits allow: what `alarms export` refuses, since
/// `alarms import` would refuse what it wrote.
package struct ICalendarExportTooLarge: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Cause: Sendable, Hashable {
        /// One rule's `EXDATE`s alone, a line per skipped date and time: the rule, its skipped
        /// dates and its times.
        case exdates(ruleID: String, dates: Int, times: Int)
        /// The text of `rules` rules passed the lines or bytes.
        case text(rules: Int)
    }

    package var cause: Cause
    package var limits: ICalendar.ReadLimits

    /// The lines an export of `rules` writes at the least, `EXDATE`s and the five lines of
    /// every event (`BEGIN`, `UID`, `DTSTAMP`, `DTSTART`, `END`); when more than `limits`
    /// allows, why. Nothing is built: a rule with a thousand skipped dates and 86,400 times
    /// would be 86,400,000 `EXDATE` lines.
    /// - Complexity: O(t log t) for each rule's t times.
    static func beforeWriting(_ rules: [AlarmRule], limits: ICalendar.ReadLimits) -> ICalendarExportTooLarge? {
        var lines = 5
        var heaviest: (rule: AlarmRule, exdates: Int)?
        for rule in rules {
            let times = Set(rule.times).count
            let events: Int
            switch rule.repeats {
            case .once: events = times
            case .weekly: events = TimeProduct.split(rule.times).count
            }
            let (exdates, overflow) = rule.skippedDates.count.multipliedReportingOverflow(by: times)
            let ruleLines = overflow ? Int.max / 2 : exdates + 5 * events
            if exdates > heaviest?.exdates ?? 0 { heaviest = (rule, exdates) }
            lines = lines > Int.max / 2 - ruleLines ? Int.max / 2 : lines + ruleLines
        }
        guard lines > limits.maximumLines else { return nil }
        if let heaviest, heaviest.exdates > limits.maximumLines / 2 {
            return ICalendarExportTooLarge(
                cause: .exdates(ruleID: heaviest.rule.id, dates: heaviest.rule.skippedDates.count, times: Set(heaviest.rule.times).count),
                limits: limits)
        }
        return ICalendarExportTooLarge(cause: .text(rules: rules.count), limits: limits)
    }

    /// `rule 'x' has 1000 skipped dates at 86400 times each, an EXDATE line for each: more than
    /// the 100000 lines an export may have, so that an import reads it back`.
    package var description: String {
        let bytes = limits.maximumBytes
        let size = bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MiB" : "\(bytes) bytes"
        switch cause {
        case .exdates(let ruleID, let dates, let times):
            return
                "rule '\(ruleID)' has \(dates) skipped dates at \(times) times each, an EXDATE line for each: more than the \(limits.maximumLines) lines an export may have, so that an import reads it back"
        case .text(let rules):
            return
                "the \(rules) rules take more than the \(limits.maximumLines) lines or \(size) an export may have, so that an import reads it back"
        }
    }
}
