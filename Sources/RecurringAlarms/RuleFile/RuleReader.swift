import Foundation

/// Turns the JSON form of rules into ``AlarmRule`` values, collecting every problem.
///
/// This layer only checks what JSON can get wrong (types, spellings, unknown fields,
/// fields that exclude each other); the rules it builds are then checked by
/// ``AlarmRule/validationProblems(number:)``, so each rule is enforced in one place.
struct RuleReader {
    var problems: [ValidationProblem] = []
    /// Zones already looked up by identifier: Foundation's lookup is slow on Linux, and a
    /// large file names few distinct zones.
    private var zones = ZoneNames()

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
        // Each element's valid id (of a rule read, or of one that failed), the position of
        // its problems' end, for the repeated ids found once every element is read.
        var ids: [(element: Int, id: String)] = []
        var problemEnds: [Int] = []
        problemEnds.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let rule = readRule(element, number: index + 1)
            if let id = rule?.id ?? Self.validID(of: element) { ids.append((index, id)) }
            problemEnds.append(problems.count)
            if let rule { rules.append(rule) }
        }
        var keys = RuleIDOrder.keys(count: ids.count) { ids[$0].id }
        let repeats = RuleIDOrder.repeats(sorting: &keys) { ids[$0].id }
        guard !repeats.isEmpty else { return rules }
        // Each repeat goes after its element's own problems.
        var merged: [ValidationProblem] = []
        merged.reserveCapacity(problems.count + repeats.count)
        var start = 0
        var next = 0
        for (index, end) in problemEnds.enumerated() {
            merged += problems[start..<end]
            start = end
            while next < repeats.count && ids[repeats[next].position].element == index {
                let found = repeats[next]
                merged.append(.repeatedID(ids[found.position].id, number: index + 1, earlier: ids[found.earlier].element + 1))
                next += 1
            }
        }
        merged += problems[start...]
        problems = merged
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
        var draft = RuleDraft(number: number, members: members)
        let rule = draft.read(zones: &zones)
        problems += draft.problems
        return draft.problems.isEmpty ? rule : nil
    }
}

/// The zones a reader met, numbered from 1 in the order they were first named
/// (``RuleElement/zoneNumber``), with the names that are no zone.
struct ZoneNames {
    private(set) var zones: [TimeZone] = []
    /// Each name looked up: its zone's number, or 0 when it names no zone.
    private var numbers: [String: Int] = [:]

    /// The number of the zone `identifier` names, 0 when it names none.
    mutating func number(of identifier: String) -> Int {
        if let known = numbers[identifier] { return known }
        var number = 0
        if let zone = TimeZone(ianaIdentifier: identifier) {
            zones.append(zone)
            number = zones.count
        }
        numbers[identifier] = number
        return number
    }
}

/// One rule being read, field by field as ``RuleField`` declares them; the fields that
/// failed are remembered so that model validation does not report them a second time.
private struct RuleDraft {
    let number: Int?
    let members: [(key: String, value: JSONValue)]
    var problems: [ValidationProblem] = []
    var failedFields = Set<String>()
    var element = RuleElement<String>()
    var times: [TimeOfDay] = []
    var skippedDates = Set<LocalDate>()
    /// Where each known field is in `members` (-1: absent): the members are matched against
    /// the field names once, so reading a field is an index, not a scan of string compares.
    private var slots = SIMD16<Int32>(repeating: -1)
    private var hasUnknownFields = false

    init(number: Int?, members: [(key: String, value: JSONValue)]) {
        self.number = number
        self.members = members
        for (position, member) in members.enumerated() {
            let length = member.key.utf8.count
            if let field = RuleField.names.firstIndex(where: { $0.utf8.count == length && $0 == member.key }) {
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

    /// The field's value; `null` counts as absent.
    func value(_ field: RuleField) -> JSONValue? {
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

    /// Reads the rule: unknown fields, then the fields any rule may have in table order, then
    /// the recurrence; then the rule built from them (failed fields replaced by placeholders)
    /// is checked by ``AlarmRule/validationProblems(number:)``.
    mutating func read(zones: inout ZoneNames) -> AlarmRule {
        for member in members where hasUnknownFields && !RuleField.names.contains(member.key) {
            let hint = Suggestion.closest(to: member.key, among: RuleField.names).map { "did you mean \"\($0)\"? " } ?? ""
            report(member.key, nil, "is not a known field; \(hint)allowed: \(RuleField.names.joined(separator: ", "))")
        }
        for field in RuleField.allCases where field.role == .plain { read(field, zones: &zones) }
        readRecurrence(zones: &zones)
        let rule = element.rule(
            text: { $0 }, zones: zones.zones, repeats: element.recurrence, times: times, skippedDates: skippedDates)
        for problem in rule.validationProblems(number: number) where !failedFields.contains(String(problem.field.prefix { $0 != "[" })) {
            problems.append(problem)
        }
        return rule
    }

    /// The recurrence: exactly one of the weekly and the one-shot field, weekly options only
    /// beside the weekly one. A field that failed is replaced by its placeholder so the other
    /// fields can still be checked.
    mutating func readRecurrence(zones: inout ZoneNames) {
        let weekly = RuleField.weeklyChoice
        let once = RuleField.onceChoice
        switch (value(weekly), value(once)) {
        case (nil, nil):
            report(weekly.name, nil, "is missing; give \"\(weekly.name)\" (weekly) or \"\(once.name)\" (once), exactly one of them")
            element.set(weekly, to: .weekdays(.daily))
        case (_?, let onceValue?):
            report(once.name, onceValue, "cannot be combined with \"\(weekly.name)\"; give exactly one of them")
            failedFields.insert(weekly.name)
            element.set(weekly, to: .weekdays(.daily))
        case (nil, _?):
            for field in RuleField.weeklyOptions where value(field) != nil {
                report(
                    field.name, value(field),
                    "only applies to weekly rules (\"\(weekly.name)\"); a one-shot \"\(once.name)\" rule cannot have it")
            }
            read(once, zones: &zones)
        case (_?, nil):
            read(weekly, zones: &zones)
            for field in RuleField.weeklyOptions { read(field, zones: &zones) }
        }
    }

    /// Reads `field` by its kind into ``element`` (or the lists), reporting what is wrong; a
    /// field that failed gets its placeholder.
    mutating func read(_ field: RuleField, zones: inout ZoneNames) {
        guard let value = value(field) else {
            if let missing = field.missing { report(field.name, nil, "is missing; expected \(missing)") }
            return
        }
        if let read = readValue(field, value, zones: &zones) {
            element.set(field, to: read)
        } else if let placeholder: RuleFieldValue<String> = field.placeholder() {
            element.set(field, to: placeholder)
        }
    }

    /// The value of `field`, read by its kind; `nil` when it is wrong (reported), or when it
    /// went to the lists.
    private mutating func readValue(_ field: RuleField, _ value: JSONValue, zones: inout ZoneNames) -> RuleFieldValue<String>? {
        let name = field.name
        switch field.kind {
        case .id, .text:
            return string(field, value).map { .text($0) }
        case .flag:
            guard case .bool(let flag) = value else {
                report(name, value, "is not a boolean; expected \(field.expectation)")
                return nil
            }
            return .flag(flag)
        case .weekdays:
            guard case .array(let elements) = value else {
                report(name, value, "is not an array; expected \(field.expectation)")
                return nil
            }
            var days = WeekdaySet()
            var valid = true
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element, let day = Weekday(name: text) else {
                    report("\(name)[\(index)]", element, "is not a weekday; expected one of \(Weekday.allNames.joined(separator: " "))")
                    valid = false
                    continue
                }
                if days.contains(day) {
                    report("\(name)[\(index)]", element, "is listed twice; each weekday may appear once")
                    valid = false
                }
                days.insert(WeekdaySet(day))
            }
            return valid ? .weekdays(days) : nil
        case .date:
            return date(name, value).map { .date($0) }
        case .times:
            guard case .array(let elements) = value else {
                report(name, value, "is not an array; expected \(field.expectation)")
                return nil
            }
            times.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if case .string(let text) = element, let time = TimeOfDay(parsing: text) {
                    times.append(time)
                } else {
                    report("\(name)[\(index)]", element, "is not a valid time; expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59")
                }
            }
            return nil
        case .zone:
            guard let identifier = string(field, value) else { return nil }
            let number = zones.number(of: identifier)
            guard number > 0 else {
                report(
                    name, value,
                    "is not a known IANA time zone; expected an id such as \"America/New_York\" or \"UTC\" (omit it for the device zone)")
                return nil
            }
            return .zone(number)
        case .wholeNumber:
            guard let number = value.integerValue, field.numberRange.contains(number) else {
                // Reported here, so the value is quoted as written (`-0`, `5e1`), not as read.
                report(name, value, value.wholeNumberProblem(in: field.numberRange) ?? "is not a number; expected \(field.expectation)")
                return nil
            }
            return .number(number)
        case .dates:
            guard case .array(let elements) = value else {
                report(name, value, "is not an array; expected \(field.expectation)")
                return nil
            }
            for (index, element) in elements.enumerated() {
                if let date = date("\(name)[\(index)]", element) { skippedDates.insert(date) }
            }
            return nil
        case .choice:
            guard let text = string(field, value) else { return nil }
            guard let index = field.choices.firstIndex(of: text) else {
                report(name, value, "is not allowed; expected \(field.expectation)")
                return nil
            }
            return .choice(index)
        }
    }

    mutating func string(_ field: RuleField, _ value: JSONValue) -> String? {
        guard case .string(let text) = value else {
            report(field.name, value, "is not a string; expected \(field.expectation)")
            return nil
        }
        return text
    }

    mutating func date(_ key: String, _ json: JSONValue) -> LocalDate? {
        guard case .string(let text) = json, let date = LocalDate(parsing: text) else {
            report(key, json, "is not a date; expected YYYY-MM-DD, a real calendar date")
            return nil
        }
        return date
    }
}

extension String {
    /// Long values are cut in messages so one bad field cannot flood a terminal.
    package var truncatedForMessage: String {
        count > 80 ? String(prefix(77)) + "..." : self
    }
}
