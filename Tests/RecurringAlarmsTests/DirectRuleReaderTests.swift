import Foundation
import RecurringAlarmsTesting
import Testing

@testable import RecurringAlarms

/// The direct reader (a valid rule file read without a JSON tree) against the full reader
/// (``JSONParser`` then ``RuleReader``, which reports problems): it must read what the
/// library writes, and on any input it either gives up or builds exactly the rules the full
/// reader builds — never accepting a file the full reader rejects.
@Suite("Direct rule file reading")
struct DirectRuleReaderTests {
    /// The full reader's answer: the rules, or `nil` when it rejects the bytes.
    static func fullRead(_ bytes: [UInt8]) -> [AlarmRule]? {
        guard let json = try? JSONValue(parsing: bytes) else { return nil }
        return try? RuleFile.values(json: json, state: .ignored).rules
    }

    static func randomSet(using rng: inout RuleGenerator) -> AlarmRuleSet {
        let rules = rng.rules(maximumCount: 12, near: day("2026-12-01"))
        return try! AlarmRuleSet(rules: rules)
    }

    @Test("rule files as the library writes them, pretty or compact, are read directly to the same rules")
    func readsWhatTheLibraryWrites() {
        var rng = RuleGenerator(seed: 0xD1EC7)
        for _ in 0..<300 {
            let set = Self.randomSet(using: &rng)
            for bytes in [Array(set.jsonData), Array(set.json.jsonText.utf8)] {
                let direct = DirectRuleReader.read(bytes)
                #expect(direct?.rules == set.rules, "\(String(decoding: bytes, as: UTF8.self))")
                #expect(direct?.otherMembers.isEmpty == true)
            }
        }
    }

    @Test("a byte order mark, extra whitespace and other top-level members are read directly")
    func readsPlainVariations() throws {
        let text =
            "\u{FEFF} \n{ \"rules\" : [ { \"times\" : [ \"07:30\" ] , \"days\":[\"mon\"],\"id\":\"a\" } ] ,"
            + " \"x\": {\"nested\": [1, null]}, \"version\" : 1 }\r\n"
        let direct = try #require(DirectRuleReader.read(Array(text.utf8)))
        #expect(direct.rules == [weeklyRule("a", days: [.monday], times: ["07:30"])])
        #expect(direct.otherMembers.map(\.key) == ["x"])
        #expect(direct.otherMembers.first?.value == .object([("nested", .array([.number("1"), .null]))]))
    }

    /// Each is a valid file the direct reader leaves to the full one, or an invalid one both
    /// reject: in every case the direct reader says `nil`.
    @Test(
        "files that are unusual or invalid are left to the full reader",
        arguments: [
            // Valid, but not plain: the full reader reads them.
            #"{"version": 1, "rules": [{"id": "a", "label": null, "days": ["mon"], "times": ["07:30"]}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["m\u006fn"], "times": ["07:30"]}]}"#,
            #"{"version": 1, "rules": [{"\u0069d": "a", "days": ["mon"], "times": ["07:30"]}]}"#,
            // Invalid: the full reader reports them.
            #"{"version": 1.0, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"]}]}"#,
            #"{"version": 2, "rules": []}"#,
            #"{"rules": []}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"]}, {"id": "a", "date": "2026-12-01", "times": ["08:00"]}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon", "mon"], "times": ["07:30"]}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": [], "times": ["07:30"]}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30", "07:30"]}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"], "everyWeeks": 2}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"], "everyWeeks": 53, "start": "2026-12-01"}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"], "start": "2026-12-02", "end": "2026-12-01"}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "date": "2026-12-01", "times": ["07:30"], "end": "2026-12-09"}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "date": "2026-12-01", "days": ["mon"], "times": ["07:30"]}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"], "timeZone": "UTC+5"}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"], "tz": "UTC"}]}"#,
            #"{"version": 1, "rules": [{"id": "a b", "days": ["mon"], "times": ["07:30"]}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["24:00"]}]}"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"]}]} x"#,
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:30"]}], "version": 1}"#
        ])
    func leavesUnusualAndInvalidFilesToTheFullReader(text: String) {
        #expect(DirectRuleReader.read(Array(text.utf8)) == nil)
    }

    /// Every second of the day as `HH:MM:SS`, in order.
    static let everySecondOfTheDay: [String] = (0..<86_400).map {
        String(format: "%02d:%02d:%02d", $0 / 3600, $0 / 60 % 60, $0 % 60)
    }

    // Checking each time against the ones before it took 86,400²/2 comparisons here (minutes);
    // checked once the array is read, it is linear. The limit only stops a regression from
    // hanging the suite.
    @Test(
        "a rule listing all 86,400 seconds of the day is read directly, and a repeat at its end is still found",
        .timeLimit(.minutes(1)))
    func readsManyTimesInLinearTime() throws {
        let times = Self.everySecondOfTheDay
        func file(_ times: [String]) -> [UInt8] {
            let list = times.map { "\"\($0)\"" }.joined(separator: ",")
            return Array(#"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": [\#(list)]}]}"#.utf8)
        }
        let read = try #require(DirectRuleReader.read(file(times)))
        #expect(read.rules.first?.times.count == 86_400)
        #expect(read.rules.first?.times.last == TimeOfDay(hour: 23, minute: 59, second: 59))

        // 12:00:00 listed again last: the direct reader gives up and the full reader names it.
        let repeated = file(times + ["12:00:00"])
        #expect(DirectRuleReader.read(repeated) == nil)
        do {
            _ = try AlarmRuleSet(jsonData: repeated)
            Issue.record("a repeated time was accepted")
        } catch {
            guard case .invalid(let problems) = error else { throw error }
            #expect(problems.map(\.field) == ["times[86400]"])
        }
    }

    /// Values and keys spliced into written files, so both readers meet near-valid input.
    static let splicedValues = [
        "null", "true", "false", "0", "1", "2", "52", "53", "1.0", "-1", "1e1", "\"\"", "\"mon\"", "\"Mon\"", "\"x\"", "[]",
        "[\"mon\"]", "[\"mon\", \"mon\"]", "[\"07:30\"]", "[\"07:30\", \"07:30\"]", "[\"7:30\"]", "\"2026-12-01\"", "\"2026-02-30\"",
        "[\"2026-12-01\"]", "\"UTC\"", "\"Mars/Base\"", "\"skip\"", "\"last\"", "{}", "\"a\\u0062\"", "\"\\u0030\"", "\"é\"",
        "\"wake\"", "\"a\""
    ]
    static let splicedKeys = RuleField.names + ["idd", "version", "rules", "Id"]

    @Test("on near-valid files the direct reader gives up or builds exactly what the full reader builds")
    func agreesWithTheFullReader() {
        var rng = RuleGenerator(seed: 0xA9EE)
        var directlyRead = 0
        var rejected = 0
        for _ in 0..<3000 {
            var bytes = Array(Self.randomSet(using: &rng).jsonData)
            for _ in 0..<Int.random(in: 1...3, using: &rng) { Self.mutate(&bytes, using: &rng) }
            let full = Self.fullRead(bytes)
            let direct = DirectRuleReader.read(bytes)
            if let direct {
                directlyRead += 1
                #expect(direct.rules == full, "\(String(decoding: bytes, as: UTF8.self))")
            }
            if full == nil { rejected += 1 }
            // In pieces it gives up exactly when it gives up in one, and reads the same rules.
            let inPieces = DirectRuleReader.read(bytes, split: Self.smallPieces)
            #expect(inPieces?.rules == direct?.rules, "\(String(decoding: bytes, as: UTF8.self))")
        }
        // Both kinds of input were met, many times over.
        #expect(directlyRead > 300)
        #expect(rejected > 300)
    }

    /// One random edit: a value or a key replaced, or a byte deleted or inserted.
    static func mutate(_ bytes: inout [UInt8], using rng: inout RuleGenerator) {
        guard !bytes.isEmpty else { return }
        let position = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            // The value after the next ": ", up to the end of its line (less a trailing comma).
            guard let colon = bytes[position...].firstIndex(of: UInt8(ascii: ":")) else { return }
            var end = bytes[colon...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
            guard colon + 2 <= end else { return }
            bytes.replaceSubrange((colon + 2)..<end, with: Array(rng.element(of: splicedValues).utf8))
        case 1:
            guard let quote = bytes[position...].firstIndex(of: UInt8(ascii: "\"")),
                let close = bytes[(quote + 1)...].firstIndex(of: UInt8(ascii: "\"")),
                close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: ":")
            else { return }
            bytes.replaceSubrange((quote + 1)..<close, with: Array(rng.element(of: splicedKeys).utf8))
        case 2:
            bytes.remove(at: position)
        default:
            bytes.insert(rng.element(of: Array("{}[],:\"\\ 0a-".utf8)), at: position)
        }
    }

    /// Up to four pieces of at least 64 bytes: the small random files are cut too.
    static let smallPieces = CoreSplit(minimumParallelCount: 128, minimumPartCount: 64, maximumParts: 4)

    /// Whether the rules array of `bytes` (a rule file) gets cuts under `split`.
    static func isCut(_ bytes: [UInt8], by split: CoreSplit) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let open = buffer.firstIndex(of: UInt8(ascii: "[")) else { return false }
            return !DirectRuleReader.pieceStarts(in: buffer, after: open + 1, split: split).isEmpty
        }
    }

    @Test("a rules array read in pieces gives the rules of one reading, in order")
    func readsInPiecesAsInOne() {
        var rng = RuleGenerator(seed: 0x91EC3)
        var cut = 0
        for _ in 0..<300 {
            let set = Self.randomSet(using: &rng)
            let bytes = Array(set.jsonData)
            let pieces = Int.random(in: 2...5, using: &rng)
            let minimum = Int.random(in: 32...400, using: &rng)
            let split = CoreSplit(minimumParallelCount: 2 * minimum, minimumPartCount: minimum, maximumParts: pieces)
            if Self.isCut(bytes, by: split) { cut += 1 }
            #expect(DirectRuleReader.read(bytes, split: split)?.rules == set.rules)
        }
        #expect(cut > 150)
    }

    @Test("a large rule file is cut for two cores and read to the same rules")
    func readsALargeFileInPieces() {
        var rng = RuleGenerator(seed: 0x1A4CE)
        var rules: [AlarmRule] = []
        for number in 0..<4000 {
            var rule = rng.element(of: Self.randomSet(using: &rng).rules)
            rule.id = "rule-\(number)"
            rules.append(rule)
        }
        let bytes = Array(try! AlarmRuleSet(rules: rules).jsonData)
        let twoCores = CoreSplit(
            minimumParallelCount: CoreSplit.reading.minimumParallelCount, minimumPartCount: CoreSplit.reading.minimumPartCount,
            maximumParts: 2)
        #expect(bytes.count > 2 * twoCores.minimumPartCount)
        let cut = Self.isCut(bytes, by: twoCores)
        #expect(cut)
        #expect(DirectRuleReader.read(bytes, split: twoCores)?.rules == rules)
    }

    @Test("an id repeated in two pieces makes the pieces give up, as one reading does")
    func findsRepeatedIDsAcrossPieces() {
        let rules = (0..<40).map { number in weeklyRule("rule-\(number)", times: ["07:30"]) }
        let text = String(decoding: try! AlarmRuleSet(rules: rules).jsonData, as: UTF8.self)
        let bytes = Array(text.replacingOccurrences(of: "\"rule-39\"", with: "\"rule-0\"").utf8)
        #expect(Self.fullRead(bytes) == nil)
        let cut = Self.isCut(bytes, by: Self.smallPieces)
        #expect(cut)
        #expect(DirectRuleReader.read(bytes, split: Self.smallPieces) == nil)
        #expect(DirectRuleReader.read(bytes, split: .one) == nil)
    }

    @Test("cuts guessed in a book's state, after the rules, are found wrong and the book is read whole")
    func dropsCutsGuessedPastTheRules() throws {
        let wake = weeklyRule("wake", days: [.monday], times: ["07:30"])
        let skipped = (0..<200).map { number in
            SkippedOccurrence(ruleID: "wake", date: LocalDate(daysSinceEpoch: day("2027-01-04").daysSinceEpoch + 7 * Int64(number)))
        }
        let book = AlarmBook(rules: [wake], skippedOccurrences: skipped)
        let bytes = Array(book.jsonData)
        // Every guess falls in the state (the rules array is a few lines at the top).
        let cut = Self.isCut(bytes, by: Self.smallPieces)
        #expect(cut)
        let contents = try #require(DirectRuleReader.read(bytes, split: Self.smallPieces))
        #expect(contents.rules == [wake])
        #expect(contents.otherMembers.map(\.key) == ["skipNext"])
    }

    @Test("a book is read directly to the same book, and its state problems are the full reader's")
    func readsBooksAsTheFullReaderDoes() throws {
        let wake = weeklyRule("wake", days: [.monday], times: ["07:30"])
        let book = AlarmBook(
            rules: [wake], skippedOccurrences: [SkippedOccurrence(ruleID: "wake", date: day("2026-12-07"))])
        let bytes = Array(book.jsonData)
        // The direct reader's half of the one entry (``RuleFile``), without the tree reader behind it.
        func direct(_ bytes: [UInt8]) -> RuleFile.Direct<RuleFile.Values> {
            bytes.withUnsafeBufferPointer { RuleFile.directValues($0, state: .read) }
        }
        guard case .read(let values) = direct(bytes) else {
            Issue.record("the direct reader gave up on a book the library wrote")
            return
        }
        #expect(AlarmBook(values: values) == book)

        let badState = #"{"version": 1, "rules": [], "skipNext": [{"rule": "wake", "date": "2026-13-01"}]}"#
        guard case .invalidState(let problems) = direct(Array(badState.utf8)) else {
            Issue.record("the direct reader did not report the state's problems")
            return
        }
        let full = #expect(throws: AlarmRulesError.self) { try AlarmBook(json: JSONValue(parsing: Array(badState.utf8))) }
        #expect(AlarmRulesError.invalid(problems) == full)
    }
}
