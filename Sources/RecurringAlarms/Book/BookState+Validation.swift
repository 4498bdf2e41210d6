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

    static func instantProblem(_ instant: Date, _ field: String, ruleID: String? = nil) -> ValidationProblem? {
        guard !instants.contains(instant.timeIntervalSince1970) else { return nil }
        return .state(
            field, ruleID: ruleID, .number(String(instant.timeIntervalSince1970)),
            "is out of range; expected an instant in the years 0001 to 9999")
    }

    /// How instants are written, for messages.
    static let instantForm = "an RFC 3339 instant with an offset, such as \"2026-12-01T07:39:00Z\""
}

/// Collects the problems of the runtime state of a book in memory.
struct BookStateChecker {
    var problems: [ValidationProblem] = []

    mutating func check(_ book: AlarmBook) {
        for (index, snooze) in book.snoozes.enumerated() { problems += snooze.validationProblems(field: "snoozes[\(index)]") }
        for (index, skip) in book.skippedOccurrences.enumerated() { problems += skip.validationProblems(field: "skipNext[\(index)]") }
        if let applied = book.applied { problems += applied.validationProblems(field: "applied") }
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
        if TimeZone(identifier: deviceTimeZone.identifier) == nil {
            problems.append(
                .state(
                    field + ".timeZone", .string(deviceTimeZone.ianaName),
                    "is not a known time zone; expected an IANA id such as \"Europe/Paris\""))
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
