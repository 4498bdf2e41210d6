import AlarmsCLI
import Foundation
import Testing

/// What `simulate` refuses before it runs, as usage errors (exit 64) naming the option to
/// change: a period whose plans the alarm book cannot record (instants from
/// 0001-01-02T00:00:00Z to 9999-12-30T23:59:59Z), more than 1,000,000 required fires, and a
/// picture of more than 20,000 marks. A period just inside each bound is simulated.
@Suite("simulate's bounds")
struct SimulateLimitsTests {
    static let weekly = #"{"version": 1, "rules": [{"id": "wake", "days": ["mon"], "times": ["07:30"]}]}"#

    /// A rule at every minute of every day: 1,440 fires a day.
    static let everyMinute =
        #"{"version": 1, "rules": [{"id": "m", "days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"], "times": ["#
        + (0..<1_440).map { String(format: "\"%02d:%02d\"", $0 / 60, $0 % 60) }.joined(separator: ", ") + "]}]}"

    static func simulate(_ rules: String, _ arguments: [String]) async throws -> CommandResult {
        try await withTemporaryFolder { folder in
            let path = folder.appending(path: "r.json").path
            try Data(rules.utf8).write(to: URL(fileURLWithPath: path))
            return try await AlarmsProcess.run(["simulate", "--rules", path] + arguments)
        }
    }

    @Test(
        "a period whose plans reach past what the book records is a usage error naming --days, with the most days that fit",
        arguments: [
            // 9998-12-30T23:59:59Z + 359 d = 9999-12-24T23:59:59Z (9999 is not a leap year), + the
            // 7-day rolling plan = 9999-12-31T23:59:59Z, a day past the last recordable instant.
            (
                ["--now", "9998-12-30T23:59:59Z", "--days", "359", "--open-every", "1d", "--strategy", "rolling"],
                "with the 7-day plan of each open, reach 9999-12-31T23:59:59Z", "use '--days 358' or fewer"
            ),
            // fill-cap plans 366 days: 9998-12-29T00:00:00Z + 1 d + 366 d = 9999-12-31T00:00:00Z.
            (
                ["--now", "9998-12-29T00:00:00Z", "--days", "1", "--open-every", "1d", "--strategy", "fill-cap"],
                "with the 366-day plan of '--strategy fill-cap', reach 9999-12-31T00:00:00Z", "use an earlier '--now'"
            )
        ])
    func pastTheLastYear(_ arguments: [String], _ message: String, _ hint: String) async throws {
        let output = try await Self.simulate(Self.weekly, arguments)
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix("error: invalid value for '--days': "), "\(output.standardError)")
        #expect(output.standardError.contains(message + ", past 9999-12-30T23:59:59Z"), "\(output.standardError)")
        #expect(output.standardError.contains("\nhint: \(hint)"), "\(output.standardError)")
        #expect(output.standardOutput == "")
    }

    @Test(
        "a period that ends its last plan at the last recordable instant, or starts at the first, is simulated",
        arguments: [
            // + 358 d = 9999-12-23T23:59:59Z, + 7 d = 9999-12-30T23:59:59Z exactly.
            ["--now", "9998-12-30T23:59:59Z", "--days", "358", "--open-every", "1d", "--strategy", "rolling"],
            // + 1 d + 366 d = 9999-12-30T23:59:59Z exactly.
            ["--now", "9998-12-28T23:59:59Z", "--days", "1", "--open-every", "1d", "--strategy", "fill-cap"],
            ["--now", "0001-01-02T00:00:00Z", "--days", "3", "--open-every", "1d"]
        ])
    func insideTheYears(_ arguments: [String]) async throws {
        let output = try await Self.simulate(Self.weekly, arguments)
        #expect(output.exitCode == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("Simulated "))
    }

    @Test("a start before the first recordable instant is a usage error naming --now")
    func beforeTheFirstDay() async throws {
        let output = try await Self.simulate(Self.weekly, ["--now", "0001-01-01T23:59:59Z", "--days", "3", "--open-every", "1d"])
        #expect(output.exitCode == 64)
        #expect(
            output.standardError.hasPrefix(
                "error: invalid value for '--now': '0001-01-01T23:59:59Z' is before 0001-01-02T00:00:00Z, the earliest instant an alarm book can record a plan at\n"
                    + "hint: simulate from 0001-01-02T00:00:00Z or later\n"), "\(output.standardError)")
    }

    @Test(
        "more planning than a run does (opens × (rules + 64) over 4,000,000) is a usage error naming --days and --open-every, before any open"
    )
    func tooMuchPlanning() async throws {
        // 2,000 one-shot rules dated 2099 require no fire, yet 100 days of hourly opens (2,401,
        // the start included) plan them all each time: 2,401 × 2,064 = 4,955,664 steps.
        let rules = (0..<2_000).map { #"{"id": "r\#($0)", "date": "2099-06-01", "times": ["07:30"]}"# }.joined(separator: ", ")
        let book = #"{"version": 1, "rules": ["# + rules + "]}"
        let output = try await Self.simulate(book, ["--now", "2026-11-30T00:00:00Z", "--days", "100", "--open-every", "1h"])
        #expect(output.exitCode == 64)
        #expect(output.standardOutput == "")
        #expect(
            output.standardError.hasPrefix(
                """
                error: '--days 100' with '--open-every 1h' opens the app 2401 times, and each open plans the book's 2000 rules and fills up to 64 slots: 4955664 steps, more than the 4000000 a simulation takes
                hint: open the app at most 1937 times: fewer '--days' or a longer '--open-every', or simulate a book with fewer rules

                """), "\(output.standardError)")
        // Opened once, the same book is simulated: it requires no fire.
        let once = try await Self.simulate(book, ["--now", "2026-11-30T00:00:00Z", "--days", "100", "--open-every", "never"])
        #expect(once.exitCode == 0, "\(once.standardError)")
        #expect(once.standardOutput.contains("\nRequired:          0\n"))
    }

    @Test("more than a million required fires is a usage error naming --days, found without expanding them all")
    func tooManyFires() async throws {
        // 1,440 fires a day for 695 days: 1,000,800.
        let output = try await Self.simulate(Self.everyMinute, ["--now", "2026-11-30T00:00:00Z", "--days", "695", "--open-every", "1d"])
        #expect(output.exitCode == 64)
        #expect(
            output.standardError.hasPrefix(
                "error: invalid value for '--days': '695': the rules require more than 1000000 fires in that period, "
                    + "and a simulation accounts for at most 1000000\n"), "\(output.standardError)")
    }

    @Test("a picture of more than 20,000 marks is a usage error naming --format svg; one of 20,000 is drawn")
    func pictureSize() async throws {
        // 13 days from midnight: 13 × 1,440 = 18,720 fires and 14 opens (at 0 d … 13 d) make 18,734 marks.
        let drawn = try await Self.simulate(
            Self.everyMinute, ["--now", "2026-11-30T00:00:00Z", "--days", "13", "--open-every", "1d", "--format", "svg"])
        #expect(drawn.exitCode == 0, "\(drawn.standardError)")
        #expect(drawn.standardOutput.hasPrefix("<?xml"))
        // 14 days: 20,160 fires, over the limit with the opens.
        let refused = try await Self.simulate(
            Self.everyMinute, ["--now", "2026-11-30T00:00:00Z", "--days", "14", "--open-every", "1d", "--format", "svg"])
        #expect(refused.exitCode == 64)
        #expect(refused.standardError.hasPrefix("error: '--format svg' draws at most 20000 marks, and this run has more"))
        #expect(
            refused.standardError.contains("\nhint: simulate fewer '--days', open less often with '--open-every', or use '--format json'"))
    }
}
