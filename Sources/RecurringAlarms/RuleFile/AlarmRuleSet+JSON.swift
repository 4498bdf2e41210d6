import Foundation

extension AlarmRuleSet {
    /// Reads a rule file. Top-level keys other than `version` and `rules` are left to other
    /// readers (the store keeps its state there) and ignored here.
    ///
    /// ```swift
    /// let set = try AlarmRuleSet(jsonData: Data(#"{"version": 1, "rules": []}"#.utf8))
    /// set.rules.isEmpty   // true
    /// ```
    /// - Throws: ``AlarmRulesError/malformedJSON(message:line:column:)`` when the bytes are not
    ///   JSON, ``AlarmRulesError/invalid(_:)`` with every problem otherwise.
    /// - Complexity: O(n) in the size of the file.
    public init(jsonData: some Collection<UInt8>) throws(AlarmRulesError) {
        do throws(BookFileError) {
            self.init(checkedRules: try RuleFile.values(jsonData, state: .ignored).rules)
        } catch {
            throw AlarmRulesError(error)
        }
    }

    /// The file's JSON: `{"version": 1, "rules": [...]}`.
    package var json: JSONValue {
        .object([("version", .number(String(AlarmRuleSet.currentVersion))), ("rules", .array(rules.map(\.json)))])
    }

    /// Pretty-printed UTF-8 JSON with a trailing newline, ready to write to a file.
    public var jsonData: Data { RuleFileWriter.data(rules: rules, then: []) }
}

extension AlarmRuleSet: Codable {
    /// Decodes a rule file, with the same checks as ``init(jsonData:)``.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        do throws(BookFileError) {
            self.init(checkedRules: try RuleFile.values(json: json, state: .ignored).rules)
        } catch {
            throw AlarmRulesError(error)
        }
    }

    /// Encodes the rule-file JSON form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
