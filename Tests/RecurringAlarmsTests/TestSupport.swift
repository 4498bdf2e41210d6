// The helpers every test target shares (named zones, literal parsers that stop on a typo in
// the test itself, rule builders, random rules) are in AlarmsTestSupport; re-exported here so no
// test file needs its own import.
@_exported import AlarmsTestSupport
import Foundation
import RecurringAlarms

// Helpers for the RecurringAlarms tests alone. Nothing here reads the real clock or the system
// time zone.

/// `(id, rfc3339, adjustment)` of each fire: the observable parts most tests compare.
func summary(_ fires: [Fire]) -> [String] {
    fires.map { "\($0.id) \($0.rfc3339) \($0.adjustment.rawValue)" }
}
