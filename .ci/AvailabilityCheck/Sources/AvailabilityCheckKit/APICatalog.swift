import Foundation

/// The availability of every public declaration of the modules an app links from Apple's SDK
/// (the standard library, Foundation, Dispatch, Synchronization, …), read from the symbol graphs
/// that `swift-symbolgraph-extract` writes from the toolchain's own modules: they keep the Apple
/// `@available` of each declaration even on Linux.
public struct APICatalog: Sendable {
    /// The toolchain modules that Apple ships too, with the availability they declare: the standard
    /// library and the modules beside it, Foundation (three modules on Linux), Dispatch,
    /// Synchronization, and Swift Testing (which RecurringAlarmsTesting imports). RegexBuilder,
    /// Observation and Distributed are not imported today; listing them checks a first import.
    public static let toolchainModules = [
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "Distributed", "Synchronization", "Dispatch",
        "FoundationEssentials", "FoundationInternationalization", "Foundation", "Testing"
    ]

    /// A declaration that needs more than nothing on some platform.
    public struct Entry: Sendable {
        /// `String.init(validating:as:)`.
        public let name: String
        public let requirement: Requirement
        /// A struct, class, enum, protocol or type alias: what can be used in a type alone.
        public let isType: Bool
    }

    /// By precise identifier (USR), the same identifier as the AST's `decl_usr`.
    public private(set) var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// Extracts the symbol graphs of `modules` (each found on the toolchain's paths or in
    /// `searchPaths`) and reads them.
    public static func extract(modules: [String], toolchain: Toolchain, searchPaths: [URL] = []) throws -> APICatalog {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("availability-graphs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let jobs = extractionJobs(modules: modules, toolchain: toolchain, searchPaths: searchPaths, scratch: scratch)
        return try APICatalog(symbolGraphs: runConcurrently(jobs).flatMap { $0 })
    }

    /// One job a module: extracts its symbol graphs into a folder of `scratch` and returns them.
    static func extractionJobs(modules: [String], toolchain: Toolchain, searchPaths: [URL], scratch: URL)
        -> [@Sendable () throws -> [Data]]
    {
        modules.map { module in
            { @Sendable in
                // Each module in a folder of its own: the extractor names the graphs of a module's
                // extensions after the module they extend, and two modules may write the same name.
                let output = scratch.appendingPathComponent(module)
                try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
                try Subprocess.run(
                    toolchain.symbolGraphExtractor,
                    ["-module-name", module, "-target", toolchain.target, "-output-dir", output.path, "-skip-synthesized-members"]
                        + searchPaths.flatMap { ["-I", $0.path] })
                return try FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: nil)
                    .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
                    .map { try Data(contentsOf: $0) }
            }
        }
    }

    /// Reads symbol graphs (`*.symbols.json`). A declaration needs what it says and what its
    /// enclosing type or extension says; a protocol requirement needs only what the least available
    /// of itself and its default implementations needs, since a default implementation stands in
    /// for a requirement added later (`FixedWidthInteger.&*`, macOS 15, has one available everywhere).
    public init(symbolGraphs: [Data]) throws {
        var own: [String: (name: String, requirement: Requirement, isType: Bool)] = [:]
        var parents: [String: String] = [:]
        var defaultImplementations: [String: [String]] = [:]
        let decoder = JSONDecoder()
        for data in symbolGraphs {
            let graph = try decoder.decode(SymbolGraph.self, from: data)
            for symbol in graph.symbols {
                var requirement = Requirement()
                for availability in symbol.availability ?? [] {
                    guard let platform = availability.domain.flatMap(Platform.init(domain:)) else { continue }
                    if availability.isUnconditionallyUnavailable == true {
                        requirement = requirement.combined(with: Requirement([platform: .unavailable]))
                    } else if let introduced = availability.introduced {
                        requirement = requirement.combined(with: Requirement([platform: .introduced(introduced.version)]))
                    }
                }
                let usr = symbol.identifier.precise
                let previous = own[usr]?.requirement ?? Requirement()
                own[usr] = (
                    symbol.pathComponents.joined(separator: "."), previous.combined(with: requirement),
                    SymbolGraph.typeKinds.contains(symbol.kind.identifier)
                )
            }
            for relationship in graph.relationships {
                switch relationship.kind {
                case "memberOf": parents[relationship.source] = relationship.target
                case "defaultImplementationOf": defaultImplementations[relationship.target, default: []].append(relationship.source)
                default: break
                }
            }
        }

        // What each declaration needs with its enclosing declarations' needs, then what a
        // requirement needs given its default implementations.
        var inherited: [String: Requirement] = [:]
        func inheritedRequirement(_ usr: String, depth: Int = 0) -> Requirement {
            if let known = inherited[usr] { return known }
            var requirement = own[usr]?.requirement ?? Requirement()
            if let parent = parents[usr], parent != usr, depth < 32 {
                requirement = requirement.combined(with: inheritedRequirement(parent, depth: depth + 1))
            }
            inherited[usr] = requirement
            return requirement
        }
        var entries: [String: Entry] = [:]
        for (usr, symbol) in own {
            var requirement = inheritedRequirement(usr)
            for implementation in defaultImplementations[usr] ?? [] {
                requirement = requirement.loosened(by: inheritedRequirement(implementation))
            }
            if !requirement.isEmpty {
                entries[usr] = Entry(name: symbol.name, requirement: requirement, isType: symbol.isType)
            }
        }
        self.entries = entries
    }

    /// Adds the declarations of the checked code itself (an `@available(iOS 18, *)` function of the
    /// package needs iOS 18 of its callers too); a symbol graph's entry wins over one of the same USR.
    public mutating func merge(_ declarations: [String: Entry]) {
        entries.merge(declarations) { graph, _ in graph }
    }
}

/// The parts of a symbol graph the catalog reads.
private struct SymbolGraph: Decodable {
    static let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"]

    struct Symbol: Decodable {
        struct Identifier: Decodable { let precise: String }
        struct Kind: Decodable { let identifier: String }
        struct Availability: Decodable {
            struct SemanticVersion: Decodable {
                let major: Int
                let minor: Int?
                let patch: Int?
                var version: Version { Version([major, minor ?? 0, patch ?? 0]) }
            }
            let domain: String?
            let introduced: SemanticVersion?
            let isUnconditionallyUnavailable: Bool?
        }
        let identifier: Identifier
        let kind: Kind
        let pathComponents: [String]
        let availability: [Availability]?
    }
    struct Relationship: Decodable {
        let kind: String
        let source: String
        let target: String
    }
    let symbols: [Symbol]
    let relationships: [Relationship]
}
