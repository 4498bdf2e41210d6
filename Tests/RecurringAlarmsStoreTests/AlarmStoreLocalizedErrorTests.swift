import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

/// `localizedDescription` reads the store's message, not "The operation could not be completed.
/// (RecurringAlarmsStore.AlarmStoreError error 6.)".
@Suite("AlarmStoreError as a LocalizedError")
struct AlarmStoreLocalizedErrorTests {
    @Test("a permission error reads as the store says it, with no separate suggestion")
    func permissionDenied() {
        let error: any Error = AlarmStoreError.permissionDenied(path: "/books/alarms.json", operation: "read")
        #expect(
            error.localizedDescription
                == "cannot read '/books/alarms.json': permission denied; check the owner and mode of the file and of its folder")
        #expect((error as? any LocalizedError)?.recoverySuggestion == nil)
    }

    @Test("an unreadable book reads as the store says it and suggests moving it aside")
    func unreadableBook() {
        let error: any Error = AlarmStoreError.empty(path: "/books/alarms.json")
        #expect(
            error.localizedDescription == "'/books/alarms.json' is empty, so it holds no alarm book; it was left untouched: "
                + "fix or restore it, or call recoverUnreadableBook(now:) to move it aside and start an empty book")
        #expect(
            (error as NSError).localizedRecoverySuggestion
                == "call recoverUnreadableBook(now:) to move the stored book aside and start an empty one; the old file is kept for inspection"
        )
    }

    @Test("an error thrown by a real store reaches localizedDescription")
    func fromAStore() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("alarms.json")
            try Data("{".utf8).write(to: url)
            do throws(AlarmStoreError) {
                _ = try JSONFileStore(url: url).load()
                Issue.record("a truncated book was read")
            } catch {
                let any: any Error = error
                #expect(any.localizedDescription.hasPrefix("'\(url.path)' is truncated: the JSON ends early (line 1, column 2: "))
                #expect(any.localizedDescription == error.description)
            }
        }
    }
}
