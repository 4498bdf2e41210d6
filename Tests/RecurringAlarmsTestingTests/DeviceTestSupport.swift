import AlarmsTestSupport
import Foundation

/// An instant from RFC 3339 text with an offset, read by Foundation rather than by the kit's
/// `instant(_:)` (whose own tests are LiteralsTests), so the device tests' expected instants
/// read as the docs write them; a typo stops the test run at once.
func rfc3339(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { preconditionFailure("not an RFC 3339 instant: \(text)") }
    return date
}
