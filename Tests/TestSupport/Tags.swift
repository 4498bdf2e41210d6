import Testing

/// The tags that mark a kind of suite, so a run can pick it or leave it out: with a toolchain
/// whose `swift test` reads the `tag:` prefix, `swift test --filter tag:slow` or
/// `swift test --skip tag:endToEnd`. Swift 6.3.1's `swift test --filter` matches test ids only
/// (it runs no test for `tag:slow`); Xcode's test plans select by tag there.
extension Tag {
    /// Suites that take seconds rather than milliseconds: many plans, large books, stress runs.
    @Tag package static var slow: Self

    /// Suites that run built executables as child processes (`alarms`, `store-stress`).
    @Tag package static var endToEnd: Self
}
