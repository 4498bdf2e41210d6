import AlarmsCLI
import Foundation
import Testing

/// `add --date` and `edit --date` of a date that has passed on the rule's clock are refused as
/// `skip` of a past date is (exit 1, nothing written): a one-shot on it would never ring. Now
/// is Mon 2026-11-30 22:00 Berlin = 21:00Z = Tue 2026-12-01 06:00 in Tokyo.
@Suite("a one-shot on a past date")
struct PastOneShotDateTests {
    @Test(
        "a date before today on the rule's clock is refused and nothing is written",
        arguments: [
            (
                ["add", "nap", "--date", "2020-01-01", "--at", "14:30"],
                "error: Wed 2020-01-01 has passed on the clock of rule 'nap' (today is Mon 2026-11-30 in Europe/Berlin); "
                    + "a one-shot alarm on it would never ring\n"
                    + "hint: give today or a later date, or leave out '--date' to ring once at the next of its times\n"
            ),
            // In Tokyo it is already Tuesday, so Monday has passed on that rule's clock.
            (
                ["add", "call", "--date", "2026-11-30", "--at", "23:00", "--rule-zone", "Asia/Tokyo"],
                "error: Mon 2026-11-30 has passed on the clock of rule 'call' (today is Tue 2026-12-01 in Asia/Tokyo)"
            ),
            (["edit", "flight", "--date", "2026-11-29"], "error: Sun 2026-11-29 has passed on the clock of rule 'flight'"),
            (["edit", "wake", "--date", "2026-11-01"], "error: Sun 2026-11-01 has passed on the clock of rule 'wake'")
        ])
    func refused(_ arguments: [String], _ excerpt: String) async throws {
        try await SkipPastDateTests.expectRefused(arguments, excerpt)
    }

    @Test("today is allowed, as skip allows it: some of its times may still be ahead")
    func today() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let result = try await store.run(["add", "late", "--date", "2026-11-30", "--at", "23:00"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(store.text.contains(#""id": "late""#))
    }
}
