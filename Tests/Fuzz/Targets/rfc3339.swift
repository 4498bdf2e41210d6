import Foundation
import RecurringAlarms

@testable import AlarmsCLI

// RFC 3339 timestamps and `--now`. The first byte picks the device zone, the rest is the
// text. Checks: an instant with an offset formats back, at the offset written, to text that
// parses to the same whole second and offset; a local date-time prints back to itself; the
// `--now` reader (TimeContext.resolve) either gives an instant or a usage error, and accepts
// exactly what one of the two parsers accepts.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRFC3339(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let first = bytes.first else { return 0 }
    let zone = fuzzZones[Int(first) % fuzzZones.count]
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)

    let withOffset = RFC3339.parse(text)
    if let (instant, offset) = withOffset {
        require(abs(offset) < 86_400, "offset \(offset) s out of range")
        let whole = instant.timeIntervalSince1970.rounded(.down)
        let written = RFC3339.format(instant, utcOffsetSeconds: offset)
        guard let (again, againOffset) = RFC3339.parse(written) else { fail("'\(written)', formatted from '\(text)', does not parse") }
        require(
            again.timeIntervalSince1970 == whole && againOffset == offset,
            "'\(text)' formats as '\(written)', which reads back as a different instant or offset")
    }
    let local = RFC3339.parseLocal(text)
    if let (dateTime, fraction) = local {
        require(fraction >= 0 && fraction <= 1, "fraction \(fraction) out of range")
        require(LocalDateTime(parsing: dateTime.description) == dateTime, "'\(dateTime.description)' does not read back")
    }
    require(withOffset == nil || local == nil, "'\(text)' parses both with and without an offset")

    let parsed = ParsedArguments(values: ["now": text])
    do throws(CLIError) {
        let context = try TimeContext.resolve(
            parsed, zoneOption: zone.identifier, environment: [:], systemZone: .given(.gmt), clock: { fail("the clock was read") },
            parser: OptionParser(command: "plan", options: []))
        require(withOffset != nil || local != nil, "--now accepted '\(text)', which neither parser accepts")
        if let (instant, _) = withOffset { require(context.now == instant, "--now '\(text)' is not the instant written") }
        // What `plan --format json` prints as `now`.
        _ = RFC3339.format(context.now, utcOffsetSeconds: context.timeZone.secondsFromGMT(for: context.now))
    } catch {
        guard case .usage = error else { fail("--now '\(text)' failed with something other than a usage error: \(error)") }
    }
    return 0
}
