import Foundation
import RecurringAlarms
import Testing

@testable import AlarmsCLI

/// `alarms check` is bounded: a case file that asks for more planning than a run does is
/// refused before anything is planned, each case is written as it is planned, and `--record`
/// writes back only a regular file the user can write, or nothing at all.
@Suite("alarms check bounds and record targets")
struct CheckBoundsTests {
    /// `wake`, weekdays at 07:30, floating, and `cases`.
    static func caseFile(_ cases: String) -> String {
        #"{"version": 1, "rules": [{"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]}], "cases": "#
            + cases + "}"
    }

    /// `count` cases planning from 2026-12-01T00:00Z in Berlin for two days (Tue and Wed 07:30),
    /// with `extra` members.
    static func cases(_ count: Int, extra: String = "") -> String {
        "["
            + (0..<count).map {
                #"{"name": "c\#($0)", "now": "2026-12-01T00:00:00Z", "timeZone": "Europe/Berlin", "horizonDays": 2\#(extra)}"#
            }.joined(separator: ", ") + "]"
    }

    /// A file named `name` in a fresh folder holding `text`.
    static func write(_ text: String, named name: String = "cases.json") throws -> (store: TemporaryStore, path: String) {
        let store = try TemporaryStore()
        return (store, try store.write(text, named: name))
    }

    @Test("cases whose caps add up to more than 1,000,000 requests are refused before any is planned")
    func tooManyRequests() async throws {
        // 101 cases of cap 10,000 may plan 1,010,000 requests; 100 of them exactly the limit.
        let (store, path) = try Self.write(Self.caseFile(Self.cases(101, extra: #", "cap": 10000"#)))
        let output = try await AlarmsProcess.run(["check", path])
        #expect(output.exitCode == 1)
        #expect(output.standardOutput == "")
        #expect(
            output.standardError == """
                error: '\(path)' asks for too much for one run: its 101 cases may plan up to 1010000 requests (the sum of their caps), and 'alarms check' plans at most 1000000 in one run
                hint: split the cases into several files, or give them smaller caps

                """)
        let fitting = try store.write(Self.caseFile(Self.cases(100, extra: #", "cap": 10000"#)), named: "fitting.json")
        let allowed = try await AlarmsProcess.run(["check", fitting])
        #expect(allowed.standardError == "error: 100 of 100 cases failed in \(fitting)\n")
    }

    @Test("cases times rules over 10,000,000 are refused before any is planned")
    func tooManyRulePlans() async throws {
        let rules = (0..<2_001).map { #"{"id": "r\#($0)", "days": ["mon"], "times": ["07:30"]}"# }.joined(separator: ", ")
        let (store, path) = try Self.write(#"{"version": 1, "rules": ["# + rules + #"], "cases": "# + Self.cases(5_000) + "}")
        let output = try await AlarmsProcess.run(["check", path])
        #expect(output.exitCode == 1)
        #expect(output.standardOutput == "")
        #expect(
            output.standardError == """
                error: '\(path)' asks for too much for one run: its 5000 cases each plan its 2001 rules, 10005000 rule plans, and 'alarms check' plans at most 10000000 in one run
                hint: split the cases into several files

                """)
        let fitting = try PlanCaseFile(jsonData: Array(Self.caseFile(Self.cases(2)).utf8))
        #expect(throws: Never.self) { try CheckLimits.checkSize(fitting, name: "cases.json") }
        #expect(store.folderContents == ["cases.json"])
    }

    @Test("the text report is written a case at a time, each case's lines in one piece as it is planned, then the summary")
    func writtenCaseByCase() throws {
        let file = try PlanCaseFile(jsonData: Array(Self.caseFile(Self.cases(3)).utf8))
        var run = CheckRun(file: file, name: "cases.json", mode: nil)
        var pieces: [String] = []
        try run.writeTable(recordingInto: "unused.json") { pieces.append($0) }
        let lines = { (name: String) in
            """
            FAIL \(name): no expected fires; planned 2 fires (record them with '--record')
                + 2026-12-01T07:30:00+01:00 wake@2026-12-01T07:30:00
                + 2026-12-02T07:30:00+01:00 wake@2026-12-02T07:30:00

            """
        }
        #expect(pieces == [lines("c0"), lines("c1"), lines("c2"), "3 cases: 0 passed, 3 failed\n"])
        #expect(run.outcomes == [.unrecorded, .unrecorded, .unrecorded])
    }

    @Test("--record into a named pipe is a usage error, as '-' is, and the pipe stays a pipe")
    func recordIntoNamedPipe() async throws {
        let store = try TemporaryStore()
        let fifo = store.folder.appending(path: "cases.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let output = try await AlarmsProcess.run(["check", fifo, "--record"])
        #expect(output.exitCode == 64)
        #expect(output.standardOutput == "")
        #expect(
            output.standardError.hasPrefix(
                """
                error: '--record' cannot write '\(fifo)': it is a named pipe, and '--record' writes only a regular file
                hint: save the cases to a file and record into that, or drop '--record'

                """))
        var status = stat()
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(store.folderContents == ["cases.fifo"])
    }

    @Test("--record into a folder is a usage error too")
    func recordIntoFolder() async throws {
        let store = try TemporaryStore()
        let output = try await AlarmsProcess.run(["check", store.folder.path, "--record=all"])
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix("error: '--record' cannot write '\(store.folder.path)': it is a directory,"))
    }

    @Test("--record into a read-only case file is refused before anything is planned, and the file keeps its bytes and mode")
    func recordIntoReadOnlyFile() async throws {
        let text = Self.caseFile(Self.cases(1))
        let (store, path) = try Self.write(text)
        #expect(chmod(path, 0o444) == 0)
        let output = try await AlarmsProcess.run(["check", path, "--record"])
        #expect(output.exitCode == 1)
        #expect(output.standardOutput == "")
        #expect(
            output.standardError == """
                error: cannot record into '\(path)': permission denied (the file is read-only)
                hint: nothing was read or written; make the file writable (chmod u+w), or check without '--record'

                """)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o444)
        #expect(store.folderContents == ["cases.json"])
        // Without --record the same file is checked as usual.
        let check = try await AlarmsProcess.run(["check", path])
        #expect(check.standardOutput.hasSuffix("1 case: 0 passed, 1 failed\n"))
    }

    @Test("--record with nothing to record leaves the file byte for byte as it was, not even rewritten")
    func nothingToRecord() async throws {
        // Laid out as the package would not write it: on one line, with an escape the writer drops.
        let expected =
            #", "expected": {"fires": [{"id": "wake@2026-12-01T07:30:00", "at": "2026-12-01T06:30:00Z"}, {"id": "wake@2026-12-02T07:30:00", "at": "2026-12-02T07:30:00+01:00"}]}"#
        let text = Self.caseFile(Self.cases(2, extra: expected)).replacingOccurrences(of: "\"c1\"", with: "\"c\\u0031\"")
        let (store, path) = try Self.write(text)
        let before = try FileManager.default.attributesOfItem(atPath: path)
        let output = try await AlarmsProcess.run(["check", path, "--record"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == "pass c0: 2 fires\npass c1: 2 fires\n2 cases: 2 passed, 0 failed\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        #expect(store.folderContents == ["cases.json"])
    }
}
