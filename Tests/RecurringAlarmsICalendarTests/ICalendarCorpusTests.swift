import Foundation
import RecurringAlarms
import Testing

@testable import RecurringAlarmsICalendar

/// Calendar files written by other projects (Tests/ICalendarCorpus, their sources in its
/// SOURCES.tsv), imported as `alarms import` does: every file imports, or is refused only because
/// none of its events fits; every imported event rings where RFC 5545 expansion puts it, by the
/// instants worked out by hand below from each file's text; and the reasons outside the subset
/// are as many as Docs/Formats.md says.
@Suite("iCalendar import: the corpus of other projects' files")
struct ICalendarCorpusTests {
    static let folder = BuiltProducts.packageRoot.appending(path: "Tests/ICalendarCorpus")

    /// SOURCES.tsv: per file its name here, repository, path there and commit.
    static let sources: [[String]] = {
        let text = (try? String(contentsOf: folder.appending(path: "SOURCES.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    }()

    static let files = sources.map { $0[0] }

    static func read(_ file: String, options: ICalendar.ReadOptions = .whatFits) throws -> ICalendarImport {
        try ICalendar.readRules(from: Data(contentsOf: folder.appending(path: file)), options: options)
    }

    /// The fires of `rules` from `start` through `end` (device UTC), soonest first, in RFC 3339
    /// with each rule's own offset.
    static func fires(_ rules: [AlarmRule], from start: String, through end: String) throws -> [String] {
        try AlarmSchedule(rules: rules).fires(after: utcInstant(start), through: utcInstant(end), deviceTimeZone: Zones.utc)
            .sorted { $0.instant < $1.instant }.map(\.rfc3339)
    }

    @Test func everyFileIsHereWithItsSource() throws {
        #expect(Self.files.count == 31)
        for source in Self.sources {
            #expect(source.count == 4, "\(source)")
            #expect(FileManager.default.fileExists(atPath: Self.folder.appending(path: source[0]).path), "\(source[0])")
            #expect(source[3].count == 40, "\(source[0]): a commit")
        }
    }

    @Test(arguments: files)
    func everyFileImportsOrIsRefusedOnlyBecauseNoneOfItsEventsFits(file: String) throws {
        do {
            let imported = try Self.read(file)
            #expect(!imported.rules.isEmpty)
            #expect(imported.leftOut.allSatisfy { !$0.reasons.isEmpty })
        } catch {
            // Refused: then no event maps, each left out with a reason of its own.
            var reading = ICalendarReading(options: .whatFits)
            reading.read([UInt8](try Data(contentsOf: Self.folder.appending(path: file))), limits: .standard)
            #expect(reading.importedRules().isEmpty, "\(file)")
            #expect(reading.entries.allSatisfy { !$0.reasons.isEmpty }, "\(file)")
        }
    }

    /// One file's import: how many rules and events left out, and every fire in a window.
    struct Expectation: CustomTestStringConvertible, Sendable {
        var file: String
        var rules: Int
        var leftOut: Int
        var from: String
        var through: String
        var fires: [String]
        var atReminder = false
        var testDescription: String { file }
    }

    static let expectations: [Expectation] = [
        // One event at 18:15Z with three reminders that ring (10, 14, 15 min before) and an email.
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_alarm_google_future.ics", rules: 1, leftOut: 0,
            from: "2024-10-04T00:00:00Z", through: "2024-10-05T00:00:00Z", fires: ["2024-10-04T18:15:00Z"]),
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_alarm_google_future.ics", rules: 1, leftOut: 0,
            from: "2024-10-04T00:00:00Z", through: "2024-10-05T00:00:00Z",
            fires: ["2024-10-04T18:00:00Z", "2024-10-04T18:01:00Z", "2024-10-04T18:05:00Z"], atReminder: true),
        // Daily at 10:00Z from 2025-01-01, ten times: the 1st to the 10th.
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_issue_1081_event_with_rrule.ics", rules: 1, leftOut: 0,
            from: "2024-12-31T00:00:00Z", through: "2025-01-31T00:00:00Z",
            fires: (1...10).map { "2025-01-\($0 < 10 ? "0" : "")\($0)T10:00:00Z" }),
        // 10:00 in New York on 2025-01-01, EST.
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_issue_1081_tzid_param.ics", rules: 1, leftOut: 0,
            from: "2025-01-01T00:00:00Z", through: "2025-01-02T00:00:00Z", fires: ["2025-01-01T10:00:00-05:00"]),
        // "(UTC-03:00) Brasília" is São Paulo: -03:00 in May 2017 (its summer time ran October to February).
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_issue_237_fail_to_parse_timezone_with_non_ascii_tzid.ics",
            rules: 1, leftOut: 0, from: "2017-05-11T00:00:00Z", through: "2017-05-12T00:00:00Z", fires: ["2017-05-11T13:30:00-03:00"]),
        // 14:00 on 2020-04-26 in Berlin (CEST, 12:00Z), Buenos Aires (-03:00, 17:00Z), New York (EDT, 18:00Z).
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_issue_313_globally_unique_tzid.ics", rules: 3, leftOut: 0,
            from: "2020-04-26T00:00:00Z", through: "2020-04-27T00:00:00Z",
            fires: ["2020-04-26T14:00:00+02:00", "2020-04-26T14:00:00-03:00", "2020-04-26T14:00:00-04:00"]),
        // Fridays at 20:00 in Stockholm from 2022-10-21; summer time ends Sunday 10-30.
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_issue_466_convert_tzid_with_slash.ics", rules: 1, leftOut: 0,
            from: "2022-10-20T00:00:00Z", through: "2022-11-05T00:00:00Z",
            fires: ["2022-10-21T20:00:00+02:00", "2022-10-28T20:00:00+02:00", "2022-11-04T20:00:00+01:00"]),
        // "Eastern Standard Time" is New York: 17:00 on 2024-10-28, EDT until 11-03.
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_issue_836_do_not_quote_tzid.ics", rules: 1, leftOut: 0,
            from: "2024-10-28T00:00:00Z", through: "2024-10-29T00:00:00Z", fires: ["2024-10-28T17:00:00-04:00"]),
        // "Pacific Standard Time" is Los Angeles, PST in February.
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_timezone_same_start.ics", rules: 1, leftOut: 0,
            from: "2017-02-24T00:00:00Z", through: "2017-02-25T12:00:00Z", fires: ["2017-02-24T12:00:00-08:00"]),
        // "Tokyo Standard Time" is Tokyo, +09:00 (the file's END:VCALENDARD is skipped with a note).
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_timezone_same_start_and_offset.ics", rules: 1, leftOut: 0,
            from: "2017-02-24T00:00:00Z", through: "2017-02-25T00:00:00Z", fires: ["2017-02-24T12:00:00+09:00"]),
        // Weekdays at 14:00 in Zurich from Friday 2016-10-28; summer time ends Sunday 10-30.
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_calendars_x_location.ics", rules: 1, leftOut: 0,
            from: "2016-10-27T00:00:00Z", through: "2016-11-05T00:00:00Z",
            fires: ["2016-10-28T14:00:00+02:00"] + ["10-31", "11-01", "11-02", "11-03", "11-04"].map { "2016-\($0)T14:00:00+01:00" }),
        // Fridays and Saturdays at 12:00 in New York (EDT) from Saturday 2013-09-07, UNTIL
        // 2013-10-25 03:59:59Z (10-24 23:59:59 EDT), without 10-11 and 10-12.
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_events_issue_112_missing_tzinfo_on_exdate.ics", rules: 1, leftOut: 0,
            from: "2013-09-01T00:00:00Z", through: "2013-11-01T00:00:00Z",
            fires: ["09-07", "09-13", "09-14", "09-20", "09-21", "09-27", "09-28", "10-04", "10-05", "10-18", "10-19"].map {
                "2013-\($0)T12:00:00-04:00"
            }),
        // Floating Tuesdays at 17:00 from 2007-02-20 until 2007-06-19 22:59:59: 18 weeks.
        Expectation(
            file: "collective+icalendar__src_icalendar_tests_events_issue_70_rrule_causes_attribute_error.ics", rules: 1, leftOut: 0,
            from: "2007-02-01T00:00:00Z", through: "2007-07-01T00:00:00Z",
            fires: [
                "02-20", "02-27", "03-06", "03-13", "03-20", "03-27", "04-03", "04-10", "04-17", "04-24", "05-01", "05-08", "05-15",
                "05-22", "05-29", "06-05", "06-12", "06-19"
            ].map { "2007-\($0)T17:00:00Z" }),
        // 179 single events in Brussels: on Monday 2013-09-30 at 10:00, 12:00 and 14:00 (CEST) ...
        Expectation(
            file: "ics-py+ics-py__tests_gehol_BA1.ics", rules: 179, leftOut: 0, from: "2013-09-30T00:00:00Z",
            through: "2013-10-01T00:00:00Z",
            fires: ["2013-09-30T10:00:00+02:00", "2013-09-30T12:00:00+02:00", "2013-09-30T14:00:00+02:00"]),
        // ... and on Monday 2013-10-28 at 12:00 alone, CET since Sunday 10-27.
        Expectation(
            file: "ics-py+ics-py__tests_gehol_BA1.ics", rules: 179, leftOut: 0, from: "2013-10-26T00:00:00Z",
            through: "2013-10-30T00:00:00Z", fires: ["2013-10-28T12:00:00+01:00"]),
        // Four single events in UTC; the yearly all-day one and the one in "US-Eastern" (a zone
        // of the file only) are left out.
        Expectation(
            file: "libical+libical__test-data_2445.ics", rules: 4, leftOut: 2, from: "1997-01-01T00:00:00Z",
            through: "1998-01-01T00:00:00Z",
            fires: ["1997-03-24T12:30:00Z", "1997-04-01T16:30:00Z", "1997-07-14T17:00:00Z", "1997-09-03T16:30:00Z"]),
        // RFC 2446's messages: of 42 events, the first version of each UID that a PUBLISH or
        // REQUEST calendar holds: 0981234 at 20:00Z, the conference at 20:00Z and the election
        // talk at 19:00Z on 1997-07-01; weekly Tuesdays at 20:00Z from 1997-07-01; "guid-1@host1com"
        // (no series of that UID) on 1997-07-03 at 21:00Z; weekly Tuesdays at 21:00Z from
        // 1998-03-03, and "123456789"'s edit at 16:00Z on 1998-03-11, a Wednesday, no Tuesday of it.
        Expectation(
            file: "libical+libical__test-data_2446.ics", rules: 7, leftOut: 35, from: "1997-06-30T00:00:00Z",
            through: "1997-07-09T00:00:00Z",
            fires: [
                "1997-07-01T19:00:00Z", "1997-07-01T20:00:00Z", "1997-07-01T20:00:00Z", "1997-07-01T20:00:00Z", "1997-07-03T21:00:00Z",
                "1997-07-08T20:00:00Z"
            ]),
        Expectation(
            file: "libical+libical__test-data_2446.ics", rules: 7, leftOut: 35, from: "1998-03-01T00:00:00Z",
            through: "1998-03-12T00:00:00Z",
            fires: ["1998-03-03T20:00:00Z", "1998-03-03T21:00:00Z", "1998-03-10T20:00:00Z", "1998-03-10T21:00:00Z", "1998-03-11T16:00:00Z"]),
        // Five floating events on 2000-11-04, half an hour apart from 15:00.
        Expectation(
            file: "libical+libical__test-data_overlaps.ics", rules: 5, leftOut: 0, from: "2000-11-04T00:00:00Z",
            through: "2000-11-05T00:00:00Z", fires: ["15:00", "15:30", "16:00", "16:30", "17:00"].map { "2000-11-04T\($0):00Z" }),
        // Mondays at 18:30 in New York from 2013-09-23 until the local 2013-11-18 18:30 (RFC
        // 2445's form, read in the rule's zone, the last instance included); EST from 11-03.
        Expectation(
            file: "sabre-io+vobject__tests_VObject_RecurrenceIterator_UntilRespectsTimezoneTest.ics", rules: 1, leftOut: 0,
            from: "2013-09-01T00:00:00Z", through: "2014-01-01T00:00:00Z",
            fires: ["09-23", "09-30", "10-07", "10-14", "10-21", "10-28"].map { "2013-\($0)T18:30:00-04:00" }
                + ["11-04", "11-11", "11-18"].map { "2013-\($0)T18:30:00-05:00" }),
        // Four of 21: 2016-02-15 08:00Z; daily at 15:00Z twice from 04-25; Saturdays at 09:00 in
        // "(UTC-05:00) Eastern Time (US & Canada)" (New York, EDT), 15 from 04-09 (to 07-16)
        // without 05-28, 06-25 and 07-09 (07-23, past the 15th, matches none) ...
        Expectation(
            file: "u01jmg3+ics-parser__examples_ICal.ics", rules: 4, leftOut: 17, from: "2016-02-01T00:00:00Z",
            through: "2016-08-01T00:00:00Z",
            fires: ["2016-02-15T08:00:00Z"]
                + ["04-09", "04-16", "04-23"].map { "2016-\($0)T09:00:00-04:00" } + ["2016-04-25T15:00:00Z", "2016-04-26T15:00:00Z"]
                + ["04-30", "05-07", "05-14", "05-21", "06-04", "06-11", "06-18", "07-02", "07-16"].map { "2016-\($0)T09:00:00-04:00" }),
        // ... and Wednesdays at 08:00 in Paris from 2016-09-21, CET from Sunday 10-30.
        Expectation(
            file: "u01jmg3+ics-parser__examples_ICal.ics", rules: 4, leftOut: 17, from: "2016-10-20T00:00:00Z",
            through: "2016-11-05T00:00:00Z", fires: ["2016-10-26T08:00:00+02:00", "2016-11-02T08:00:00+01:00"])
    ]

    @Test(arguments: expectations)
    func importedEventsRingWhereRFC5545ExpansionPutsThem(expected: Expectation) throws {
        let imported = try Self.read(expected.file, options: ICalendar.ReadOptions(isStrict: false, ringsAtReminder: expected.atReminder))
        #expect(imported.rules.count == expected.rules)
        #expect(imported.leftOut.count == expected.leftOut)
        let fires = try Self.fires(imported.rules, from: expected.from, through: expected.through)
        #expect(fires == expected.fires)
    }

    @Test func theFilesThatImportAreTheOnesExpectedAndNoOther() {
        let importing = Self.files.filter { (try? Self.read($0)) != nil }
        #expect(Set(importing) == Set(Self.expectations.map(\.file)))
    }

    /// What stays outside the subset, by the reason an event is left out for.
    enum OutOfScope: String, CaseIterable, Sendable {
        case monthly = "FREQ=MONTHLY"
        case yearly = "FREQ=YEARLY"
        case numberedWeekday = "numbered weekday"
        case rdate = "RDATE"
        case allDay = "all-day"
        case zoneOfTheFile = "zone of the file only"

        func covers(_ problem: ICalendarReadProblem) -> Bool {
            switch self {
            case .monthly: problem.property == "RRULE" && problem.value?.uppercased() == "FREQ=MONTHLY"
            case .yearly: problem.property == "RRULE" && problem.value?.uppercased() == "FREQ=YEARLY"
            case .numberedWeekday: problem.property == "RRULE" && problem.message.contains("by number")
            case .rdate: problem.property == "RDATE" && problem.message.hasPrefix("adds single dates")
            case .allDay:
                problem.property == "DTSTART" && (problem.message.hasPrefix("has VALUE=DATE;") || problem.message.contains("all-day"))
            case .zoneOfTheFile: problem.message.contains("defined only in this file's VTIMEZONE")
            }
        }
    }

    @Test func theReasonsOutsideTheSubsetAreAsManyAsFormatsMdSays() throws {
        var events: [OutOfScope: Int] = [:]
        var files: [OutOfScope: Set<String>] = [:]
        for file in Self.files {
            var reading = ICalendarReading(options: .whatFits)
            reading.read([UInt8](try Data(contentsOf: Self.folder.appending(path: file))), limits: .standard)
            for entry in reading.entries {
                for reason in OutOfScope.allCases where entry.reasons.contains(where: { reason.covers(reading.problems[$0]) }) {
                    events[reason, default: 0] += 1
                    files[reason, default: []].insert(file)
                }
            }
        }
        // Docs/Formats.md, "Out of scope": events left out for each reason, and the files they are in.
        let documented: [OutOfScope: (events: Int, files: Int)] = [
            .monthly: (12, 5), .yearly: (9, 4), .numberedWeekday: (4, 2), .rdate: (8, 5), .allDay: (19, 5), .zoneOfTheFile: (9, 5)
        ]
        for reason in OutOfScope.allCases {
            #expect(events[reason] ?? 0 == documented[reason]?.events, "\(reason.rawValue)")
            #expect(files[reason]?.count ?? 0 == documented[reason]?.files, "\(reason.rawValue)")
        }
    }
}
