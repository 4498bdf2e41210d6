/// What to change so that the pending notifications become exactly the ones wanted: which
/// pending identifiers to remove, which to replace, which to leave, and what to add.
///
/// Identifiers that are pending and still wanted are left alone, so a re-plan an hour later
/// touches only the fires that dropped out of the window and the ones that entered it.
///
/// ```swift
/// let change = Reconciliation(pending: ["wake@2026-12-01T07:30:00", "old@2026-11-30T09:00:00"], plan: plan)
/// change.toRemove        // ["old@2026-11-30T09:00:00"]
/// change.toAdd.map(\.id) // planned fires that are not pending yet, soonest first
/// ```
///
/// A pending identifier that is still wanted can still be registered the wrong way: a
/// notification registered before the rule's zone changed keeps its id but rings at the old
/// instant. Pass what you know about how each pending identifier was registered, and the
/// ones that differ are replaced (removed, then added again):
///
/// ```swift
/// // Recorded when the previous plan was registered: the instant of each fire id.
/// let registered: [String: Date] = …
/// let change = Reconciliation(pending: pending, plan: plan) { fire in
///     registered[fire.id].map { $0 != fire.instant } ?? false
/// }
/// // Remove change.toRemove + change.toReplace, then add change.toAdd.
/// ```
///
/// The engine only compares identifiers and asks `isRegisteredDifferently`; it knows nothing
/// of notification centers or clocks. `Item` is what is wanted: a ``Fire`` for a plan, or any
/// value identified by its notification identifier (the scheduler reconciles its requests).
public struct Reconciliation<Item: Identifiable> where Item.ID == String {
    /// Pending identifiers that are not wanted, sorted: remove them.
    public let toRemove: [String]
    /// Pending identifiers still wanted but registered differently, sorted: remove them; their
    /// items are in ``toAdd``, to be added again.
    public let toReplace: [String]
    /// Pending identifiers that stay as they are, sorted.
    public let unchanged: [String]
    /// The wanted items to add, in the order wanted (a plan's: soonest first): those not
    /// pending and those replaced.
    public let toAdd: [Item]

    /// Compares what the OS reports as pending with what is wanted.
    ///
    /// ```swift
    /// struct Wanted: Identifiable { let id: String }
    /// let change = Reconciliation(pending: ["a", "b", "c"], desired: [Wanted(id: "b"), Wanted(id: "c"), Wanted(id: "d")]) {
    ///     $0.id == "c"   // "c" was registered to ring at another time
    /// }
    /// change.toRemove          // ["a"]
    /// change.toReplace         // ["c"]
    /// change.unchanged         // ["b"]
    /// change.toAdd.map(\.id)   // ["c", "d"]: in the order wanted
    /// ```
    ///
    /// - Parameters:
    ///   - pending: the identifiers the OS reports as pending; repeats count once.
    ///   - desired: what should be pending, in the order to add it. Of items with the same
    ///     id only the first counts.
    ///   - isRegisteredDifferently: whether the pending request with an item's id no longer
    ///     rings as the item would. Called once for each wanted item whose id is pending;
    ///     by default nothing is.
    /// - Complexity: O(p + d + k log k) for p pending identifiers, d wanted items and k
    ///   identifiers in the sorted lists.
    public init(
        pending: some Sequence<String>, desired: some Sequence<Item>,
        isRegisteredDifferently: (Item) -> Bool = { _ in false }
    ) {
        var unwanted = Set(pending)
        var wanted = Set<String>()
        var toReplace: [String] = []
        var unchanged: [String] = []
        var toAdd: [Item] = []
        for item in desired where wanted.insert(item.id).inserted {
            if unwanted.remove(item.id) == nil {
                toAdd.append(item)
            } else if isRegisteredDifferently(item) {
                toReplace.append(item.id)
                toAdd.append(item)
            } else {
                unchanged.append(item.id)
            }
        }
        self.toRemove = unwanted.sorted()
        self.toReplace = toReplace.sorted()
        self.unchanged = unchanged.sorted()
        self.toAdd = toAdd
    }

    /// Whether nothing needs to change.
    public var isEmpty: Bool { toRemove.isEmpty && toAdd.isEmpty }
}

extension Reconciliation where Item == Fire {
    /// Compares what the OS reports as pending with `plan`: ``toAdd`` holds planned fires in
    /// plan order (soonest first).
    ///
    /// - Parameters:
    ///   - pending: the identifiers the OS reports as pending; repeats count once.
    ///   - plan: the fires that should be pending.
    ///   - isRegisteredDifferently: whether the pending request with a fire's id no longer
    ///     rings as the fire would (see ``init(pending:desired:isRegisteredDifferently:)``).
    /// - Complexity: O(p + f + k log k) for p pending identifiers, f planned fires and k
    ///   identifiers in the sorted lists.
    public init(pending: some Sequence<String>, plan: Plan, isRegisteredDifferently: (Fire) -> Bool = { _ in false }) {
        self.init(pending: pending, desired: plan.fires, isRegisteredDifferently: isRegisteredDifferently)
    }
}

extension Reconciliation: Sendable where Item: Sendable {}
extension Reconciliation: Equatable where Item: Equatable {}
extension Reconciliation: Hashable where Item: Hashable {}
