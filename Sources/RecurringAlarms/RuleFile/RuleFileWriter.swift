import Foundation

/// Writes a rule file or book file straight to bytes, exactly as ``JSONWriter`` writes the
/// file's ``JSONValue`` tree pretty, without building that tree for the rules.
///
/// A rule's members come from ``AlarmRule/writeMembers(to:)``, the logic ``AlarmRule/json``
/// uses too, and ``RuleElementBytes`` writes them: dates and times as digits in place, the
/// `days` arrays copied from a table the tree writer made. The rare top-level members after
/// `rules` (a book's runtime state, unknown members) still go through
/// ``JSONWriter/write(_:indent:)``.
///
/// ```swift
/// RuleFileWriter.data(rules: set.rules, then: []) == set.json.prettyData   // true
/// ```
struct RuleFileWriter {
    private var json: JSONWriter

    /// About the size of a typical rule in a pretty file, so most files never regrow the buffer.
    private static let bytesPerRule = 192

    private init(rules: Int) {
        json = JSONWriter(pretty: true, reservingCapacity: 64 + rules * RuleFileWriter.bytesPerRule)
    }

    /// A writer that goes on after `bytes`, already written, which it takes over (leaving
    /// `bytes` empty, so its buffer is not copied when the writer appends).
    private init(continuing bytes: inout [UInt8]) {
        json = JSONWriter(pretty: true)
        swap(&json.bytes, &bytes)
    }

    /// The bytes written so far, handed over, leaving the writer empty.
    private mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &json.bytes)
        return taken
    }

    /// The pretty file with a trailing newline: `{"version": 1, "rules": […]}` followed by
    /// `members`, as ``JSONValue/prettyData`` writes the same object.
    ///
    /// A file of many rules is written in parts on all cores (``CoreSplit/writing``): each
    /// part writes its elements (and the first one the file's head and the array's `[`) into
    /// its own buffer, and the buffers are joined in order, the same bytes sooner. The first
    /// part's buffer is sized for the whole file, so joining copies only the other parts, into
    /// room already reserved.
    ///
    /// - Complexity: O(n) in the size of the output, on all cores for a large file.
    static func data(
        rules: [AlarmRule], then members: [(key: String, value: JSONValue)], split: CoreSplit = .writing
    ) -> Data {
        guard !rules.isEmpty else {
            var writer = RuleFileWriter(rules: 0)
            writer.writeHead()
            writer.json.append("[]")
            writer.writeTail(members)
            return Data(writer.json.bytes)
        }
        var written = split.map(count: rules.count) { part, range in
            var writer = RuleFileWriter(rules: part == 0 ? rules.count : range.count)
            if part == 0 {
                writer.writeHead()
                writer.json.bytes.append(UInt8(ascii: "["))
            }
            writer.writeElements(rules, range)
            return writer.takeBytes()
        }
        var writer = RuleFileWriter(continuing: &written[0])
        for part in written.indices.dropFirst() {
            writer.json.bytes.append(contentsOf: written[part])
            written[part] = []
        }
        writer.json.newline(1)
        writer.json.bytes.append(UInt8(ascii: "]"))
        writer.writeTail(members)
        return Data(writer.json.bytes)
    }

    /// The file up to the `rules` array: `{`, the version and the `rules` key.
    private mutating func writeHead() {
        json.bytes.append(UInt8(ascii: "{"))
        json.newline(1)
        json.append(#""version": "#)
        json.append(String(AlarmRuleSet.currentVersion))
        json.append(",")
        json.newline(1)
        json.append(#""rules": "#)
    }

    /// The file after the `rules` array: `members`, the closing `}` and the trailing newline.
    private mutating func writeTail(_ members: [(key: String, value: JSONValue)]) {
        for member in members {
            json.append(",")
            json.newline(1)
            json.writeString(member.key)
            json.append(": ")
            json.write(member.value, indent: 1)
        }
        json.newline(0)
        json.append("}\n")
    }

    /// The elements `range` of the `rules` array, each after a comma but the array's first: a
    /// part of the array, as the whole array holds it. ``RuleElementBytes`` writes them through
    /// a scratch buffer on the stack, so the output grows once per few dozen rules.
    private mutating func writeElements(_ rules: [AlarmRule], _ range: Range<Int>) {
        let output = takeBytes()
        json.bytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 * 1024) { scratch in
            var elements = RuleElementBytes(continuing: output, scratch: scratch)
            for index in range { elements.write(rules[index], first: index == 0) }
            return elements.finish()
        }
    }

    /// The bytes of each `days` array by raw value, as the tree writer writes ``RuleTreeSink/dayArrays``.
    static let prettyDays = RuleTreeSink.dayArrays.map { days in
        var writer = JSONWriter(pretty: true)
        writer.write(days)
        return writer.bytes
    }

    /// The longest of ``prettyDays``, the room ``RuleElementBytes`` makes for a `days` array.
    static let longestPrettyDays = prettyDays.map(\.count).max() ?? 0
}
