import Foundation
import RecurringAlarms
import Testing

/// The package's own SHA-1, checked against published vectors and against `sha1sum`.
@Suite("SHA-1")
struct SHA1Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }

    @Test(
        "the FIPS 180 and RFC 3174 test vectors hash to their published digests",
        arguments: [
            // FIPS 180-2 Appendix A.1, RFC 3174 §7.3 TEST1.
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            // The empty message (NIST's SHA-1 examples; `printf '' | sha1sum`).
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            // FIPS 180-2 Appendix A.2, RFC 3174 TEST2: 448 bits, two blocks after padding. (The
            // brief's spelling of this string had a typo; this is the standard's, 56 bytes.)
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        ])
    func publishedVectors(message: String, digest: String) {
        #expect(Self.hex(SHA1.digest(of: Array(message.utf8))) == digest)
    }

    @Test("a million 'a' bytes hash to FIPS 180-2 Appendix A.3's digest")
    func millionA() {
        // FIPS 180-2 A.3 and RFC 3174 TEST3 (10,000 × 100 bytes); `head -c 1000000 /dev/zero | tr '\0' a | sha1sum` agrees.
        let digest = SHA1.digest(of: repeatElement(UInt8(ascii: "a"), count: 1_000_000))
        #expect(Self.hex(digest) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test(
        "messages on either side of the padding boundaries (55/56 and 63/64 bytes) hash like sha1sum",
        arguments: [
            // Each value from `head -c N /dev/zero | tr '\0' a | sha1sum` on GNU coreutils 9 while
            // writing this test. 55 bytes: 0x80 and the length fit in one block; 56: they spill into
            // a second; 63/64/65: a full block, then padding alone; 119/120: the same a block later.
            (1, "86f7e437faa5a7fce15d1ddcb9eaeaea377667b8"),
            (55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
            (56, "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
            (57, "f08f24908d682555111be7ff6f004e78283d989a"),
            (63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5"),
            (64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
            (65, "11655326c708d70319be2610e8a57d9a5b959d3b"),
            (119, "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56"),
            (120, "f34c1488385346a55709ba056ddd08280dd4c6d6"),
            (128, "ad5b3fdbcb526778c2839d2f151ea753995e26a0")
        ])
    func paddingBoundaries(length: Int, digest: String) {
        #expect(Self.hex(SHA1.digest(of: [UInt8](repeating: UInt8(ascii: "a"), count: length))) == digest)
    }

    @Test("every byte value and non-ASCII UTF-8 hash like sha1sum")
    func everyByteValue() {
        // `python3 -c "import sys; sys.stdout.buffer.write(bytes(range(256)))" | sha1sum`.
        #expect(Self.hex(SHA1.digest(of: (0...255).map { UInt8($0) })) == "4916d6bdb7f78e6803698cab32d1586ea457dfc8")
        // `printf 'réveil ⏰' | sha1sum`: 11 UTF-8 bytes (72 c3a9 76 65 69 6c 20 e28fb0).
        #expect(Self.hex(SHA1.digest(of: Array("réveil ⏰".utf8))) == "0324b6eede8f4f8f92b1828873a9ac0db68b9168")
    }
}

/// Version 5 UUIDs: RFC 9562's vector, the package's namespace, the bits, and no collisions.
@Suite("Name-based UUIDs")
struct NameBasedUUIDTests {
    @Test("www.example.com in the DNS namespace is RFC 9562 Appendix A.4's UUID")
    func rfcVector() throws {
        let dns = try #require(UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
        let uuid = NameBasedUUID.version5(name: "www.example.com", namespace: dns)
        #expect(uuid == UUID(uuidString: "2ed6657d-e927-568b-95e1-2665a8aea6a2"))
    }

    @Test("the alarm namespace literal is its definition: the v5 UUID of its URL in RFC 9562's URL namespace")
    func alarmNamespaceLiteral() {
        #expect(NameBasedUUID.urlNamespace == UUID(uuidString: "6ba7b811-9dad-11d1-80b4-00c04fd430c8"))
        let defined = NameBasedUUID.version5(name: "https://recurring-alarms.invalid/alarmkit", namespace: NameBasedUUID.urlNamespace)
        #expect(NameBasedUUID.alarmNamespace == defined)
        // python3 -c "import uuid; print(uuid.uuid5(uuid.NAMESPACE_URL, 'https://recurring-alarms.invalid/alarmkit'))"
        #expect(NameBasedUUID.alarmNamespace.uuidString == "306492B0-C3F0-5371-A0DA-07E2B8861AF7")
    }

    @Test(
        "fire and slot ids get the UUIDs Python's uuid.uuid5 gives in the alarm namespace",
        arguments: [
            // ns = uuid.uuid5(uuid.NAMESPACE_URL, "https://recurring-alarms.invalid/alarmkit");
            // print(uuid.uuid5(ns, name)) for each name, with python3 while writing this test.
            ("wake@2026-03-29T07:30:00", "8a0b98b1-a323-5c9c-b2f7-fb1faf90587e"),
            ("wake#weekly-tue-07:30:00", "ee5b520e-9a74-5cdf-b6c3-1522e3baaccf"),
            ("wake@2026-12-01T07:30:00", "f8ce5d3b-9de3-5f42-bcba-445ba41910cf")
        ])
    func pythonAgrees(identifier: String, expected: String) {
        #expect(NameBasedUUID.alarmID(for: identifier) == UUID(uuidString: expected))
    }

    @Test("Docs/Semantics.md's worked example prints the UUID Python gives")
    func semanticsExample() {
        // snippet:begin semantics-alarm-id
        let oneShot = NameBasedUUID.alarmID(for: "wake@2026-03-29T07:30:00")
        let repeating = NameBasedUUID.alarmID(for: "wake#weekly-tue-07:30:00")
        print(oneShot.uuidString)   // 8A0B98B1-A323-5C9C-B2F7-FB1FAF90587E
        print(repeating.uuidString)   // EE5B520E-9A74-5CDF-B6C3-1522E3BAACCF
        // snippet:end
        // Both values from python3's uuid.uuid5 (see pythonAgrees), upper-cased as uuidString writes them.
        #expect(oneShot.uuidString == "8A0B98B1-A323-5C9C-B2F7-FB1FAF90587E")
        #expect(repeating.uuidString == "EE5B520E-9A74-5CDF-B6C3-1522E3BAACCF")
    }

    /// Version nibble and variant bits of a UUID's text: `xxxxxxxx-xxxx-Vxxx-Nxxx-…`.
    static func versionAndVariant(_ uuid: UUID) -> (Character, Character) {
        let text = Array(uuid.uuidString)
        return (text[14], text[19])
    }

    @Test("every UUID says version 5 and the RFC 9562 variant, for 2,000 seeded random names")
    func versionAndVariantBits() {
        var random = SplitMix64(seed: 0x5EED_0005)
        for _ in 0..<2000 {
            let length = Int(random.next() % 80)
            // Any Unicode scalar outside the surrogates, so names cover ASCII, accents and emoji.
            let scalars = (0..<length).compactMap { _ in Unicode.Scalar(UInt32(random.next() % 0x11_0000)) }
            let name = String(String.UnicodeScalarView(scalars))
            let uuid = NameBasedUUID.alarmID(for: name)
            let (version, variant) = Self.versionAndVariant(uuid)
            #expect(version == "5", "\(uuid) of \(name.debugDescription)")
            #expect("89AB".contains(variant), "\(uuid) of \(name.debugDescription)")
        }
    }

    @Test("the same identifier gives the same UUID every time, and a different one a different UUID")
    func determinism() {
        let first = NameBasedUUID.alarmID(for: "wake@2026-03-29T07:30:00")
        #expect(NameBasedUUID.alarmID(for: "wake@2026-03-29T07:30:00") == first)
        #expect(NameBasedUUID.alarmID(for: "wake@2026-03-29T07:30:00+snooze") != first)
        // The same name in another namespace is another UUID.
        #expect(NameBasedUUID.version5(name: "wake@2026-03-29T07:30:00", namespace: NameBasedUUID.urlNamespace) != first)
        // Precomposed and decomposed é are different UTF-8 bytes, so different UUIDs.
        #expect(NameBasedUUID.alarmID(for: "r\u{E9}veil") != NameBasedUUID.alarmID(for: "re\u{301}veil"))
        #expect(NameBasedUUID.alarmID(for: "").uuidString.count == 36)
    }

    @Test("a year of a real plan's fire ids and slot ids map to distinct UUIDs")
    func noCollisionsInAPlan() throws {
        // 28 times a day (06:00 to 08:15, every 5 minutes), every day, in Berlin from
        // 2026-01-01T00:00:00Z for 366 days: 28 × 366 = 10,248 fires, spring and autumn changes included.
        let times = (0..<28).map { TimeOfDay(hour: 6 + $0 / 12, minute: 5 * ($0 % 12))! }
        let schedule = try AlarmSchedule(rules: [AlarmRule(id: "wake", repeats: .weekly(days: .daily), times: times)])
        let start = at(1_767_225_600)   // 2026-01-01T00:00:00Z
        let ids = schedule.fires(after: start, through: start.addingTimeInterval(366 * 86_400), deviceTimeZone: Zones.berlin)
            .map(\.id)
        #expect(ids.count == 10_248)
        let slots = Weekday.allCases.flatMap { day in times.map { RepeatingAlarm(ruleID: "wake", weekdays: WeekdaySet(day), time: $0).id } }
        let all = ids + slots
        #expect(Set(all).count == all.count)   // the text ids are distinct to begin with
        #expect(Set(all.map(NameBasedUUID.alarmID(for:))).count == all.count)
    }
}
