/// SplitMix64 (Steele, Lea & Flood, 2014), the benchmark's own seedable generator: the core's
/// copy is not public API, and the workload must replay exactly from its seed on every machine.
///
/// The constants are the published ones; changing them changes every case's inputs and
/// expected checksums.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
