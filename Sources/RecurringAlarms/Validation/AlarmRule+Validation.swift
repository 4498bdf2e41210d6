import Foundation

extension AlarmRule {
    /// Characters allowed in a rule id.
    package static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// How many characters a rule id may have.
    package static let idLengthRange = 1...64

    /// Whether `id` is 1–64 characters of `A-Z a-z 0-9 . _ -`.
    package static func isValidID(_ id: String) -> Bool {
        // A store checks every id on each save: read a native string's bytes in place.
        if let valid = id.utf8.withContiguousStorageIfAvailable({ isValidID(utf8: $0) }) { return valid }
        return isValidID(utf8: id.utf8)
    }

    /// Whether the UTF-8 bytes of an id are 1–64 characters of `A-Z a-z 0-9 . _ -`.
    static func isValidID(utf8: some Collection<UInt8>) -> Bool {
        idLengthRange.contains(utf8.count) && utf8.allSatisfy(isIDByte)
    }

    /// Whether `repeats` passes the checks of ``validationProblems(number:)`` on days,
    /// `everyWeeks`, start and end (readers and the compiler check without building messages).
    static func isValidRecurrence(_ repeats: Recurrence) -> Bool {
        guard case .weekly(let days, let everyWeeks, let start, let end) = repeats else { return true }
        guard days.count != 0, everyWeeksRange.contains(everyWeeks), everyWeeks == 1 || start != nil else { return false }
        if let start, let end, end < start { return false }
        return true
    }

    /// The allowed range of ``Recurrence/weekly(days:everyWeeks:start:end:)``'s `everyWeeks`.
    public static let everyWeeksRange = 1...52

    /// Every problem with this rule on its own (duplicate ids across rules are checked by
    /// ``AlarmRuleSet``). Empty means the rule is valid.
    ///
    /// ```swift
    /// var rule = AlarmRule(id: "bad id!", repeats: .weekly(days: []), times: [])
    /// rule.validationProblems().count   // 3: the id, the empty days, the empty times
    /// ```
    /// - Parameter number: the rule's 1-based position in its file, quoted in messages.
    public func validationProblems(number: Int? = nil) -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        let validID = AlarmRule.isValidID(id)
        let idForMessages = validID ? id : nil
        func report(_ field: String, _ value: String?, _ message: String) {
            problems.append(ValidationProblem(ruleID: idForMessages, ruleNumber: number, field: field, value: value, message: message))
        }
        if !validID {
            report(
                "id", JSONValue.string(id).jsonText.truncatedForMessage,
                "is not a valid id; expected 1 to 64 characters of A-Z a-z 0-9 . _ -")
        }
        if times.isEmpty {
            report("times", "[]", "is empty; expected at least one time HH:MM or HH:MM:SS")
        }
        for index in AlarmRule.repeatedIndices(of: times) {
            report("times[\(index)]", "\"\(times[index].shortDescription)\"", "is listed twice; each time may appear once")
        }
        if case .fixed(let zone) = timeZone, !TimeZone.isIANAForm(zone.identifier) {
            // Foundation makes such zones from offsets (`TimeZone(secondsFromGMT:)`, "UTC+5");
            // they are not IANA names and a rule file could not name them.
            report(
                "timeZone", JSONValue.string(zone.identifier).jsonText.truncatedForMessage,
                "is not an IANA time zone; expected an id such as \"America/New_York\" or \"UTC\"")
        }
        if case .weekly(let days, let everyWeeks, let start, let end) = repeats {
            if days.count == 0 {
                report("days", "[]", "is empty; expected at least one of \(Weekday.allNames.joined(separator: " "))")
            }
            if !AlarmRule.everyWeeksRange.contains(everyWeeks) {
                report("everyWeeks", String(everyWeeks), "is out of range; expected a whole number from 1 to 52")
            } else if everyWeeks > 1 && start == nil {
                report("everyWeeks", String(everyWeeks), "needs \"start\", the date whose week anchors the repetition")
            }
            if let start, let end, end < start {
                report("end", "\"\(end)\"", "is before start \"\(start)\"; expected a date on or after it")
            }
        }
        return problems
    }

    /// The indices of the times that an earlier index already holds, in order.
    ///
    /// Rules hold a handful of times, and a store validates every rule on each save: a short
    /// list is compared pairwise, which costs far less than building a `Set`.
    /// - Complexity: O(n²) for up to 16 times, O(n) otherwise.
    static func repeatedIndices(of times: [TimeOfDay]) -> [Int] {
        guard times.count > 16 else {
            var repeated: [Int] = []
            for index in times.indices.dropFirst() where times[..<index].contains(times[index]) { repeated.append(index) }
            return repeated
        }
        var seen = Set<TimeOfDay>(minimumCapacity: times.count)
        return times.indices.filter { !seen.insert(times[$0]).inserted }
    }
}
