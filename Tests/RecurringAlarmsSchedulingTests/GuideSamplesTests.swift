import Foundation
import Testing

/// Docs/iOS.md's Swift samples are the compiled ones: each ```swift block is preceded by
/// `<!-- compiled: PATH -->` and is identical to the region between `// guide:begin` and
/// `// guide:end` of that file (indentation removed). On Linux the AppleCodeTypeCheck target
/// compiles those files, and a link to the real adapter source, against the Apple API stand-ins.
@Suite("iOS guide samples")
struct GuideSamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samplesFolder = "Tests/AppleCodeTypeCheck/GuideSamples"

    struct Sample {
        let path: String
        let code: String
    }

    /// Every ```swift block of the guide, with the file its marker names (empty when it has none).
    static func guideSamples() throws -> [Sample] {
        let lines = try String(contentsOf: root.appending(path: "Docs/iOS.md"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var samples: [Sample] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```swift" else {
                index += 1
                continue
            }
            let marker = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            let path =
                marker.hasPrefix("<!-- compiled: ") && marker.hasSuffix(" -->")
                ? String(marker.dropFirst("<!-- compiled: ".count).dropLast(" -->".count)) : ""
            let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
            samples.append(Sample(path: path, code: lines[(index + 1)..<end].joined(separator: "\n")))
            index = end + 1
        }
        return samples
    }

    /// The lines between `// guide:begin` and `// guide:end`, less their common indentation.
    static func region(of path: String) throws -> String? {
        let lines = try String(contentsOf: root.appending(path: path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let begin = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// guide:begin" }),
            let end = lines[begin...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// guide:end" })
        else { return nil }
        let body = lines[(begin + 1)..<end]
        let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    @Test("every Swift sample in Docs/iOS.md is the marked region of a compiled file, character for character")
    func samplesAreCompiled() throws {
        let samples = try Self.guideSamples()
        #expect(samples.count >= 5)
        for sample in samples {
            #expect(
                sample.path.hasPrefix(Self.samplesFolder + "/"),
                "a ```swift block in Docs/iOS.md has no <!-- compiled: \(Self.samplesFolder)/… --> marker")
            guard !sample.path.isEmpty else { continue }
            let region = try Self.region(of: sample.path)
            #expect(region == sample.code, "Docs/iOS.md differs from the guide region of \(sample.path)")
        }
    }

    @Test("every compiled sample file is shown in the guide")
    func everySampleIsShown() throws {
        let shown = Set(try Self.guideSamples().map(\.path))
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appending(path: Self.samplesFolder).path)
            .filter { $0.hasSuffix(".swift") }.map { Self.samplesFolder + "/" + $0 }
        #expect(!files.isEmpty)
        #expect(Set(files).subtracting(shown).isEmpty)
    }

    @Test("the adapter the type check compiles is the real adapter source, byte for byte")
    func adapterIsTheRealFile() throws {
        let real = try Data(
            contentsOf: Self.root.appending(path: "Sources/RecurringAlarmsScheduling/Center/UserNotificationCenterAdapter.swift"))
        let checked = try Data(
            contentsOf: Self.root.appending(path: "Tests/AppleCodeTypeCheck/Adapter/UserNotificationCenterAdapter.swift"))
        #expect(checked == real)
    }
}
