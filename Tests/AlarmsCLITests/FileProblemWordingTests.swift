import Foundation
import Testing

/// One problem, one message: a folder given where a file is expected reads the same whether it
/// was a rule file, a book or a case file, without an errno.
@Suite("file problems worded once")
struct FileProblemWordingTests {
    @Test(
        "a folder given as a rule file, a book or a case file is 'cannot read PATH: it is a directory', the path as given",
        arguments: [
            ["plan", "--rules", "DIR"], ["validate", "DIR"], ["check", "DIR"], ["list", "--store", "DIR"],
            ["validate", "--store", "DIR"], ["plan", "--store", "DIR"], ["add", "x", "--days", "mon", "--at", "07:00", "--store", "DIR"],
            ["list", "--store", "DIR/"]
        ])
    func folderIsOneMessage(_ arguments: [String]) async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let given = arguments.map { $0.replacingOccurrences(of: "DIR", with: folder.path) }
        let shown = try #require(given.last { $0.hasPrefix(folder.path) })
        let output = try await AlarmsProcess.run(given + (given[0] == "check" ? [] : ["--now", Fixtures.now]))
        #expect(output.exitCode == 1)
        #expect(output.standardOutput == "")
        #expect(output.standardError == "error: cannot read '\(shown)': it is a directory\n")
    }
}
