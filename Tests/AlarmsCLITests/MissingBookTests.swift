import AlarmsCLI
import Foundation
import Testing

/// `next` and `list` say the same true thing about a book that does not exist or has no rules.
@Suite("a missing or empty book")
struct MissingBookTests {
    @Test(
        "next says the book does not exist, as list does",
        arguments: [
            ("missing.json", "the file does not exist yet"),
            ("no-folder/missing.json", "neither the file nor its folder exists")
        ])
    func missing(_ name: String, _ note: String) async throws {
        let store = try TemporaryStore()
        let path = store.folder.appendingPathComponent(name).path
        let next = try await AlarmsProcess.run(["next", "--store", path], timeZone: "Europe/Berlin")
        let list = try await AlarmsProcess.run(["list", "--store", path], timeZone: "Europe/Berlin")
        let expected = "No rules in \(path) (\(note)).\nAdd one with 'alarms add wake --days weekdays --at 07:30'.\n"
        #expect(next.exitCode == 0)
        #expect(next.standardOutput == expected)
        #expect(list.standardOutput == expected)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "plan, week and simulate say the book does not exist, in list's and next's words, not that no fire is planned",
        arguments: [
            ("missing.json", "the file does not exist yet"),
            ("no-folder/missing.json", "neither the file nor its folder exists")
        ])
    func missingWhenPlanning(_ name: String, _ note: String) async throws {
        let store = try TemporaryStore()
        let path = store.folder.appendingPathComponent(name).path
        let expected = "No rules in \(path) (\(note)).\nAdd one with 'alarms add wake --days weekdays --at 07:30'.\n"
        for arguments in [["plan"], ["week"], ["simulate", "--days", "3", "--open-every", "1d"]] {
            let run = try await AlarmsProcess.run(arguments + ["--store", path], timeZone: "Europe/Berlin")
            #expect(run.exitCode == 0, "\(arguments[0])")
            #expect(run.standardOutput == expected, "\(arguments[0])")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("next on a book with no rules says so; with rules that never ring it says no alarms")
    func empty() async throws {
        let store = try TemporaryStore(#"{"version": 1, "rules": []}"#)
        let next = try await AlarmsProcess.run(["next", "--store", store.path], timeZone: "Europe/Berlin")
        #expect(next.standardOutput == "No rules in \(store.path).\nAdd one with 'alarms add wake --days weekdays --at 07:30'.\n")
        let off = try TemporaryStore(#"{"version": 1, "rules": [{"id": "a", "enabled": false, "days": ["mon"], "times": ["07:00"]}]}"#)
        let none = try await AlarmsProcess.run(["next", "--store", off.path], timeZone: "Europe/Berlin")
        #expect(none.standardOutput == "Next alarms after Mon 2026-11-30 22:00 Europe/Berlin\n\nNo alarms in the next 366 days.\n")
    }
}
