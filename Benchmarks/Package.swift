// swift-tools-version: 6.0
import PackageDescription

// The benchmark suite, a package of its own so that it is no product of the library package
// that apps depend on. It uses the root package by path, through its public API and one
// `@_spi(Benchmarking)` type (the engine's seeded generator, which the workload replays from),
// and builds the `alarms` tool next to `alarms-benchmarks` for the `cli/` cases.
//
//     swift run --package-path Benchmarks alarms-benchmarks --quick
//
// See Docs/Benchmarks.md.
let package = Package(
    name: "RecurringAlarmsBenchmarks",
    // macOS 15 for the standard library's `Mutex`; the library itself supports older systems.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "alarms-benchmarks", targets: ["AlarmsBenchmarks"])
    ],
    dependencies: [
        .package(name: "RecurringAlarms", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "AlarmsBenchmarks",
            dependencies: [
                .product(name: "RecurringAlarms", package: "RecurringAlarms"),
                .product(name: "RecurringAlarmsStore", package: "RecurringAlarms"),
                // Not linked: only built, so the `cli/` cases find `alarms` next to this executable.
                .product(name: "alarms", package: "RecurringAlarms")
            ],
            path: "AlarmsBenchmarks",
            // The project allows no warnings, and .ci/run's warning check sees only the root's build.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])
    ],
    swiftLanguageModes: [.v6]
)
