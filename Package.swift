// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RecurringAlarms",
    platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9), .tvOS(.v16)],
    products: [
        .library(name: "RecurringAlarms", targets: ["RecurringAlarms"]),
        .library(name: "RecurringAlarmsICalendar", targets: ["RecurringAlarmsICalendar"]),
        .library(name: "RecurringAlarmsStore", targets: ["RecurringAlarmsStore"]),
        .library(name: "RecurringAlarmsScheduling", targets: ["RecurringAlarmsScheduling"]),
        .library(name: "RecurringAlarmsSimulation", targets: ["RecurringAlarmsSimulation"]),
        .library(name: "RecurringAlarmsTesting", targets: ["RecurringAlarmsTesting"]),
        .executable(name: "alarms", targets: ["alarms"])
    ],
    targets: [
        // The engine: rule model, expansion, planner, reconcile. Foundation only, no clock.
        .target(name: "RecurringAlarms"),
        // RFC 5545: rules from and to iCalendar text (VEVENT with RRULE, VTIMEZONE).
        .target(name: "RecurringAlarmsICalendar", dependencies: ["RecurringAlarms"]),
        // Rules and runtime state on disk (JSON file, UserDefaults, memory).
        .target(name: "RecurringAlarmsStore", dependencies: ["RecurringAlarms"]),
        // App-facing scheduler, the notification-center seam and its UserNotifications adapter, the clocks.
        .target(name: "RecurringAlarmsScheduling", dependencies: ["RecurringAlarms", "RecurringAlarmsStore"]),
        // For tests and the CLI, not an app's binary: the simulated notification center and the device simulator.
        .target(
            name: "RecurringAlarmsSimulation",
            dependencies: ["RecurringAlarms", "RecurringAlarmsStore", "RecurringAlarmsScheduling"]),
        // For an app's test targets only (it imports Swift Testing): literals, zone fixtures,
        // goldens, the test device, generators.
        .target(
            name: "RecurringAlarmsTesting",
            dependencies: ["RecurringAlarms", "RecurringAlarmsStore", "RecurringAlarmsScheduling", "RecurringAlarmsSimulation"]),
        // The command line as a library, so tests can call it; `alarms` only wires it to the process.
        .target(
            name: "AlarmsCLI",
            dependencies: [
                "RecurringAlarms", "RecurringAlarmsICalendar", "RecurringAlarmsStore", "RecurringAlarmsScheduling",
                "RecurringAlarmsSimulation"
            ]),
        .executableTarget(name: "alarms", dependencies: ["AlarmsCLI"]),
        // A child process for the store's crash-safety and lost-update tests.
        .executableTarget(name: "store-stress", dependencies: ["RecurringAlarmsStore"], path: "Tests/StoreStressHelper"),
        // What every test target shares: zones, literals, temporary folders, locks, the one child-process runner.
        .target(name: "AlarmsTestSupport", dependencies: ["RecurringAlarms", "RecurringAlarmsTesting"], path: "Tests/TestSupport"),
        .testTarget(name: "RecurringAlarmsTests", dependencies: ["RecurringAlarms", "RecurringAlarmsTesting", "AlarmsTestSupport"]),
        // Every Swift block of README.md, Docs/ and the DocC catalogs is a compiled region or a marked excerpt.
        .testTarget(name: "DocSnippetTests"),
        .testTarget(
            name: "RecurringAlarmsICalendarTests",
            dependencies: ["RecurringAlarmsICalendar", "RecurringAlarms", "RecurringAlarmsTesting", "AlarmsTestSupport"]),
        .testTarget(
            name: "RecurringAlarmsStoreTests",
            dependencies: ["RecurringAlarmsStore", "RecurringAlarms", "RecurringAlarmsTesting", "AlarmsTestSupport", "store-stress"]),
        .testTarget(
            name: "RecurringAlarmsSchedulingTests",
            dependencies: [
                "RecurringAlarmsScheduling", "RecurringAlarmsSimulation", "RecurringAlarmsStore", "RecurringAlarms",
                "AlarmsTestSupport"
            ]),
        .testTarget(
            name: "RecurringAlarmsTestingTests",
            dependencies: [
                "RecurringAlarmsTesting", "RecurringAlarmsSimulation", "RecurringAlarmsScheduling", "RecurringAlarmsStore",
                "RecurringAlarms", "AlarmsTestSupport"
            ]),
        // The "Testing your alarms" guide's tests (Docs/Testing.md), as an app's test target
        // writes them: the kit, the engine and the scheduler, no helper of this package's own.
        // Its file goldens are in Tests/__Goldens__/TestingGuideTests, outside every target.
        .testTarget(
            name: "TestingGuideTests",
            dependencies: ["RecurringAlarmsTesting", "RecurringAlarms", "RecurringAlarmsScheduling"]),
        .testTarget(
            name: "AlarmsCLITests",
            dependencies: [
                "AlarmsCLI", "RecurringAlarms", "RecurringAlarmsSimulation", "RecurringAlarmsTesting", "AlarmsTestSupport", "alarms"
            ])
    ],
    swiftLanguageModes: [.v6]
)

// Linux only: type-check the Apple-only code (the UserNotifications and AlarmKit adapters,
// Docs/iOS.md's samples) in Swift 6 mode against stand-ins of the Apple API it uses. The stand-ins
// have neutral module names, aliased to Apple's only inside AppleCodeTypeCheck, so
// `canImport(UIKit)` stays false everywhere else; Apple platforms build against the real SDK.
// Like Apple's frameworks, the stand-ins are resilient (library evolution: a `switch` over their
// enums needs `@unknown default`) and built in Swift 5 mode, as Apple's SDK interfaces are; their
// own warnings are not shown, as an SDK's are not, because on Linux every resilient module that
// imports Foundation warns that Foundation is not (it is on Apple platforms). The
// Foundation API Apple platforms have and Linux lacks (`LocalizedStringResource` …) is one more
// stand-in, imported into every file of AppleCodeTypeCheck as Foundation would be. See Docs/iOS.md.
#if os(Linux)
    let appleStandIns = [
        "UserNotifications", "UIKit", "SwiftUI", "BackgroundTasks", "OSLog", "AppIntents", "ActivityKit", "AlarmKit"
    ]
    let standInDependencies: [String: [Target.Dependency]] = [
        "SwiftUI": ["UIKitStandIn"], "AppIntents": ["DarwinFoundationStandIn"],
        "ActivityKit": ["DarwinFoundationStandIn"],
        "AlarmKit": ["SwiftUIStandIn", "ActivityKitStandIn", "AppIntentsStandIn", "DarwinFoundationStandIn"]
    ]
    let appleFrameworkSettings: [SwiftSetting] = [
        .swiftLanguageMode(.v5), .unsafeFlags(["-enable-library-evolution", "-suppress-warnings"])
    ]
    package.targets += (["DarwinFoundation"] + appleStandIns).map { module in
        .target(
            name: module + "StandIn", dependencies: standInDependencies[module] ?? [],
            path: "Tests/AppleSDKStandIns/\(module)StandIn",
            // Outside this package's `package` scope, as Apple's frameworks are: modules of one
            // package see through each other's resilience.
            packageAccess: false, swiftSettings: appleFrameworkSettings)
    }
    package.targets.append(
        .target(
            name: "AppleCodeTypeCheck",
            dependencies: ["RecurringAlarms", "RecurringAlarmsStore", "RecurringAlarmsScheduling", "RecurringAlarmsSimulation"]
                + (["DarwinFoundation"] + appleStandIns).map { .target(name: $0 + "StandIn") },
            path: "Tests/AppleCodeTypeCheck",
            swiftSettings: [
                .unsafeFlags(
                    appleStandIns.flatMap { ["-module-alias", "\($0)=\($0)StandIn"] }
                        + ["-Xfrontend", "-import-module", "-Xfrontend", "DarwinFoundationStandIn"])
            ]))
#endif
