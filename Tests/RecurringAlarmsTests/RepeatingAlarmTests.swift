import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

@Suite("Repeating alarm ids")
struct RepeatingAlarmIDTests {
    @Test(
        "an id reads back to the same alarm; one day or every day is a notification's repeating slot",
        arguments: [
            "wake#weekly-mon+tue+thu-07:30:00", "wake#weekly-tue-07:30:00", "gym#daily-18:00:00",
            "x.y#weekly-mon+tue+wed+thu+fri+sat-00:00:00", "B_2#weekly-sun-23:59:00"
        ])
    func idsRoundTrip(id: String) throws {
        let alarm = try #require(RepeatingAlarm(parsing: id))
        #expect(alarm.id == id)
        #expect(FireID(parsing: id) == nil)
        let json = try JSONEncoder().encode(alarm)
        #expect(String(decoding: json, as: UTF8.self) == "\"\(id)\"")
        #expect(try JSONDecoder().decode(RepeatingAlarm.self, from: json) == alarm)
        // Read from the text: without a `+` the id names one day or every day.
        #expect(alarm.isPerWeekday == !id.contains("+"))
    }

    @Test(
        "anything else is not an alarm id",
        arguments: [
            "wake@2026-12-01T07:30:00", "wake#weekly-fri+mon-07:30:00", "wake#weekly-mon+mon-07:30:00",
            "wake#weekly-mon+tue+wed+thu+fri+sat+sun-07:30:00", "wake#weekly--07:30:00", "wake#weekly-mon+-07:30:00",
            "wake#weekly-mon-07:30", "wake#weekly-Mon-07:30:00", "#daily-07:30:00", "wake#daily-24:00:00",
            "wake#daily07:30:00", "wake#hourly-07:30:00", "wake", ""
        ])
    func otherTextIsRejected(text: String) {
        #expect(RepeatingAlarm(parsing: text) == nil)
    }

    @Test(
        "slot ids read back; fire ids, missing seconds, unknown days and invalid rule ids do not",
        arguments: [
            ("wake#weekly-sun-23:59:59", true), ("a.b_c-d#daily-00:00:00", true),
            ("wake@2026-12-01T07:30:00", false), ("wake#weekly-mon-07:30", false), ("wake#weekly-xyz-07:30:00", false),
            ("wake#weekly-mon07:30:00", false), ("w ake#daily-07:30:00", false), ("#daily-07:30:00", false),
            ("wake#daily-24:00:00", false), ("wake#hourly-07:30:00", false), ("wake#daily-07:30:00x", false)
        ])
    func parsing(text: String, valid: Bool) {
        let slot = RepeatingAlarm(parsing: text)
        #expect((slot != nil) == valid)
        if let slot { #expect(slot.id == text) }
    }

    @Test("the fire a delivery stands for is the alarm's time on the device date, the day before just past midnight")
    func deliveredFire() {
        let alarm = RepeatingAlarm(ruleID: "late", weekdays: [.monday, .tuesday], time: clock("23:50"))
        // 2026-12-07T22:51:00Z is Mon 23:51 CET; 2026-12-07T23:01:00Z is Tue 00:01 CET, past midnight.
        #expect(alarm.deliveredFire(at: at(1_796_683_860), deviceTimeZone: Zones.berlin).description == "late@2026-12-07T23:50:00")
        #expect(alarm.deliveredFire(at: at(1_796_684_460), deviceTimeZone: Zones.berlin).description == "late@2026-12-07T23:50:00")
    }

    @Test("alarms sort by rule id, then every day first and the days Monday first, then time")
    func order() {
        func alarm(_ rule: String, _ days: WeekdaySet, _ time: String) -> RepeatingAlarm {
            RepeatingAlarm(ruleID: rule, weekdays: days, time: clock(time))
        }
        let sorted = [
            alarm("a", .daily, "09:00"),
            alarm("b", .daily, "07:00"), alarm("b", .daily, "08:00"),
            alarm("b", .monday, "09:00"),   // a set that starts another comes first
            alarm("b", [.monday, .tuesday], "06:00"), alarm("b", [.monday, .tuesday], "06:30"),
            alarm("b", [.monday, .wednesday], "05:00"),
            alarm("b", .tuesday, "05:00"), alarm("b", .sunday, "00:00"),
            alarm("c", .monday, "00:00")
        ]
        var rng = SplitMix64(seed: 17)
        for _ in 0..<20 {
            #expect(sorted.shuffled(using: &rng).sorted() == sorted)
        }
        #expect(!(sorted[3] < sorted[3]))
    }
}
