import Testing

/// The tags that let `swift test --filter` pick a kind of suite, such as
/// `swift test --filter .tags:slow` or `swift test --skip .tags:endToEnd`.
extension Tag {
    /// Suites that take seconds rather than milliseconds: many plans, large books, stress runs.
    @Tag package static var slow: Self

    /// Suites that run built executables as child processes (`alarms`, `store-stress`).
    @Tag package static var endToEnd: Self
}
