/// What to change so the pending notifications become exactly a plan.
///
/// Identifiers that are pending and still planned are left alone, so a re-plan an hour later
/// touches only the fires that dropped out of the window and the ones that entered it.
///
/// ```swift
/// let change = Reconciliation(pending: ["wake@2026-12-01T07:30:00", "old@2026-11-30T09:00:00"], plan: plan)
/// change.toRemove        // ["old@2026-11-30T09:00:00"]
/// change.toAdd.map(\.id) // planned fires that are not pending yet, soonest first
/// ```
public struct Reconciliation: Sendable, Hashable {
    /// Pending identifiers that are not in the plan, sorted.
    public let toRemove: [String]
    /// Planned fires that are not pending, in plan order (soonest first).
    public let toAdd: [Fire]
    /// Pending identifiers that stay as they are, sorted.
    public let unchanged: [String]

    /// Compares what the OS reports as pending with `plan`.
    ///
    /// - Complexity: O(p + f log f) for p pending identifiers and f planned fires.
    public init(pending: some Sequence<String>, plan: Plan) {
        let pendingSet = Set(pending)
        let planned = Set(plan.fires.map(\.id))
        toRemove = pendingSet.subtracting(planned).sorted()
        unchanged = pendingSet.intersection(planned).sorted()
        toAdd = plan.fires.filter { !pendingSet.contains($0.id) }
    }

    /// Whether nothing needs to change.
    public var isEmpty: Bool { toRemove.isEmpty && toAdd.isEmpty }
}
