/// Which requests iOS keeps when an app has more than 64 pending.
///
/// Public reports disagree: some see the 64 soonest-firing kept, others the 64 most recently
/// added. ``SimulatedNotificationCenter`` can behave either way, and the scheduler is tested
/// under both: it never exceeds the cap, so the answer must never matter.
public enum EvictionModel: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Over the cap, the request that fires last is dropped (ties: the one added last).
    case keepSoonestFiring = "keep-soonest-firing"
    /// Over the cap, the request added first is dropped.
    case keepLastAdded = "keep-last-added"

    public var description: String { rawValue }
}
