import Foundation
import RecurringAlarms
import Testing

/// A fire id is `<rule id>@YYYY-MM-DDTHH:MM:SS`, with `+snooze` for a snooze: the notification
/// identifier apps register, so it must read back exactly and refuse everything else.
@Suite("Fire ids")
struct FireIDTests {
    @Test(
        "an id reads into its rule, nominal wall time and snooze flag, and formats back to the same text",
        arguments: [
            ("wake@2026-12-01T07:30:00", "wake", 2026, 12, 1, 7, 30, 0, false),
            ("wake@2026-12-01T07:39:00+snooze", "wake", 2026, 12, 1, 7, 39, 0, true),
            ("night@2026-03-08T02:30:00", "night", 2026, 3, 8, 2, 30, 0, false),
            ("A.b_c-9@0001-01-01T00:00:00", "A.b_c-9", 1, 1, 1, 0, 0, 0, false),
            ("x@9999-12-31T23:59:59+snooze", "x", 9999, 12, 31, 23, 59, 59, true),
            ("leap@2028-02-29T12:00:05", "leap", 2028, 2, 29, 12, 0, 5, false),
            (String(repeating: "r", count: 64) + "@2026-12-01T07:30:00", String(repeating: "r", count: 64), 2026, 12, 1, 7, 30, 0, false)
        ])
    func roundTrip(text: String, rule: String, year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, snooze: Bool) throws {
        let id = try #require(FireID(parsing: text))
        #expect(id.ruleID == rule)
        #expect(
            id.local
                == LocalDateTime(
                    date: LocalDate(year: year, month: month, day: day)!,
                    time: TimeOfDay(hour: hour, minute: minute, second: second)!))
        #expect(id.isSnooze == snooze)
        #expect(id.description == text)
        #expect("\(id)" == text)
    }

    @Test("a fire's id is the text of its FireID, snoozes included")
    func fireUsesFireID() {
        // 2026-12-01T06:30:00Z is 07:30 in Berlin (+01:00).
        let fire = Fire(
            ruleID: "wake", instant: at(1_796_106_600), local: wall("2026-12-01T07:30:00"), timeZone: Zones.berlin,
            utcOffsetSeconds: 3600, adjustment: .none)
        #expect(fire.fireID == FireID(ruleID: "wake", local: wall("2026-12-01T07:30:00")))
        #expect(fire.id == "wake@2026-12-01T07:30:00")
        let snooze = Fire(
            ruleID: "wake", instant: at(1_796_107_140), local: wall("2026-12-01T07:39:00"), timeZone: Zones.berlin,
            utcOffsetSeconds: 3600, adjustment: .none, isSnooze: true)   // 2026-12-01T06:39:00Z
        #expect(snooze.fireID == FireID(ruleID: "wake", local: wall("2026-12-01T07:39:00"), isSnooze: true))
        #expect(snooze.id == "wake@2026-12-01T07:39:00+snooze")
    }

    @Test(
        "anything but a rule id, @, a full existing wall time and at most one +snooze is refused",
        arguments: [
            "",
            "wake",   // no @
            "wake2026-12-01T07:30:00",   // no @
            "@2026-12-01T07:30:00",   // empty rule id
            "bad id@2026-12-01T07:30:00",   // a space is not allowed in a rule id
            "wake@@2026-12-01T07:30:00",   // two @
            "é@2026-12-01T07:30:00",   // non-ASCII rule id
            String(repeating: "r", count: 65) + "@2026-12-01T07:30:00",   // rule id over 64 characters
            "wake@",   // no time
            "wake@tomorrow",
            "wake@2026-12-01",   // date only
            "wake@2026-12-01T07:30",   // no seconds
            "wake@2026-12-01 07:30:00",   // space for T
            "wake@2026-12-01t07:30:00",   // lowercase t
            "wake@2026-13-01T07:30:00",   // month 13
            "wake@2026-02-30T07:30:00",   // February 30
            "wake@2027-02-29T07:30:00",   // not a leap year
            "wake@0000-12-01T07:30:00",   // year 0
            "wake@2026-12-01T24:00:00",   // hour 24
            "wake@2026-12-01T07:60:00",   // minute 60
            "wake@2026-12-01T07:30:60",   // leap second
            "wake@+2026-12-01T07:30:00",
            "wake@2026-12-01T07:30:00+snooze+snooze",   // +snooze twice
            "wake@2026-12-01T07:30:00+Snooze",
            "wake@2026-12-01T07:30:00+",
            "wake@2026-12-01T07:30:00Z",   // trailing junk
            "wake@2026-12-01T07:30:00 ",
            "wake@2026-12-01T07:30:00+snoozed",
            "wake@2026-12-01T07:30:00+snooze ",
            " wake@2026-12-01T07:30:00",
            "wake@+snooze2026-12-01T07:30:00"
        ])
    func invalid(text: String) {
        #expect(FireID(parsing: text) == nil)
    }

    @Test("it encodes as one JSON string and decodes from one")
    func codableAsString() throws {
        let id = FireID(ruleID: "wake", local: wall("2026-12-01T07:39:00"), isSnooze: true)
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["wake@2026-12-01T07:39:00+snooze"]"#)
        #expect(try JSONDecoder().decode([FireID].self, from: data) == [id])
        #expect(
            try JSONDecoder().decode(FireID.self, from: Data(#""night@2026-03-08T02:30:00""#.utf8))
                == FireID(ruleID: "night", local: wall("2026-03-08T02:30:00")))
    }

    @Test(
        "decoding a string that is not a fire id fails, quoting it",
        arguments: [
            #""wake@2026-02-30T07:30:00""#, #""wake""#, #""wake@2026-12-01T07:30:00+snooze+snooze""#
        ])
    func decodingRefusesInvalidText(json: String) {
        #expect {
            try JSONDecoder().decode(FireID.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("is not a fire id")
        }
    }

    @Test("decoding something other than a string fails")
    func decodingRefusesNonString() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FireID.self, from: Data("42".utf8)) }
    }

    @Test("equal ids hash alike, and the snooze flag tells a snooze from the occurrence")
    func hashable() {
        let plain = FireID(ruleID: "wake", local: wall("2026-12-01T07:30:00"))
        let snooze = FireID(ruleID: "wake", local: wall("2026-12-01T07:30:00"), isSnooze: true)
        #expect(Set([plain, FireID(parsing: "wake@2026-12-01T07:30:00")!, snooze]).count == 2)
        #expect(plain != snooze)
    }
}

@Suite("Fire JSON reads its id as a FireID")
struct FireJSONIDTests {
    static func object(id: String) -> String {
        #"{"id": "\#(id)", "rule": "wake", "at": "2026-12-01T07:39:00+01:00", "local": "2026-12-01T07:39:00", "timeZone": "Europe/Berlin", "adjustment": null}"#
    }

    @Test("a +snooze id makes a snooze, a plain id an occurrence")
    func snoozeFromID() throws {
        #expect(try JSONDecoder().decode(Fire.self, from: Data(Self.object(id: "wake@2026-12-01T07:39:00+snooze").utf8)).isSnooze)
        #expect(try !JSONDecoder().decode(Fire.self, from: Data(Self.object(id: "wake@2026-12-01T07:39:00").utf8)).isSnooze)
    }

    @Test("an id that is not a fire id is refused", arguments: ["wake", "junk+snooze", "wake@2026-12-01T07:39:00+snooze+snooze"])
    func invalidID(id: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Fire.self, from: Data(Self.object(id: id).utf8)) }
    }
}
