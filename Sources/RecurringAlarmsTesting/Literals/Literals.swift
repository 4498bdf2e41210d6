import Foundation
import RecurringAlarms
import Testing

// Instants, wall times and zones written in a test as the docs write them. A bad literal
// throws a `LiteralError`, so `try` fails the test with a message that names the literal, what
// was expected and where it was written, and nothing after it runs on a made-up value.

/// A literal in a test that does not read as what it was meant to be.
///
/// The kit's literal functions throw it; under `try` in a test, Swift Testing records it as the
/// test's failure, and its ``LiteralError/description`` is the message: the literal, what was expected and
/// the file and line it was written on.
///
/// ```swift
/// @Test func typo() throws {
///     let now = try instant("29.03.2026 00:30")
///     // fails: instant literal "29.03.2026 00:30" (written at MyTests.swift:2) is not an
///     // RFC 3339 timestamp: expected YYYY-MM-DDTHH:MM[:SS[.fff]] then Z or ±HH:MM, e.g. 2026-03-29T00:30:00+01:00
/// }
/// ```
public struct LiteralError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the literal was meant to be: `"instant"`, `"wall time"` or `"zone"`.
    public let kind: String
    /// The literal as written.
    public let literal: String
    /// What was expected instead, as the message states it.
    public let expected: String
    /// Where the literal was written.
    public let sourceLocation: SourceLocation

    /// The failure message: `<kind> literal "<literal>" (written at File.swift:12) is not <expected>`.
    ///
    /// ```swift
    /// (try? zone("Europe/Berln")) == nil  // the error reads:
    /// // zone literal "Europe/Berln" (written at MyTests.swift:7) is not an IANA zone
    /// // identifier this machine's tz database (2025b) knows, e.g. Europe/Berlin
    /// ```
    public var description: String {
        "\(kind) literal \"\(literal)\" (written at \(sourceLocation.fileName):\(sourceLocation.line)) is not \(expected)"
    }
}

private let rfc3339Form = "YYYY-MM-DDTHH:MM[:SS[.fff]] then Z or ±HH:MM"

/// The instant an RFC 3339 timestamp names, written as in the docs: a date, a time and `Z` or
/// an offset.
///
/// ```swift
/// let now = try instant("2026-03-29T00:30:00+01:00")
/// now.timeIntervalSince1970   // 1_774_740_600: 2026-03-28T23:30:00Z
/// ```
///
/// A timestamp without an offset is not an instant: write it with ``wallTime(_:in:gap:overlap:sourceLocation:)``
/// and a zone.
/// - Throws: ``LiteralError`` naming the literal and the form expected; under `try` in a test
///   that is the test's failure.
public func instant(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws(LiteralError) -> Date {
    guard let parsed = RFC3339.parse(text) else {
        let hint =
            RFC3339.parseLocal(text) != nil
            ? "an RFC 3339 timestamp: it has no offset; add Z or ±HH:MM, or use wallTime(_:in:) with a zone"
            : "an RFC 3339 timestamp: expected \(rfc3339Form), e.g. 2026-03-29T00:30:00+01:00"
        throw LiteralError(kind: "instant", literal: text, expected: hint, sourceLocation: sourceLocation)
    }
    return parsed.instant
}

/// The instant a wall-clock time names in `zone`, resolved as a rule with `gap` and `overlap`
/// would fire: a time a spring-forward skips is shifted forward (`GapPolicy.shift`), a time a
/// fall-back repeats is its first (`OverlapPolicy.first`) or second (`OverlapPolicy.last`).
///
/// ```swift
/// let berlin = try zone("Europe/Berlin")
/// try wallTime("2026-03-29T02:30:00", in: berlin)                  // 2026-03-29T01:30:00Z, 03:30 CEST
/// try wallTime("2026-10-25T02:30:00", in: berlin, overlap: .last)  // 2026-10-25T01:30:00Z, 02:30 CET
/// ```
///
/// - Parameters:
///   - text: `YYYY-MM-DDTHH:MM[:SS]`, with no offset: the zone gives it.
///   - zone: the zone whose clocks show the wall time.
///   - gap: what a time in a spring-forward gap means; with `GapPolicy.skip` it has no instant
///     and the call throws.
///   - overlap: which of the two instants of a repeated wall time it means.
///   - sourceLocation: where the literal is written, for the error's message.
/// - Throws: ``LiteralError`` when the text is not a wall time, or when it falls in a gap and
///   `gap` is `GapPolicy.skip`.
/// - Complexity: as `LocalDateTime.resolution(in:)`.
public func wallTime(
    _ text: String, in zone: TimeZone, gap: GapPolicy = .shift, overlap: OverlapPolicy = .first,
    sourceLocation: SourceLocation = #_sourceLocation
) throws(LiteralError) -> Date {
    guard let local = LocalDateTime(parsing: text) else {
        let hint =
            RFC3339.parse(text) != nil
            ? "a wall time: it has an offset; drop it (the zone gives it) or use instant(_:)"
            : "a wall time: expected YYYY-MM-DDTHH:MM[:SS] with no offset, e.g. 2026-03-29T02:30:00"
        throw LiteralError(kind: "wall time", literal: text, expected: hint, sourceLocation: sourceLocation)
    }
    guard let resolved = local.instant(in: zone, gap: gap, overlap: overlap) else {
        throw LiteralError(
            kind: "wall time", literal: text,
            expected: "a time \(zone.ianaName) shows: a spring-forward skips it, and the gap policy .skip gives it no instant",
            sourceLocation: sourceLocation)
    }
    return resolved.instant
}

/// The zone an IANA identifier names, as `TimeZone.init(ianaIdentifier:)`
/// reads it: `"UTC"` or an `Area/Location` name this machine's tz database has, never an
/// abbreviation or a raw offset.
///
/// ```swift
/// let berlin = try zone("Europe/Berlin")
/// berlin.ianaName            // "Europe/Berlin"
/// try zone("CEST")           // throws: an abbreviation, not an IANA zone identifier
/// ```
/// - Throws: ``LiteralError`` naming the identifier and the tz database version.
public func zone(_ identifier: String, sourceLocation: SourceLocation = #_sourceLocation) throws(LiteralError) -> TimeZone {
    guard let zone = TimeZone(ianaIdentifier: identifier) else {
        throw LiteralError(
            kind: "zone", literal: identifier,
            expected: "an IANA zone identifier this machine's tz database (\(TimeZoneDatabase.version)) knows, e.g. Europe/Berlin",
            sourceLocation: sourceLocation)
    }
    return zone
}
