import Foundation
import RecurringAlarms
import Testing

@Suite("Alarm book file format")
struct AlarmBookFormatTests {
    static let snoozedAt = Date(timeIntervalSince1970: 1_796_110_740)   // 2026-12-01T07:39:00Z

    static var sample: AlarmBook {
        let wake = rule("wake", at: "07:30")
        // A valid one-rule book: planning it cannot throw.
        let plan = try! AlarmBook(rules: [wake]).plan(now: december1, options: PlanOptions(deviceTimeZone: Zones.tokyo, cap: 2))
        return AlarmBook(
            rules: [wake],
            snoozes: [Snooze(ruleID: "wake", fireID: "wake@2026-12-01T07:30:00", instant: snoozedAt)],
            skippedOccurrences: [SkippedOccurrence(ruleID: "wake", date: LocalDate(parsing: "2026-12-04")!)],
            applied: AppliedPlan(plan, appliedAt: december1))
    }

    @Test("a book writes the rule file's keys, then snoozes, skipNext and applied, as documented")
    func documentedLayout() {
        let expected = """
            {
              "version": 1,
              "rules": [
                {
                  "id": "wake",
                  "days": ["mon", "tue", "wed", "thu", "fri"],
                  "times": ["07:30"]
                }
              ],
              "snoozes": [
                {
                  "rule": "wake",
                  "fire": "wake@2026-12-01T07:30:00",
                  "at": "2026-12-01T07:39:00Z"
                }
              ],
              "skipNext": [
                {
                  "rule": "wake",
                  "date": "2026-12-04"
                }
              ],
              "applied": {
                "at": "2026-12-01T09:00:00+09:00",
                "timeZone": "Asia/Tokyo",
                "coveredUntil": "2026-12-04T07:30:00+09:00",
                "fires": [
                  {
                    "id": "wake@2026-12-02T07:30:00",
                    "at": "2026-12-02T07:30:00+09:00"
                  },
                  {
                    "id": "wake@2026-12-03T07:30:00",
                    "at": "2026-12-03T07:30:00+09:00"
                  }
                ]
              }
            }

            """
        #expect(Self.sample.json.prettyText == expected)
        #expect(Self.sample.jsonData == Data(expected.utf8))
    }

    @Test("Codable writes the documented book file: the same keys with the same values (in the encoder's key order)")
    func codableWritesTheDocumentedFormat() throws {
        /// JSONEncoder orders an object's keys as it likes; JSON does not order them.
        func unordered(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members): .object(members.map { ($0.key, unordered($0.value)) }.sorted { $0.0 < $1.0 })
            case .array(let elements): .array(elements.map(unordered))
            default: value
            }
        }
        let encoded = try JSONEncoder().encode(Self.sample)
        #expect(unordered(try JSONValue(parsing: [UInt8](encoded))) == unordered(Self.sample.json))
        #expect(try JSONDecoder().decode(AlarmBook.self, from: Self.sample.jsonData) == Self.sample)
    }

    @Test("a book without runtime state writes exactly the rule file of its rules")
    func ruleFileCompatibleOutput() throws {
        let rules = [rule("wake", at: "07:30"), oneShot("flight", on: "2026-12-05", at: "05:45", zone: Zones.london)]
        #expect(AlarmBook(rules: rules).jsonData == (try AlarmRuleSet(rules: rules)).jsonData)
    }

    @Test("rule readers read a book file: AlarmRuleSet gets the same rules and ignores the state")
    func ruleReaderReadsBook() throws {
        let set = try AlarmRuleSet(jsonData: Self.sample.jsonData)
        #expect(set.rules == Self.sample.rules)
    }

    @Test("a plain rule file reads as a book with no runtime state")
    func ruleFileReadsAsBook() throws {
        let text = #"{"version": 1, "rules": [{"id": "wake", "days": ["mon"], "times": ["07:30"]}]}"#
        let book = try AlarmBook(jsonData: Data(text.utf8))
        #expect(book == AlarmBook(rules: [rule("wake", days: .monday, at: "07:30")]))
    }

    @Test("null state keys count as absent")
    func nullStateKeys() throws {
        let text = #"{"version": 1, "rules": [], "snoozes": null, "skipNext": null, "applied": null}"#
        #expect(try AlarmBook(jsonData: Data(text.utf8)) == AlarmBook())
    }

    @Test("unknown top-level keys are kept and written back after the known ones")
    func unknownTopLevelKeysSurvive() throws {
        let text = #"{"settings": {"sound": "chime"}, "version": 1, "rules": [], "zz": [1, 2]}"#
        var book = try AlarmBook(jsonData: Data(text.utf8))
        book.rules.append(rule("wake", at: "07:30"))
        let written = try JSONValue(parsing: book.jsonData)
        guard case .object(let members) = written else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["version", "rules", "settings", "zz"])
        #expect(written["settings"] == .object([("sound", .string("chime"))]))
        #expect(try AlarmBook(jsonData: book.jsonData) == book)
    }

    @Test("reading reports every problem of the rules and of the state at once, with field paths")
    func everyProblemAtOnce() {
        let text = """
            {"version": 1,
             "rules": [{"id": "wake", "days": ["mon"], "times": ["25:00"]}],
             "snoozes": [{"rule": "wake", "fire": "", "at": "2026-12-01T07:39:00"}, 7, {"rule": "bad id!", "fire": "x", "at": "2026-12-01T07:39:00Z", "when": 1}],
             "skipNext": [{"rule": "wake", "date": "2026-02-30"}, {"date": "2026-12-01"}],
             "applied": {"at": "2026-12-01T09:00:00+09:00", "timeZone": "Mars/Olympus", "coveredUntil": "2026-12-04T07:30:00+09:00"}}
            """
        #expect(throws: AlarmRulesError.self) { try AlarmBook(jsonData: Data(text.utf8)) }
        do {
            _ = try AlarmBook(jsonData: Data(text.utf8))
        } catch {
            guard case .invalid(let problems) = error else {
                Issue.record("expected invalid, got \(error)")
                return
            }
            #expect(
                problems.map(\.description) == [
                    #"rule 'wake' (#1): times[0]: "25:00" is not a valid time; expected HH:MM or HH:MM:SS, 00:00:00 to 23:59:59"#,
                    #"rule 'wake': snoozes[0].at: "2026-12-01T07:39:00" is not an instant; expected an RFC 3339 instant with an offset, such as "2026-12-01T07:39:00Z""#,
                    #"rule 'wake': snoozes[0].fire: "" is empty; expected the id of the snoozed fire, such as "wake@2026-12-01T07:30:00""#,
                    #"snoozes[1]: 7 is not an object; expected {"rule": …, "fire": …, "at": …}"#,
                    #"snoozes[2].when: is not a known field; allowed: rule, fire, at"#,
                    #"snoozes[2].rule: "bad id!" is not a valid rule id; expected 1 to 64 characters of A-Z a-z 0-9 . _ -"#,
                    #"rule 'wake': skipNext[0].date: "2026-02-30" is not a date; expected YYYY-MM-DD, a real calendar date"#,
                    #"skipNext[1].rule: is missing; expected a rule id"#,
                    #"applied.timeZone: "Mars/Olympus" is not a known time zone; expected an IANA id such as "Europe/Paris""#,
                    #"applied.fires: is missing; expected an array of {"id": …, "at": …} objects"#
                ])
        }
    }

    @Test("entries that are well formed JSON but not valid state are problems too")
    func semanticStateProblems() {
        let text = #"{"version": 1, "rules": [], "snoozes": [{"rule": "bad id!", "fire": "", "at": "2026-12-01T07:39:00Z"}]}"#
        do {
            _ = try AlarmBook(jsonData: Data(text.utf8))
            Issue.record("expected problems")
        } catch {
            guard case .invalid(let problems) = error else {
                Issue.record("expected invalid, got \(error)")
                return
            }
            #expect(problems.map(\.field) == ["snoozes[0].rule", "snoozes[0].fire"])
        }
    }

    @Test("validationProblems names what a store would refuse to save")
    func inMemoryValidation() {
        var book = AlarmBook(rules: [rule("wake", at: "07:30"), rule("wake", at: "08:00")])
        book.snoozes = [Snooze(ruleID: "no good", fireID: "", instant: Date(timeIntervalSince1970: 1e13))]
        book.skippedOccurrences = [SkippedOccurrence(ruleID: "", date: LocalDate(parsing: "2026-12-02")!)]
        book.applied = AppliedPlan(
            appliedAt: Date(timeIntervalSince1970: -1e12), deviceTimeZone: Zones.london, coveredUntil: december1,
            fires: [AppliedFire(id: "", instant: december1)])
        #expect(
            book.validationProblems().map(\.field) == [
                "id", "snoozes[0].rule", "snoozes[0].fire", "snoozes[0].at", "skipNext[0].rule",
                "applied.at", "applied.fires[0].id"
            ])
    }
}
