import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

// On Apple systems cfprefsd owns the suite's file and the store cannot check it (Docs/Store.md).
#if !canImport(Darwin)
    @Suite("UserDefaults store: a suite file that is not a property list")
    struct UserDefaultsFileTests {
        static let book = AlarmBook(rules: [rule("wake", at: "07:30")])
        static let now = Date(timeIntervalSince1970: 1_796_110_200)   // 2026-12-01T07:30:00Z

        /// A suite file as swift-corelibs-foundation writes it, holding `book` under the default key.
        static let goodFile: Data = {
            let suite: [String: Any] = [UserDefaultsStore.defaultKey: book.jsonData]
            return try! PropertyListSerialization.data(fromPropertyList: suite, format: .xml, options: 0)
        }()

        static let spoiledFiles: [(name: String, bytes: Data, reason: String)] = [
            ("empty", Data(), "is empty"),
            ("only whitespace", Data("\n  \n".utf8), "is empty"),
            ("cut off mid-write", goodFile.prefix(goodFile.count / 2), "is not a property list"),
            ("binary noise", Data([0x00, 0xFF, 0x13, 0x37, 0x80, 0x01]), "is not a property list"),
            (
                "an array at the top", Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array/></plist>"#.utf8),
                "holds an array where a property list of keys and values belongs"
            )
        ]

        @Test("load, save and update refuse it, naming the file, and leave its bytes as they were", arguments: spoiledFiles)
        func refused(name: String, bytes: Data, reason: String) throws {
            try withDefaultsSuite { suite throws in
                let store = try #require(UserDefaultsStore(suiteName: suite))
                let file = testSuiteFile(suite)
                try writeFile(file, bytes)
                let expected = AlarmStoreError.unreadableDefaultsFile(path: file, reason: reason)
                #expect(storeError { _ = try store.load() } == expected, "\(name)")
                #expect(storeError { try store.save(Self.book) } == expected, "\(name)")
                #expect(storeError { try store.update { book in book = Self.book } } == expected, "\(name)")
                #expect(contents(of: file) == [UInt8](bytes), "\(name)")
                #expect(expected.isUnreadableBook)
            }
        }

        @Test("the message names the file, says what would have happened and what to do")
        func message() {
            let error = AlarmStoreError.unreadableDefaultsFile(
                path: "/home/ana/.config/com.example.alarms.plist", reason: "is not a property list")
            #expect(
                error.description == "'/home/ana/.config/com.example.alarms.plist', the UserDefaults file that holds the alarm book, "
                    + "is not a property list, so UserDefaults would read it as empty and the next save would replace it; it was left untouched: "
                    + "fix or restore it, or call recoverUnreadableBook(now:) to move it aside and start an empty book")
        }

        @Test("a file spoiled after the store last wrote it is noticed before the next write")
        func spoiledAfterAWrite() throws {
            try withDefaultsSuite { suite throws in
                let store = try #require(UserDefaultsStore(suiteName: suite))
                try store.save(Self.book)
                #expect(contents(of: testSuiteFile(suite)) == [UInt8](Self.goodFile))
                let cutOff = Self.goodFile.prefix(100)
                try writeFile(testSuiteFile(suite), cutOff)
                #expect(storeError { try store.update { book in book.rules = [] } }.map(caseName) == "unreadableDefaultsFile")
                #expect(contents(of: testSuiteFile(suite)) == [UInt8](cutOff))
            }
        }

        @Test("a save that cannot be written throws, naming the file, and the process goes on seeing what is on disk")
        func writeFails() throws {
            try withDefaultsSuite { suite throws in
                let store = try #require(UserDefaultsStore(suiteName: suite))
                let file = testSuiteFile(suite)
                try store.save(Self.book)
                // A link into a folder that does not exist: read as no file, but nothing can be written through it.
                try FileManager.default.removeItem(atPath: file)
                try FileManager.default.createSymbolicLink(
                    atPath: file, withDestinationPath: defaultsTestFolder + "/missing-\(suite)/book.plist")
                defer {
                    // Let the pending change be written, so it fails no later test's save.
                    try? FileManager.default.removeItem(atPath: file)
                    _ = testDefaults(suite).synchronize()
                }
                // Any synchronize() with nothing pending makes UserDefaults read the suite again, and
                // another test's may come at any time; do it now, so the process sees no book.
                _ = testDefaults(suite).synchronize()
                #expect(try store.load() == AlarmBook())

                let error = storeError { try store.save(Self.book) }
                #expect(error.map(caseName) == "io")
                #expect(error?.path == file)
                #expect(try store.load() == AlarmBook())
            }
        }

        @Test("recovery moves the file aside, keeping its bytes, and the store starts from an empty book")
        func recovery() throws {
            try withDefaultsSuite { suite throws in
                let store = try #require(UserDefaultsStore(suiteName: suite))
                let file = testSuiteFile(suite)
                let noise = Data([0x00, 0xFF, 0x13])
                try writeFile(file + ".corrupt-20261201T073000Z", Data("taken".utf8))
                try writeFile(file, noise)
                #expect(storeError { _ = try store.load() }.map(caseName) == "unreadableDefaultsFile")

                #expect(try store.recoverUnreadableBook(now: Self.now) == file + ".corrupt-20261201T073000Z-2")
                #expect(contents(of: file + ".corrupt-20261201T073000Z-2") == [UInt8](noise))
                #expect(!FileManager.default.fileExists(atPath: file))
                #expect(try store.load() == AlarmBook())
                #expect(try store.recoverUnreadableBook(now: Self.now) == nil)
                try store.save(Self.book)
                #expect(try store.load() == Self.book)
                #expect(contents(of: file) == [UInt8](Self.goodFile))
            }
        }
    }
#endif
