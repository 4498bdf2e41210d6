import Foundation
import RecurringAlarmsStore

/// Where in-process tests keep `UserDefaults` suites' files: one folder per test run, so no
/// test writes to the real home folder (see `UserDefaultsStore.placeSuiteFiles(in:)`; child
/// processes get a temporary `HOME` instead).
let defaultsTestFolder: String = {
    let folder = FileManager.default.temporaryDirectory.appending(path: "RecurringAlarmsStoreTests-defaults-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    UserDefaultsStore.placeSuiteFiles(in: folder)
    // A suite a test changed without saving may still be written by a later test's save.
    atexit { try? FileManager.default.removeItem(atPath: defaultsTestFolder) }
    return folder
}()

/// The `UserDefaults` a store of `suite` uses in these tests.
func testDefaults(_ suite: String) -> UserDefaults {
    UserDefaults(suiteName: defaultsTestFolder + "/" + suite)!
}

/// The property-list file of `suite` in these tests.
func testSuiteFile(_ suite: String) -> String {
    defaultsTestFolder + "/" + suite + ".plist"
}

/// Runs `body` with a `UserDefaults` suite name used by no other test, its file in
/// ``defaultsTestFolder``, and removes its files afterwards. (Removing the files, not the
/// suite's keys: the name is never used again, and reading a corrupt file would cost 0.45 s.)
func withDefaultsSuite<Result>(_ body: (String) throws -> Result) throws -> Result {
    let suiteName = "RecurringAlarmsStoreTests.\(UUID().uuidString)"
    let folder = defaultsTestFolder
    defer {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(suiteName + ".") {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
    return try body(suiteName)
}
