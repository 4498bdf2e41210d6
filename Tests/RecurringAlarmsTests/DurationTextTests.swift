import Foundation
import RecurringAlarms
import Testing

/// The one duration text every target uses: the largest non-zero unit of d/h/min and the next
/// one when it is not zero, smaller units truncated; seconds only under a minute.
@Suite("Duration text")
struct DurationTextTests {
    // Worked by hand: 1 d = 86,400 s, 1 h = 3,600 s. Int.max = 9,223,372,036,854,775,807 s
    // = 106,751,991,167,300 d (× 86,400 = 9,223,372,036,854,720,000) + 55,807 s = 15 h 30 min 7 s;
    // Int.min's magnitude is one more second.
    @Test(
        "whole seconds read as the largest unit and the next, smaller units dropped",
        arguments: [
            (0, "0 s"),
            (1, "1 s"),
            (59, "59 s"),
            (60, "1 min"),
            (90, "1 min"),   // 1 min 30 s: under the minute is dropped once there is a minute
            (3_599, "59 min"),
            (3_600, "1 h"),
            (3_660, "1 h 1 min"),
            (3_601, "1 h"),   // 1 h 0 min 1 s
            (5_400, "1 h 30 min"),
            (86_399, "23 h 59 min"),
            (86_400, "1 d"),
            (88_200, "1 d"),   // 1 d 0 h 30 min: the hours are zero, so nothing follows the days
            (138_600, "1 d 14 h"),   // 1 d 14 h 30 min = 86,400 + 50,400 + 1,800
            (604_800, "7 d"),
            (-1, "-1 s"),
            (-5_400, "-1 h 30 min"),
            (-138_600, "-1 d 14 h"),
            (Int.max, "106751991167300 d 15 h"),
            (Int.min, "-106751991167300 d 15 h")
        ])
    func wholeSeconds(seconds: Int, text: String) {
        #expect(DurationText.describe(seconds: seconds) == text)
    }

    @Test(
        "a TimeInterval is truncated toward zero, and NaN and values past Int's range do not trap",
        arguments: [
            (0.9, "0 s"),
            (-0.9, "0 s"),
            (59.99, "59 s"),
            (5_400.5, "1 h 30 min"),
            (-90.5, "-1 min"),
            (Double.nan, "0 s"),
            (Double.infinity, "106751991167300 d 15 h"),
            (1e300, "106751991167300 d 15 h"),
            (-Double.infinity, "-106751991167300 d 15 h"),
            (-0x1p63, "-106751991167300 d 15 h")
        ])
    func interval(interval: TimeInterval, text: String) {
        #expect(DurationText.describe(interval) == text)
    }

    @Test("a 24-hour clock change reads as 1 d, as every other span does (Samoa skipped 2011-12-30)")
    func dayLongGap() throws {
        let apia = try #require(TimeZone(identifier: "Pacific/Apia"))
        let rule = AlarmRule(
            id: "wake", repeats: .weekly(days: .daily), times: [TimeOfDay(parsing: "07:30")!],
            timeZone: .fixed(apia), gapPolicy: .skip)
        let now = Date(timeIntervalSince1970: 1_325_030_400)   // 2011-12-28T00:00:00Z
        let warnings = try AlarmSchedule(rules: [rule]).clockChangeWarnings(
            after: now, through: now.addingTimeInterval(7 * 86_400),
            deviceTimeZone: apia)
        // 2011-12-29 24:00 -10:00 became 2011-12-31 00:00 +14:00: 07:30 on Fri 12-30 never happened.
        #expect(
            warnings.map(\.description) == [
                "rule 'wake': 07:30 on Fri 2011-12-30 does not exist in Pacific/Apia (clocks jump forward 1 d); "
                    + "it does not fire that day (gap: skip)"
            ])
    }

    @Test("cap pressure's coverage of 1 d 0 h 30 min reads as 1 d; the whole-day horizon stays in words")
    func capPressureCoverage() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let rule = AlarmRule(
            id: "twice", repeats: .weekly(days: .daily),
            times: [TimeOfDay(parsing: "00:30")!, TimeOfDay(parsing: "12:00")!], timeZone: .fixed(utc))
        let now = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01T00:00:00Z
        let options = PlanOptions(deviceTimeZone: utc, cap: 2)
        // Fires Jan 1 00:30 and 12:00 fill the cap; coverage runs to the first fire left out, Jan 2
        // 00:30: 1 d 0 h 30 min. Two a day for Jan 1 … 7 fall in (now, now + 7 × 24 h] = 14.
        let pressure = try AlarmSchedule(rules: [rule]).capPressure(now: now, options: options)
        #expect(
            pressure?.description
                == "14 fires in the 7 days from now exceed the cap of 2: a plan covers only 1 d, so the app must refresh within that")
    }
}
