import Foundation

/// The one way the bytes of a rule file or book file are read, which every front door uses
/// (``AlarmRuleSet/init(jsonData:)``, ``AlarmBook/init(bookFile:)``,
/// ``AlarmSchedule/init(jsonData:)``, ``BookForPlanning/init(bookFile:readingState:)``): it
/// alone decides between the two readers, in ``read(_:state:direct:full:)``.
///
/// The direct reader (``DirectRuleReader``) reads a valid, plainly written file straight from
/// its bytes, into rules or compiled straight into a schedule; it gives up, without saying
/// why, on anything unusual or wrong. Then the file is parsed and read by the tree reader
/// (``RuleReader``, and ``BookStateReader`` for a book's state), which words every problem. So
/// a valid file is read once, and an invalid one twice at most.
///
/// ```swift
/// let values = try RuleFile.values(bytes, state: .read)         // rules, state, other members
/// switch try RuleFile.compiled(bytes, state: .read, labelBytes: bytes) {
/// case .compiled(let book): book.plan(now: now, options: options)
/// case .values(let values): …                                   // a file the direct reader left
/// }
/// ```
enum RuleFile {
    /// Whether a book's runtime state (`snoozes`, `skipNext`, `applied`) is read, or left
    /// alone as a rule file's reader leaves every top-level member but `version` and `rules`.
    enum StateReading {
        case read
        case ignored
    }

    /// A file's contents as values.
    struct Values {
        var rules: [AlarmRule]
        /// The runtime state; empty when it was not read.
        var state = BookStateReader.State(snoozes: [], skippedOccurrences: [], applied: nil)
        /// The top-level members other than `version`, `rules` and the state's, in file order.
        var otherMembers: [(key: String, value: JSONValue)] = []
    }

    /// What a file gives a caller that plans it.
    enum Contents {
        /// Compiled straight from its bytes, the state applied when it was read.
        case compiled(CompiledBook)
        /// Read as values: when the caller asked for values, or the file needed the tree reader.
        case values(Values)
    }

    /// The file's rules and, as `state` says, its state, read by the direct reader or, when
    /// it gives up, the tree reader.
    ///
    /// - Throws: ``BookFileError/malformedJSON(_:)`` when the bytes are not JSON,
    ///   ``BookFileError/newerVersion(found:problems:)`` when a newer build wrote them,
    ///   ``BookFileError/invalid(_:)`` with every problem otherwise.
    /// - Complexity: O(n) in the number of bytes, on all cores for a large file.
    static func values(_ bytes: some Collection<UInt8>, state: StateReading, split: CoreSplit = .reading) throws(BookFileError) -> Values {
        try read(bytes, state: state, direct: { directValues($0, state: state, split: split) }, full: { $0 })
    }

    /// The file compiled straight from its bytes when the direct reader reads it, its state
    /// applied as `state` says; else its values, read by the tree reader. The compiled book
    /// keeps `labelBytes`, the same bytes, to decode the labels it is asked for (`nil`: none).
    ///
    /// - Throws: as ``values(_:state:split:)``.
    /// - Complexity: O(n) in the number of bytes, on all cores for a large file, plus a radix
    ///   sort of the ids.
    static func compiled(
        _ bytes: some Collection<UInt8>, state: StateReading, labelBytes: (any Collection<UInt8> & Sendable)?,
        split: CoreSplit = .reading
    ) throws(BookFileError) -> Contents {
        try read(
            bytes, state: state,
            direct: { directCompiled($0, state: state, labelBytes: labelBytes, split: split).map(Contents.compiled) },
            full: Contents.values)
    }

    /// What the direct reader made of a file.
    enum Direct<Value> {
        /// It gave up: the tree reader reads the file.
        case gaveUp
        case read(Value)
        /// It read the rules, which have no problem, but the state has these: every problem of
        /// the file, which the tree reader would find too.
        case invalidState([ValidationProblem])

        func map<Other>(_ transform: (Value) -> Other) -> Direct<Other> {
            switch self {
            case .gaveUp: .gaveUp
            case .read(let value): .read(transform(value))
            case .invalidState(let problems): .invalidState(problems)
            }
        }
    }

    /// The decision between the two readers, made once here for every caller: the direct
    /// reader first, and when it gives up the tree reader, which finds every problem.
    private static func read<Result>(
        _ bytes: some Collection<UInt8>, state: StateReading, direct: (UnsafeBufferPointer<UInt8>) -> Direct<Result>,
        full: (Values) -> Result
    ) throws(BookFileError) -> Result {
        switch bytes.withContiguousStorageIfAvailable(direct) ?? .gaveUp {
        case .read(let result): return result
        case .invalidState(let problems): throw .invalid(problems)
        case .gaveUp: break
        }
        let json: JSONValue
        do throws(JSONSyntaxError) {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw .malformedJSON(error)
        }
        return full(try values(json: json, state: state))
    }

    /// The direct reader's values of a file.
    static func directValues(_ bytes: UnsafeBufferPointer<UInt8>, state: StateReading, split: CoreSplit = .reading) -> Direct<Values> {
        guard let contents = DirectRuleReader.read(bytes, split: split) else { return .gaveUp }
        var values = Values(rules: contents.rules, otherMembers: unknownMembers(of: contents.otherMembers))
        if state == .read {
            var reader = BookStateReader()
            values.state = reader.readState(topLevel: contents.otherMembers)
            guard reader.problems.isEmpty else { return .invalidState(reader.problems) }
        }
        return .read(values)
    }

    /// The direct reader's compiled book of a file, its state applied when `state` says so.
    static func directCompiled(
        _ bytes: UnsafeBufferPointer<UInt8>, state: StateReading, labelBytes: (any Collection<UInt8> & Sendable)?,
        split: CoreSplit = .reading
    ) -> Direct<CompiledBook> {
        guard let file = DirectRuleReader.compileFile(bytes, split: split) else { return .gaveUp }
        var compiled = CompiledBook(file: file, labelBytes: labelBytes)
        if state == .read {
            var reader = BookStateReader()
            let read = reader.readState(topLevel: file.otherMembers)
            guard reader.problems.isEmpty else { return .invalidState(reader.problems) }
            // A schedule whose ranges are not sound gives up: the tree reader's rules plan it.
            guard compiled.apply(skippedOccurrences: read.skippedOccurrences, snoozes: read.snoozes) else { return .gaveUp }
        }
        return .read(compiled)
    }

    /// The tree reader's answer for a parsed file, with every problem of its rules and, as
    /// `state` says, of its state (in that order).
    ///
    /// - Throws: ``BookFileError/newerVersion(found:problems:)`` when a newer build wrote the
    ///   file, ``BookFileError/invalid(_:)`` with every problem otherwise.
    /// - Complexity: O(n) in the size of the JSON.
    static func values(json: JSONValue, state: StateReading) throws(BookFileError) -> Values {
        var reader = RuleReader()
        let rules = reader.readFile(json)
        var problems = reader.problems
        var values = Values(rules: rules)
        if case .object(let members) = json {
            values.otherMembers = unknownMembers(of: members)
            if state == .read {
                var stateReader = BookStateReader()
                values.state = stateReader.readState(topLevel: members)
                problems += stateReader.problems
            }
        }
        guard problems.isEmpty else {
            if let version = RuleReader.newerVersion(in: json) { throw .newerVersion(found: version, problems: problems) }
            throw .invalid(problems)
        }
        return values
    }

    /// The top-level members that are neither the rule file's (`version`, `rules`) nor a
    /// book's state, which a book keeps and writes back.
    private static func unknownMembers(of members: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        members.filter { !["version", "rules"].contains($0.key) && !AlarmBook.stateKeys.contains($0.key) }
    }
}
