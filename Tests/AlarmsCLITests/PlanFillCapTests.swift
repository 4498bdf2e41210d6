import AlarmsCLI
import Foundation
import Testing

/// `alarms plan --fill-cap [--max-days N]`, run in-process with the clock and zones pinned.
/// 2026-11-30 is a Monday; Europe/Berlin is UTC+1 from 2026-10-25 to 2027-03-28.
@Suite("alarms plan --fill-cap")
struct PlanFillCapTests {
    /// Every Monday at 07:00 on the device's clock.
    static let mondays = """
        {"version": 1, "rules": [{"id": "wake", "days": ["mon"], "times": ["07:00"]}]}
        """
    /// Mon 2026-11-30 08:00 in Berlin, an hour after that Monday's fire.
    static let now = "2026-11-30T08:00:00+01:00"
    /// `plan` of the store at ``now``, in Berlin while `TZ` is UTC.
    static let plan = ["plan", "--now", now, "--time-zone", "Europe/Berlin"]

    @Test("--fill-cap plans as far as the cap allows: the coverage ends at the first Monday that did not fit")
    func fillsTheCap() async throws {
        let result = try await TemporaryStore(Self.mondays).run(Self.plan + ["--fill-cap", "--cap", "3"], timeZone: "UTC")
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                Plan at Mon 2026-11-30 08:00 Europe/Berlin, cap 3

                WHEN                  IN            RULE  LABEL
                Mon 2026-12-07 07:00  in 6 d 23 h   wake
                Mon 2026-12-14 07:00  in 13 d 23 h  wake
                Mon 2026-12-21 07:00  in 20 d 23 h  wake

                Fires: 3 (cap 3, reached).
                Covered until: Mon 2026-12-28 07:00 Europe/Berlin,
                  short of the horizon Wed 2027-12-01 08:00 Europe/Berlin.

                """)
    }

    @Test(
        "without a cap to fill, the plan reaches the maximum: all Mondays of 366 days, or of --max-days",
        arguments: [
            ([] as [String], 52, "2027-12-01T08:00:00+01:00", "2027-11-29T07:00:00"),
            (["--max-days", "14"], 2, "2026-12-14T08:00:00+01:00", "2026-12-14T07:00:00"),
            (["--max-days=366"], 52, "2027-12-01T08:00:00+01:00", "2027-11-29T07:00:00")
        ])
    func reachesTheMaximum(_ extra: [String], _ count: Int, _ horizonEnd: String, _ lastLocal: String) async throws {
        let result = try await TemporaryStore(Self.mondays).run(Self.plan + ["--fill-cap", "--format", "json"] + extra, timeZone: "UTC")
        #expect(result.exitCode == 0, "\(result.standardError)")
        let plan = try jsonObject(result.standardOutput)
        let fires = try #require(plan["fires"] as? [[String: Any]])
        #expect(fires.count == count)
        #expect(fires.last?["local"] as? String == lastLocal)
        #expect(plan["horizonEnd"] as? String == horizonEnd)
        #expect(plan["coveredUntil"] as? String == horizonEnd)
        #expect(plan["truncated"] as? Bool == false)
    }

    @Test("the default stays the fixed 7-day window: one Monday")
    func defaultIsTheWindow() async throws {
        let result = try await TemporaryStore(Self.mondays).run(Self.plan + ["--format", "json"], timeZone: "UTC")
        let plan = try jsonObject(result.standardOutput)
        #expect((plan["fires"] as? [[String: Any]])?.count == 1)
        #expect(plan["horizonEnd"] as? String == "2026-12-07T08:00:00+01:00")
    }

    @Test(
        "a fixed window and filling the cap are exclusive; --max-days needs --fill-cap and is 1...366",
        arguments: [
            (
                ["--fill-cap", "--horizon-days", "30"],
                "error: '--fill-cap' and '--horizon-days' cannot be combined\n"
                    + "hint: '--horizon-days' plans a fixed window; with '--fill-cap', '--max-days' bounds it\n"
            ),
            (
                ["--horizon-days", "7", "--max-days", "30"],
                "error: '--max-days' has no effect without '--fill-cap'\nhint: add '--fill-cap', or give a fixed window with '--horizon-days N'\n"
            ),
            (
                ["--max-days", "30"],
                "error: '--max-days' has no effect without '--fill-cap'\nhint: add '--fill-cap', or give a fixed window with '--horizon-days N'\n"
            ),
            (
                ["--fill-cap", "--max-days", "0"],
                "error: invalid value for '--max-days': '0'\nhint: expected a whole number from 1 to 366\n"
            ),
            (
                ["--fill-cap", "--max-days", "367"],
                "error: invalid value for '--max-days': '367'\nhint: expected a whole number from 1 to 366\n"
            ),
            (["--fill-cap=yes"], "error: option '--fill-cap' takes no value\n")
        ])
    func usageErrors(_ arguments: [String], _ message: String) async throws {
        let result = try await TemporaryStore(Self.mondays).run(Self.plan + arguments, timeZone: "UTC")
        #expect(result.exitCode == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
    }

    @Test("the help lists --fill-cap and --max-days")
    func help() async throws {
        let result = try await TemporaryStore(Self.mondays).run(Self.plan + ["--help"], timeZone: "UTC")
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("[--horizon-days N | --fill-cap [--max-days N]]"))
        #expect(result.standardOutput.contains("--fill-cap "))
        #expect(result.standardOutput.contains("--max-days <N> "))
    }
}
