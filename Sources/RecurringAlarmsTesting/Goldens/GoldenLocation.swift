import Foundation

/// Where a test file's golden files live when its `expectGolden(_:file:)` names no folder.
///
/// SwiftPM builds every file under a target's folder and warns about any it cannot build, and
/// an `exclude:` of a folder that does not exist yet warns too, so goldens kept beside the test
/// file needed two edits to Package.swift before a build was quiet. The goldens of a package's
/// test file live instead in a `__Goldens__` folder directly under the package's top-level
/// test folder, at the path of the test file's folder, which no target contains:
///
/// ```
/// Tests/AppTests/DST/BerlinTests.swift    the test file
/// Tests/__Goldens__/AppTests/DST/         its goldens
/// ```
///
/// A test file with no `Package.swift` in any folder above it (a test target of an Xcode
/// project) keeps its goldens in `__Goldens__` beside it.
package enum GoldenLocation {
    /// The name of the folders goldens are kept in.
    package static let folderName = "__Goldens__"

    /// The golden folder of the test file at `testFile` (an absolute path, as `#filePath` gives it).
    package static func folder(forTestFile testFile: String) -> URL {
        let testFolder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        let components = testFolder.pathComponents
        guard let top = topLevelFolderIndex(of: components), top < components.count else {
            return testFolder.appendingPathComponent(folderName, isDirectory: true)
        }
        // `Tests/AppTests/DST` → `Tests/__Goldens__/AppTests/DST`.
        var folder = URL(fileURLWithPath: NSString.path(withComponents: Array(components[...top])), isDirectory: true)
        folder.appendPathComponent(folderName, isDirectory: true)
        for component in components[(top + 1)...] { folder.appendPathComponent(component, isDirectory: true) }
        return folder
    }

    /// The golden `name` of the test file at `testFile` where earlier versions of the kit kept
    /// it, in `__Goldens__` beside the test file, when a file is there and that is not `current`.
    package static func formerFile(_ name: String, forTestFile testFile: String, unlike current: URL) -> URL? {
        let former = URL(fileURLWithPath: testFile).deletingLastPathComponent()
            .appendingPathComponent(folderName, isDirectory: true).appendingPathComponent(name)
        guard former.standardizedFileURL.path != current.standardizedFileURL.path,
            FileManager.default.fileExists(atPath: former.path)
        else { return nil }
        return former
    }

    /// The index in `components` of the package's top-level folder that holds the test file's
    /// folder (`Tests`), below the nearest folder with a `Package.swift`; `nil` without one.
    private static func topLevelFolderIndex(of components: [String]) -> Int? {
        var depth = components.count
        while depth > 0 {
            let folder = NSString.path(withComponents: Array(components[..<depth]))
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Package.swift")) {
                return depth
            }
            depth -= 1
        }
        return nil
    }
}
