import Foundation

// Shared by every fuzz target (compiled into each one by Tests/Fuzz/run.sh); what only the
// targets that link AlarmsCLI share is in CLI/.

/// The bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run when an invariant does not hold. The message goes to stderr and `abort()`
/// raises the signal on which libFuzzer saves the input as a crash.
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    fail(message(), file: file, line: line)
}

/// Stops the run: see ``require(_:_:file:line:)``.
func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    FileHandle.standardError.write(Data("fuzz invariant failed at \(file):\(line): \(message)\n".utf8))
    abort()
}

/// A fixed "now" for every target: 2026-12-01T00:00:00Z.
let fuzzNow = Date(timeIntervalSince1970: 1_796_083_200)

/// Zones with the awkward cases: DST both ways, half-hour and 45-minute offsets, a zone that
/// skipped a whole day, the date line's far side, and UTC. Inputs choose among them.
let fuzzZones: [TimeZone] = [
    "UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu",
    "Pacific/Apia", "Pacific/Kiritimati", "America/St_Johns", "Africa/Casablanca"
]
.map { TimeZone(identifier: $0)! }
