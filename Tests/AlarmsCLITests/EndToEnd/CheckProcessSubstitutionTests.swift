import Foundation
import Testing

/// `alarms check <(…) --record` cannot write its results back into a pipe: it is a usage
/// error before anything is planned, and nothing is written anywhere.
@Suite("check --record of a process substitution", .tags(.endToEnd))
struct CheckProcessSubstitutionTests {
    @Test("check <(cat FILE) --record is a usage error naming the pipe, before any case is planned")
    func processSubstitution() throws {
        let store = try TemporaryStore()
        let file = store.folder.appending(path: "cases.json").path
        let text =
            #"{"version": 1, "rules": [{"id": "a", "days": ["mon"], "times": ["07:00"]}], "cases": [{"name": "c", "now": "2026-11-30T00:00:00Z", "timeZone": "UTC"}]}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let output = try AlarmsBinary.runShell(#"cd "$D" && "$A" check <(cat cases.json) --record"#, shell: "/bin/bash", store: store)
        #expect(output.exitCode == 64)
        #expect(output.standardOutput == "")
        #expect(output.standardError.hasPrefix("error: '--record' cannot write '/dev/fd/"), "\(output.standardError)")
        #expect(output.standardError.contains("': it is a named pipe, and '--record' writes only a regular file\n"))
        #expect(!output.standardError.contains("--store"))
        #expect(store.folderContents == ["cases.json"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        // Without --record the pipe is read and checked.
        let check = try AlarmsBinary.runShell(#"cd "$D" && "$A" check <(cat cases.json)"#, shell: "/bin/bash", store: store)
        #expect(check.exitCode == 1)
        #expect(check.standardOutput.hasPrefix("FAIL c: no expected fires"))
    }
}
