import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import Testing

/// When the simulated user opens the app, and which zone the device is in when.
@Suite("App opens and device timeline")
struct AppOpenPatternTests {
    static let start = at(1_772_323_200)   // 2026-03-01T00:00:00Z

    @Test("every N with jitter opens at the start, then never more than N apart, reproducibly from the seed")
    func everyWithJitter() {
        let end = Self.start.addingTimeInterval(60 * dayLength)
        let pattern = AppOpenPattern.every(6 * dayLength, jitter: dayLength, seed: 42)
        let moments = pattern.moments(from: Self.start, through: end)
        #expect(moments.first == Self.start)
        #expect(moments.allSatisfy { $0 >= Self.start && $0 <= end })
        let gaps = zip(moments, moments.dropFirst()).map { $1.timeIntervalSince($0) }
        #expect(gaps.allSatisfy { (5 * dayLength)...(6 * dayLength) ~= $0 })
        #expect(Set(gaps).count > 1)
        #expect(pattern.moments(from: Self.start, through: end) == moments)
        #expect(AppOpenPattern.every(6 * dayLength, jitter: dayLength, seed: 43).moments(from: Self.start, through: end) != moments)
    }

    @Test("an explicit list keeps the moments inside the period, sorted")
    func explicitList() {
        let inside = Self.start.addingTimeInterval(hour)
        let later = Self.start.addingTimeInterval(2 * hour)
        let moments = AppOpenPattern.at([later, Self.start.addingTimeInterval(-hour), inside]).moments(from: Self.start, through: later)
        #expect(moments == [inside, later])
    }

    @Test("a zone change takes effect at its instant")
    func timelineZones() {
        let change = Self.start.addingTimeInterval(dayLength)
        let timeline = DeviceTimeZoneTimeline(initial: Zones.berlin, changes: [.init(at: change, to: Zones.tokyo)])
        #expect(timeline.zone(at: change.addingTimeInterval(-1)) == Zones.berlin)
        #expect(timeline.zone(at: change) == Zones.tokyo)
        #expect(DeviceTimeZoneTimeline.fixed(Zones.utc).zone(at: change) == Zones.utc)
    }
}
