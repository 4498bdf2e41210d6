import Foundation

/// Turns the JSON form of rules into ``AlarmRule`` values, collecting every problem.
///
/// This layer only checks what JSON can get wrong (types, spellings, unknown fields,
/// fields that exclude each other); the rules it builds are then checked by
/// ``AlarmRule/validationProblems(number:)``, so each rule is enforced in one place.
struct RuleReader {
    static let ruleFields = [
        "id", "label", "enabled", "days", "date", "times", "timeZone",
        "everyWeeks", "start", "end", "skip", "gap", "overlap"
    ]

    var problems: [ValidationProblem] = []
    /// Zones already looked up by identifier: Foundation's lookup is slow on Linux, and a
    /// large file names few distinct zones.
    private var zones: [String: TimeZone?] = [:]

    mutating func readFile(_ json: JSONValue) -> [AlarmRule] {
        guard case .object = json else {
            fileProblem("(top level)", json.jsonText.truncatedForMessage, "is not an object; expected {\"version\": 1, \"rules\": [...]}")
            return []
        }
        switch json["version"] {
        case nil:
            fileProblem("version", nil, "is missing; expected 1")
        case let value? where value.integerValue != AlarmRuleSet.currentVersion:
            fileProblem(
                "version", value.jsonText.truncatedForMessage, "is not supported; this library reads version \(AlarmRuleSet.currentVersion)"
            )
        default: break
        }
        guard let rulesValue = json["rules"] else {
            fileProblem("rules", nil, "is missing; expected an array of rules")
            return []
        }
        guard case .array(let elements) = rulesValue else {
            fileProblem("rules", rulesValue.jsonText.truncatedForMessage, "is not an array; expected an array of rules")
            return []
        }
        var rules: [AlarmRule] = []
        rules.reserveCapacity(elements.count)
        var firstNumber: [String: Int] = [:]
        firstNumber.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let rule = readRule(element, number: index + 1)
            if let id = rule?.id ?? Self.validID(of: element) {
                if let earlier = firstNumber[id] {
                    problems.append(
                        ValidationProblem(
                            ruleID: id, ruleNumber: index + 1, field: "id", value: "\"\(id)\"",
                            message: "is already used by rule #\(earlier); ids must be unique"))
                } else {
                    firstNumber[id] = index + 1
                }
            }
            if let rule { rules.append(rule) }
        }
        return rules
    }

    /// The file's `version` when it is a whole number above ``AlarmRuleSet/currentVersion``:
    /// a file a newer build wrote, which this one cannot read.
    static func newerVersion(in json: JSONValue) -> Int? {
        guard case .number(let text)? = json["version"], let version = Int(text), version > AlarmRuleSet.currentVersion else { return nil }
        return version
    }

    /// The rule's id when it is a valid one, for the uniqueness check of rules that failed.
    private static func validID(of element: JSONValue) -> String? {
        guard case .object = element, case .string(let id)? = element["id"], AlarmRule.isValidID(id) else { return nil }
        return id
    }

    private mutating func fileProblem(_ field: String, _ value: String?, _ message: String) {
        problems.append(ValidationProblem(ruleID: nil, ruleNumber: nil, field: field, value: value, message: message))
    }

    /// Reads one rule object; `nil` when it has problems (they are recorded).
    mutating func readRule(_ json: JSONValue, number: Int?) -> AlarmRule? {
        guard case .object(let members) = json else {
            problems.append(
                ValidationProblem(
                    ruleID: nil, ruleNumber: number, field: "(rule)", value: json.jsonText.truncatedForMessage,
                    message: "is not an object; expected {\"id\": ..., \"days\": [...], \"times\": [...]}"))
            return nil
        }
        var rule = RuleDraft(number: number, members: members)
        rule.read(zones: &zones)
        problems += rule.problems
        return rule.problems.isEmpty ? rule.built : nil
    }
}

/// One rule being read; the fields that failed are remembered so that model validation
/// does not report them a second time.
private struct RuleDraft {
    /// The known fields, in ``RuleReader/ruleFields`` order.
    enum Field: Int {
        case id, label, enabled, days, date, times, timeZone, everyWeeks, start, end, skip, gap, overlap

        var name: String { RuleReader.ruleFields[rawValue] }
    }

    let number: Int?
    let members: [(key: String, value: JSONValue)]
    var problems: [ValidationProblem] = []
    var failedFields = Set<String>()
    var built: AlarmRule?
    /// Where each known field is in `members` (-1: absent): the members are matched against
    /// the field names once, so reading a field is an index, not a scan of string compares.
    private var slots = SIMD16<Int32>(repeating: -1)
    private var hasUnknownFields = false

    init(number: Int?, members: [(key: String, value: JSONValue)]) {
        self.number = number
        self.members = members
        for (position, member) in members.enumerated() {
            let length = member.key.utf8.count
            if let field = RuleReader.ruleFields.firstIndex(where: { $0.utf8.count == length && $0 == member.key }) {
                // The first member of a name counts, as in `JSONValue.member(_:in:)`.
                if slots[field] < 0 { slots[field] = Int32(truncatingIfNeeded: position) }
            } else {
                hasUnknownFields = true
            }
        }
    }

    /// The rule's id when it is a valid one; only needed to name the rule in a problem.
    var id: String? {
        guard case .string(let id)? = value(.id), AlarmRule.isValidID(id) else { return nil }
        return id
    }

    func value(_ field: Field) -> JSONValue? {
        let position = Int(slots[field.rawValue])
        guard position >= 0 else { return nil }
        let value = members[position].value
        if case .null = value { return nil }
        return value
    }

    mutating func report(_ field: String, _ value: JSONValue?, _ message: String) {
        failedFields.insert(String(field.prefix { $0 != "[" }))
        problems.append(
            ValidationProblem(ruleID: id, ruleNumber: number, field: field, value: value?.jsonText.truncatedForMessage, message: message))
    }

    mutating func string(_ field: Field, _ expectation: @autoclosure () -> String) -> String? {
        guard let value = value(field) else { return nil }
        guard case .string(let text) = value else {
            report(field.name, value, "is not a string; expected \(expectation())")
            return nil
        }
        return text
    }

    mutating func date(_ key: String, _ json: JSONValue?) -> LocalDate? {
        guard let json else { return nil }
        guard case .string(let text) = json, let date = LocalDate(parsing: text) else {
            report(key, json, "is not a date; expected YYYY-MM-DD, a real calendar date")
            return nil
        }
        return date
    }

    mutating func array(_ field: Field, _ expectation: String) -> [JSONValue]? {
        guard let value = value(field) else { return nil }
        guard case .array(let elements) = value else {
            report(field.name, value, "is not an array; expected \(expectation)")
            return nil
        }
        return elements
    }

    mutating func read(zones: inout [String: TimeZone?]) {
        for member in members where hasUnknownFields && !RuleReader.ruleFields.contains(member.key) {
            let hint = Suggestion.closest(to: member.key, among: RuleReader.ruleFields).map { "did you mean \"\($0)\"? " } ?? ""
            report(member.key, nil, "is not a known field; \(hint)allowed: \(RuleReader.ruleFields.joined(separator: ", "))")
        }

        let idText: String
        if let text = string(.id, "1 to 64 characters of A-Z a-z 0-9 . _ -") {
            idText = text
        } else {
            if value(.id) == nil { report("id", nil, "is missing; expected 1 to 64 characters of A-Z a-z 0-9 . _ -") }
            idText = ""
        }
        let label = string(.label, "any text")

        var isEnabled = true
        if let value = value(.enabled) {
            if case .bool(let flag) = value {
                isEnabled = flag
            } else {
                report("enabled", value, "is not a boolean; expected true or false")
            }
        }

        var times: [TimeOfDay] = []
        if let elements = array(.times, "an array of times HH:MM or HH:MM:SS") {
            times.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if case .string(let text) = element, let time = TimeOfDay(parsing: text) {
                    times.append(time)
                } else {
                    report("times[\(index)]", element, "is not a valid time; expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59")
                }
            }
        } else if value(.times) == nil {
            report("times", nil, "is missing; expected at least one time HH:MM or HH:MM:SS")
        }

        var zone: ZoneChoice = .floating
        if let identifier = string(.timeZone, "an IANA time zone id such as \"Europe/Paris\"") {
            let known: TimeZone?
            if let cached = zones[identifier] {
                known = cached
            } else {
                known = TimeZone(ianaIdentifier: identifier)
                zones[identifier] = known
            }
            if let timeZone = known {
                zone = .fixed(timeZone)
            } else {
                report(
                    "timeZone", value(.timeZone),
                    "is not a known IANA time zone; expected an id such as \"America/New_York\" or \"UTC\" (omit it for the device zone)")
            }
        }

        var skipped = Set<LocalDate>()
        if let elements = array(.skip, "an array of dates YYYY-MM-DD") {
            for (index, element) in elements.enumerated() {
                if let date = date("skip[\(index)]", element) { skipped.insert(date) }
            }
        }

        let gap = policy(.gap, GapPolicy.self) ?? .shift
        let overlap = policy(.overlap, OverlapPolicy.self) ?? .first
        let repeats = readRecurrence()
        let rule = AlarmRule(
            id: idText, label: label, isEnabled: isEnabled, repeats: repeats, times: times, timeZone: zone,
            skippedDates: skipped, gapPolicy: gap, overlapPolicy: overlap)
        for problem in rule.validationProblems(number: number) where !failedFields.contains(String(problem.field.prefix { $0 != "[" })) {
            problems.append(problem)
        }
        built = rule
    }

    mutating func policy<P: RawRepresentable & CaseIterable>(_ field: Field, _: P.Type) -> P? where P.RawValue == String {
        guard value(field) != nil else { return nil }
        // Spelled out only for a message: a rule that is right needs none of it.
        func allowed() -> String { P.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ") }
        guard let text = string(field, allowed()) else { return nil }
        guard let policy = P(rawValue: text) else {
            report(field.name, value(field), "is not allowed; expected \(allowed())")
            return nil
        }
        return policy
    }

    /// The recurrence; a field that failed is replaced by a placeholder so the other
    /// fields can still be checked.
    mutating func readRecurrence() -> Recurrence {
        let daysValue = value(.days)
        let dateValue = value(.date)
        switch (daysValue, dateValue) {
        case (nil, nil):
            report("days", nil, "is missing; give \"days\" (weekly) or \"date\" (once), exactly one of them")
            return .weekly(days: .daily)
        case (_?, _?):
            report("date", dateValue, "cannot be combined with \"days\"; give exactly one of them")
            failedFields.insert("days")
            return .weekly(days: .daily)
        case (nil, let dateValue?):
            for field in [Field.everyWeeks, .start, .end] where value(field) != nil {
                report(field.name, value(field), "only applies to weekly rules (\"days\"); a one-shot \"date\" rule cannot have it")
            }
            return .once(date("date", dateValue) ?? LocalDate(daysSinceEpoch: 0))
        case (let daysValue?, nil):
            var days = WeekdaySet()
            var valid = true
            if case .array(let elements) = daysValue {
                for (index, element) in elements.enumerated() {
                    guard case .string(let name) = element, let day = Weekday(name: name) else {
                        report("days[\(index)]", element, "is not a weekday; expected one of \(Weekday.allNames.joined(separator: " "))")
                        valid = false
                        continue
                    }
                    if days.contains(day) {
                        report("days[\(index)]", element, "is listed twice; each weekday may appear once")
                        valid = false
                    }
                    days.insert(WeekdaySet(day))
                }
            } else {
                report("days", daysValue, "is not an array; expected weekdays such as [\"mon\", \"thu\"]")
                valid = false
            }
            var everyWeeks = 1
            if let value = value(.everyWeeks) {
                if let number = value.integerValue, AlarmRule.everyWeeksRange.contains(number) {
                    everyWeeks = number
                } else {
                    // Reported here, so the value is quoted as written (`-0`, `5e1`), not as read.
                    report(
                        "everyWeeks", value,
                        value.wholeNumberProblem(in: AlarmRule.everyWeeksRange)
                            ?? "is not a number; expected a whole number from 1 to 52")
                }
            }
            // A start that failed to read still exists: the earliest date stands in for it, so
            // neither "everyWeeks needs start" nor "end before start" is reported on its account.
            let start = date("start", value(.start)) ?? (value(.start) == nil ? nil : LocalDate.earliest)
            let end = date("end", value(.end))
            return .weekly(days: valid ? days : .daily, everyWeeks: everyWeeks, start: start, end: end)
        }
    }
}

extension String {
    /// Long values are cut in messages so one bad field cannot flood a terminal.
    package var truncatedForMessage: String {
        count > 80 ? String(prefix(77)) + "..." : self
    }
}
