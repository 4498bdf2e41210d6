import Foundation
import Testing

/// One problem, one message: a folder given where a file is expected reads the same whether it
/// was a rule file, a book or a case file, without an errno; so does a file that is not JSON.
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

    /// Line 2 is ` "rules": [,]}`: the space is column 1, `"rules":` columns 2–9, `[` column 11,
    /// and the `,` where a value must be is column 12.
    static let notJSON = "{\"version\": 1,\n \"rules\": [,]}"

    @Test(
        "a file that is not JSON is 'PATH:LINE:COLUMN: malformed JSON: …' as a rule file, a book to validate, a case file or a store to validate",
        arguments: [["plan", "--rules", "FILE"], ["validate", "FILE"], ["check", "FILE"], ["validate", "--store", "FILE"]])
    func notJSONIsOneMessage(_ arguments: [String]) async throws {
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "alarms.json")
        try Data(Self.notJSON.utf8).write(to: file)
        let output = try await AlarmsProcess.run(
            arguments.map { $0 == "FILE" ? file.path : $0 } + (arguments[0] == "check" ? [] : ["--now", Fixtures.now]))
        #expect(output.exitCode == 1)
        // validate writes its report on standard output, wrapped at 80 columns; the others fail on standard error.
        let lines = (output.standardOutput + output.standardError).replacingOccurrences(of: "\n  ", with: " ").split(separator: "\n")
        #expect(lines.contains("error: \(file.path):2:12: malformed JSON: expected a value, found ','"), "\(lines)")
        if arguments[0] == "validate" {
            let json = try await AlarmsProcess.run(
                arguments.map { $0 == "FILE" ? file.path : $0 } + ["--now", Fixtures.now, "--format", "json"])
            let problems = try #require(try jsonObject(json.standardOutput)["problems"] as? [[String: Any]])
            #expect(problems.count == 1)
            #expect(problems.first?["message"] as? String == "malformed JSON: expected a value, found ','")
            #expect(problems.first?["line"] as? Int == 2)
            #expect(problems.first?["column"] as? Int == 12)
        }
    }
}
