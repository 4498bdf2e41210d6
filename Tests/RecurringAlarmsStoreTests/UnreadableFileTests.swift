import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stored bytes that are not a book this release can read, and the case each must give.
struct UnreadableContent: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: String

    var testDescription: String { name }

    static let book = AlarmBook(rules: [rule("wake", at: "07:30"), rule("gym", days: [.monday, .thursday], at: "18:00")])

    static let all: [UnreadableContent] = {
        var random = SplitMix64(seed: 0x5EED_0005)
        let garbage = (0..<512).map { _ in UInt8.random(in: 0...255, using: &random) }
        let full = [UInt8](book.jsonData)
        return [
            UnreadableContent(name: "corrupt", bytes: Array(#"{"version": 1, "rules": [}"#.utf8), expected: "malformedJSON"),
            UnreadableContent(name: "truncated", bytes: Array(full.prefix(full.count / 2)), expected: "truncated"),
            UnreadableContent(
                name: "truncated inside a string", bytes: Array(#"{"version": 1, "rules": [{"id": "wa"#.utf8), expected: "truncated"),
            UnreadableContent(name: "empty", bytes: [], expected: "empty"),
            UnreadableContent(name: "only whitespace", bytes: Array("\n \t\n".utf8), expected: "empty"),
            UnreadableContent(name: "binary garbage", bytes: garbage, expected: "binary"),
            UnreadableContent(
                name: "a NUL in otherwise good JSON", bytes: Array(full.prefix(20)) + [0] + Array(full.dropFirst(20)), expected: "binary"),
            UnreadableContent(
                name: "newer version", bytes: Array(#"{"version": 2, "rules": [], "alarmsV2": {}}"#.utf8), expected: "newerVersion"),
            UnreadableContent(
                name: "invalid rules", bytes: Array(#"{"version": 1, "rules": [{"id": "wake", "times": ["07:30"]}]}"#.utf8),
                expected: "invalid"),
            UnreadableContent(name: "not an object", bytes: Array("[1, 2]".utf8), expected: "invalid")
        ]
    }()
}

@Suite("Unreadable files are reported with their reason and never overwritten")
struct UnreadableFileTests {
    @Test("load, save and update all report the reason and leave the bytes as they were", arguments: UnreadableContent.all)
    func reportedAndUntouched(content: UnreadableContent) throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try writeFile(store.path, Data(content.bytes))
            let loadError = try #require(storeError { _ = try store.load() })
            #expect(caseName(loadError) == content.expected)
            #expect(loadError.path == store.path && loadError.isUnreadableBook)
            #expect(loadError.description.hasPrefix("'\(store.path)' "))
            #expect(storeError { try store.save(UnreadableContent.book) } == loadError)
            #expect(storeError { try store.update { book in book = UnreadableContent.book } } == loadError)
            #expect(contents(of: store.path) == content.bytes)
            #expect(!FileManager.default.fileExists(atPath: store.path + ".tmp"))
        }
    }

    @Test(
        "each kind of unreadable file gets its own message",
        arguments: [
            (#"{"version": 1, "rules": [}"#, "is not valid JSON at line 1, column 26: expected a value, found '}'; it was left untouched"),
            (#"{"version": 1, "rules": ["#, "is truncated: the JSON ends early (line 1, column 26: expected a value, found end of input)"),
            ("", "is empty, so it holds no alarm book; it was left untouched"),
            ("{\"version\": 1,\u{0}", "holds binary data, not JSON text (byte 0x00 at offset 14)"),
            (
                #"{"version": 3, "rules": []}"#,
                "has format version 3, written by a newer release; this release reads version 1. It was left untouched: update the app"
            ),
            (
                #"{"version": 1}"#,
                "is not a valid alarm book (1 problem); it was left untouched: fix or restore it, or call recoverUnreadableBook(now:) to move it aside and start an empty book:\n  rules: is missing; expected an array of rules"
            )
        ])
    func messages(text: String, message: String) throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try writeFile(store.path, Data(text.utf8))
            let error = try #require(storeError { _ = try store.load() })
            #expect(error.description.hasPrefix("'\(store.path)' " + message))
        }
    }

    @Test("a file this process may not read is reported as permission denied and left unchanged", .tags(.endToEnd))
    func permissionDenied() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try writeFile(store.path, UnreadableContent.book.jsonData, permissions: 0o600)
            let original = try #require(contents(of: store.path))
            if geteuid() == 0 {
                // Root ignores file modes, so the helper drops to uid 65534 first. The folder is
                // writable for it, so only the refusal to overwrite keeps the file intact.
                let helper = try #require(StressHelper.path, StressHelper.notFound)
                #expect(chmod(folder.path, 0o777) == 0)
                for operation in ["load", "save", "update"] {
                    let output = folder.appending(path: "probe-\(operation).txt").path
                    let ending = try ChildProcess.run(helper, ["probe", store.path, operation, "--as-nobody"], outputPath: output)
                    #expect(ending == .exited(1), "\(operation)")
                    let printed = String(decoding: contents(of: output) ?? [], as: UTF8.self)
                    #expect(
                        printed
                            == "error permissionDenied: cannot read '\(store.path)': permission denied; check the owner and mode of the file and of its folder\n",
                        "\(operation)")
                }
            } else {
                #expect(chmod(store.path, 0) == 0)
                let expected = AlarmStoreError.permissionDenied(path: store.path, operation: "read")
                #expect(storeError { _ = try store.load() } == expected)
                #expect(storeError { try store.save(AlarmBook()) } == expected)
                #expect(storeError { try store.update { book in book = AlarmBook() } } == expected)
                #expect(chmod(store.path, 0o600) == 0)
            }
            #expect(contents(of: store.path) == original)
        }
    }

    @Test("a path whose parent is a file fails with the system's reason")
    func parentIsAFile() throws {
        try withTemporaryFolder { folder throws in
            let parent = folder.appending(path: "plain-file")
            try writeFile(parent.path, Data("keep me".utf8))
            let store = JSONFileStore(url: parent.appending(path: "alarms.json"))
            #expect(
                storeError { _ = try store.load() } == .io(path: store.path, operation: "read", code: ENOTDIR, reason: "not a directory"))
            #expect(
                storeError { try store.save(AlarmBook()) }
                    == .io(
                        path: store.path + ".lock", operation: "create the lock file",
                        code: ENOTDIR, reason: "not a directory"))
            #expect(contents(of: parent.path) == Array("keep me".utf8))
        }
    }

    @Test("a folder in place of the file is reported and left in place")
    func directoryInPlace() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: false)
            let expected = AlarmStoreError.io(path: store.path, operation: "read", code: EISDIR, reason: "is a directory")
            #expect(storeError { _ = try store.load() } == expected)
            #expect(storeError { try store.save(AlarmBook()) } == expected)
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: store.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        }
    }

    @Test("a FIFO in place of the file is reported at once instead of hanging the read")
    func fifoInPlace() throws {
        try withTemporaryFolder { folder throws in
            let store = JSONFileStore(url: folder.appending(path: "alarms.json"))
            #expect(mkfifo(store.path, 0o600) == 0)
            #expect(
                storeError { _ = try store.load() }
                    == .io(
                        path: store.path, operation: "read", code: EINVAL,
                        reason: "it is not a regular file (a device, FIFO or socket)"))
        }
    }
}
