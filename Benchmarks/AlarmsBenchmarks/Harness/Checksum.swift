import RecurringAlarms

/// An order-dependent checksum of 64-bit words and strings (multiply-xorshift per word),
/// cheap enough to run inside the timed loop on every planned fire.
struct Checksum {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ word: UInt64) {
        value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }

    mutating func add(_ number: Int64) { add(UInt64(bitPattern: number)) }

    /// Adds the UTF-8 bytes, eight to a word, then the length.
    mutating func add(_ text: String) {
        var word: UInt64 = 0
        var filled: UInt64 = 0
        for byte in text.utf8 {
            word |= UInt64(byte) << (filled * 8)
            filled += 1
            if filled == 8 {
                add(word)
                word = 0
                filled = 0
            }
        }
        add(word)
        add(UInt64(text.utf8.count))
    }
}

/// One planned fire reduced to what every implementation can produce: when, which rule,
/// and the nominal wall time asked for (seconds since 1970-01-01T00:00 local).
struct FireKey: Hashable {
    var instant: Int64
    var ruleID: String
    var wall: Int64

    /// The plan order: instant, then rule id by Unicode code point, then nominal wall time.
    static func precedes(_ a: FireKey, _ b: FireKey) -> Bool {
        if a.instant != b.instant { return a.instant < b.instant }
        if a.ruleID != b.ruleID { return a.ruleID.utf8.lexicographicallyPrecedes(b.ruleID.utf8) }
        return a.wall < b.wall
    }
}

extension Fire {
    var key: FireKey { FireKey(instant: instantSeconds, ruleID: ruleID, wall: wallSeconds) }
    var instantSeconds: Int64 { Int64(instant.timeIntervalSince1970.rounded(.down)) }
    var wallSeconds: Int64 { local.date.daysSinceEpoch * 86_400 + Int64(local.time.secondsSinceMidnight) }
}

/// How many fires an expansion yielded, with an order-independent checksum of them, so a
/// count taken in partitions on several threads equals the count of one pass.
struct ExpansionDigest {
    var count = 0
    /// The wrapping sum of ``mix(instant:wall:)`` over the fires, so any order gives the same value.
    var checksum: UInt64 = 0

    /// Adds one fire: `instant` and its nominal `wall` time, both in whole seconds since 1970.
    @inline(__always)
    mutating func add(instant: Int64, wall: Int64) {
        count &+= 1
        checksum &+= Self.mix(instant: instant, wall: wall)
    }

    /// Adds one occurrence through its public fields, as an app would read them.
    @inline(__always)
    mutating func add(_ occurrence: Occurrence) {
        let local = occurrence.local
        add(
            instant: Int64(occurrence.instant.timeIntervalSince1970),
            wall: local.date.daysSinceEpoch &* 86_400 &+ Int64(local.time.secondsSinceMidnight))
    }

    /// Adds one public fire, as ``add(instant:wall:)`` would add it.
    mutating func add(_ fire: Fire) {
        add(instant: fire.instantSeconds, wall: fire.wallSeconds)
    }

    /// Both digests' fires together.
    static func + (a: ExpansionDigest, b: ExpansionDigest) -> ExpansionDigest {
        ExpansionDigest(count: a.count + b.count, checksum: a.checksum &+ b.checksum)
    }

    /// One fire's share of the checksum: two odd multipliers and a fold, cheap enough not to
    /// dominate the loop it checks.
    @inline(__always)
    static func mix(instant: Int64, wall: Int64) -> UInt64 {
        let z = UInt64(bitPattern: instant) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: wall) &* 0xC2B2_AE3D_27D4_EB4F
        return z ^ (z >> 29)
    }
}

enum PlanChecksum {
    /// The checksum of a plan's fires (in order), its cut-off and truncation flag.
    static func of(fires: [FireKey], coveredUntil: Int64, isTruncated: Bool) -> UInt64 {
        var checksum = Checksum()
        for fire in fires {
            checksum.add(fire.instant)
            checksum.add(fire.wall)
            checksum.add(fire.ruleID)
        }
        checksum.add(coveredUntil)
        checksum.add(UInt64(isTruncated ? 1 : 0))
        return checksum.value
    }

    static func of(_ plan: Plan) -> UInt64 {
        of(
            fires: plan.fires.map(\.key), coveredUntil: Int64(plan.coveredUntil.timeIntervalSince1970.rounded(.down)),
            isTruncated: plan.isTruncated)
    }

    /// Combines per-scenario checksums into one per run.
    static func combine(_ values: [UInt64]) -> UInt64 {
        var checksum = Checksum()
        for value in values { checksum.add(value) }
        return checksum.value
    }
}

/// Rule counts as the case names write them.
enum SizeLabel {
    static func of(_ count: Int) -> String {
        if count >= 1_000_000 && count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
        if count >= 1_000 && count % 1_000 == 0 { return "\(count / 1_000)k" }
        return String(count)
    }
}
