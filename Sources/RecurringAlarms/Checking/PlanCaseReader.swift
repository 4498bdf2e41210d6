import Foundation

/// Turns the `"cases"` array of a case file into ``PlanCase`` values, collecting every problem.
struct PlanCaseReader {
    var problems: [PlanCaseProblem] = []
    private var zones: [String: TimeZone?] = [:]

    static let instantForm = "an RFC 3339 instant such as \"2026-12-01T07:00:00Z\" or \"2026-12-01T08:00:00+01:00\""
    static let strategies = PlanCase.Strategy.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    mutating func readCases(_ json: JSONValue?) -> [PlanCase] {
        guard let json else {
            problems.append(
                PlanCaseProblem(
                    caseName: nil, caseNumber: nil, field: "cases", value: nil, message: "is missing; expected an array of cases"))
            return []
        }
        guard case .array(let elements) = json else {
            problems.append(
                PlanCaseProblem(
                    caseName: nil, caseNumber: nil, field: "cases", value: json.jsonText.truncatedForMessage,
                    message: "is not an array; expected an array of cases"))
            return []
        }
        var cases: [PlanCase] = []
        var firstNumber: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            var draft = CaseDraft(number: index + 1, json: element)
            draft.read(zones: &zones)
            if let name = draft.name {
                if let earlier = firstNumber[name] {
                    draft.report("name", .string(name), "is already used by case #\(earlier); names must be unique")
                } else {
                    firstNumber[name] = index + 1
                }
            }
            problems += draft.problems
            if draft.problems.isEmpty, let built = draft.built { cases.append(built) }
        }
        return cases
    }
}

/// One case being read.
private struct CaseDraft {
    let number: Int
    let json: JSONValue
    var problems: [PlanCaseProblem] = []
    var built: PlanCase?

    init(number: Int, json: JSONValue) {
        self.number = number
        self.json = json
    }

    /// The case's name when it is a usable one; names the case in its problems.
    var name: String? {
        guard case .string(let name)? = json["name"], !name.isEmpty else { return nil }
        return name
    }

    mutating func report(_ field: String, _ value: JSONValue?, _ message: String) {
        problems.append(
            PlanCaseProblem(caseName: name, caseNumber: number, field: field, value: value?.jsonText.truncatedForMessage, message: message))
    }

    func value(_ key: String) -> JSONValue? {
        guard let value = json[key] else { return nil }
        if case .null = value { return nil }
        return value
    }

    mutating func integer(_ key: String, _ range: ClosedRange<Int>) -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = value.integerValue, range.contains(number) else {
            let problem = value.plainDigitsProblem(in: range)
            report(key, value, problem ?? "is not allowed; expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return number
    }

    mutating func instant(_ field: String, _ value: JSONValue) -> (instant: Date, utcOffsetSeconds: Int)? {
        guard case .string(let text) = value, let parsed = RFC3339.parse(text) else {
            report(field, value, "is not an RFC 3339 instant; expected \(PlanCaseReader.instantForm)")
            return nil
        }
        return parsed
    }

    mutating func read(zones: inout [String: TimeZone?]) {
        guard case .object(let members) = json else {
            report(
                "(case)", json,
                "is not an object; expected {\"name\": ..., \"now\": ..., \"timeZone\": ..., \"expected\": {\"fires\": [...]}}")
            return
        }
        for member in members where !PlanCaseFile.caseFields.contains(member.key) {
            let hint = Suggestion.closest(to: member.key, among: PlanCaseFile.caseFields).map { "did you mean \"\($0)\"? " } ?? ""
            report(member.key, nil, "is not a known field; \(hint)allowed: \(PlanCaseFile.caseFields.joined(separator: ", "))")
        }
        switch value("name") {
        case nil: report("name", nil, "is missing; expected a non-empty string, unique in the file")
        case .string(let text)? where !text.isEmpty: break
        case let other?: report("name", other, "is not a non-empty string; expected a name, unique in the file")
        }
        var now: Date?
        if let value = value("now") {
            now = instant("now", value)?.instant
        } else {
            report("now", nil, "is missing; expected \(PlanCaseReader.instantForm)")
        }
        var zone: TimeZone?
        switch value("timeZone") {
        case nil: report("timeZone", nil, "is missing; expected an IANA time zone id such as \"Europe/Berlin\"")
        case .string(let identifier)?:
            if let cached = zones[identifier] {
                zone = cached
            } else {
                zone = TimeZone(ianaIdentifier: identifier)
                zones[identifier] = zone
            }
            if zone == nil {
                report(
                    "timeZone", value("timeZone"), "is not a known IANA time zone; expected an id such as \"America/New_York\" or \"UTC\"")
            }
        case let other?: report("timeZone", other, "is not a string; expected an IANA time zone id such as \"Europe/Berlin\"")
        }
        var strategy = PlanCase.Strategy.rolling
        if let value = value("strategy") {
            if case .string(let text) = value, let known = PlanCase.Strategy(rawValue: text) {
                strategy = known
            } else {
                report("strategy", value, "is not allowed; expected \(PlanCaseReader.strategies)")
            }
        }
        let cap = integer("cap", 0...10_000) ?? PlanOptions.defaultCap
        var days: Int?
        if strategy == .rolling {
            if let value = value("maxDays") {
                report("maxDays", value, "only applies to strategies \"fill-cap\" and \"hybrid\"; a \"rolling\" case takes \"horizonDays\"")
            }
            days = integer("horizonDays", 0...366)
        } else {
            if let value = value("horizonDays") {
                report(
                    "horizonDays", value,
                    "only applies to strategy \"rolling\"; a \"\(strategy.rawValue)\" case takes \"maxDays\"")
            }
            days = integer("maxDays", 1...366)
        }
        // The bound `plan --now` has, so a case plans only what the command line could.
        if let moment = now, let zone, !PlanningRange.contains(now: moment, in: zone) {
            let range = PlanningRange.wallText(in: zone)
            report(
                "now", value("now"),
                "\(PlanningRange.outsideText); expected a moment from \(range.first) to \(range.last) on the clock of \(zone.ianaName)")
            now = nil
        }
        let expected = value("expected").flatMap { readExpected($0, strategy: strategy) }
        guard let now, let zone, let name else { return }
        built = PlanCase(
            name: name, now: now, deviceTimeZone: zone, strategy: strategy, cap: cap, days: days, expected: expected)
    }

    mutating func readExpected(_ json: JSONValue, strategy: PlanCase.Strategy) -> PlanCase.Requests? {
        guard case .object(let members) = json else {
            report("expected", json, "is not an object; expected {\"fires\": [{\"id\": ..., \"at\": ...}]}")
            return nil
        }
        for member in members where !["repeating", "fires"].contains(member.key) {
            report("expected.\(member.key)", nil, "is not a known field; allowed: repeating, fires")
        }
        var repeating: [String] = []
        if let value = json["repeating"], value != .null {
            if strategy != .hybrid {
                report("expected.repeating", value, "only applies to strategy \"hybrid\"; other strategies plan no repeating slots")
            } else if case .array(let elements) = value {
                for (index, element) in elements.enumerated() {
                    // The hybrid strategy's notification requests repeat on one weekday or every day.
                    if case .string(let id) = element, RepeatingAlarm(parsing: id)?.isPerWeekday == true {
                        repeating.append(id)
                    } else {
                        report(
                            "expected.repeating[\(index)]", element,
                            "is not a repeating slot id; expected RULE#weekly-DAY-HH:MM:SS or RULE#daily-HH:MM:SS")
                    }
                }
            } else {
                report("expected.repeating", value, "is not an array; expected repeating slot ids such as \"wake#weekly-mon-07:30:00\"")
            }
        }
        var fires: [PlanCase.ExpectedFire] = []
        switch json["fires"] {
        case nil, .null?:
            report("expected.fires", nil, "is missing; expected an array of {\"id\": ..., \"at\": ...}, [] for none")
        case .array(let elements)?:
            for (index, element) in elements.enumerated() {
                let field = "expected.fires[\(index)]"
                guard case .object(let fireMembers) = element else {
                    report(field, element, "is not an object; expected {\"id\": ..., \"at\": ...}")
                    continue
                }
                for member in fireMembers where !["id", "at"].contains(member.key) {
                    report("\(field).\(member.key)", nil, "is not a known field; allowed: id, at")
                }
                var id: String?
                switch element["id"] {
                case .string(let text)? where text.contains("@"): id = text
                case nil: report("\(field).id", nil, "is missing; expected a fire id such as \"wake@2026-12-01T07:30:00\"")
                case let other?: report("\(field).id", other, "is not a fire id; expected RULE@YYYY-MM-DDTHH:MM:SS")
                }
                var at: (instant: Date, utcOffsetSeconds: Int)?
                if let value = element["at"] {
                    at = instant("\(field).at", value)
                } else {
                    report("\(field).at", nil, "is missing; expected \(PlanCaseReader.instantForm)")
                }
                if let id, let at {
                    fires.append(PlanCase.ExpectedFire(id: id, instant: at.instant, utcOffsetSeconds: at.utcOffsetSeconds))
                }
            }
        case let other?:
            report("expected.fires", other, "is not an array; expected an array of {\"id\": ..., \"at\": ...}")
        }
        return PlanCase.Requests(repeating: repeating, fires: fires)
    }
}
