import Foundation

/// Where the package and its built executables are, for tests that run them.
package enum BuiltProducts {
    /// The package root, found from this file's path (`Tests/TestSupport/`).
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable product `name` that SwiftPM built beside the test products, or `nil`
    /// when there is none (a test target must depend on the product for it to be built).
    ///
    /// SwiftPM puts executables beside the test bundle: `.build/<triple>/<configuration>/` on
    /// Linux, where the test runner is the bundle itself, and beside `<name>.xctest` on Apple
    /// systems. The environment variable `override`, when given and set, wins; the package's own
    /// `.build/debug` and `.build/release` are the last resort.
    package static func executable(_ name: String, override: String? = nil) -> String? {
        var candidates: [URL] = []
        if let override, let path = ProcessInfo.processInfo.environment[override] {
            candidates.append(URL(fileURLWithPath: path))
        }
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appending(path: name))
            directory = directory.deletingLastPathComponent()
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appending(path: name))
        }
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appending(path: name))
        }
        candidates.append(packageRoot.appending(path: ".build/debug/\(name)"))
        candidates.append(packageRoot.appending(path: ".build/release/\(name)"))
        return candidates.map(\.path).first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: path)
        }
    }
}
