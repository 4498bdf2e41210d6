import Foundation
import Testing

/// A path that is not valid UTF-8 is refused (exit 64), never turned into another file's name:
/// read with replacement, `\xFF.json` and `\xFE.json` would both be `\u{FFFD}.json`.
@Suite("paths that are not UTF-8", .tags(.endToEnd))
struct NonUTF8PathTests {
    @Test("--store with a byte that is not UTF-8 creates nothing and says why")
    func store() throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try AlarmsBinary.runShell(#""$A" add a --days mon --at 07:00 --store "$(printf '\#(folder.path)/\377.json')""#)
        #expect(output.exitCode == 64)
        #expect(
            output.standardError.hasPrefix(
                "error: argument 8, '\(folder.path)/\\xFF.json', is not valid UTF-8\n"
                    + "hint: alarms reads arguments as UTF-8 text, so a path with other bytes would name another file"),
            "\(output.standardError)")
        #expect(output.standardError.contains("\nSee 'alarms add --help'.\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("--rules naming an existing file whose name is not UTF-8 is refused, not 'no such file'")
    func rules() throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script =
            #"cd '\#(folder.path)' && printf '{"version":1,"rules":[]}' > "$(printf 'r\377.json')" && "$A" plan --rules "$(printf 'r\377.json')""#
        let output = try AlarmsBinary.runShell(script)
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix("error: argument 3, 'r\\xFF.json', is not valid UTF-8\n"), "\(output.standardError)")
        #expect(!output.standardError.contains("no such file"))
    }

    @Test("ALARMS_STORE that is not UTF-8 is refused too")
    func environment() throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try AlarmsBinary.runShell(#"ALARMS_STORE="$(printf '\#(folder.path)/\376.json')" "$A" add a --days mon --at 07:00"#)
        #expect(output.exitCode == 64)
        #expect(
            output.standardError.hasPrefix("error: $ALARMS_STORE, '\(folder.path)/\\xFE.json', is not valid UTF-8\n"),
            "\(output.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("UTF-8 paths with non-ASCII names still work")
    func utf8Paths() async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("réveil-\u{FFFD}.json").path
        let output = try await AlarmsProcess.run(["add", "a", "--days", "mon", "--at", "07:00", "--store", path, "--now", Fixtures.now])
        #expect(output.exitCode == 0, "\(output.standardError)")
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
