extension AlarmRule {
    /// The `days` array of every weekday set (by raw value), built once: a book of many rules
    /// writes one for each.
    private static let dayArrays: [JSONValue] = (0...127).map { raw in
        .array(WeekdaySet(rawValue: UInt8(raw)).names.map(JSONValue.string))
    }

    /// The rule in the rule-file JSON form, keys in the documented order, defaults left out.
    ///
    /// ```swift
    /// wake.json.jsonText
    /// // {"id":"wake","label":"Wake up","days":["mon","tue","thu"],"times":["07:30"]}
    /// ```
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", .string(id))]
        members.reserveCapacity(8)
        if let label { members.append(("label", .string(label))) }
        if !isEnabled { members.append(("enabled", .bool(false))) }
        var weekly: (everyWeeks: Int, start: LocalDate?, end: LocalDate?)?
        switch repeats {
        case .weekly(let days, let everyWeeks, let start, let end):
            members.append(("days", AlarmRule.dayArrays[Int(days.rawValue)]))
            weekly = (everyWeeks, start, end)
        case .once(let date):
            members.append(("date", .string(date.description)))
        }
        members.append(("times", .array(times.map { .string($0.shortDescription) })))
        if case .fixed(let zone) = timeZone { members.append(("timeZone", .string(zone.ianaName))) }
        if let weekly {
            if weekly.everyWeeks != 1 { members.append(("everyWeeks", .number(String(weekly.everyWeeks)))) }
            if let start = weekly.start { members.append(("start", .string(start.description))) }
            if let end = weekly.end { members.append(("end", .string(end.description))) }
        }
        if !skippedDates.isEmpty { members.append(("skip", .array(skippedDates.sorted().map { .string($0.description) }))) }
        if gapPolicy != .shift { members.append(("gap", .string(gapPolicy.rawValue))) }
        if overlapPolicy != .first { members.append(("overlap", .string(overlapPolicy.rawValue))) }
        return .object(members)
    }

    /// Reads one rule from its JSON form.
    /// - Throws: ``AlarmRulesError/invalid(_:)`` with every problem of the rule.
    package init(json: JSONValue) throws(AlarmRulesError) {
        var reader = RuleReader()
        guard let rule = reader.readRule(json, number: nil) else { throw .invalid(reader.problems) }
        self = rule
    }
}

extension AlarmRule: Codable {
    /// Decodes one rule of the rule-file JSON form, with the checks a rule file gets
    /// (``AlarmRuleSet/init(jsonData:)``).
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// Encodes the rule-file JSON form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension AlarmRuleSet: Codable {
    /// Decodes a rule file, with the same checks as ``init(jsonData:)``.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// Encodes the rule-file JSON form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
