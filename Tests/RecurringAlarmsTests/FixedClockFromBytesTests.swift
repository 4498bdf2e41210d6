import Foundation
import Testing

@testable import RecurringAlarms

/// A rule in `GMT`, `UTC` or `Etc/GMT+5` is on a fixed clock. Compiled straight from a file's
/// bytes, such a zone shares an identifier with the placeholder that stands for "floating"
/// (`GMT`), or looks like an offset form (`Etc/GMT+5`), so each must still plan on its own
/// clock, whatever the device zone.
@Suite("Fixed clocks compiled from bytes")
struct FixedClockFromBytesTests {
    static let file = #"""
        {"version": 1, "rules": [
          {"id": "g", "days": ["tue"], "times": ["07:30"], "timeZone": "GMT"},
          {"id": "u", "days": ["tue"], "times": ["07:30"], "timeZone": "UTC"},
          {"id": "w", "days": ["tue"], "times": ["07:30"], "timeZone": "Etc/GMT+5"},
          {"id": "x", "days": ["tue"], "times": ["07:30"]}
        ]}
        """#

    // From Mon 2026-11-30T00:00:00Z, a week: Tue 07:30 GMT and UTC are 07:30Z; in Etc/GMT+5
    // (UTC-5) 12:30Z. The floating x rings at 07:30 on the device's clock: Tokyo's (UTC+9) is
    // Mon 22:30Z, Berlin's (UTC+1) Tue 06:30Z, GMT's 07:30Z.
    @Test(
        "GMT, UTC and Etc/GMT+5 rules ring on their own clock, not the device's",
        arguments: [
            ("Asia/Tokyo", 1_796_077_800),   // 2026-11-30T22:30:00Z
            ("Europe/Berlin", 1_796_106_600),   // 2026-12-01T06:30:00Z
            ("GMT", 1_796_110_200)   // 2026-12-01T07:30:00Z
        ])
    func ownClock(device: String, floating: Int) throws {
        let zone = try #require(TimeZone(ianaIdentifier: device))
        let options = PlanOptions(deviceTimeZone: zone, cap: 10)
        let now = at(1_796_083_200 - 86_400)   // 2026-11-30T00:00:00Z
        let compiled = try #require(ByteCompiledScheduleTests.compiled(Array(Self.file.utf8)))
        let book = try #require(ByteCompiledScheduleTests.compiled(Array(Self.file.utf8), state: .read))
        for plan in [compiled.schedule.plan(now: now, options: options), book.plan(now: now, options: options)] {
            let fires = Dictionary(uniqueKeysWithValues: plan.fires.map { ($0.ruleID, $0) })
            for (id, name, instant, offset) in [
                ("g", "GMT", 1_796_110_200, 0), ("u", "UTC", 1_796_110_200, 0), ("w", "Etc/GMT+5", 1_796_128_200, -18_000)
            ] {
                let fire = try #require(fires[id], "\(device): \(plan.fires)")
                #expect(fire.instant == at(instant), "\(id) in \(device)")
                #expect(!fire.isFloating, "\(id) in \(device)")
                #expect(fire.timeZone.ianaName == name)
                #expect(fire.utcOffsetSeconds == offset)
                #expect(fire.local == wall("2026-12-01T07:30:00"))
            }
            #expect(fires["x"]?.instant == at(floating))
            #expect(fires["x"]?.isFloating == true)
        }
    }
}
