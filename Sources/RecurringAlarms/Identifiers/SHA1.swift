/// SHA-1 (FIPS 180-4 §6.1, RFC 3174) over a sequence of bytes, for name-based UUIDs
/// (``NameBasedUUID``): Foundation on Linux has no SHA-1 and the engine uses Foundation only.
///
/// ```swift
/// SHA1.digest(of: Array("abc".utf8))   // a9 99 3e 36 … 9c d0 d8 9d, 20 bytes
/// ```
/// Not for security: SHA-1 has known collisions. A name-based UUID only needs the same bytes
/// on every platform. Never traps: any length (the bit length wraps past 2^64 bits, as FIPS
/// 180-4 leaves longer messages undefined), any byte values.
///
/// - Complexity: O(n) in the number of bytes, in 64-byte blocks and constant extra memory.
package enum SHA1 {
    /// The 20-byte digest of `bytes`.
    package static func digest<Bytes: Sequence<UInt8>>(of bytes: Bytes) -> [UInt8] {
        var state = State()
        var block = [UInt8](repeating: 0, count: 64)
        var filled = 0
        var byteCount: UInt64 = 0
        for byte in bytes {
            block[filled] = byte
            filled += 1
            byteCount &+= 1
            if filled == 64 {
                state.compress(block)
                filled = 0
            }
        }
        // Padding (FIPS 180-4 §5.1.1): 0x80, zeros up to 56 mod 64, the bit length big-endian.
        block[filled] = 0x80
        filled += 1
        if filled > 56 {
            for index in filled..<64 { block[index] = 0 }
            state.compress(block)
            filled = 0
        }
        for index in filled..<56 { block[index] = 0 }
        let bitCount = byteCount &* 8
        for index in 0..<8 { block[56 + index] = UInt8(truncatingIfNeeded: bitCount >> (56 - 8 * UInt64(index))) }
        state.compress(block)
        return state.bytes
    }

    /// The five chaining words and the reused 80-word message schedule.
    private struct State {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var w = [UInt32](repeating: 0, count: 80)

        /// One block of exactly 64 bytes (FIPS 180-4 §6.1.2).
        mutating func compress(_ block: [UInt8]) {
            for t in 0..<16 {
                w[t] =
                    UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16 | UInt32(block[4 * t + 2]) << 8
                    | UInt32(block[4 * t + 3])
            }
            for t in 16..<80 { w[t] = rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
            var a = h[0]
            var b = h[1]
            var c = h[2]
            var d = h[3]
            var e = h[4]
            for t in 0..<80 {
                let f: UInt32
                let k: UInt32
                switch t {
                case 0..<20:
                    f = (b & c) | (~b & d)
                    k = 0x5A82_7999
                case 20..<40:
                    f = b ^ c ^ d
                    k = 0x6ED9_EBA1
                case 40..<60:
                    f = (b & c) | (b & d) | (c & d)
                    k = 0x8F1B_BCDC
                default:
                    f = b ^ c ^ d
                    k = 0xCA62_C1D6
                }
                let temp = rotateLeft(a, 5) &+ f &+ e &+ k &+ w[t]
                e = d
                d = c
                c = rotateLeft(b, 30)
                b = a
                a = temp
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
        }

        /// The chaining words, big-endian.
        var bytes: [UInt8] {
            h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
        }

        private func rotateLeft(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
    }
}
