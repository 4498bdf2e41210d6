import Foundation
import Testing

/// Every ```swift block of README.md, CHANGELOG.md, Docs/*.md and the DocC catalogs (`Sources/*/*.docc`) is
/// either compiled or marked as an excerpt, by the line directly before it:
///
/// - `<!-- compiled: PATH#NAME -->`: the block is, character for character, the region of
///   PATH between `// snippet:begin NAME` and `// snippet:end`, less the region's common
///   indentation, after the `import` lines the block may open with (each one an import of
///   PATH, as a region inside a function cannot hold them). PATH is a Swift file of a target under Tests/ that `swift build --build-tests`
///   compiles; most regions sit in test functions that run them and assert the values their
///   comments state.
/// - `<!-- excerpt: REASON -->`: not compiled, for the reason given (a Package.swift fragment,
///   say).
///
/// And every region of those files is shown by some block. DocC and GitHub render the markers
/// as nothing.
@Suite("Documentation snippets")
struct DocSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One ```swift block: where it is, the line before it, and its text.
    struct Block: CustomStringConvertible {
        let file: String
        let line: Int
        let marker: String
        let code: String
        var description: String { "\(file):\(line)" }
    }

    /// One `// snippet:begin NAME` … `// snippet:end` region, less its common indentation.
    struct Region: Hashable {
        let path: String
        let name: String
        let code: String
    }

    static func lines(of path: String) throws -> [String] {
        try String(contentsOf: root.appending(path: path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func files(under folder: String, suffix: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.appending(path: folder).path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.map { folder + "/" + $0 }.sorted()
    }

    /// README.md, CHANGELOG.md, Docs/*.md and every article and extension file of the DocC catalogs.
    static func documents() throws -> [String] {
        let manager = FileManager.default
        let docs = try manager.contentsOfDirectory(atPath: root.appending(path: "Docs").path)
            .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
        let catalogs = try manager.contentsOfDirectory(atPath: root.appending(path: "Sources").path).flatMap { module in
            (try? manager.contentsOfDirectory(atPath: root.appending(path: "Sources/\(module)").path))?
                .filter { $0.hasSuffix(".docc") }.flatMap { files(under: "Sources/\(module)/\($0)", suffix: ".md") } ?? []
        }
        return ["README.md", "CHANGELOG.md"] + docs.sorted() + catalogs.sorted()
    }

    static func blocks() throws -> [Block] {
        try documents().flatMap { file in
            let lines = try lines(of: file)
            var blocks: [Block] = []
            var index = 0
            while index < lines.count {
                guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
                    index += 1
                    continue
                }
                let end = lines[(index + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" } ?? lines.count
                blocks.append(
                    Block(
                        file: file, line: index + 1, marker: index > 0 ? lines[index - 1] : "",
                        code: lines[(index + 1)..<end].joined(separator: "\n")))
                index = end + 1
            }
            return blocks
        }
    }

    /// The folders under Tests/ that Package.swift makes targets of: test targets by name,
    /// the others by `path:`.
    static func compiledFolders() throws -> [String] {
        let manifest = try String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8)
        let testTargets = manifest.matches(of: /\.testTarget\(\s*name: "([^"]+)"/).map { "Tests/" + $0.1 }
        let paths = manifest.matches(of: /path: "(Tests\/[A-Za-z]+)/).map { String($0.1) }
        return Array(Set(testTargets + paths)).sorted()
    }

    static func regions() throws -> [Region] {
        try compiledFolders().flatMap { files(under: $0, suffix: ".swift") }.flatMap { path in
            let lines = try lines(of: path)
            var regions: [Region] = []
            var index = 0
            while index < lines.count {
                let line = lines[index].trimmingCharacters(in: .whitespaces)
                guard line.hasPrefix("// snippet:begin ") else {
                    index += 1
                    continue
                }
                let name = String(line.dropFirst("// snippet:begin ".count))
                guard
                    let end = lines[(index + 1)...].firstIndex(where: {
                        $0.trimmingCharacters(in: .whitespaces).hasPrefix("// snippet:")
                    }), lines[end].trimmingCharacters(in: .whitespaces) == "// snippet:end"
                else {
                    Issue.record("\(path):\(index + 1): region \(name) has no // snippet:end before the next region")
                    return regions
                }
                let body = lines[(index + 1)..<end]
                let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                let code = body.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }.joined(separator: "\n")
                regions.append(Region(path: path, name: name, code: code))
                index = end + 1
            }
            return regions
        }
    }

    static func parse(_ marker: String, _ prefix: String) -> String? {
        guard marker.hasPrefix(prefix), marker.hasSuffix(" -->") else { return nil }
        return String(marker.dropFirst(prefix.count).dropLast(" -->".count)).trimmingCharacters(in: .whitespaces)
    }

    @Test("the documents hold Swift blocks and the tests hold regions")
    func somethingIsChecked() throws {
        let documents = try Self.documents()
        #expect(documents.contains("Docs/iOS.md"))
        #expect(documents.contains("Sources/RecurringAlarms/RecurringAlarms.docc/Articles/GettingStarted.md"))
        #expect(try Self.blocks().count >= 30)
        #expect(try Self.regions().count >= 20)
    }

    @Test("every Swift block is a compiled region, character for character, or an excerpt with a reason")
    func everyBlockIsCompiledOrMarked() throws {
        let regions = try Self.regions()
        let folders = try Self.compiledFolders()
        for block in try Self.blocks() {
            if let reason = Self.parse(block.marker, "<!-- excerpt: ") {
                #expect(!reason.isEmpty, "\(block): an excerpt marker gives no reason")
                continue
            }
            guard let target = Self.parse(block.marker, "<!-- compiled: ") else {
                Issue.record("\(block): no <!-- compiled: PATH#NAME --> or <!-- excerpt: REASON --> line directly before the block")
                continue
            }
            let parts = target.split(separator: "#", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else {
                Issue.record("\(block): '\(target)' is not PATH#NAME")
                continue
            }
            #expect(folders.contains { parts[0].hasPrefix($0 + "/") }, "\(block): \(parts[0]) is not in a compiled target under Tests/")
            let found = regions.filter { $0.path == parts[0] && $0.name == parts[1] }
            guard found.count == 1, let region = found.first else {
                Issue.record("\(block): \(found.count) regions named \(parts[1]) in \(parts[0])")
                continue
            }
            if block.code == region.code { continue }
            // The block may open with `import` lines (and one blank line): each must be an
            // import of the region's file, as a region in a function cannot hold them.
            var code = block.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let imports = Array(code.prefix { $0.hasPrefix("import ") })
            code.removeFirst(imports.count)
            if !imports.isEmpty, code.first == "" { code.removeFirst() }
            let fileLines = try Self.lines(of: parts[0])
            for line in imports {
                #expect(fileLines.contains(line), "\(block): '\(line)' is not an import of \(parts[0])")
            }
            #expect(code.joined(separator: "\n") == region.code, "\(block) differs from region \(parts[1]) of \(parts[0])")
        }
    }

    @Test("a block of the testing guide's target opens with its file's imports and names nothing another file of it declares")
    func guideSnippetsStandAlone() throws {
        // An app's developer copies one snippet into a file of their own: it must compile there,
        // with the imports it shows and nothing from the guide's other files.
        let folder = "Tests/TestingGuideTests"
        var declared: [String: Set<String>] = [:]
        for path in Self.files(under: folder, suffix: ".swift") {
            declared[path] = Set(
                try Self.lines(of: path).compactMap { line in
                    line.firstMatch(of: /^(?:@\w+(?:\([^)]*\))? +)*(?:final +)?(?:struct|enum|class|actor|let|var|func|typealias) +(\w+)/)
                        .map { String($0.1) }
                })
        }
        var checked = 0
        for block in try Self.blocks() {
            guard let target = Self.parse(block.marker, "<!-- compiled: "), target.hasPrefix(folder + "/") else { continue }
            checked += 1
            let path = String(target.prefix { $0 != "#" })
            let fileImports = try Self.lines(of: path).filter { $0.hasPrefix("import ") }
            let blockImports = Array(
                block.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix { $0.hasPrefix("import ") })
            #expect(blockImports == fileImports, "\(block): it opens with \(blockImports), and \(path) imports \(fileImports)")
            for (other, names) in declared where other != path {
                for name in names {
                    guard block.code.contains(try Regex("\\b" + name + "\\b")) else { continue }
                    Issue.record("\(block) names '\(name)', which \(other) declares: the snippet does not compile alone")
                }
            }
        }
        #expect(checked >= 8)
    }

    @Test("every region is shown by some block, and no file holds the old guide markers")
    func everyRegionIsShown() throws {
        let shown = Set(
            try Self.blocks().compactMap { Self.parse($0.marker, "<!-- compiled: ") })
        for region in try Self.regions() {
            #expect(shown.contains("\(region.path)#\(region.name)"), "region \(region.name) of \(region.path) is shown nowhere")
        }
        for path in try Self.compiledFolders().flatMap({ Self.files(under: $0, suffix: ".swift") }) {
            #expect(!(try Self.lines(of: path)).contains { $0.contains("// guide:" + "begin") }, "\(path) uses the old guide markers")
        }
    }
}
