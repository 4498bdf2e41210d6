import Foundation
import Testing

/// Books shared by the CLI tests. Weekdays and offsets quoted in the tests were checked with
/// Python's zoneinfo: 2026-11-30 is a Monday; Europe/Berlin is UTC+1 from 2026-10-25 to
/// 2027-03-28; Asia/Tokyo is UTC+9 all year; Europe/London is UTC+0 in December;
/// America/New_York jumps 02:00 EST → 03:00 EDT on 2026-03-08 and falls back 02:00 EDT →
/// 01:00 EST on 2026-11-01.
enum Fixtures {
    /// The moment most tests run at: Mon 2026-11-30 22:00 in Berlin, 21:00Z.
    static let now = "2026-11-30T22:00:00+01:00"
    /// ``now`` as an instant (1_796_072_400 s since 1970): the clock of in-process runs.
    static let nowInstant = Date(timeIntervalSince1970: 1_796_072_400)

    /// Five rules: weekly floating, weekly fixed in Tokyo, every two weeks with a skip, a
    /// disabled one with a non-default gap policy, and a one-shot fixed in London.
    static let book = """
        {"version": 1, "rules": [
          {"id": "wake", "label": "Wake up", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]},
          {"id": "standup", "label": "Stand-up", "days": ["mon", "wed", "fri"], "times": ["09:00"], "timeZone": "Asia/Tokyo"},
          {"id": "bins", "days": ["wed"], "times": ["20:00"], "everyWeeks": 2, "start": "2026-12-02", "skip": ["2026-12-30"]},
          {"id": "gym", "label": "Gym", "enabled": false, "days": ["sat"], "times": ["10:00"], "gap": "skip"},
          {"id": "flight", "label": "Leave for the airport", "date": "2026-12-05", "times": ["05:45"], "timeZone": "Europe/London"}
        ]}
        """

    /// A rule at 01:30 and 02:30 every day in New York: 02:30 falls in the 2026-03-08 gap,
    /// 01:30 in the 2026-11-01 overlap.
    static let night = """
        {"version": 1, "rules": [
          {"id": "night", "label": "Night check", "days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
           "times": ["01:30", "02:30"], "timeZone": "America/New_York"}
        ]}
        """
}

/// A command line that fails, with the exit code it ends with and an excerpt of its standard
/// error: one case of a parameterized test, named after the command line.
struct CommandFailure: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let exitCode: Int32
    let excerpt: String
    var testDescription: String { arguments.joined(separator: " ") }
}
