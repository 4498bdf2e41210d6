import Foundation

/// The UTC offsets of one zone over a bounded span of instants, as a short list of segments.
///
/// Built once per plan and zone from `TimeZone`, then queried with integer arithmetic only.
/// Segment `i` is in force from `starts[i]` (inclusive) until `starts[i + 1]`; the first
/// segment also covers everything before the span and the last everything after it.
package struct ZoneOffsetTable: Sendable {
    package private(set) var starts: [Int64]
    package private(set) var offsets: [Int64]
    let minOffset: Int64
    let maxOffset: Int64

    /// Sampling step for offset changes that `nextDaylightSavingTimeTransition` may not
    /// report (a change of standard offset). Two changes closer than this that cancel
    /// out would be missed; no zone in the tz database has such a pair.
    package static let sampleStep: Int64 = 12 * 3600

    /// Builds the table for instants `from ... through` (seconds since 1970), sampling every
    /// `sampleStep` seconds (12 hours unless a caller that spans centuries asks for less).
    ///
    /// - Complexity: O(span / sampleStep + transitions × log(sampleStep)) calls to `secondsFromGMT(for:)`.
    package init(zone: TimeZone, from: Int64, through: Int64, sampleStep: Int64 = ZoneOffsetTable.sampleStep) {
        func offset(_ t: Int64) -> Int64 { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))) }

        var probes: [Int64] = Array(stride(from: from, to: through, by: Int(max(1, sampleStep))))
        probes.append(through)
        var cursor = Date(timeIntervalSince1970: Double(from))
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next > cursor, next.timeIntervalSince1970 <= Double(through)
        {
            let t = Int64(next.timeIntervalSince1970.rounded(.up))
            probes.append(t - 1)
            probes.append(t)
            cursor = next
        }
        probes.sort()

        var starts: [Int64] = [Int64.min]
        var offsets: [Int64] = [offset(probes[0])]
        var previousProbe = probes[0]
        for probe in probes.dropFirst() where probe > previousProbe {
            let current = offset(probe)
            if current != offsets[offsets.count - 1] {
                // First second in (previousProbe, probe] whose offset is `current`.
                var low = previousProbe
                var high = probe
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if offset(middle) == current { high = middle } else { low = middle }
                }
                starts.append(high)
                offsets.append(current)
            }
            previousProbe = probe
        }
        self.starts = starts
        self.offsets = offsets
        minOffset = offsets.min()!
        maxOffset = offsets.max()!
    }

    /// The offset in force at `instant`.
    package func offset(atInstant instant: Int64) -> Int64 {
        starts.withUnsafeBufferPointer { starts in
            offsets.withUnsafeBufferPointer { offsets in Self.offset(atInstant: instant, starts: starts, offsets: offsets) }
        }
    }

    /// Resolves a wall time (seconds since 1970-01-01T00:00 local) to instants (seconds since 1970).
    package func resolve(wall: Int64) -> WallInstants<Int64> {
        starts.withUnsafeBufferPointer { starts in
            offsets.withUnsafeBufferPointer { offsets in Self.resolve(wall: wall, starts: starts, offsets: offsets) }
        }
    }

    /// ``offset(atInstant:)`` over a table's segments held elsewhere (the flat per-plan
    /// buffers of ``ExpansionTables``), so the hot loop reads them without reference counting.
    @inline(__always)
    static func offset(atInstant instant: Int64, starts: UnsafeBufferPointer<Int64>, offsets: UnsafeBufferPointer<Int64>) -> Int64 {
        var index = offsets.count - 1
        while index > 0 && instant < starts[index] { index -= 1 }
        return offsets[index]
    }

    /// ``resolve(wall:)`` over a table's segments held elsewhere; see ``offset(atInstant:starts:offsets:)``.
    @inline(__always)
    static func resolve(wall: Int64, starts: UnsafeBufferPointer<Int64>, offsets: UnsafeBufferPointer<Int64>) -> WallInstants<Int64> {
        if offsets.count == 1 { return .unique(wall - offsets[0]) }
        if offsets.count == 2 {
            // One change at `starts[1]` from `before` to `after`, the common case near a DST
            // change: the general search below reduces to two comparisons.
            let change = starts[1]
            let before = offsets[0]
            let after = offsets[1]
            if wall < change + before {
                return wall >= change + after ? .overlap(earlier: wall - before, later: wall - after) : .unique(wall - before)
            }
            return wall >= change + after
                ? .unique(wall - after) : .gap(shifted: wall - before, lengthSeconds: Int(truncatingIfNeeded: after - before))
        }
        var earliest: Int64?
        var latest: Int64 = 0
        for index in offsets.indices {
            let instant = wall - offsets[index]
            if instant >= starts[index] && (index + 1 == offsets.count || instant < starts[index + 1]) {
                if earliest == nil { earliest = instant }
                latest = instant
            }
        }
        if let earliest {
            return earliest == latest ? .unique(earliest) : .overlap(earlier: earliest, later: latest)
        }
        for index in 1..<offsets.count {
            let before = offsets[index - 1]
            let after = offsets[index]
            if wall >= starts[index] + before && wall < starts[index] + after {
                return .gap(shifted: wall - before, lengthSeconds: Int(truncatingIfNeeded: after - before))
            }
        }
        // Unreachable for a consistent table; reading with the last offset keeps the engine total.
        return .unique(wall - offsets[offsets.count - 1])
    }
}
