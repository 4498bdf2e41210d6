import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import Testing

@testable import AlarmsCLI

/// `simulate`'s table and JSON reach standard output a few kilobytes at a time, as they are
/// made, so memory stays flat however many fires a run has; the pieces together are exactly
/// the text the whole document would be.
@Suite("streamed output")
struct StreamedOutputTests {
    /// A rule at every minute of Mondays, simulated for 2 days from Mon 2026-11-30 00:00Z with
    /// an open every 6 hours: 1,439 required fires (00:00 itself is the start, not after it), most of them missed under the 64-slot cap.
    static func report() async throws -> SimulationReport {
        let times = try (0..<1_440).map { try #require(TimeOfDay(hour: $0 / 60, minute: $0 % 60)) }
        let rule = AlarmRule(id: "m", repeats: .weekly(days: [.monday]), times: times, timeZone: .floating)
        let start = Date(timeIntervalSince1970: 1_795_996_800)   // 2026-11-30T00:00:00Z, a Monday
        let simulation = DeviceSimulation(
            book: AlarmBook(rules: [rule]), timeline: .fixed(.gmt), start: start, end: start.addingTimeInterval(2 * 86_400),
            opens: .every(6 * 3_600, jitter: 0, seed: 0))
        return try await simulation.run()
    }

    /// Runs `write` and returns the pieces it wrote.
    static func pieces(_ write: ((String) throws(CLIError) -> Void) throws(CLIError) -> Void) throws -> [String] {
        var pieces: [String] = []
        try write { pieces.append($0) }
        return pieces
    }

    @Test("the JSON is written in pieces of about 16 KB that together are the whole document", arguments: [false, true])
    func json(onlyMissed: Bool) async throws {
        let report = try await Self.report()
        #expect(report.fires.count == 1_439)   // every minute of Monday after 00:00
        let document = SimulateDocument(report: report, onlyMissed: onlyMissed)
        let pieces = try Self.pieces(document.write)
        #expect(pieces.joined() == document.terminalText)
        #expect(pieces.count > 10)
        // A piece closes at the first whole fire past 16,384 bytes; one fire is about 330 bytes.
        #expect(pieces.allSatisfy { $0.utf8.count < 16_384 + 1_024 })
    }

    @Test("the table is written in pieces, every line within 80 columns, one row per fire after the header")
    func table() async throws {
        let report = try await Self.report()
        let setting = SimulationTable.Setting(
            days: 2, interval: 6 * 3_600, jitter: 0, seed: 0, zone: .gmt, strategy: .rolling)
        let pieces = try Self.pieces { write throws(CLIError) in
            try SimulationTable.write(report, setting: setting, palette: Palette(enabled: false), to: write)
        }
        #expect(pieces.count > 3)
        let lines = pieces.joined().split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex { $0.hasPrefix("WHEN") })
        #expect(lines.count - header - 2 == 1_439)   // rows after the header, less the final empty line
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 })
        #expect(lines[header + 1] == "Mon 2026-11-30 00:01  m     on time")
    }

    @Test("an object written member by member is byte for byte the pretty JSON of the whole value")
    func layout() throws {
        let records: [JSONValue] = [
            .object([("text", .string("a\nb \u{1B}[2J")), ("list", .array([.number("1"), .number("2")])), ("empty", .array([]))]),
            .object([("nested", .object([("deeper", .array([.object([("x", .null)])]))])), ("none", .object([]))])
        ]
        let members: [JSONStream.Member] = [
            .value("head", .string("起床")), .elements("records", count: records.count) { records[$0] },
            .elements("nothing", count: 0) { _ in .null }, .value("tail", .object([("done", .bool(true))]))
        ]
        let whole = JSONValue.object([
            ("head", .string("起床")), ("records", .array(records)), ("nothing", .array([])), ("tail", .object([("done", .bool(true))]))
        ])
        let pieces = try Self.pieces { write throws(CLIError) in try JSONStream.writeObject(members, write: write) }
        #expect(pieces.joined() == whole.terminalText)
        #expect(pieces.joined().contains(#""text": "a\nb \u001b[2J""#))
    }
}
