import Foundation
import RecurringAlarms

@testable import AlarmsCLI

// The CLI's duration reader (`simulate --open-every`, `--jitter`): `6h`, `90m`, `1d12h`.
// Checks: a duration is either read or a usage error naming the option; a value read is
// whole minutes within the documented ten years, reads the same when written canonically
// (`XdYhZm`), and has a text for people.

private let limit = 10 * 366 * 86_400

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDuration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    let values = ValueParsers(parser: OptionParser(command: "simulate", options: []))
    let seconds: TimeInterval
    do throws(CLIError) {
        seconds = try values.duration(text, flag: "open-every")
    } catch {
        guard case .usage(let message, _, _) = error, message.contains("'--open-every'") else {
            fail("'\(text)' failed without a usage error naming the option: \(error)")
        }
        return 0
    }
    require(seconds >= 0 && seconds <= TimeInterval(limit), "'\(text)' reads as \(seconds) s, outside 0...\(limit)")
    require(seconds == seconds.rounded(.down) && Int(seconds) % 60 == 0, "'\(text)' reads as \(seconds) s, not whole minutes")
    let total = Int(seconds)
    let canonical = "\(total / 86_400)d\(total / 3600 % 24)h\(total / 60 % 60)m"
    guard let again = try? values.duration(canonical, flag: "open-every") else { fail("'\(canonical)' (from '\(text)') is rejected") }
    require(again == seconds, "'\(canonical)' reads as \(again) s, '\(text)' as \(seconds) s")
    require(!DurationText.describe(seconds).isEmpty, "no text for \(seconds) s")
    return 0
}
