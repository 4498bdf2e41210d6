import Foundation
import RecurringAlarms

/// How a `TZID` names its zone: an IANA name as it is, a globally unique id that ends with one,
/// or a Windows zone name.
///
/// RFC 5545 §3.2.19 gives a `TZID` that starts with `/` the meaning "a globally unique id", which
/// needs no `VTIMEZONE`: libical and Evolution write `/freeassociation.sourceforge.net/Europe/Berlin`,
/// Mozilla `/mozilla.org/20070129_1/America/New_York`. Such an id is read as the longest IANA
/// name it ends with, after one of its `/`. Outlook and Exchange write Windows zone names,
/// read through ``WindowsZoneTable``.
enum ICalendarZoneName: Sendable, Equatable {
    /// An IANA name, read as it is.
    case iana
    /// A globally unique id; the IANA name it ends with.
    case globallyUnique(ianaName: String)
    /// A Windows zone id or display name; its row of the CLDR table.
    case windows(WindowsZoneTable.Row)

    /// The zone `tzid` names, and how, or `nil` when it names none this library knows.
    /// - Complexity: O(n²) in the length of `tzid` (each tail of a globally unique id is tried),
    ///   `tzid` being at most one content line.
    static func zone(for tzid: String) -> (zone: TimeZone, name: ICalendarZoneName)? {
        if let zone = TimeZone(ianaIdentifier: tzid) { return (zone, .iana) }
        if tzid.hasPrefix("/") {
            var rest = Substring(tzid)
            while let slash = rest.firstIndex(of: "/") {
                rest = rest[rest.index(after: slash)...]
                if let zone = TimeZone(ianaIdentifier: String(rest)) { return (zone, .globallyUnique(ianaName: zone.ianaName)) }
            }
        }
        if let row = WindowsZoneTable.row(named: tzid), let zone = TimeZone(ianaIdentifier: row.iana) { return (zone, .windows(row)) }
        return nil
    }

    /// What a note says about `tzid` read this way; `nil` for an IANA name.
    func note(for tzid: String, zone: TimeZone) -> String? {
        switch self {
        case .iana:
            return nil
        case .globallyUnique(let name):
            return "is a globally unique zone id (RFC 5545 §3.2.19: it starts with \"/\"); read as the IANA zone it ends with, \(name)"
        case .windows(let row):
            let what = tzid == row.id ? "a Windows zone id" : "the Windows display name of \(row.id)"
            return "is \(what); read as \(zone.ianaName), its zone in the Unicode CLDR table (windowsZones, territory 001)"
        }
    }
}
