import Foundation
import Testing

/// On Linux the AppleCodeTypeCheck target compiles Docs/iOS.md's samples (regions of
/// `Tests/AppleCodeTypeCheck/GuideSamples/`, checked against the guide by DocSnippetTests) and a
/// link to the real adapter source, against the Apple API stand-ins. This checks the link.
@Suite("iOS guide samples")
struct GuideSamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the adapter the type check compiles is the real adapter source, byte for byte")
    func adapterIsTheRealFile() throws {
        let real = try Data(
            contentsOf: Self.root.appending(path: "Sources/RecurringAlarmsScheduling/Center/UserNotificationCenterAdapter.swift"))
        let checked = try Data(
            contentsOf: Self.root.appending(path: "Tests/AppleCodeTypeCheck/Adapter/UserNotificationCenterAdapter.swift"))
        #expect(checked == real)
    }
}
