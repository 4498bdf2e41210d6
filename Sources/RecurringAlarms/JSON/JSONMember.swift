import Foundation

/// One member of a JSON object that is made member by member: a value written whole, or an
/// array whose elements are made one at a time, so a writer can stream a long list of records
/// (a simulation's fires) instead of holding it whole.
///
/// ```swift
/// let members: [JSONMember] = [.value("start", .string(start)), .elements("fires", count: fires.count) { fires[$0].json }]
/// JSONValue(members: members).jsonText   // {"start": …, "fires": [{…}, …]}
/// ```
package enum JSONMember {
    /// A member whose value is written whole.
    case value(String, JSONValue)
    /// An array member whose `count` elements are made one at a time by `element`; each must be
    /// an object or an array (as a long list of records is), which a streaming writer puts on
    /// lines of their own.
    case elements(String, count: Int, element: (Int) -> JSONValue)
}

extension JSONValue {
    /// The object of `members`, in their order, with every array made whole.
    ///
    /// - Complexity: O(n) in the size of the value.
    package init(members: [JSONMember]) {
        self = .object(
            members.map { member in
                switch member {
                case .value(let key, let value): (key, value)
                case .elements(let key, let count, let element): (key, .array((0..<count).map(element)))
                }
            })
    }

    /// A whole number.
    package static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A string, or `null` for `nil`.
    package static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// An instant in RFC 3339 with the UTC offset `zone` has at it: how every time of the
    /// package's JSON documents carries the device zone's offset (`2026-03-07T18:00:00+01:00`).
    package static func instant(_ date: Date, in zone: TimeZone) -> JSONValue {
        .instant(date, utcOffsetSeconds: zone.secondsFromGMT(for: date))
    }

    /// An instant in RFC 3339 at a given UTC offset (`Z` for zero).
    package static func instant(_ date: Date, utcOffsetSeconds: Int) -> JSONValue {
        .string(RFC3339.format(date, utcOffsetSeconds: utcOffsetSeconds))
    }
}
