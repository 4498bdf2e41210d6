import Foundation

extension TimeZone {
    /// The zone an IANA identifier names (`"Europe/Berlin"`, `"UTC"`, `"GMT"`, `"Etc/GMT+5"`),
    /// or `nil` for anything else: the one parser for every zone a user types, in rule files,
    /// the store and on the command line.
    ///
    /// Foundation also accepts offset forms that are not IANA names and renames them
    /// (`"UTC+5"` becomes `"GMT+0500"`); those are refused here, as are identifiers Foundation
    /// does not know or spells differently (`"america/new_york"`).
    ///
    /// Foundation reports `TimeZone(identifier: "UTC")` as `"GMT"`. So that every zone is echoed
    /// as given, `"UTC"` is held as the zone `Etc/UCT` (the same clock: UTC, no changes), and
    /// `"Etc/UCT"` itself as the tz database's `Factory` zone (offset 0, no changes either);
    /// ``ianaName`` reports them as `"UTC"` and `"Etc/UCT"`. `"Factory"`, the tz database's
    /// placeholder for a machine whose zone was never set, is refused: it is no place's clock.
    ///
    /// ```swift
    /// TimeZone(ianaIdentifier: "UTC")?.ianaName         // "UTC"
    /// TimeZone(ianaIdentifier: "Etc/UCT")?.ianaName     // "Etc/UCT"
    /// TimeZone(ianaIdentifier: "GMT")?.ianaName         // "GMT"
    /// TimeZone(ianaIdentifier: "Asia/Tokyo")?.ianaName  // "Asia/Tokyo"
    /// TimeZone(ianaIdentifier: "UTC+5")                 // nil: not an IANA identifier
    /// TimeZone(ianaIdentifier: "GMT+0530")              // nil
    /// TimeZone(ianaIdentifier: "Factory")               // nil
    /// ```
    /// - Complexity: O(1) beyond Foundation's lookup of the identifier.
    public init?(ianaIdentifier text: String) {
        if let carrier = TimeZone.carriers.first(where: { $0.name == text }) {
            guard let zone = TimeZone(identifier: carrier.heldAs) else { return nil }
            self = zone
            return
        }
        guard TimeZone.isIANAForm(text), text != TimeZone.factory, let zone = TimeZone(identifier: text), zone.identifier == text
        else { return nil }
        self = zone
    }

    /// The zone's name as the user gave it to ``init(ianaIdentifier:)``: its identifier, except
    /// for the zones `"UTC"` and `"Etc/UCT"` are held as (`Etc/UCT` and `Factory`), which read
    /// `"UTC"` and `"Etc/UCT"`. Print this, not `identifier`.
    ///
    /// ```swift
    /// TimeZone(identifier: "UTC")!.identifier         // "GMT": Foundation renames it
    /// TimeZone(ianaIdentifier: "UTC")!.ianaName       // "UTC"
    /// TimeZone(ianaIdentifier: "Etc/UCT")!.ianaName   // "Etc/UCT"
    /// ```
    public var ianaName: String {
        let identifier = identifier
        return TimeZone.carriers.first { $0.heldAs == identifier }?.name ?? identifier
    }

    /// The tz database's zone for "local time unknown": UTC's clock, named by nobody who means a place.
    static let factory = "Factory"

    /// The names Foundation cannot keep (`"UTC"` becomes `"GMT"`) and the zone each is held as:
    /// another name of the same clock, whose own name is then held as the next, ending at
    /// ``factory``, which no user's zone can name. Where Foundation lacks `Factory`, `"Etc/UCT"`
    /// stays itself and reads back as `"UTC"`.
    static let carriers: [(name: String, heldAs: String)] =
        TimeZone(identifier: factory)?.secondsFromGMT() == 0
        ? [("UTC", "Etc/UCT"), ("Etc/UCT", factory)] : [("UTC", "Etc/UCT")]

    /// Whether `identifier` has the form of an IANA zone name rather than one of the offset
    /// forms (`GMT+0530`, `UTC-3`) that Foundation builds on the fly.
    ///
    /// A store checks the zone of every rule on each save, so this reads the identifier's
    /// bytes in place.
    static func isIANAForm(_ identifier: String) -> Bool {
        let utf8 = identifier.utf8
        let count = utf8.count
        guard count > 0, count <= 64 else { return false }
        if count > 3 {
            let fourth = utf8[utf8.index(utf8.startIndex, offsetBy: 3)]
            if fourth == UInt8(ascii: "+") || fourth == UInt8(ascii: "-"), identifier.hasPrefix("GMT") || identifier.hasPrefix("UTC") {
                return false
            }
        }
        return true
    }
}
