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
    /// Foundation reports `TimeZone(identifier: "UTC")` as `"GMT"`. So that a zone is echoed
    /// as given, `"UTC"` is held as the zone `Etc/UCT` (the same clock: UTC, no changes),
    /// which ``ianaName`` reports as `"UTC"`.
    ///
    /// ```swift
    /// TimeZone(ianaIdentifier: "UTC")?.ianaName         // "UTC"
    /// TimeZone(ianaIdentifier: "GMT")?.ianaName         // "GMT"
    /// TimeZone(ianaIdentifier: "Asia/Tokyo")?.ianaName  // "Asia/Tokyo"
    /// TimeZone(ianaIdentifier: "UTC+5")                 // nil: not an IANA identifier
    /// TimeZone(ianaIdentifier: "GMT+0530")              // nil
    /// ```
    /// - Complexity: O(1) beyond Foundation's lookup of the identifier.
    public init?(ianaIdentifier text: String) {
        if text == "UTC" {
            guard let zone = TimeZone(identifier: TimeZone.utcCarrier) else { return nil }
            self = zone
            return
        }
        guard TimeZone.isIANAForm(text), let zone = TimeZone(identifier: text), zone.identifier == text else { return nil }
        self = zone
    }

    /// The zone's name as the user gave it to ``init(ianaIdentifier:)``: its identifier, except
    /// that the zone `"UTC"` is held as (`Etc/UCT`) reads `"UTC"`. Print this, not `identifier`.
    ///
    /// ```swift
    /// TimeZone(identifier: "UTC")!.identifier         // "GMT" on Linux: Foundation renames it
    /// TimeZone(ianaIdentifier: "UTC")!.ianaName       // "UTC"
    /// ```
    public var ianaName: String {
        let identifier = identifier
        return identifier == TimeZone.utcCarrier ? "UTC" : identifier
    }

    /// The zone that stands for `"UTC"`: a tz database alias of UTC that Foundation keeps
    /// under its own name and nobody types any more.
    static let utcCarrier = "Etc/UCT"

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
