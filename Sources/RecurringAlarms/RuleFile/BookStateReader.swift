import Foundation

/// Turns the runtime-state keys of a book file (`snoozes`, `skipNext`, `applied`) into values,
/// collecting every problem. Like the rule reader, it checks only what JSON can get wrong
/// (types, spellings, unknown and missing fields); each entry is then built, with
/// placeholders for the fields that failed, and checked by its `validationProblems(field:)`,
/// so every problem is reported once.
struct BookStateReader {
    var problems: [ValidationProblem] = []

    /// The runtime state of a book file, read from its top-level members.
    struct State {
        var snoozes: [Snooze]
        var skippedOccurrences: [SkippedOccurrence]
        var applied: AppliedPlan?
    }

    /// The state in a book file's top-level members (`snoozes`, `skipNext` and `applied`, in
    /// that order; absent ones are empty): the one reading of the state, whether the rules
    /// were read into values or compiled from the bytes (``CompiledBook``).
    mutating func readState(topLevel members: [(key: String, value: JSONValue)]) -> State {
        let snoozes = readSnoozes(JSONValue.member("snoozes", in: members))
        problems += BookStateChecker.repeatedSnoozes(snoozes)
        let skips = readSkips(JSONValue.member("skipNext", in: members))
        problems += BookStateChecker.repeatedSkips(skips)
        let applied = readApplied(JSONValue.member("applied", in: members))
        return State(snoozes: snoozes.map(\.element), skippedOccurrences: skips.map(\.element), applied: applied)
    }

    /// The snoozes read, each with its position in the file's array.
    mutating func readSnoozes(_ value: JSONValue?) -> [(position: Int, element: Snooze)] {
        readEntries(value, key: "snoozes", fields: ["rule", "fire", "at"]) { (entry: inout StateEntry) -> Snooze in
            let ruleID = entry.string("rule", "a rule id")
            let fireID = entry.string("fire", "the id of the snoozed fire, such as \"wake@2026-12-01T07:30:00\"")
            let instant = entry.instant("at")
            let snooze = Snooze(ruleID: ruleID ?? "", fireID: fireID ?? "", instant: instant ?? Date(timeIntervalSince1970: 0))
            entry.check(snooze.validationProblems(field: entry.field))
            return snooze
        }
    }

    /// The skip-next requests read, each with its position in the file's array.
    mutating func readSkips(_ value: JSONValue?) -> [(position: Int, element: SkippedOccurrence)] {
        readEntries(value, key: "skipNext", fields: ["rule", "date"]) { (entry: inout StateEntry) -> SkippedOccurrence in
            let ruleID = entry.string("rule", "a rule id")
            let date = entry.date("date")
            let skip = SkippedOccurrence(ruleID: ruleID ?? "", date: date ?? LocalDate(daysSinceEpoch: 0))
            entry.check(skip.validationProblems(field: entry.field))
            return skip
        }
    }

    mutating func readApplied(_ value: JSONValue?) -> AppliedPlan? {
        guard let value, value != .null else { return nil }
        guard case .object(let members) = value else {
            problems.append(
                .state("applied", value, "is not an object; expected {\"at\": …, \"timeZone\": …, \"coveredUntil\": …, \"fires\": […]}"))
            return nil
        }
        var entry = StateEntry(field: "applied", members: members, fields: ["at", "timeZone", "coveredUntil", "fires", "alarmLimit"])
        let appliedAt = entry.instant("at")
        let coveredUntil = entry.instant("coveredUntil")
        if let appliedAt, let coveredUntil,
            coveredUntil.timeIntervalSince1970.rounded(.down) < appliedAt.timeIntervalSince1970.rounded(.down),
            case .string(let appliedText)? = entry.value("at")
        {
            // Reported here, so both instants are quoted as written.
            entry.report("coveredUntil", entry.value("coveredUntil"), BookStateLimits.coveredBeforeApplied(appliedText))
        }
        var zone: TimeZone?
        if let identifier = entry.string("timeZone", "an IANA time zone id such as \"Europe/Paris\"") {
            zone = TimeZone(ianaIdentifier: identifier)
            if zone == nil {
                entry.report(
                    "timeZone", .string(identifier),
                    TimeZone.isIANAForm(identifier)
                        ? "is not a known time zone; expected an IANA id such as \"Europe/Paris\"" : BookStateLimits.offsetZone)
            }
        }
        let alarmLimit = entry.count("alarmLimit", in: 0...BookStateLimits.maximumAlarmLimit)
        let header = AppliedPlan(
            appliedAt: appliedAt ?? Date(timeIntervalSince1970: 0), deviceTimeZone: zone ?? TimeZone(identifier: "UTC")!,
            coveredUntil: coveredUntil ?? Date(timeIntervalSince1970: 0), fires: [], alarmLimit: alarmLimit)
        entry.check(header.headerProblems(field: "applied"))
        problems += entry.problems
        let problemsBefore = problems.count
        let fires = readEntries(entry.value("fires"), key: "applied.fires", fields: ["id", "at"], required: true) {
            (fire: inout StateEntry) -> AppliedFire in
            let id = fire.string("id", "a fire id such as \"wake@2026-12-01T07:30:00\"")
            let instant = fire.instant("at")
            let applied = AppliedFire(id: id ?? "", instant: instant ?? Date(timeIntervalSince1970: 0))
            fire.check(applied.validationProblems(field: fire.field))
            return applied
        }
        guard entry.problems.isEmpty, problems.count == problemsBefore else { return nil }
        return AppliedPlan(
            appliedAt: header.appliedAt, deviceTimeZone: header.deviceTimeZone, coveredUntil: header.coveredUntil,
            fires: fires.map(\.element), alarmLimit: alarmLimit)
    }

    /// Reads an array of objects, calling `build` on each; `null` or absent is an empty array
    /// unless `required`. Each entry read without problems comes with its position in the array.
    private mutating func readEntries<Element>(
        _ value: JSONValue?, key: String, fields: [String], required: Bool = false,
        _ build: (inout StateEntry) -> Element
    ) -> [(position: Int, element: Element)] {
        let shape = "{" + fields.map { "\"\($0)\": …" }.joined(separator: ", ") + "}"
        guard let value, value != .null else {
            if required { problems.append(.state(key, nil, "is missing; expected an array of \(shape) objects")) }
            return []
        }
        guard case .array(let elements) = value else {
            problems.append(.state(key, value, "is not an array; expected an array of \(shape) objects"))
            return []
        }
        var result: [(position: Int, element: Element)] = []
        for (index, element) in elements.enumerated() {
            let field = "\(key)[\(index)]"
            guard case .object(let members) = element else {
                problems.append(.state(field, element, "is not an object; expected \(shape)"))
                continue
            }
            var entry = StateEntry(field: field, members: members, fields: fields)
            let built = build(&entry)
            problems += entry.problems
            if entry.problems.isEmpty { result.append((index, built)) }
        }
        return result
    }
}

/// One object of the runtime state being read, reporting problems under `field`.
struct StateEntry {
    let field: String
    let members: [(key: String, value: JSONValue)]
    let ruleID: String?
    var problems: [ValidationProblem] = []
    /// Fields already reported, so the value checks do not report them again.
    var failedFields = Set<String>()

    init(field: String, members: [(key: String, value: JSONValue)], fields: [String]) {
        self.field = field
        self.members = members
        if case .string(let id)? = JSONValue.member("rule", in: members) { ruleID = id } else { ruleID = nil }
        for member in members where !fields.contains(member.key) {
            let hint = Suggestion.closest(to: member.key, among: fields).map { "did you mean \"\($0)\"? " } ?? ""
            report(member.key, nil, "is not a known field; \(hint)allowed: \(fields.joined(separator: ", "))")
        }
    }

    /// The member's value; `null` counts as absent.
    func value(_ key: String) -> JSONValue? {
        guard let value = JSONValue.member(key, in: members), value != .null else { return nil }
        return value
    }

    mutating func report(_ key: String, _ value: JSONValue?, _ message: String) {
        failedFields.insert(key)
        problems.append(.state(field + "." + key, ruleID: ruleID, value, message))
    }

    /// Adds the value checks' problems, except for fields that were already reported.
    mutating func check(_ valueProblems: [ValidationProblem]) {
        for problem in valueProblems {
            let key = problem.field.dropFirst(field.count + 1).prefix { $0 != "." && $0 != "[" }
            if !failedFields.contains(String(key)) { problems.append(problem) }
        }
    }

    mutating func string(_ key: String, _ expectation: String) -> String? {
        guard let value = value(key) else {
            report(key, nil, "is missing; expected \(expectation)")
            return nil
        }
        guard case .string(let text) = value else {
            report(key, value, "is not a string; expected \(expectation)")
            return nil
        }
        return text
    }

    mutating func instant(_ key: String) -> Date? {
        guard let text = string(key, BookStateLimits.instantForm) else { return nil }
        guard let parsed = RFC3339.parse(text) else {
            report(key, .string(text), "is not an instant; expected \(BookStateLimits.instantForm)")
            return nil
        }
        guard BookStateLimits.contains(parsed.instant) else {
            report(key, .string(text), BookStateLimits.outOfRange)
            return nil
        }
        return parsed.instant
    }

    /// An optional whole number in `range`; absent or `null` is `nil`.
    mutating func count(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = value(key) else { return nil }
        let expectation = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard case .number(let text) = value, let number = Int(text), range.contains(number) else {
            let problem = value.plainDigitsProblem(in: range)
            report(key, value, problem ?? "is not \(expectation)")
            return nil
        }
        return number
    }

    mutating func date(_ key: String) -> LocalDate? {
        guard let text = string(key, "a date YYYY-MM-DD") else { return nil }
        guard let date = LocalDate(parsing: text) else {
            report(key, .string(text), "is not a date; expected YYYY-MM-DD, a real calendar date")
            return nil
        }
        return date
    }
}
