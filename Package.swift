// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RecurringAlarms",
    platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9), .tvOS(.v16)],
    products: [
        .library(name: "RecurringAlarms", targets: ["RecurringAlarms"]),
        .executable(name: "alarms", targets: ["alarms"]),
    ],
    targets: [
        .target(name: "RecurringAlarms"),
        .target(name: "AlarmsCLI", dependencies: ["RecurringAlarms"]),
        .executableTarget(name: "alarms", dependencies: ["AlarmsCLI"]),
        .testTarget(name: "RecurringAlarmsTests", dependencies: ["RecurringAlarms"]),
        .testTarget(name: "AlarmsCLITests", dependencies: ["AlarmsCLI", "RecurringAlarms", "alarms"]),
    ],
    swiftLanguageModes: [.v6]
)
