import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

@Suite("Store error messages")
struct AlarmStoreErrorTests {
    static let problem = ValidationProblem(
        ruleID: "wake", ruleNumber: 1, field: "times", value: "[]",
        message: "is empty; expected at least one time HH:MM or HH:MM:SS")

    @Test(
        "every message starts lowercase, names the location or rule, and says what to do",
        arguments: [
            (
                AlarmStoreError.empty(path: "/data/alarms.json"),
                "'/data/alarms.json' is empty, so it holds no alarm book; it was left untouched: fix or restore it, or call recoverUnreadableBook(now:) to move it aside and start an empty book"
            ),
            (
                .binary(path: "/data/alarms.json", offset: 7, byte: 0xFF),
                "'/data/alarms.json' holds binary data, not JSON text (byte 0xFF at offset 7); it was left untouched: fix or restore it, or call recoverUnreadableBook(now:) to move it aside and start an empty book"
            ),
            (
                .invalidBook(path: "/data/alarms.json", problems: [problem]),
                "cannot save '/data/alarms.json': the book has 1 problem and nothing was written; fix them first:\n  rule 'wake' (#1): times: [] is empty; expected at least one time HH:MM or HH:MM:SS"
            ),
            (
                .permissionDenied(path: "/data/alarms.json.lock", operation: "create the lock file"),
                "cannot create the lock file '/data/alarms.json.lock': permission denied; check the owner and mode of the file and of its folder"
            ),
            (
                .io(path: "/data/alarms.json.tmp", operation: "write", code: 28, reason: "no space left on device"),
                "cannot write '/data/alarms.json.tmp': no space left on device (errno 28)"
            ),
            (
                .lockTimeout(path: "/data/alarms.json.lock", seconds: 2.5),
                "gave up after 2.5 s waiting for another process holding the lock on '/data/alarms.json.lock'; nothing was read or written. "
                    + "Let that process finish (it may be stuck), or wait longer (LockWaitPolicy.timeout)"
            )
        ])
    func messages(error: AlarmStoreError, message: String) {
        #expect(error.description == message)
        #expect(error.description.first?.isUppercase == false)
    }

    @Test("only problems with the stored content count as unreadable books")
    func unreadableCases() {
        #expect(AlarmStoreError.truncated(path: "p", line: 1, column: 2, message: "m").isUnreadableBook)
        #expect(AlarmStoreError.newerVersion(path: "p", found: 2, supported: 1).isUnreadableBook)
        #expect(!AlarmStoreError.permissionDenied(path: "p", operation: "read").isUnreadableBook)
        #expect(!AlarmStoreError.invalidBook(path: "p", problems: []).isUnreadableBook)
        #expect(!AlarmStoreError.lockTimeout(path: "p", seconds: 1).isUnreadableBook)
    }
}
