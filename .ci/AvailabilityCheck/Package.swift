// swift-tools-version: 6.0
import PackageDescription

// CI only (`.ci/run`): proves that the root package calls no Apple API newer than its declared
// platforms outside an `#available` or `@available` that covers it. A package of its own, so the
// root package's users never build or test it.
let package = Package(
    name: "AvailabilityCheck",
    // Linux is where CI runs it; macOS 15 only so that it may use Synchronization's Mutex there too.
    platforms: [.macOS(.v15)],
    products: [.executable(name: "availability-check", targets: ["availability-check"])],
    targets: [
        .target(name: "AvailabilityCheckKit"),
        .executableTarget(name: "availability-check", dependencies: ["AvailabilityCheckKit"]),
        // Fixtures are Swift files the tests type-check with the real compiler, not test sources.
        .testTarget(name: "AvailabilityCheckKitTests", dependencies: ["AvailabilityCheckKit"], exclude: ["Fixtures"])
    ],
    swiftLanguageModes: [.v6]
)
