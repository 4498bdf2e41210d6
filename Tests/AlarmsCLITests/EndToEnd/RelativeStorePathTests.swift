import Foundation
import Testing

/// A book named by a relative path is named by that path in errors, as `validate FILE` names
/// its file, not by the absolute path the store works with.
@Suite("relative store paths in errors", .tags(.endToEnd))
struct RelativeStorePathTests {
    static let invalidBook = #"{"version": 1, "rules": [{"id": "wake", "days": ["tuX"], "times": ["07:30"]}]}"#

    @Test("an invalid book given as --store book.json is named book.json by list, plan, add and validate")
    func invalidBookKeepsTheGivenPath() throws {
        let store = try TemporaryStore(Self.invalidBook)
        let problem = #"rule 'wake' (#1): days[0]: "tuX" is not a weekday; expected one of sun mon tue wed thu fri sat"#
        for command in ["list", "plan --now 2026-11-30T21:00:00Z", "add x --days mon --at 07:00 --now 2026-11-30T21:00:00Z"] {
            let output = try AlarmsBinary.runShell(#"cd "$D" && "$A" \#(command) --store alarms.json"#, store: store)
            #expect(output.exitCode == 1, "\(command)")
            #expect(output.standardError.hasPrefix("error: alarms.json: \(problem)\n"), "\(command): \(output.standardError)")
        }
        let validate = try AlarmsBinary.runShell(#"cd "$D" && "$A" validate --store alarms.json"#, store: store)
        #expect(validate.standardOutput.hasPrefix("error: alarms.json: rule 'wake' (#1): days[0]:"), "\(validate.standardOutput)")
    }

    @Test("a folder given as --store with a relative path is named as given")
    func folderKeepsTheGivenPath() throws {
        let store = try TemporaryStore()
        let output = try AlarmsBinary.runShell(#"cd "$D" && mkdir sub && "$A" list --store sub"#, store: store)
        #expect(output.exitCode == 1)
        #expect(output.standardError == "error: cannot read 'sub': it is a directory\n")
    }
}
