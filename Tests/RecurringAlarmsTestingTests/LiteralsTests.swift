import AlarmsTestSupport
import Foundation
import RecurringAlarms
import RecurringAlarmsTesting
import Testing

/// Instants, wall times and zones written as the docs write them; a bad literal fails the
/// test with a message that names it. Every instant is checked against a hand-computed epoch.
@Suite("The kit's literals")
struct LiteralsTests {
    @Test("an RFC 3339 literal with an offset is the instant it names")
    func instantWithOffset() throws {
        // 2026-03-29T00:30:00+01:00 is 2026-03-28T23:30:00Z: 1_774_746_000 (01:00Z on the 29th) − 5400.
        #expect(try instant("2026-03-29T00:30:00+01:00") == at(1_774_740_600))
        #expect(try instant("2026-03-28T23:30:00Z") == at(1_774_740_600))
        #expect(try instant("2026-03-28T19:30:00-04:00") == at(1_774_740_600))
    }

    @Test("a malformed instant literal fails the test, naming the literal, the form expected and the line")
    func malformedInstant() throws {
        let line = #line + 2
        try withKnownIssue {
            _ = try instant("29.03.2026 00:30")
        } matching: { issue in
            guard let error = issue.error as? LiteralError else { return false }
            return error.sourceLocation.fileName == "LiteralsTests.swift" && error.sourceLocation.line == line
                && error.description
                    == "instant literal \"29.03.2026 00:30\" (written at LiteralsTests.swift:\(line)) is not an RFC 3339 timestamp: "
                    + "expected YYYY-MM-DDTHH:MM[:SS[.fff]] then Z or ±HH:MM, e.g. 2026-03-29T00:30:00+01:00"
        }
    }

    @Test("an instant literal without an offset fails the test and points at wallTime")
    func instantWithoutOffset() throws {
        try withKnownIssue {
            _ = try instant("2026-03-29T00:30:00")
        } matching: { issue in
            (issue.error as? LiteralError)?.expected
                == "an RFC 3339 timestamp: it has no offset; add Z or ±HH:MM, or use wallTime(_:in:) with a zone"
        }
    }

    @Test("a wall time in a spring-forward gap is shifted by the gap, as a rule with the shift policy fires")
    func wallTimeInGap() throws {
        let berlin = try zone("Europe/Berlin")
        // 02:30 does not exist on 2026-03-29 in Berlin; read with +01:00 it is 01:30Z = 1_774_746_000 + 1800.
        #expect(try wallTime("2026-03-29T02:30:00", in: berlin) == at(1_774_747_800))
        // 01:30 CET, before the gap: 00:30Z.
        #expect(try wallTime("2026-03-29T01:30:00", in: berlin) == at(1_774_744_200))
    }

    @Test("a wall time a fall-back repeats is its first or its second instant, by the overlap policy")
    func wallTimeInOverlap() throws {
        let berlin = try zone("Europe/Berlin")
        // The fall-back is at 2026-10-25T01:00:00Z = 1_792_890_000: 02:30 CEST is 00:30Z, 02:30 CET is 01:30Z.
        #expect(try wallTime("2026-10-25T02:30:00", in: berlin) == at(1_792_888_200))
        #expect(try wallTime("2026-10-25T02:30:00", in: berlin, overlap: .last) == at(1_792_891_800))
    }

    @Test("a wall time in a gap under the skip policy fails the test: it has no instant")
    func wallTimeSkipped() throws {
        let newYork = try zone("America/New_York")
        try withKnownIssue {
            _ = try wallTime("2026-03-08T02:30:00", in: newYork, gap: .skip)
        } matching: { issue in
            (issue.error as? LiteralError)?.expected
                == "a time America/New_York shows: a spring-forward skips it, and the gap policy .skip gives it no instant"
        }
    }

    @Test("a wall time written with an offset fails the test and points at instant")
    func wallTimeWithOffset() throws {
        let tokyo = try zone("Asia/Tokyo")
        try withKnownIssue {
            _ = try wallTime("2026-03-08T02:30:00+09:00", in: tokyo)
        } matching: { issue in
            let error = issue.error as? LiteralError
            return error?.kind == "wall time" && error?.literal == "2026-03-08T02:30:00+09:00"
                && error?.expected == "a wall time: it has an offset; drop it (the zone gives it) or use instant(_:)"
        }
        try withKnownIssue {
            _ = try wallTime("2026-02-30T07:00:00", in: tokyo)
        } matching: { issue in
            (issue.error as? LiteralError)?.expected
                == "a wall time: expected YYYY-MM-DDTHH:MM[:SS] with no offset, e.g. 2026-03-29T02:30:00"
        }
    }

    @Test("a zone literal is the IANA zone it names, and UTC reads back as UTC")
    func zoneByName() throws {
        #expect(try zone("Pacific/Chatham").identifier == "Pacific/Chatham")
        #expect(try zone("UTC").ianaName == "UTC")
        #expect(try zone("UTC").secondsFromGMT(for: at(1_774_740_600)) == 0)
    }

    @Test(
        "an abbreviation, a raw offset or a misspelt zone fails the test, naming the tz database",
        arguments: ["CEST", "GMT+0530", "Europe/Berln"])
    func badZone(_ text: String) throws {
        try withKnownIssue {
            _ = try zone(text)
        } matching: { issue in
            guard let error = issue.error as? LiteralError else { return false }
            return error.kind == "zone" && error.literal == text
                && error.expected
                    == "an IANA zone identifier this machine's tz database (\(TimeZoneDatabase.version)) knows, e.g. Europe/Berlin"
        }
    }
}
