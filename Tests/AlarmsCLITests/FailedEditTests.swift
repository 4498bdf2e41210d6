import Foundation
import Testing

/// Every failed edit exits non-zero with an `error:` line, prints nothing on stdout, and leaves
/// the book file byte for byte as it was.
@Suite("failed edits change nothing")
struct FailedEditTests {
    typealias Failure = CommandFailure

    static let failures: [Failure] = [
        Failure(
            arguments: ["add", "wake", "--days", "mon", "--at", "07:00"], exitCode: 1,
            excerpt: "error: rule 'wake' already exists\nhint: change it with 'alarms edit wake …', or pick another id\n"),
        Failure(arguments: ["add", "x", "--at", "25:00"], exitCode: 64, excerpt: "error: invalid time '25:00' in '--at'"),
        Failure(
            arguments: ["add", "x", "--days", "mon", "--at", "07:00", "--every-weeks", "2"], exitCode: 64,
            excerpt: "error: rule 'x': everyWeeks: 2 needs \"start\", the date whose week anchors the repetition\nhint: add '--start DATE'"),
        Failure(
            arguments: ["add", "x", "--days", "mon", "--at", "07:00", "--every-weeks", "53"], exitCode: 64,
            excerpt: "error: invalid value for '--every-weeks': '53'\nhint: expected a whole number from 1 to 52"),
        Failure(
            arguments: ["add", "../../etc/passwd", "--at", "07:00"], exitCode: 64,
            excerpt: "error: id: \"../../etc/passwd\" is not a valid id; expected 1 to 64 characters of A-Z a-z 0-9 . _ -"),
        Failure(arguments: ["add", "x"], exitCode: 64, excerpt: "error: missing '--at TIMES'"),
        Failure(arguments: ["add"], exitCode: 64, excerpt: "error: missing ID\nhint: try 'alarms add wake --days weekdays --at 07:30'"),
        Failure(
            arguments: ["add", "x", "--at", "07:00", "--dyas", "mon"], exitCode: 64,
            excerpt: "error: unknown option '--dyas'\nhint: did you mean '--days'?"),
        Failure(
            arguments: ["add", "x", "--at", "07:00", "--days", "mon,tuse"], exitCode: 64,
            excerpt: "error: invalid day 'tuse' in '--days'\nhint: did you mean 'tue'?"),
        Failure(
            arguments: ["add", "x", "--at", "07:00", "--days", ","], exitCode: 64,
            excerpt: "error: invalid value for '--days': it names no day"),
        Failure(
            arguments: ["add", "x", "--at", "07:00", "--rule-zone", "Asia/Tokio"], exitCode: 64, excerpt: "hint: did you mean 'Asia/Tokyo'?"
        ),
        Failure(
            arguments: ["add", "x", "--at", "07:00", "--overlap", "frist"], exitCode: 64,
            excerpt: "error: invalid value for '--overlap': 'frist'\nhint: did you mean 'first'?"),
        Failure(
            arguments: ["add", "x", "--at", "07:00", "--start", "2026-12-01"], exitCode: 64,
            excerpt: "error: '--every-weeks', '--start' and '--end' apply to weekly rules"),
        Failure(
            arguments: ["add", "x", "--at", "07:00", "--date", "2026-12-01", "--end", "2026-12-31"], exitCode: 64,
            excerpt: "error: '--every-weeks', '--start' and '--end' apply to weekly rules, not to a one-shot '--date'"),
        Failure(
            arguments: ["edit", "wkae", "--at", "07:00"], exitCode: 1, excerpt: "error: no rule has id 'wkae'\nhint: did you mean 'wake'?\n"
        ),
        Failure(arguments: ["edit", "wake"], exitCode: 64, excerpt: "error: nothing to change for 'wake'"),
        Failure(
            arguments: ["edit", "bins", "--end", "2026-01-01"], exitCode: 64,
            excerpt: "error: rule 'bins': end: \"2026-01-01\" is before start \"2026-12-02\"; expected a date on or after it"),
        Failure(arguments: ["edit", "bins", "--start", "none"], exitCode: 64, excerpt: "error: rule 'bins': everyWeeks: 2 needs \"start\""),
        Failure(
            arguments: ["edit", "flight", "--every-weeks", "2"], exitCode: 64,
            excerpt: "error: rule 'flight' is a one-shot; '--every-weeks', '--start' and '--end' apply to weekly rules"),
        Failure(
            arguments: ["edit", "wake", "--days", "mon", "--date", "2026-12-01"], exitCode: 64,
            excerpt: "error: '--days' and '--date' cannot be combined"),
        Failure(
            arguments: ["remove", "nope"], exitCode: 1, excerpt: "error: no rule has id 'nope'\nhint: 'alarms list' shows the rule ids\n"),
        Failure(arguments: ["remove", "wake", "extra"], exitCode: 64, excerpt: "error: unexpected argument 'extra'"),
        Failure(
            arguments: ["remove", "wake", "--now", "yesterday"], exitCode: 64, excerpt: "error: invalid value for '--now': 'yesterday'"),
        Failure(arguments: ["enable", "wke"], exitCode: 1, excerpt: "hint: did you mean 'wake'?"),
        Failure(arguments: ["disable"], exitCode: 64, excerpt: "error: missing ID"),
        Failure(arguments: ["skip", "wake"], exitCode: 64, excerpt: "error: missing DATE\nhint: try 'alarms skip wake 2026-12-24'"),
        Failure(arguments: ["skip", "wake", "2026-02-30"], exitCode: 64, excerpt: "error: invalid DATE: '2026-02-30'"),
        Failure(arguments: ["unskip", "nope", "2026-12-01"], exitCode: 1, excerpt: "error: no rule has id 'nope'"),
        Failure(
            arguments: ["skip-next", "gym"], exitCode: 1,
            excerpt:
                "error: rule 'gym' has no occurrence to skip in the next 732 days\nhint: it is disabled, has ended, or its one date has passed\n"
        ),
        Failure(
            arguments: ["skip-next", "flight", "--now", "2027-01-01T00:00:00Z"], exitCode: 1,
            excerpt: "error: rule 'flight' has no occurrence to skip"),
        Failure(arguments: ["skip-next", "wak"], exitCode: 1, excerpt: "hint: did you mean 'wake'?"),
        Failure(arguments: ["snooze", "wake"], exitCode: 64, excerpt: "error: invalid fire id 'wake'"),
        Failure(arguments: ["snooze", "wake@tomorrow"], exitCode: 64, excerpt: "error: invalid fire id 'wake@tomorrow'"),
        Failure(
            arguments: ["snooze", "bad!@2026-12-01T07:30:00"], exitCode: 64, excerpt: "error: invalid fire id 'bad!@2026-12-01T07:30:00'"),
        Failure(arguments: ["snooze", "nope@2026-12-01T07:30:00"], exitCode: 1, excerpt: "error: no rule has id 'nope'"),
        Failure(
            arguments: ["snooze", "wake@2026-12-01T07:30:00", "--minutes", "0"], exitCode: 64,
            excerpt: "error: invalid value for '--minutes': '0'"),
        Failure(
            arguments: ["snooze", "wake@2026-12-01T07:30:00", "--minuets", "5"], exitCode: 64, excerpt: "hint: did you mean '--minutes'?")
    ]

    @Test("each failure: its exit code and message, nothing on stdout, the book untouched", arguments: failures)
    func failure(_ failure: Failure) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let before = try #require(store.bytes)
        let arguments = failure.arguments + (failure.arguments.contains("--now") ? [] : ["--now", Fixtures.now])
        let output = try await store.run(arguments)
        #expect(output.exitCode == failure.exitCode)
        #expect(output.standardOutput == "")
        #expect(output.standardError.hasPrefix("error: "))
        #expect(output.standardError.contains(failure.excerpt))
        #expect(store.bytes == before)
        #expect(Set(store.folderContents).isSubset(of: ["alarms.json", "alarms.json.lock"]))
    }

    @Test("a failed edit of a book that does not exist yet creates no file at all")
    func missingBookStaysMissing() async throws {
        let store = try TemporaryStore()
        for arguments in [["remove", "wake"], ["edit", "wake", "--at", "07:00"], ["add", "x", "--at", "25:00"], ["skip-next", "wake"]] {
            let output = try await store.run(arguments)
            #expect(output.exitCode != 0)
        }
        #expect(store.folderContents.isEmpty)
    }

    @Test(
        "an unreadable book is reported, never overwritten, by every edit",
        arguments: [
            ("", "is empty, so it holds no alarm book"),
            ("{\"version\": 1, \"rules\": [", "is truncated: the JSON ends early"),
            ("{\"version\": 1, \"rules\": [}", "is not valid JSON at line 1, column 26"),
            ("\u{00}\u{01}binary", "holds binary data, not JSON text (byte 0x00 at offset 0)"),
            ("{\"version\": 2, \"rules\": []}", "has format version 2, written by a newer release; this one reads version 1"),
            (
                "{\"version\": 1, \"rules\": [{\"id\": \"a\", \"days\": [\"mo\"], \"times\": [\"07:00\"]}]}",
                "rule 'a' (#1): days[0]: \"mo\" is not a weekday"
            )
        ])
    func unreadableBook(_ content: String, _ excerpt: String) async throws {
        let store = try TemporaryStore(content)
        let before = try #require(store.bytes)
        for arguments in [
            ["add", "b", "--days", "mon", "--at", "07:00"], ["remove", "a"], ["disable", "a"], ["skip", "a", "2026-12-01"],
            ["skip-next", "a"], ["snooze", "a@2026-12-01T07:00:00"], ["edit", "a", "--at", "08:00"]
        ] {
            let output = try await store.run(arguments + ["--now", Fixtures.now])
            #expect(output.exitCode == 1, "\(arguments)")
            #expect(output.standardError.contains(excerpt), "\(arguments): \(output.standardError)")
            #expect(output.standardError.contains("hint: the file was left untouched") || content.contains("\"version\": 2"))
            #expect(store.bytes == before)
        }
        // Reading commands report it the same way.
        let list = try await store.run(["list"])
        #expect(list.exitCode == 1)
        #expect(list.standardError.contains(excerpt))
    }

    @Test("an explicit store in a folder that does not exist is an error naming the folder, not a new folder")
    func missingFolder() async throws {
        let store = try TemporaryStore()
        let path = store.folder.appendingPathComponent("no/such/folder/alarms.json").path
        let output = try await AlarmsProcess.run(["add", "a", "--days", "mon", "--at", "07:00", "--store", path])
        #expect(output.exitCode == 1)
        #expect(output.standardError.contains("its folder does not exist"))
        #expect(output.standardError.contains("hint: create the folder first, or pass another '--store PATH'"))
        #expect(store.folderContents.isEmpty)
    }
}
