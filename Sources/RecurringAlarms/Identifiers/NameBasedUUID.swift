import Foundation

/// Name-based UUIDs (RFC 9562 §5.5, version 5: SHA-1): the same name in the same namespace
/// gives the same UUID on every launch, device and platform, and in any RFC 9562 library.
///
/// AlarmKit identifies an alarm by a UUID (`Alarm.ID`). ``alarmID(for:)`` derives it from the
/// engine's stable text identifier, a fire id (``FireID``) or a repeating alarm's id
/// (``RepeatingAlarm/id``), so a re-plan after a relaunch adds and removes only the difference,
/// as with notification identifiers.
///
/// ```swift
/// let id = NameBasedUUID.alarmID(for: "wake@2026-03-29T07:30:00")
/// id.uuidString   // "8A0B98B1-A323-5C9C-B2F7-FB1FAF90587E"
/// ```
/// Python gives the same value:
/// `uuid.uuid5(uuid.uuid5(uuid.NAMESPACE_URL, "https://recurring-alarms.invalid/alarmkit"), "wake@2026-03-29T07:30:00")`.
public enum NameBasedUUID {
    /// The version 5 UUID of `name` (its UTF-8 bytes) in `namespace` (RFC 9562 §5.5): the first
    /// 16 bytes of SHA-1(namespace bytes + name bytes), with version 5 and the RFC 9562 variant.
    ///
    /// ```swift
    /// let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!   // RFC 9562's DNS namespace
    /// NameBasedUUID.version5(name: "www.example.com", namespace: dns)
    /// // 2ED6657D-E927-568B-95E1-2665A8AEA6A2 (RFC 9562 Appendix A.4)
    /// ```
    /// Never traps: any name, empty or not ASCII, has a UUID.
    ///
    /// - Parameters:
    ///   - name: The name; its UTF-8 bytes are hashed, with no normalization (precomposed and
    ///     decomposed "é" give different UUIDs).
    ///   - namespace: The namespace the name belongs to.
    /// - Returns: The UUID; its `uuidString` shows version `5` and a variant of
    ///   `8`, `9`, `A` or `B`.
    /// - Complexity: O(n) in the UTF-8 length of `name`.
    public static func version5(name: String, namespace: UUID) -> UUID {
        let space = namespace.uuid
        let spaceBytes: [UInt8] = [
            space.0, space.1, space.2, space.3, space.4, space.5, space.6, space.7,
            space.8, space.9, space.10, space.11, space.12, space.13, space.14, space.15
        ]
        var h = SHA1.digest(of: spaceBytes + Array(name.utf8))
        h[6] = (h[6] & 0x0F) | 0x50   // version 5 in the high nibble of octet 6
        h[8] = (h[8] & 0x3F) | 0x80   // variant 10 in the high bits of octet 8
        return UUID(uuid: (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8], h[9], h[10], h[11], h[12], h[13], h[14], h[15]))
    }

    /// RFC 9562's namespace for URLs, `6ba7b811-9dad-11d1-80b4-00c04fd430c8` (§6.6).
    package static let urlNamespace = UUID(
        uuid: (0x6B, 0xA7, 0xB8, 0x11, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8))

    /// The package's namespace for alarm identifiers, `306492b0-c3f0-5371-a0da-07e2b8861af7`:
    /// ``version5(name:namespace:)`` of `https://recurring-alarms.invalid/alarmkit` in RFC 9562's
    /// URL namespace (`6ba7b811-9dad-11d1-80b4-00c04fd430c8`). The `.invalid` top-level domain
    /// (RFC 2606) is never registered, so no one else's URL names the same namespace.
    ///
    /// ```swift
    /// NameBasedUUID.alarmNamespace.uuidString   // "306492B0-C3F0-5371-A0DA-07E2B8861AF7"
    /// ```
    /// Written as a literal so it costs no hashing; a test checks it against its definition.
    public static let alarmNamespace = UUID(
        uuid: (0x30, 0x64, 0x92, 0xB0, 0xC3, 0xF0, 0x53, 0x71, 0xA0, 0xDA, 0x07, 0xE2, 0xB8, 0x86, 0x1A, 0xF7))

    /// The UUID of an alarm: ``version5(name:namespace:)`` of `identifier` in ``alarmNamespace``.
    ///
    /// ```swift
    /// NameBasedUUID.alarmID(for: "wake#weekly-tue-07:30:00").uuidString
    /// // "EE5B520E-9A74-5CDF-B6C3-1522E3BAACCF"
    /// ```
    /// Pass a fire id (`wake@2026-03-29T07:30:00`, ``Fire/id``) for a one-shot and the id of a
    /// repeating alarm (`wake#weekly-mon+tue-07:30:00`, ``RepeatingAlarm/id``) for a repeating
    /// one; distinct identifiers give distinct UUIDs (a collision would need a SHA-1 collision
    /// within 122 bits).
    ///
    /// - Parameter identifier: A fire id or repeating alarm id; any text is accepted and never traps.
    /// - Returns: The same UUID for the same identifier, on every launch and platform.
    /// - Complexity: O(n) in the UTF-8 length of `identifier`.
    public static func alarmID(for identifier: String) -> UUID {
        version5(name: identifier, namespace: alarmNamespace)
    }
}
