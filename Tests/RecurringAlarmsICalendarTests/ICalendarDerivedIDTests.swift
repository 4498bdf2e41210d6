import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import Testing

/// An event whose `UID` is missing or not a valid rule id gets an id derived from it: valid
/// (1 to 64 characters of `A-Z a-z 0-9 . _ -`), unique, never starting with `-` (it would read
/// as an option on the command line), and cheap to make for many events.
@Suite struct ICalendarDerivedIDTests {
    /// The ids of events with `uids` (`nil`: no `UID` line), in order.
    func ids(_ uids: [String?]) throws -> [String] {
        let events = uids.flatMap { uid in
            ["BEGIN:VEVENT"] + (uid.map { ["UID:" + $0] } ?? []) + ["DTSTART:20261201T070000", "END:VEVENT"]
        }
        return try ICalendar.readRules(from: calendar(events)).rules.map(\.id)
    }

    @Test(arguments: [
        ("{6a1f0c2e-8d}", "6a1f0c2e-8d"),
        ("<abc@example.com>", "abc-example.com"),
        ("@home", "home"),
        ("@-home", "home"),
        ("{--}x", "x"),
        ("<@>", "event")
    ])
    func aUIDStartingWithCharactersAnIDCannotHoldGivesAnIDThatDoesNotStartWithADash(uid: String, id: String) throws {
        #expect(try ids([uid]) == [id])
    }

    @Test func manyLongInvalidUIDsWithOneBaseGiveValidUniqueIDsOfAtMost64Characters() throws {
        // 60 characters with a space, then a number: the base is the same 60 with "-" for the
        // space, cut before the number. "-100" makes 64 characters; "-1000" would make 65, so
        // the base is cut to 59 for it. (Events with one UID would be one event's versions.)
        let uid = String(repeating: "a", count: 30) + " " + String(repeating: "b", count: 29)
        let base = String(repeating: "a", count: 30) + "-" + String(repeating: "b", count: 29)
        let derived = try ids((1...1_000).map { uid + "/\($0)" })
        #expect(Set(derived).count == 1_000)
        #expect(derived.allSatisfy { (1...64).contains($0.utf8.count) })
        #expect(derived[0] == base)
        #expect(derived[1] == base + "-2")
        #expect(derived[99] == base + "-100")
        #expect(derived[999] == String(base.dropLast()) + "-1000")
    }

    @Test func aNumberedIDAlreadyTakenIsPassedOver() throws {
        // "event-2" is a valid UID, so the second event without one is "event-3".
        #expect(try ids([nil, "event-2", nil, nil]) == ["event", "event-2", "event-3", "event-4"])
    }

    @Test func manyEventsWithoutAUIDEachGetTheirOwnNumber() throws {
        let derived = try ids(Array(repeating: nil, count: 5_000))
        #expect(derived == ["event"] + (2...5_000).map { "event-\($0)" })
    }

    @Test func aSecondEventWithAnInvalidUIDAlreadyGivenIsLeftOutAsOneWithAValidOneIs() throws {
        // RFC 5546 sends one event's versions (SEQUENCE) with one UID: importing each would ring twice.
        let text = calendar([
            "BEGIN:VEVENT", "UID:call@example.com", "DTSTART:20261201T070000", "END:VEVENT",
            "BEGIN:VEVENT", "UID:call@example.com", "SEQUENCE:1", "DTSTART:20261201T080000", "END:VEVENT"
        ])
        let imported = try ICalendar.readRules(from: text, options: .whatFits)
        #expect(imported.rules.map(\.id) == ["call-example.com"])
        #expect(imported.leftOut.map(\.line) == [8])
        #expect(imported.leftOut.first?.reasons.first?.message.hasPrefix("is the UID of the event at line 4 too;") == true)
    }
}
