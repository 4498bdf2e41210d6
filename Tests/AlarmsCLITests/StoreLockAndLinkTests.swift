import AlarmsCLI
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--lock-timeout`, the waiting note, and books kept behind symbolic links.
@Suite("Store commands and a held lock or a linked book")
struct StoreLockAndLinkTests {
    static let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }

    static func hint(_ lock: String) -> String {
        "hint: nothing was read or written; let the other process finish (it may be stuck), "
            + "or wait longer with '--lock-timeout SECONDS' or ALARMS_LOCK_TIMEOUT\n"
    }

    @Test(
        "with the lock held, a store command gives up after --lock-timeout with exit 1, naming the lock file",
        arguments: [["list"], ["next"], ["add", "x", "--days", "mon", "--at", "07:00"], ["snooze", "wake@2026-12-01T07:30:00"]])
    func givesUp(command: [String]) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let holder = try holdLock(store.path + ".lock")
        defer { close(holder) }
        let before = store.bytes
        let result = await CommandLineTool.run(
            command + ["--store", store.path, "--lock-timeout", "0", "--now", Fixtures.now],
            environment: ["TZ": "Europe/Berlin"], clock: Self.clock)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == "error: gave up after 0 s waiting for another process holding the lock on '\(store.path).lock'\n"
                + Self.hint(store.path + ".lock"))
        #expect(store.bytes == before)
    }

    @Test("ALARMS_LOCK_TIMEOUT sets the timeout, and --lock-timeout wins over it")
    func environmentVariable() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let holder = try holdLock(store.path + ".lock")
        defer { close(holder) }
        let arguments = ["list", "--store", store.path, "--now", Fixtures.now]
        let fromEnvironment = await CommandLineTool.run(
            arguments, environment: ["TZ": "UTC", "ALARMS_LOCK_TIMEOUT": "0.05"], clock: Self.clock)
        #expect(fromEnvironment.exitCode == 1)
        #expect(fromEnvironment.standardError.hasPrefix("error: gave up after 0.05 s waiting for another process holding the lock on "))
        let optionWins = await CommandLineTool.run(
            arguments + ["--lock-timeout", "0"],
            environment: ["TZ": "UTC", "ALARMS_LOCK_TIMEOUT": "not a number"], clock: Self.clock)
        #expect(optionWins.standardError.hasPrefix("error: gave up after 0 s waiting"))
    }

    @Test(
        "a timeout that is not a number of seconds from 0 to 86400 is a usage error",
        arguments: [
            ("--lock-timeout=-1", "'--lock-timeout': '-1'"), ("--lock-timeout=abc", "'--lock-timeout': 'abc'"),
            ("--lock-timeout=1e3", "'--lock-timeout': '1e3'"), ("--lock-timeout=86401", "'--lock-timeout': '86401'"),
            ("--lock-timeout=", "'--lock-timeout': ''"), ("--lock-timeout=nan", "'--lock-timeout': 'nan'")
        ])
    func invalidTimeout(option: String, quoted: String) async throws {
        let store = try TemporaryStore(Fixtures.book)
        let result = await CommandLineTool.run(["list", "--store", store.path, option], environment: ["TZ": "UTC"], clock: Self.clock)
        #expect(result.exitCode == 64)
        #expect(
            result.standardError.hasPrefix(
                "error: invalid value for \(quoted)\n"
                    + "hint: expected seconds to wait for the alarm book's lock, from 0 to 86400, such as 2.5\n"))
    }

    @Test("a bad ALARMS_LOCK_TIMEOUT is a usage error that names the variable")
    func invalidEnvironment() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let result = await CommandLineTool.run(
            ["list", "--store", store.path], environment: ["TZ": "UTC", "ALARMS_LOCK_TIMEOUT": "soon"], clock: Self.clock)
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("error: invalid value for ALARMS_LOCK_TIMEOUT: 'soon'\n"))
    }

    @Test("after waiting a second, the command says on standard error what it waits for, and goes on when the lock is free")
    func noticeWhileWaiting() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let holder = try holdLock(store.path + ".lock")
        // The other process lets go once the note is out, so nothing here depends on timing.
        let notices = Notices { close(holder) }
        let result = await CommandLineTool.run(
            ["add", "x", "--days", "mon", "--at", "07:00", "--store", store.path, "--now", Fixtures.now],
            environment: ["TZ": "Europe/Berlin"], clock: Self.clock, notice: { notices.record($0) })
        #expect(notices.recorded == ["note: waiting for another process holding the lock on '\(store.path).lock'\n"])
        #expect(result.exitCode == 0)
        #expect(store.text.contains("\"id\": \"x\""))
    }

    @Test("every command that takes --store also takes --lock-timeout, and its help says so")
    func helpListsTheOption() async throws {
        for command in [
            "plan", "week", "next", "list", "add", "edit", "remove", "enable", "disable", "skip", "unskip", "skip-next", "snooze",
            "validate", "explain", "simulate"
        ] {
            let help = await CommandLineTool.run([command, "--help"], environment: [:], clock: Self.clock)
            #expect(help.standardOutput.contains("--store <PATH>"), "\(command)")
            #expect(help.standardOutput.contains("--lock-timeout <SECONDS>"), "\(command)")
        }
    }

    @Test("an edit through a symbolic link changes the file it points to, and the link stays a link")
    func editThroughALink() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let link = store.folder.appendingPathComponent("l.json").path
        #expect(symlink("alarms.json", link) == 0)
        let result = await CommandLineTool.run(
            ["add", "x", "--days", "mon", "--at", "07:00", "--now", Fixtures.now],
            environment: ["TZ": "Europe/Berlin", "ALARMS_STORE": link], clock: Self.clock)
        #expect(result.exitCode == 0)
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(store.text.contains("\"id\": \"x\""))
        #expect(store.folderContents == ["alarms.json", "alarms.json.lock", "l.json"])
    }

    @Test("a dangling link: list says the book does not exist yet, and add creates it through the link")
    func danglingLink() async throws {
        let store = try TemporaryStore()
        let link = store.folder.appendingPathComponent("l.json").path
        #expect(symlink("alarms.json", link) == 0)
        let environment = ["TZ": "Europe/Berlin", "ALARMS_STORE": link]
        let list = await CommandLineTool.run(["list", "--now", Fixtures.now], environment: environment, clock: Self.clock)
        #expect(list.exitCode == 0)
        #expect(list.standardOutput.contains("the file does not exist yet"))
        let add = await CommandLineTool.run(
            ["add", "x", "--days", "mon", "--at", "07:00", "--now", Fixtures.now], environment: environment, clock: Self.clock)
        #expect(add.exitCode == 0)
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(store.text.contains("\"id\": \"x\""))
    }
}
