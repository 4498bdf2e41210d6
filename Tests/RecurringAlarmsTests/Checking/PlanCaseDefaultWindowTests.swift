import Foundation
import RecurringAlarms
import Testing

/// A fill-cap or hybrid case without `maxDays` plans 366 days of 24 h: its window is
/// `(now, now + 31,622,400 s]`.
@Suite("Case files: the default window of fill-cap and hybrid cases")
struct PlanCaseDefaultWindowTests {
    // now = 2026-12-01T00:00:00Z. 2027 is not a leap year, so 365 days later is
    // 2027-12-01T00:00:00Z: "in" is 365 d 23 h after now, "edge" exactly 366 d, "out" 366 d 1 s.
    static let file = #"""
        {"version": 1, "rules": [
          {"id": "in", "date": "2027-12-01", "times": ["23:00"], "timeZone": "UTC"},
          {"id": "edge", "date": "2027-12-02", "times": ["00:00"], "timeZone": "UTC"},
          {"id": "out", "date": "2027-12-02", "times": ["00:00:01"], "timeZone": "UTC"}
        ], "cases": [
          {"name": "fill", "now": "2026-12-01T00:00:00Z", "timeZone": "UTC", "strategy": "fill-cap", "expected": {"fires": []}},
          {"name": "hybrid", "now": "2026-12-01T00:00:00Z", "timeZone": "UTC", "strategy": "hybrid", "expected": {"fires": []}}
        ]}
        """#

    @Test("a fire 365 d 23 h after now is planned and one 366 d 1 s after is not, for fill-cap and hybrid")
    func defaultMaxDays() throws {
        let file = try PlanCaseFile(jsonData: Array(Self.file.utf8))
        #expect(file.cases.map(\.days) == [366, 366])
        let results = try file.check()
        #expect(results.map(\.planCase.name) == ["fill", "hybrid"])
        for result in results {
            #expect(
                result.actual.fires.map(\.id) == ["in@2027-12-01T23:00:00", "edge@2027-12-02T00:00:00"], "\(result.planCase.name)")
            #expect(result.actual.fires.map(\.line).first == "2027-12-01T23:00:00Z in@2027-12-01T23:00:00")
        }
    }
}
