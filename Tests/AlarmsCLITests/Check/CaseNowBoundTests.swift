import Foundation
import RecurringAlarms
import Testing

/// A case file's `now` has the bound `plan --now` has (``PlanningRange``): a case plans only
/// what the command line could, and each refuses what the other refuses.
@Suite("check: a case's now has plan's bound")
struct CaseNowBoundTests {
    static let rules = #"{"version": 1, "rules": [{"id": "wake", "days": ["tue"], "times": ["07:30"]}]"#

    @Test(
        "plan --now and a case's now accept and refuse the same moments",
        arguments: [
            ("0001-01-01T00:00:00Z", "UTC", true), ("0001-01-01T00:00:00+00:00:01", "UTC", false),
            ("9998-12-30T23:59:59Z", "UTC", true), ("9998-12-31T00:00:00Z", "UTC", false), ("9999-12-31T00:00:00Z", "UTC", false),
            ("0001-01-01T14:00:00+14:00", "Etc/GMT-14", true), ("0001-01-01T13:59:59+14:00", "Etc/GMT-14", false),
            ("9998-12-30T23:59:59+14:00", "Etc/GMT-14", true), ("9998-12-31T00:00:00+14:00", "Etc/GMT-14", false),
            ("0001-01-01T00:00:00-12:00", "Etc/GMT+12", true), ("0001-01-01T00:00:00-11:59:59", "Etc/GMT+12", false),
            ("9998-12-30T11:59:59-12:00", "Etc/GMT+12", true), ("9998-12-30T12:00:00-12:00", "Etc/GMT+12", false)
        ])
    func oneBound(now: String, zone: String, accepted: Bool) async throws {
        let planned = try await AlarmsProcess.run(["plan", "--rules", "Docs/Examples/alarms.json", "--now", now, "--time-zone", zone])
        #expect(planned.exitCode == (accepted ? 0 : 64), "\(planned.standardError)")
        let text = Self.rules + #", "cases": [{"name": "edge", "now": "\#(now)", "timeZone": "\#(zone)", "expected": {"fires": []}}]}"#
        do throws(PlanCaseFileError) {
            _ = try PlanCaseFile(jsonData: Array(text.utf8))
            #expect(accepted, "the case file took \(now) in \(zone)")
        } catch {
            #expect(!accepted, "\(error)")
        }
    }

    @Test("a case's now out of range is a problem naming the case, the value and the zone's range")
    func problemText() {
        let text =
            Self.rules + #", "cases": [{"name": "end", "now": "9999-12-31T00:00:00Z", "timeZone": "UTC", "expected": {"fires": []}}]}"#
        do throws(PlanCaseFileError) {
            _ = try PlanCaseFile(jsonData: Array(text.utf8))
            Issue.record("the case file was read")
        } catch {
            guard case .invalid(_, let cases) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(
                cases.map(\.description) == [
                    #"case 'end' (#1): now: "9999-12-31T00:00:00Z" puts the 366-day planning window outside the years 0001 to 9999; "#
                        + "expected a moment from 0001-01-01T00:00:00 to 9998-12-30T23:59:59 on the clock of UTC"
                ])
        }
    }
}
