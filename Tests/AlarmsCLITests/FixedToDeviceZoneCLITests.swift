import Foundation
import Testing

/// `plan` and `simulate` warn on standard error about a rule fixed to the device's own zone,
/// which the hybrid strategy keeps one-shot; their output is what it was.
@Suite("Rules fixed to the device's zone, on the command line")
struct FixedToDeviceZoneCLITests {
    /// A floating weekday 07:30, and a weekend 09:00 fixed to Europe/Berlin, the zone the tests' device is in.
    static let book = """
        {"version": 1, "rules": [
          {"id": "wake", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]},
          {"id": "weekend", "days": ["sat", "sun"], "times": ["09:00"], "timeZone": "Europe/Berlin"}
        ]}
        """

    static let warning =
        "warning: rule 'weekend' is fixed to Europe/Berlin, the device's zone, so it never repeats: it rings only as far as the "
        + "app's last refresh planned; leave out its \"timeZone\" (make it floating) to let it repeat; it then follows the "
        + "device's zone when the device travels\n"

    @Test("plan warns on standard error, from the store and from a rule file; its fires are unchanged")
    func plan() async throws {
        let store = try TemporaryStore(Self.book)
        for source in [[], ["--rules", store.path]] {
            let result = try await store.run(["plan", "--now", Fixtures.now, "--format", "json"] + source)
            #expect(result.exitCode == 0)
            #expect(result.standardError == Self.warning)
            // By hand, the seven days from Mon 2026-11-30 22:00: Tue–Fri 07:30, Sat and Sun 09:00, Mon 07:30.
            let fires = try #require(try jsonObject(result.standardOutput)["fires"] as? [[String: Any]])
            #expect(
                fires.map { $0["id"] as? String } == [
                    "wake@2026-12-01T07:30:00", "wake@2026-12-02T07:30:00", "wake@2026-12-03T07:30:00", "wake@2026-12-04T07:30:00",
                    "weekend@2026-12-05T09:00:00", "weekend@2026-12-06T09:00:00", "wake@2026-12-07T07:30:00"
                ])
            let table = try await store.run(["plan", "--now", Fixtures.now] + source)
            #expect(table.standardError == Self.warning)
            #expect(!table.standardOutput.contains("warning"))
        }
    }

    @Test("plan names ten such rules one by one and counts the rest in one line")
    func planCountsBeyondTen() async throws {
        // Thirteen weekend rules w01…w13 fixed to the device's zone: ten named, three counted.
        let rules = (1...13).map { number in
            #"{"id": "w\#(number < 10 ? "0" : "")\#(number)", "days": ["sat"], "times": ["09:00"], "timeZone": "Europe/Berlin"}"#
        }
        let store = try TemporaryStore(#"{"version": 1, "rules": ["# + rules.joined(separator: ", ") + "]}")
        let result = try await store.run(["plan", "--now", Fixtures.now, "--format", "json"])
        #expect(result.exitCode == 0)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 11)
        #expect(lines.first == Self.warning.replacingOccurrences(of: "'weekend'", with: "'w01'").dropLast(1).description)
        #expect(lines.dropLast().last?.hasPrefix("warning: rule 'w10' is fixed to Europe/Berlin") == true)
        #expect(lines.last == "warning: and 3 more rules fixed to Europe/Berlin, the device's zone, that never repeat for the same reason")
    }

    @Test("plan says nothing of a floating rule, or of one fixed to another zone than the device's")
    func planQuiet() async throws {
        let store = try TemporaryStore(Self.book)
        #expect(try await store.run(["plan", "--now", Fixtures.now], timeZone: "Europe/Paris").standardError == "")
        let floating = try TemporaryStore(Self.book.replacingOccurrences(of: #", "timeZone": "Europe/Berlin""#, with: ""))
        #expect(try await floating.run(["plan", "--now", Fixtures.now]).standardError == "")
    }

    @Test("simulate warns under hybrid, on either backend, and not under rolling")
    func simulate() async throws {
        let store = try TemporaryStore(Self.book)
        let run = ["simulate", "--days", "30", "--open-every", "never", "--now", Fixtures.now]
        for backend in [["--backend", "notifications"], ["--backend", "alarmkit"]] {
            let hybrid = try await store.run(run + ["--strategy", "hybrid"] + backend)
            #expect(hybrid.exitCode == 0)
            #expect(hybrid.standardError == Self.warning)
        }
        #expect(try await store.run(run + ["--strategy", "rolling"]).standardError == "")
    }

    @Test("with --fail-on-miss the warning comes before the note of what was missed")
    func failOnMiss() async throws {
        // By hand: 8 weekend days in the 30 days from Mon 30 November (5–6, 12–13, 19–20, 26–27
        // December); the device holds 2 alarms, so the 6 after 6 December are missed.
        let store = try TemporaryStore(
            #"{"version": 1, "rules": [{"id": "weekend", "days": ["sat", "sun"], "times": ["09:00"], "timeZone": "Europe/Berlin"}]}"#)
        let result = try await store.run([
            "simulate", "--days", "30", "--open-every", "never", "--now", Fixtures.now, "--strategy", "hybrid", "--backend", "alarmkit",
            "--alarm-limit", "2", "--fail-on-miss", "--format", "json"
        ])
        #expect(result.exitCode == 2)
        #expect(result.standardError == Self.warning + "note: 6 of 8 required alarms missed (--fail-on-miss)\n")
    }
}
