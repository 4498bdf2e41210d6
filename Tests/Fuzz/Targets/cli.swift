import Foundation
import RecurringAlarms

@testable import AlarmsCLI
@testable import RecurringAlarmsStore

// The whole command line, in process: the input split at NUL bytes is the argument list (as
// argv is; bytes that are not UTF-8 are repaired as CommandLine.arguments repairs them), run
// by CommandLineTool.run against a scratch folder reset before every input: an alarm book
// (book.json, also $ALARMS_STORE) and a rule file (rules.json), with a fixed clock, TZ and
// HOME. Arguments that could name a file outside the folder (an absolute path, `..`) are not
// run. Checks: the exit status is 0, 1 or 64 with the matching standard error; `--format
// json` output parses; a failed command leaves the book byte for byte as it was; every file
// a command leaves behind reads as a valid book.

private let seedBook = #"""
    {
      "version": 1,
      "rules": [
        {"id": "wake", "label": "Wake up", "days": ["mon", "tue", "wed", "thu", "fri"], "times": ["07:30"]},
        {"id": "bins", "days": ["wed"], "times": ["20:00"], "everyWeeks": 2, "start": "2026-12-02", "skip": ["2026-12-30"]},
        {"id": "standup", "days": ["mon", "wed", "fri"], "times": ["09:00", "02:30"], "timeZone": "America/New_York", "gap": "skip", "overlap": "last"},
        {"id": "flight", "date": "2026-12-05", "times": ["05:45"], "timeZone": "Europe/London", "enabled": false}
      ],
      "snoozes": [{"rule": "wake", "fire": "wake@2026-12-01T07:30:00", "at": "2026-12-01T07:39:00Z"}]
    }

    """#

private let seedRules = #"""
    {"version": 1, "rules": [
      {"id": "meds", "days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "times": ["08:00", "20:00"], "end": "2027-03-31"},
      {"id": "run", "days": ["sat", "sun"], "times": ["02:30"], "timeZone": "Europe/Berlin"}
    ]}

    """#

/// The scratch folder, made once per process; the fuzzer's working directory moves there so
/// relative paths in arguments land inside it.
private let folder: String = {
    let path = scratchPath()
    try? FileManager.default.removeItem(atPath: path)
    guard (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)) != nil, chdir(path) == 0 else {
        fail("cannot create and enter \(path)")
    }
    atexit { try? FileManager.default.removeItem(atPath: scratchPath()) }
    return path
}()

/// A folder in memory when there is one, named after the process.
private func scratchPath() -> String {
    let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return "\(base)/alarms-fuzz-cli-\(getpid())"
}

private let seedFiles = ["book.json": Data(seedBook.utf8), "rules.json": Data(seedRules.utf8)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let arguments = fuzzBytes(data, size).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    guard !arguments.contains(where: { $0.hasPrefix("/") || $0.contains("=/") || $0.contains("..") }) else { return -1 }
    resetFolder()
    let environment = [
        "TZ": "Europe/Berlin", "ALARMS_STORE": folder + "/book.json", "HOME": folder,
        "XDG_DATA_HOME": folder + "/data", "NO_COLOR": "1", "TERM": "dumb"
    ]

    let result = runCommandLine(arguments, environment: environment)

    let shown = arguments.map { "'\($0)'" }.joined(separator: " ")
    // Only `import` has something to say on success: `note:` lines (an id derived from a UID).
    checkExitStatus(
        result, shown: shown,
        successStandardError: { text in
            text.isEmpty || (arguments.first == "import" && text.split(separator: "\n").allSatisfy { $0.hasPrefix("note: ") })
        },
        successProblem: "standard error", failureOutput: true)
    let asksForHelp = arguments.contains { $0 == "-h" || $0 == "--help" } || arguments.first == "help"
    let asksForJSON = zip(arguments, arguments.dropFirst()).contains { $0 == ("--format", "json") } || arguments.contains("--format=json")
    if result.exitCode != ExitCode.usage, asksForJSON, !asksForHelp, !result.standardOutput.isEmpty {
        require((try? JSONValue(parsing: Array(result.standardOutput.utf8))) != nil, "--format json output is not JSON for \(shown)")
    }
    checkFiles(afterFailure: result.exitCode != ExitCode.success, shown: shown)
    return 0
}

/// Puts the seed files back and removes whatever the previous input created.
private func resetFolder() {
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] where seedFiles[name] == nil {
        try? manager.removeItem(atPath: folder + "/" + name)
    }
    for (name, contents) in seedFiles {
        guard manager.createFile(atPath: folder + "/" + name, contents: contents) else { fail("cannot write \(name)") }
    }
}

/// A failed command left the seed files alone; every book-like file left behind is readable.
private func checkFiles(afterFailure: Bool, shown: String) {
    let manager = FileManager.default
    guard let enumerator = manager.enumerator(atPath: folder) else { fail("cannot list \(folder)") }
    for case let name as String in enumerator {
        let path = folder + "/" + name
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            !name.hasSuffix(".lock"), let contents = manager.contents(atPath: path)
        else { continue }
        if afterFailure, let seed = seedFiles[name] {
            require(contents == seed, "\(shown) failed but changed \(name)")
        }
        if contents == seedFiles[name] { continue }
        do throws(AlarmStoreError) {
            _ = try BookCoding.decode(Array(contents), path: path)
        } catch {
            fail("\(shown) left \(name) unreadable: \(error.description)")
        }
    }
}
