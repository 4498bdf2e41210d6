/// The seeded generator every benchmark input comes from, so each run sees the same rules.
///
/// SplitMix64 (Steele, Lea, Flood 2014): one 64-bit add and a mix per number. Not for
/// cryptography; chosen because it is tiny, fast and identical on every platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`, drawn without the modulo bias of `next() % n` mattering here
    /// (ranges are tiny next to 2^64).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// `true` with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        next() % 100 < UInt64(percent)
    }
}
