import Foundation

/// The checks on runtime state that JSON cannot express: valid rule ids, non-empty fire ids,
/// and instants that the file format can write and read back (years 1 to 9999; a
/// `LocalDate` is always in that range).
/// The reader runs them on every entry it builds, ``AlarmBook/validationProblems()`` on the
/// values in memory, so each check lives here once.
package enum BookStateLimits {
    /// 0001-01-02T00:00:00Z ... 9999-12-30T23:59:59Z: a day inside the years RFC 3339 can
    /// write, so every UTC offset still gives a four-digit year.
    package static let instants: ClosedRange<Double> = -62_135_510_400...253_402_214_399
    /// The largest learned alarm limit a book holds: the engine's largest cap.
    package static let maximumAlarmLimit = PlanOptions.maximumCap

    /// `is out of range; expected an instant from 0001-01-02T00:00:00Z to 9999-12-30T23:59:59Z`.
    static let outOfRange =
        "is out of range; expected an instant from \(RFC3339.format(Date(timeIntervalSince1970: instants.lowerBound), utcOffsetSeconds: 0))"
        + " to \(RFC3339.format(Date(timeIntervalSince1970: instants.upperBound), utcOffsetSeconds: 0))"

    /// Whether a book can hold `instant`, a fraction of a second dropped as the state's values drop it.
    static func contains(_ instant: Date) -> Bool {
        instants.contains(instant.timeIntervalSince1970.rounded(.down))
    }

    /// The problem of an instant in memory outside ``instants``, quoted in RFC 3339 (UTC)
    /// where that can write it, else as seconds since 1970. The reader reports an instant it
    /// read as it is written, before building the value.
    static func instantProblem(_ instant: Date, _ field: String, ruleID: String? = nil) -> ValidationProblem? {
        guard !contains(instant) else { return nil }
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        // RFC 3339 writes the years 0001 to 9999: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
        let writable = (-62_135_596_800.0...253_402_300_799.0).contains(seconds)
        let value: JSONValue =
            writable
            ? .string(RFC3339.format(instant, utcOffsetSeconds: 0)) : .number(String(instant.timeIntervalSince1970))
        return .state(field, ruleID: ruleID, value, outOfRange)
    }

    /// How instants are written, for messages.
    static let instantForm = "an RFC 3339 instant with an offset, such as \"2026-12-01T07:39:00Z\""

    /// The applied plan's zone in an offset form (`GMT+0530`), which is not an IANA id.
    static let offsetZone = "is an offset, not an IANA time zone; expected an id such as \"Asia/Kolkata\" or \"Etc/GMT-5\""

    /// A plan covers from when it was applied: `coveredUntil` before `at` is not one the
    /// library records.
    static func coveredBeforeApplied(_ appliedAt: String) -> String {
        "is before applied.at \"\(appliedAt)\"; a plan covers from when it was applied, so expected that instant or later"
    }
}

/// Collects the problems of the runtime state of a book in memory.
struct BookStateChecker {
    var problems: [ValidationProblem] = []

    mutating func check(_ book: AlarmBook) {
        for (index, snooze) in book.snoozes.enumerated() { problems += snooze.validationProblems(field: "snoozes[\(index)]") }
        problems += Self.repeatedSnoozes(book.snoozes.enumerated().map { ($0.offset, $0.element) })
        for (index, skip) in book.skippedOccurrences.enumerated() { problems += skip.validationProblems(field: "skipNext[\(index)]") }
        problems += Self.repeatedSkips(book.skippedOccurrences.enumerated().map { ($0.offset, $0.element) })
        if let applied = book.applied { problems += applied.validationProblems(field: "applied") }
    }

    /// A second snooze of a rule: a rule keeps one (``AlarmBook/snooze(fireID:until:)``
    /// replaces it), and two would both ring. Each snooze is given with its position in
    /// `snoozes`, so the reader, which leaves out entries that failed, names the same entries.
    ///
    /// - Complexity: O(s) for s snoozes.
    static func repeatedSnoozes(_ snoozes: [(position: Int, element: Snooze)]) -> [ValidationProblem] {
        guard snoozes.count > 1 else { return [] }
        var first: [String: Int] = [:]
        var problems: [ValidationProblem] = []
        for (position, snooze) in snoozes {
            if let earlier = first[snooze.ruleID] {
                problems.append(
                    .state(
                        "snoozes[\(position)].rule", ruleID: snooze.ruleID, .string(snooze.ruleID),
                        "already has a snooze, snoozes[\(earlier)]; a rule keeps one snooze (snoozing again replaces it)"))
            } else {
                first[snooze.ruleID] = position
            }
        }
        return problems
    }

    /// A skip-next date listed twice for one rule: a date is skipped once.
    ///
    /// - Complexity: O(k) for k skip-next requests.
    static func repeatedSkips(_ skips: [(position: Int, element: SkippedOccurrence)]) -> [ValidationProblem] {
        guard skips.count > 1 else { return [] }
        var first: [SkippedOccurrence: Int] = [:]
        var problems: [ValidationProblem] = []
        for (position, skip) in skips {
            if let earlier = first[skip] {
                problems.append(
                    .state(
                        "skipNext[\(position)].date", ruleID: skip.ruleID, .string(skip.date.description),
                        "is already skipped for this rule by skipNext[\(earlier)]; each date of a rule is listed once"))
            } else {
                first[skip] = position
            }
        }
        return problems
    }
}

extension ValidationProblem {
    /// A problem with the runtime state, naming the rule when its id is valid.
    static func state(_ field: String, ruleID: String? = nil, _ value: JSONValue?, _ message: String) -> ValidationProblem {
        ValidationProblem(
            ruleID: ruleID.flatMap { AlarmRule.isValidID($0) ? $0 : nil }, ruleNumber: nil, field: field,
            value: value.map { $0.jsonText.truncatedForStoreMessage }, message: message)
    }
}

extension Snooze {
    func validationProblems(field: String) -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        if !AlarmRule.isValidID(ruleID) {
            problems.append(
                .state(field + ".rule", .string(ruleID), "is not a valid rule id; expected 1 to 64 characters of A-Z a-z 0-9 . _ -"))
        }
        if fireID.isEmpty {
            problems.append(
                .state(
                    field + ".fire", ruleID: ruleID, .string(fireID),
                    "is empty; expected the id of the snoozed fire, such as \"wake@2026-12-01T07:30:00\""))
        }
        if let problem = BookStateLimits.instantProblem(instant, field + ".at", ruleID: ruleID) { problems.append(problem) }
        return problems
    }
}

extension SkippedOccurrence {
    func validationProblems(field: String) -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        if !AlarmRule.isValidID(ruleID) {
            problems.append(
                .state(field + ".rule", .string(ruleID), "is not a valid rule id; expected 1 to 64 characters of A-Z a-z 0-9 . _ -"))
        }
        return problems
    }
}

extension AppliedPlan {
    func validationProblems(field: String) -> [ValidationProblem] {
        var problems = headerProblems(field: field)
        for (index, fire) in fires.enumerated() { problems += fire.validationProblems(field: field + ".fires[\(index)]") }
        return problems
    }

    /// The problems of the plan's own fields, without its fires.
    func headerProblems(field: String) -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        if let problem = BookStateLimits.instantProblem(appliedAt, field + ".at") { problems.append(problem) }
        if let problem = BookStateLimits.instantProblem(coveredUntil, field + ".coveredUntil") { problems.append(problem) }
        if let alarmLimit, !(0...BookStateLimits.maximumAlarmLimit).contains(alarmLimit) {
            problems.append(
                .state(
                    field + ".alarmLimit", .number(String(alarmLimit)),
                    "is not a whole number from 0 to \(BookStateLimits.maximumAlarmLimit)"))
        }
        if !TimeZone.isIANAForm(deviceTimeZone.identifier) {
            // Foundation makes such zones from offsets (`TimeZone(secondsFromGMT:)`); the book
            // file could not name them as it names every other zone.
            problems.append(.state(field + ".timeZone", .string(deviceTimeZone.ianaName), BookStateLimits.offsetZone))
        } else if TimeZone(identifier: deviceTimeZone.identifier) == nil {
            problems.append(
                .state(
                    field + ".timeZone", .string(deviceTimeZone.ianaName),
                    "is not a known time zone; expected an IANA id such as \"Europe/Paris\""))
        }
        if coveredUntil < appliedAt {
            let stamp = { (instant: Date) in RFC3339.format(instant, utcOffsetSeconds: deviceTimeZone.secondsFromGMT(for: instant)) }
            problems.append(
                .state(field + ".coveredUntil", .string(stamp(coveredUntil)), BookStateLimits.coveredBeforeApplied(stamp(appliedAt))))
        }
        return problems
    }
}

extension AppliedFire {
    func validationProblems(field: String) -> [ValidationProblem] {
        var problems: [ValidationProblem] = []
        if id.isEmpty {
            problems.append(.state(field + ".id", .string(id), "is empty; expected a fire id such as \"wake@2026-12-01T07:30:00\""))
        }
        if let problem = BookStateLimits.instantProblem(instant, field + ".at") { problems.append(problem) }
        return problems
    }
}

extension String {
    /// Long values are cut in messages so one bad field cannot flood a terminal.
    var truncatedForStoreMessage: String {
        count > 80 ? String(prefix(77)) + "..." : self
    }
}
