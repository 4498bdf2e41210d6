// store-stress defaults: a fresh process using a UserDefaultsStore, for the tests that a save
// reaches disk and that the suite's real file (found through HOME or XDG_CONFIG_HOME, which
// the test sets in this process's environment) is checked.
//
//   store-stress defaults <suite> save <book-file>
//       Saves the book read from <book-file> (a book file) and exits at once.
//   store-stress defaults <suite> update <rule-id>
//       Appends a rule with that id, daily at 06:00, in one update.
//   store-stress defaults <suite> load
//       Prints the stored book as a book file.
//   store-stress defaults <suite> recover
//       Calls recoverUnreadableBook with 2026-12-01T07:30:00Z and prints where the data went.
//
// A store error prints "error <case>: <description>" and exits with 1.

import Foundation
import RecurringAlarms
import RecurringAlarmsStore

func defaults(_ arguments: [String]) {
    let usage = "usage: defaults <suite> save <book-file> | update <rule-id> | load | recover"
    guard arguments.count >= 2 else { fail(usage, status: 64) }
    guard let store = UserDefaultsStore(suiteName: arguments[0]) else { fail("the suite name '\(arguments[0])' is refused") }
    do throws(AlarmStoreError) {
        switch (arguments[1], arguments.count) {
        case ("save", 3):
            try store.save(try JSONFileStore(path: arguments[2]).load())
        case ("update", 3):
            var failure: AlarmStoreError?
            do {
                try store.update { book in
                    book.rules.append(AlarmRule(id: arguments[2], repeats: .weekly(days: .daily), times: [TimeOfDay(hour: 6, minute: 0)!]))
                }
            } catch let error as AlarmStoreError {
                failure = error
            } catch {
                fail("\(error)")
            }
            if let failure { throw failure }
        case ("load", 2):
            FileHandle.standardOutput.write(try store.load().jsonData)
        case ("recover", 2):
            print(try store.recoverUnreadableBook(now: Date(timeIntervalSince1970: 1_796_110_200)) ?? "nothing")
        default:
            fail(usage, status: 64)
        }
    } catch {
        print("error \(caseName(error)): \(error)")
        exit(1)
    }
}
