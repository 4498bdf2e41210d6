/// How a fire's instant relates to its nominal wall time.
///
/// New York examples (2026): 02:30 on Mar 8 is ``gapShifted`` to 03:30 EDT; 01:30 on Nov 1
/// is ``overlapFirst`` (05:30 UTC) or ``overlapLast`` (06:30 UTC) by the rule's policy.
public enum FireAdjustment: String, Sendable, Hashable, Codable, CaseIterable, BitwiseCopyable {
    /// The wall time exists exactly once; the fire is at it.
    case none
    /// The wall time fell in a spring-forward gap and was moved forward by the gap length.
    case gapShifted = "gap-shifted"
    /// The wall time occurs twice; the fire is at the first occurrence.
    case overlapFirst = "overlap-first"
    /// The wall time occurs twice; the fire is at the second occurrence.
    case overlapLast = "overlap-last"
}
