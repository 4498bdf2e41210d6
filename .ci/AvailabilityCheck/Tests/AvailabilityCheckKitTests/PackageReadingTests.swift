import Foundation
import Testing

@testable import AvailabilityCheckKit

@Suite("Reading the package: its manifest and how SwiftPM compiled it")
struct PackageReadingTests {
    /// The shape of `swift package dump-package`, cut down to what the check reads.
    static let manifest = """
        {"platforms": [{"options": [], "platformName": "macos", "version": "13.0"},
                       {"options": [], "platformName": "ios", "version": "16.0"},
                       {"options": [], "platformName": "visionos", "version": "1.0"}],
         "products": [{"name": "Engine", "targets": ["Engine"], "type": {"library": ["automatic"]}},
                      {"name": "tool", "targets": ["tool"], "type": {"executable": null}}],
         "targets": [{"name": "Engine", "dependencies": []},
                     {"name": "ToolKit", "dependencies": [{"byName": ["Engine", null]}, {"product": ["ArgumentParser", "swift-argument-parser", null, null]}]},
                     {"name": "tool", "dependencies": [{"target": ["ToolKit", null]}]},
                     {"name": "stress-helper", "dependencies": [{"byName": ["Engine", null]}]},
                     {"name": "EngineTests", "dependencies": [{"byName": ["Engine", null]}]}]}
        """

    @Test("The platforms are the manifest's, and one the check does not model is named")
    func platforms() throws {
        let manifest = try PackageManifest(dumpPackageJSON: Data(Self.manifest.utf8))
        #expect(manifest.minimums == [.macOS: Version([13]), .iOS: Version([16])])
        #expect(manifest.unmodelledPlatforms == ["visionos"])
    }

    @Test("The checked targets are the products' and their dependencies, not helpers or tests, nor other packages' products")
    func productTargets() throws {
        let manifest = try PackageManifest(dumpPackageJSON: Data(Self.manifest.utf8))
        #expect(manifest.closure(of: manifest.productTargets) == ["Engine", "ToolKit", "tool"])
    }

    @Test("SwiftPM's compile command becomes the frontend's: what changes meaning is kept, outputs are dropped")
    func frontendArguments() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("availability-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = folder.appendingPathComponent("sources")
        try "/p/Sources/A/One.swift\n/p/Sources/A/Two.swift\n".write(to: sources, atomically: true, encoding: .utf8)
        let command = [
            "/opt/swift/usr/bin/swiftc", "-module-name", "Adapter", "-emit-dependencies", "-emit-module", "-emit-module-path",
            "/b/A.swiftmodule",
            "-output-file-map", "/b/map.json", "-parse-as-library", "-incremental", "-c", "@\(sources.path)", "-I", "/b/Modules", "-target",
            "x86_64-unknown-linux-gnu", "-enable-batch-mode", "-index-store-path", "/b/index", "-Onone", "-j2", "-DSWIFT_PACKAGE",
            "-DDEBUG",
            "-module-cache-path", "/b/cache", "-parseable-output", "-parse-as-library", "-emit-objc-header-path", "/b/A.h",
            "-swift-version", "6",
            "-module-alias", "UIKit=UIKitStandIn", "-Xfrontend", "-entry-point-function-name", "-Xfrontend", "tool_main", "-g", "-Xcc",
            "-fPIC",
            "-package-name", "main"
        ]
        let build = try ModuleBuild(driverCommand: command)
        #expect(build.moduleName == "Adapter")
        #expect(build.compiler.path == "/opt/swift/usr/bin/swiftc")
        #expect(build.sources.map(\.path) == ["/p/Sources/A/One.swift", "/p/Sources/A/Two.swift"])
        #expect(build.target == "x86_64-unknown-linux-gnu")
        let expected = [
            "-module-name", "Adapter", "-parse-as-library", "-I", "/b/Modules", "-target", "x86_64-unknown-linux-gnu", "-DSWIFT_PACKAGE",
            "-DDEBUG", "-module-cache-path", "/b/cache", "-swift-version", "6", "-module-alias", "UIKit=UIKitStandIn",
            "-entry-point-function-name", "tool_main", "-Xcc", "-fPIC", "-package-name", "main"
        ]
        #expect(Array(build.frontendArguments.prefix(expected.count)) == expected)
    }

    @Test("The llbuild manifest yields each module's command, by module name")
    func llbuildManifest() throws {
        let manifest = """
            commands:
              "C.Engine-x86_64-unknown-linux-gnu-debug.module":
                tool: shell
                inputs: ["/p/Sources/Engine/A.swift"]
                args: ["/usr/bin/swiftc","-module-name","Engine","-c","@/b/Engine.build/sources"]

              "C.stress-helper-x86_64-unknown-linux-gnu-debug.exe":
                tool: shell
                args: ["/usr/bin/swiftc","-module-name","ignored","-o","/b/stress-helper"]

              "C.stress-helper-x86_64-unknown-linux-gnu-debug.module":
                tool: shell
                args: ["/usr/bin/swiftc","-module-name","stress_helper","-c","@/b/stress_helper.build/sources"]

            """
        let commands = try ModuleBuild.driverCommands(inLLBuildManifest: manifest)
        #expect(commands.keys.sorted() == ["Engine", "stress_helper"])
        #expect(commands["Engine"] == ["/usr/bin/swiftc", "-module-name", "Engine", "-c", "@/b/Engine.build/sources"])
        #expect(AvailabilityCheck.moduleName(ofTarget: "stress-helper") == "stress_helper")
    }
}
