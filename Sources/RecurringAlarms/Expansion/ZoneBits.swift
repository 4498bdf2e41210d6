/// The bits of a rule's ``ZoneChoice``, up to two words, as a key for finding its zone's number
/// when a schedule is compiled: equal bits are the same value.
///
/// Why it exists: rules read from a file share zone objects (one per zone named), so most
/// rules' `ZoneChoice` values are bit for bit the same as an earlier rule's. Copying the bits
/// out of the rule in place and hashing two words finds the zone's number without copying the
/// `TimeZone` (a retain and a release), reading its identifier or hashing it, which would
/// cost more than the rest of compiling the rule. Two values with the same bits are the same
/// value (the same case holding the same zone object); values whose bits differ but are equal
/// (two objects of one zone) are not found here and take the identifier path, which still
/// gives them one number. The bits are only compared, never turned back into a value.
struct ZoneBits: Equatable {
    var low: UInt64
    var high: UInt64

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The bits of the zone of `rule`, or `nil` when a ``ZoneChoice`` is wider than two words
    /// (then zones are looked up by identifier).
    init?(ofZoneOf rule: UnsafePointer<AlarmRule>) {
        guard MemoryLayout<ZoneChoice>.size <= 16, let offset = MemoryLayout<AlarmRule>.offset(of: \.timeZone) else { return nil }
        var bits = (UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &bits) { target in
            target.copyMemory(
                from: UnsafeRawBufferPointer(start: UnsafeRawPointer(rule) + offset, count: MemoryLayout<ZoneChoice>.size))
        }
        (low, high) = bits
    }

    /// A slot of a table of `slots` (a power of two), from the bits' multiplicative hash.
    func slot(of slots: Int) -> Int {
        Int(truncatingIfNeeded: ((low ^ high &* 0x9E37_79B9_7F4A_7C15) &* 0x9E37_79B9_7F4A_7C15) >> 40) & (slots - 1)
    }
}
