import Foundation

/// How many fires a window holds, with an order-independent checksum of them, computed by
/// the expansion loop itself without building ``Fire`` values.
///
/// Not part of the public API: the benchmark suite imports it with
/// `@_spi(Benchmarks) import RecurringAlarms` to time the raw expansion, and checks it
/// against the same digest taken over ``AlarmSchedule/fires(after:through:deviceTimeZone:)``.
@_spi(Benchmarks)
public struct FireDigest: Sendable, Hashable {
    public var count = 0
    /// The wrapping sum of ``mix(instant:wall:)`` over the fires, so any order gives the same value.
    public var checksum: UInt64 = 0

    public init() {}

    /// Adds one fire: `instant` and its nominal `wall` time, both in whole seconds since 1970.
    @inlinable
    public mutating func add(instant: Int64, wall: Int64) {
        count += 1
        checksum &+= FireDigest.mix(instant: instant, wall: wall)
    }

    /// Adds one public fire, as ``add(instant:wall:)`` would add it.
    @inlinable
    public mutating func add(_ fire: Fire) {
        let instant = Int64(fire.instant.timeIntervalSince1970.rounded(.down))
        let wall = fire.local.date.daysSinceEpoch &* 86_400 &+ Int64(fire.local.time.secondsSinceMidnight)
        add(instant: instant, wall: wall)
    }

    /// Both digests' fires together.
    public static func + (a: FireDigest, b: FireDigest) -> FireDigest {
        var sum = a
        sum.count += b.count
        sum.checksum &+= b.checksum
        return sum
    }

    /// One fire's share of the checksum: two odd multipliers and a fold, cheap enough not to
    /// dominate the loop it checks.
    @inlinable
    public static func mix(instant: Int64, wall: Int64) -> UInt64 {
        let z = UInt64(bitPattern: instant) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: wall) &* 0xC2B2_AE3D_27D4_EB4F
        return z ^ (z >> 29)
    }
}

extension AlarmSchedule {
    /// The digest of every fire with `after < instant <= through`: the same fires as
    /// ``fires(after:through:deviceTimeZone:)``, counted on all cores for large schedules.
    ///
    /// - Complexity: O(zones) to start, then O(1) per fire and per candidate day, split over the cores.
    @_spi(Benchmarks)
    public func fireDigest(after: Date, through: Date, deviceTimeZone: TimeZone) -> FireDigest {
        let lower = CivilArithmetic.wholeSeconds(after)
        let upper = CivilArithmetic.wholeSeconds(through)
        let tables = expansionTables(deviceTimeZone: deviceTimeZone, lower: lower, upper: upper)
        return withExpansionKernel(tables, lower: lower, upper: upper) { kernel in
            RuleChunks.expansion.map(ruleCount: kernel.rules.count) { range in
                var digest = FireDigest()
                for index in range {
                    kernel.forEachFire(ofRule: index, bound: upper) { instant, wall, _ in
                        digest.add(instant: instant, wall: wall)
                        return upper
                    }
                }
                return digest
            }.reduce(FireDigest(), +)
        }
    }
}
