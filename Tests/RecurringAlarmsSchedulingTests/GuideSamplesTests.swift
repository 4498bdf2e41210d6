import Foundation
import Testing

/// On Linux the AppleCodeTypeCheck target compiles Docs/iOS.md's samples (regions of
/// `Tests/AppleCodeTypeCheck/GuideSamples/`, checked against the guide by DocSnippetTests) and
/// links to the real adapter sources, against the Apple API stand-ins. This checks the links.
@Suite("iOS guide samples")
struct GuideSamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scheduling = root.appending(path: "Sources/RecurringAlarmsScheduling")
    static let adapterFolder = root.appending(path: "Tests/AppleCodeTypeCheck/Adapter")

    /// The scheduling sources that only Apple platforms compile, by path below the module.
    static func appleOnlySources() throws -> [String] {
        let files = FileManager.default.enumerator(atPath: scheduling.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.sorted().filter { path in
            let text = try String(contentsOf: scheduling.appending(path: path), encoding: .utf8)
            return text.hasPrefix("#if canImport(")
        }
    }

    @Test("the type check compiles every Apple-only scheduling source, each the real file byte for byte")
    func adaptersAreTheRealFiles() throws {
        let sources = try Self.appleOnlySources()
        // The UserNotifications adapter and its actions, the AlarmKit adapter.
        #expect(
            sources == [
                "Actions/UserNotificationCenterAdapter+Actions.swift", "AlarmKit/AlarmKitCenter.swift",
                "Center/UserNotificationCenterAdapter.swift"
            ])
        for path in sources {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let real = try Data(contentsOf: Self.scheduling.appending(path: path))
            let checked = try Data(contentsOf: Self.adapterFolder.appending(path: name))
            #expect(checked == real, "\(name) in AppleCodeTypeCheck/Adapter is not the real \(path)")
        }
    }
}
