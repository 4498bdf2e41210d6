/// The order of rules by id (Unicode code points, which is UTF-8 byte order), equal ids in
/// input order, and the ids used more than once.
///
/// Each rule gets a 16-byte ``Key`` holding the first eight UTF-8 bytes of its id. The keys are
/// radix sorted on those bytes (stable, so equal prefixes stay in input order), and only runs
/// of equal prefixes compare whole ids: ids of up to eight bytes, like the usual ones, never
/// need a string comparison. A repeated id ends up next to its twin, so finding one costs a
/// comparison of neighbours instead of a set of every id.
struct RuleIDOrder {
    struct Key {
        /// The id's first eight UTF-8 bytes, big-endian, zero-padded.
        var prefix: UInt64
        /// `position << 1 | isEnabled`: a rule array holds far fewer than `Int.max / 2` rules.
        var tag: Int

        init(prefix: UInt64, position: Int, isEnabled: Bool) {
            self.prefix = prefix
            tag = position << 1 | (isEnabled ? 1 : 0)
        }

        var position: Int { tag >> 1 }
        var isEnabled: Bool { tag & 1 == 1 }
    }

    /// ``prefix(of:)`` of a string's UTF-8 bytes.
    static func prefix(ofUTF8 id: String) -> UInt64 {
        id.utf8.withContiguousStorageIfAvailable { prefix(of: $0) } ?? Array(id.utf8).withUnsafeBufferPointer { prefix(of: $0) }
    }

    /// Whether `a` comes before `b` in the order of their UTF-8 bytes, the order of ``repeats(sorting:id:)``.
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        let contiguous = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { a.lexicographicallyPrecedes($0) }
        }
        return (contiguous ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The eight-byte prefix of a key for `utf8`.
    static func prefix(of utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        // The usual id has eight bytes or more: one load, read big-endian so that the first
        // byte is the most significant.
        if utf8.count >= 8, let start = utf8.baseAddress {
            return UInt64(bigEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
        }
        let count = min(utf8.count, 8)
        var prefix: UInt64 = 0
        for index in 0..<count { prefix = prefix << 8 | UInt64(utf8[index]) }
        // Zero-padded on the right: a shift by 64 (an empty id) gives 0.
        return prefix << UInt64(8 * (8 - count))
    }

    /// Sorts `keys` by id, `idPrecedes(a, b)` saying whether the key at position `a` comes
    /// before that of position `b` (asked only when their prefixes are equal; a strict order,
    /// so keys of equal ids need it to order them by position); keys already in order (as in a
    /// file the library wrote) are only checked.
    ///
    /// - Complexity: O(n) for n keys, plus O(k log k) for each run of k keys whose ids share
    ///   their first eight bytes.
    static func sort(_ keys: inout [Key], idPrecedes: (Int, Int) -> Bool) {
        func precedes(_ a: Key, _ b: Key) -> Bool {
            a.prefix != b.prefix ? a.prefix < b.prefix : idPrecedes(a.position, b.position)
        }
        if keys.indices.dropFirst().allSatisfy({ precedes(keys[$0 - 1], keys[$0]) }) { return }
        radixSortByPrefix(&keys)
        keys.withUnsafeMutableBufferPointer { keys in
            var runStart = 0
            while runStart < keys.count {
                var runEnd = runStart + 1
                while runEnd < keys.count && keys[runEnd].prefix == keys[runStart].prefix { runEnd += 1 }
                if runEnd - runStart > 1 {
                    var run = UnsafeMutableBufferPointer(rebasing: keys[runStart..<runEnd])
                    run.sort(by: precedes)
                }
                runStart = runEnd
            }
        }
    }

    /// A rule whose id a rule before it already holds.
    struct Repeat: Sendable, Hashable {
        /// The rule's position.
        let position: Int
        /// The position of the first rule that holds the id.
        let earlier: Int
    }

    /// The keys of `count` ids, `id(position)` giving each, in position order: every one
    /// enabled unless `isEnabled` says otherwise.
    static func keys(count: Int, id: (Int) -> String, isEnabled: (Int) -> Bool = { _ in true }) -> [Key] {
        (0..<count).map { Key(prefix: prefix(ofUTF8: id($0)), position: $0, isEnabled: isEnabled($0)) }
    }

    /// Sorts `keys` by id, `id(key.position)` being the id of each key, equal ids in position
    /// order, and gives every id used more than once, each later use with the first, in
    /// position order: the one place the package finds a repeated id, whether it compiles
    /// rules, reads a file or lists a book's problems (``ValidationProblem/repeatedID(_:number:earlier:)``
    /// words them).
    ///
    /// - Complexity: O(n) for n keys, plus O(k log k) for each run of k keys whose ids share
    ///   their first eight bytes; keys already in order (as in a file the library wrote) are
    ///   only checked.
    static func repeats(sorting keys: inout [Key], id: (Int) -> String) -> [Repeat] {
        repeats(sorting: &keys) { a, b in
            let idA = id(a)
            let idB = id(b)
            return idA == idB ? nil : utf8Precedes(idA, idB)
        }
    }

    /// ``repeats(sorting:id:)`` with the ids compared by `compare(a, b)`: whether the id at
    /// position `a` comes before the one at `b`, `nil` when they are the same id (asked only
    /// of keys whose prefixes are equal).
    static func repeats(sorting keys: inout [Key], compare: (Int, Int) -> Bool?) -> [Repeat] {
        sort(&keys) { a, b in compare(a, b) ?? (a < b) }
        // Sorted, a repeated id sits next to its twin, and only a shared prefix needs a look at the ids.
        var repeats: [Repeat] = []
        var first = 0
        for index in keys.indices.dropFirst() {
            if keys[index - 1].prefix == keys[index].prefix && compare(keys[index - 1].position, keys[index].position) == nil {
                repeats.append(Repeat(position: keys[index].position, earlier: keys[first].position))
            } else {
                first = index
            }
        }
        if repeats.count > 1 { repeats.sort { $0.position < $1.position } }
        return repeats
    }

    /// Whether two of `keys` hold the same id, `sameID(a, b)` saying whether the ids at
    /// positions `a` and `b` are the same (asked only of keys whose prefixes are equal): the
    /// yes-or-no form of ``repeats(sorting:compare:)``, for a caller that needs no order and
    /// words no repeat (the fast reader, which leaves a file with a repeat to the full one).
    ///
    /// A hash table of the prefixes instead of a sort: one probe per key, where the radix sort
    /// moves every key once per varying byte, which made it a tenth of reading a file whose
    /// rules are not in id order.
    ///
    /// - Complexity: O(n) expected for n keys, plus a comparison of whole ids for each pair
    ///   that shares its first eight bytes.
    static func containsRepeat(_ keys: [Key], sameID: (Int, Int) -> Bool) -> Bool {
        guard keys.count > 1 else { return false }
        var bits = 4
        while 1 << bits < 2 * keys.count { bits += 1 }
        let mask = (1 << bits) - 1
        // Each slot: the index in `keys` of the key it holds, plus one (0: empty).
        var table = [Int](repeating: 0, count: 1 << bits)
        return table.withUnsafeMutableBufferPointer { table in
            keys.withUnsafeBufferPointer { keys in
                for index in keys.indices {
                    let key = keys[index]
                    // Fibonacci hashing: the top bits of the product mix every byte of the prefix.
                    var slot = Int(truncatingIfNeeded: (key.prefix &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
                    while table[slot] != 0 {
                        let other = keys[table[slot] - 1]
                        if other.prefix == key.prefix && sameID(other.position, key.position) { return true }
                        slot = (slot + 1) & mask
                    }
                    table[slot] = index + 1
                }
                return false
            }
        }
    }

    /// Up to this many keys are sorted by insertion, which is stable as the radix sort is.
    static let smallSortLimit = 32

    /// A stable least-significant-digit radix sort on ``Key/prefix``, a byte per pass; passes
    /// where every key has the same byte (the `r` of `r0000123`) are skipped. Up to
    /// ``smallSortLimit`` keys, an insertion sort with the same result.
    static func radixSortByPrefix(_ keys: inout [Key]) {
        let count = keys.count
        guard count > 1 else { return }
        // A small book's few keys: the eight histograms would cost more than the sort.
        // The loops below index buffer pointers: they run per key, and bounds checks and
        // uniqueness checks on the arrays cost them about a tenth of a small book's compile.
        guard count > smallSortLimit else {
            keys.withUnsafeMutableBufferPointer { keys in
                for index in 1..<keys.count {
                    let key = keys[index]
                    var slot = index
                    while slot > 0 && keys[slot - 1].prefix > key.prefix {
                        keys[slot] = keys[slot - 1]
                        slot -= 1
                    }
                    keys[slot] = key
                }
            }
            return
        }
        var counts = [Int](repeating: 0, count: 8 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for key in keys {
                for digit in 0..<8 { counts[digit << 8 | Int(truncatingIfNeeded: key.prefix >> UInt64(digit * 8)) & 0xFF] += 1 }
            }
        }
        var other = [Key](repeating: Key(prefix: 0, position: 0, isEnabled: false), count: count)
        var next = [Int](repeating: 0, count: 256)
        for digit in 0..<8 {
            let histogram = counts[(digit << 8)..<((digit + 1) << 8)]
            if histogram.contains(count) { continue }
            var total = 0
            for bucket in 0..<256 {
                next[bucket] = total
                total += histogram[digit << 8 | bucket]
            }
            keys.withUnsafeBufferPointer { source in
                other.withUnsafeMutableBufferPointer { target in
                    next.withUnsafeMutableBufferPointer { next in
                        let shift = UInt64(digit * 8)
                        for key in source {
                            let bucket = Int(truncatingIfNeeded: key.prefix >> shift) & 0xFF
                            target[next[bucket]] = key
                            next[bucket] += 1
                        }
                    }
                }
            }
            swap(&keys, &other)
        }
    }
}
