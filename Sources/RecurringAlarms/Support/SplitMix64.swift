/// SplitMix64 (Steele, Lea & Flood, 2014): a tiny seedable random number generator, so a
/// simulation, a randomized test or a benchmark replays exactly from its seed on every machine.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// let weekday = Weekday.allCases.randomElement(using: &generator)   // the same on every run
/// ```
/// Not for anything that must be unpredictable.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// ``SplitMix64`` for the benchmark package (`Benchmarks/`), which `package` access does not
/// reach: its generated workload must replay exactly from its seed on every machine, and the
/// standard library has no seedable generator. Not API: only an `@_spi(Benchmarking)` import
/// sees it, and it forwards to ``SplitMix64`` so the generator's constants live once.
///
/// ```swift
/// @_spi(Benchmarking) import RecurringAlarms
/// var random = SeededGenerator(seed: 42)
/// random.next()   // the same on every run and machine
/// ```
@_spi(Benchmarking) public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var generator: SplitMix64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The next 64 random bits: those of ``SplitMix64`` with the same seed.
    public mutating func next() -> UInt64 { generator.next() }
}
