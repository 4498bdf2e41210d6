extension AlarmRule {
    /// The rule in the rule-file JSON form, keys in the documented order, defaults left out
    /// (see ``writeMembers(to:)``).
    ///
    /// ```swift
    /// wake.json.jsonText
    /// // {"id":"wake","label":"Wake up","days":["mon","tue","thu"],"times":["07:30"]}
    /// ```
    package var json: JSONValue {
        var sink = RuleTreeSink()
        writeMembers(to: &sink)
        return .object(sink.members)
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
