import AlarmsCLI
import Foundation
import Testing

/// An option's value is never silently another option: `--label --store x` forgot the label.
@Suite("option values")
struct OptionValueTests {
    @Test(
        "a value that is one of the command's options is a missing value, and nothing is written",
        arguments: [
            (["add", "c", "--days", "mon", "--at", "07:00", "--label", "--store", "/tmp/x.json"], "--label <TEXT>", "--store"),
            (["add", "c", "--days", "mon", "--at", "07:00", "--label", "--store=/tmp/x.json"], "--label <TEXT>", "--store=/tmp/x.json"),
            (["add", "c", "--at", "--days", "mon"], "--at <TIMES>", "--days"),
            (["edit", "wake", "--label", "--help"], "--label <TEXT>", "--help"),
            (["edit", "wake", "--label", "-h"], "--label <TEXT>", "-h"),
            (["list", "--store", "--format", "json"], "--store <PATH>", "--format")
        ])
    func optionAsValue(_ arguments: [String], _ option: String, _ token: String) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let before = store.bytes
        let result = try await store.run(arguments)
        #expect(result.exitCode == 64)
        #expect(
            result.standardError.hasPrefix(
                "error: missing value for '\(option)'\n"
                    + "hint: '\(token)' is an option; to use it as the value, write '\(option.prefix { $0 != " " })=\(token)'\n"),
            "\(result.standardError)")
        #expect(result.standardOutput == "")
        #expect(store.bytes == before)
    }

    @Test("with '=' the value is taken as written, even when it looks like an option")
    func equalsSignTakesIt() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let result = try await store.run(["add", "c", "--days", "mon", "--at", "07:00", "--label=--store"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let rules = try #require(try store.json()["rules"] as? [[String: Any]])
        #expect(rules.last?["label"] as? String == "--store")
    }

    @Test("a value that only starts with dashes, and is not an option of the command, is still a value")
    func otherDashedValues() async throws {
        let store = try TemporaryStore(Fixtures.book)
        for (label, id) in [("-", "d"), ("--gym-day", "e"), ("--rules", "f")] {
            let result = try await store.run(["add", id, "--days", "mon", "--at", "07:00", "--label", label])
            #expect(result.exitCode == 0, "\(label): \(result.standardError)")
        }
        let rules = try #require(try store.json()["rules"] as? [[String: Any]])
        #expect(rules.suffix(3).map { $0["label"] as? String } == ["-", "--gym-day", "--rules"])
    }
}
