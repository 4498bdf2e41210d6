import AlarmsCLI
import Foundation
import Testing

/// `skip` of a date that has passed on the rule's clock is an error, as `skip-next` with
/// nothing to skip is. Now is Mon 2026-11-30 22:00 Berlin = 21:00Z = Tue 2026-12-01 06:00 in Tokyo.
@Suite("skip of a past date")
struct SkipPastDateTests {
    @Test(
        "a date before today on the rule's clock is refused and nothing is written",
        arguments: [
            (
                "wake", "2026-11-29",
                "error: Sun 2026-11-29 has passed on the clock of rule 'wake' (today is Mon 2026-11-30 in Europe/Berlin); skipping it would change nothing\n"
                    + "hint: give today or a later date; 'alarms skip-next wake' skips the next occurrence\n"
            ),
            ("wake", "2020-01-06", "error: Mon 2020-01-06 has passed on the clock of rule 'wake'"),
            // In Tokyo it is already Tuesday: Monday has passed there.
            (
                "standup", "2026-11-30",
                "error: Mon 2026-11-30 has passed on the clock of rule 'standup' (today is Tue 2026-12-01 in Asia/Tokyo)"
            )
        ])
    func pastDate(_ rule: String, _ date: String, _ excerpt: String) async throws {
        try await Self.expectRefused(["skip", rule, date], excerpt)
    }

    /// Runs `arguments` against a fresh store of ``Fixtures/book`` and expects a past date
    /// refused: exit 1, standard error starting with `excerpt`, no output, the book unchanged.
    /// `add --date` and `edit --date` are refused as `skip` is (``PastOneShotDateTests``).
    static func expectRefused(_ arguments: [String], _ excerpt: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let store = try TemporaryStore(Fixtures.book)
        let before = store.bytes
        let result = try await store.run(arguments)
        #expect(result.exitCode == 1, sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix(excerpt), "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardOutput == "", sourceLocation: sourceLocation)
        #expect(store.bytes == before, sourceLocation: sourceLocation)
    }

    @Test("today and later dates are skipped; unskip still takes a past date")
    func todayAndLater() async throws {
        let store = try TemporaryStore(Fixtures.book)
        for (rule, date) in [("wake", "2026-11-30"), ("standup", "2026-12-01"), ("wake", "2026-12-03")] {
            let result = try await store.run(["skip", rule, date])
            #expect(result.exitCode == 0, "\(rule) \(date): \(result.standardError)")
        }
        let unskip = try await store.run(["unskip", "wake", "2026-11-29"])
        #expect(unskip.exitCode == 0)
        #expect(unskip.standardOutput == "Rule 'wake' (Wake up) does not skip Sun 2026-11-29; nothing changed.\n")
    }
}
