import AlarmsTestSupport
import Foundation
import RecurringAlarmsStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `AtomicFile.replace`, the store's crash-safe replacement offered to the command line for
/// the files it rewrites itself (a case file it records into).
@Suite("Replacing a file as the store replaces a book")
struct AtomicFileTests {
    @Test("the new content replaces the old, keeping the file's permission bits, with no temporary file left")
    func replacesKeepingMode() throws {
        try withTemporaryFolder { folder in
            let path = folder.appending(path: "cases.json").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
            try AtomicFile.replace(path, with: Data("new".utf8))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o640)
            #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
        }
    }

    @Test("a symbolic link stays a link: its target is replaced")
    func followsLinks() throws {
        try withTemporaryFolder { folder in
            let target = folder.appending(path: "real.json").path
            let link = folder.appending(path: "link.json").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: target))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            try AtomicFile.replace(link, with: Data("new".utf8))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        }
    }

    @Test("a failure names the step and the path, and leaves nothing written")
    func failureWritesNothing() throws {
        try withTemporaryFolder { folder in
            let path = folder.appending(path: "missing-folder/cases.json").path
            #expect {
                try AtomicFile.replace(path, with: Data("new".utf8))
            } throws: { error in
                guard case .io(let failedPath, let operation, let code, _)? = error as? AlarmStoreError else { return false }
                return failedPath == path + ".tmp" && operation == "create the temporary file" && code == ENOENT
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "missing-folder").path))
        }
    }
}
