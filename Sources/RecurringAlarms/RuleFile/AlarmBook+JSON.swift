import Foundation

extension AlarmBook {
    /// Top-level keys of a book file; `version` and `rules` are the rule file's.
    static let stateKeys = ["snoozes", "skipNext", "applied"]

    /// The book file's JSON: the rule file (`version`, `rules`) followed by the runtime state
    /// keys that are not empty, then any unknown top-level members that were read.
    ///
    /// A book with no runtime state writes exactly the rule file of its rules.
    ///
    /// ```swift
    /// book.json.prettyText
    /// // {
    /// //   "version": 1,
    /// //   "rules": [ … ],
    /// //   "snoozes": [{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:39:00Z"}], …
    /// ```
    /// - Complexity: O(n) in the size of the book.
    package var json: JSONValue {
        let members: [(key: String, value: JSONValue)] = [
            ("version", .number(String(AlarmRuleSet.currentVersion))),
            ("rules", .array(rules.map(\.json)))
        ]
        return .object(members + stateMembers)
    }

    /// The members after `rules`: the runtime state keys that are not empty, then any
    /// unknown top-level members that were read.
    private var stateMembers: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if !snoozes.isEmpty { members.append(("snoozes", .array(snoozes.map(\.json)))) }
        if !skippedOccurrences.isEmpty { members.append(("skipNext", .array(skippedOccurrences.map(\.json)))) }
        if let applied { members.append(("applied", applied.json)) }
        if case .object(let others) = otherMembers { members += others }
        return members
    }

    /// Pretty-printed UTF-8 JSON with a trailing newline, as a store writes it (the book file
    /// form of `Docs/Formats.md`), written straight into one buffer.
    ///
    /// - Complexity: O(n) in the size of the book.
    public var jsonData: Data { RuleFileWriter.data(rules: rules, then: stateMembers) }

    /// Reads a book file that is already parsed.
    ///
    /// The rules are read as a rule file's are, so they are checked exactly as in a rule
    /// file; a rule file without state keys reads as a book with no runtime state. Unknown
    /// top-level keys are kept and written back by ``jsonData``.
    ///
    /// - Throws: ``AlarmRulesError/invalid(_:)`` with every problem of the rules and the state.
    ///   A `version` other than 1 is one of them; ``init(bookFile:)`` tells a newer version apart.
    /// - Complexity: O(n) in the size of the JSON.
    package init(json: JSONValue) throws(AlarmRulesError) {
        do throws(BookFileError) {
            self.init(values: try RuleFile.values(json: json, state: .read))
        } catch {
            throw AlarmRulesError(error)
        }
    }

    /// Reads a book file, or a rule file (UTF-8 JSON bytes), telling apart every way it can
    /// fail: the one reading entry point of stores.
    ///
    /// A valid file is read straight from its bytes; anything else is parsed and read in
    /// full, which finds every problem (``RuleFile``).
    ///
    /// ```swift
    /// let book = try AlarmBook(bookFile: Array(#"{"version": 1, "rules": []}"#.utf8))
    /// book.rules.isEmpty   // true
    /// ```
    /// - Throws: ``BookFileError/malformedJSON(_:)`` when the bytes are not JSON,
    ///   ``BookFileError/newerVersion(found:problems:)`` when a newer build wrote them,
    ///   ``BookFileError/invalid(_:)`` with every problem otherwise.
    /// - Complexity: O(n) in the number of bytes.
    package init(bookFile bytes: some Collection<UInt8>) throws(BookFileError) {
        self.init(values: try RuleFile.values(bytes, state: .read))
    }

    /// The book of a file's values.
    init(values: RuleFile.Values) {
        self.init(
            rules: values.rules, snoozes: values.state.snoozes, skippedOccurrences: values.state.skippedOccurrences,
            applied: values.state.applied)
        otherMembers = .object(values.otherMembers)
    }

    /// Reads a book file (UTF-8 JSON bytes), or a rule file.
    ///
    /// ```swift
    /// let book = try AlarmBook(jsonData: Data(#"{"version": 1, "rules": []}"#.utf8))
    /// book.rules.isEmpty   // true
    /// ```
    /// - Throws: ``AlarmRulesError/malformedJSON(message:line:column:)`` when the bytes are not
    ///   JSON, ``AlarmRulesError/invalid(_:)`` with every problem otherwise.
    /// - Complexity: O(n) in the number of bytes.
    public init(jsonData: some Collection<UInt8>) throws(AlarmRulesError) {
        do throws(BookFileError) {
            try self.init(bookFile: jsonData)
        } catch {
            throw AlarmRulesError(error)
        }
    }
}

extension AlarmBook: Codable {
    /// Decodes the book file's JSON form, with the same checks as ``init(jsonData:)``.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }

    /// Encodes the book file's JSON form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension Snooze {
    /// `{"rule": …, "fire": …, "at": RFC 3339 in UTC}`.
    var json: JSONValue {
        .object([("rule", .string(ruleID)), ("fire", .string(fireID)), ("at", .string(RFC3339.format(instant, utcOffsetSeconds: 0)))])
    }
}

extension SkippedOccurrence {
    /// `{"rule": …, "date": "YYYY-MM-DD"}`.
    var json: JSONValue {
        .object([("rule", .string(ruleID)), ("date", .string(date.description))])
    }
}

extension AppliedPlan {
    /// `{"at", "timeZone", "coveredUntil", "fires": [{"id", "at"}]}` and `"alarmLimit"` when one
    /// was learned, instants with the device zone's offset.
    var json: JSONValue {
        func stamp(_ date: Date) -> JSONValue {
            .string(RFC3339.format(date, utcOffsetSeconds: deviceTimeZone.secondsFromGMT(for: date)))
        }
        var members: [(String, JSONValue)] = [
            ("at", stamp(appliedAt)), ("timeZone", .string(deviceTimeZone.ianaName)), ("coveredUntil", stamp(coveredUntil)),
            ("fires", .array(fires.map { .object([("id", .string($0.id)), ("at", stamp($0.instant))]) }))
        ]
        if let alarmLimit { members.append(("alarmLimit", .number(String(alarmLimit)))) }
        return .object(members)
    }
}
