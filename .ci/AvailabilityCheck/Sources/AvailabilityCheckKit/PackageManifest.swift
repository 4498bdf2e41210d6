import Foundation

/// What the check needs from the root package's manifest (`swift package dump-package`): the
/// platforms it promises, and which targets ship in its products.
public struct PackageManifest: Sendable {
    /// Each declared Apple platform's minimum (`.iOS(.v16)` → iOS 16).
    public let minimums: [Platform: Version]
    /// Platforms in `platforms:` that the check does not model (visionOS, Mac Catalyst, …).
    public let unmodelledPlatforms: [String]
    /// Every declared product's targets.
    public let productTargets: [String]
    /// Each target's dependencies on other targets of the package, by name.
    public let targetDependencies: [String: [String]]

    /// Reads the JSON of `swift package dump-package`.
    public init(dumpPackageJSON data: Data) throws {
        struct Manifest: Decodable {
            struct PlatformEntry: Decodable {
                let platformName: String
                let version: String
            }
            struct Product: Decodable { let targets: [String] }
            struct Target: Decodable {
                let name: String
                let dependencies: [Dependency]
            }
            /// `{"byName": ["X", null]}`, `{"target": ["X", null]}` or `{"product": ["X", "package", …]}`:
            /// the first string names the dependency; a product of another package is not a target here.
            struct Dependency: Decodable {
                let name: String?
                enum CodingKeys: String, CodingKey { case byName, target, product }
                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    guard let key = [CodingKeys.byName, .target].first(where: container.contains) else {
                        name = nil
                        return
                    }
                    var entry = try container.nestedUnkeyedContainer(forKey: key)
                    name = try entry.decode(String.self)
                }
            }
            let platforms: [PlatformEntry]
            let products: [Product]
            let targets: [Target]
        }
        let manifest = try JSONDecoder().decode(Manifest.self, from: data)
        var minimums: [Platform: Version] = [:]
        var unmodelled: [String] = []
        for entry in manifest.platforms {
            if let platform = Platform(domain: entry.platformName), let version = Version(entry.version) {
                minimums[platform] = version
            } else {
                unmodelled.append(entry.platformName)
            }
        }
        self.minimums = minimums
        unmodelledPlatforms = unmodelled
        productTargets = manifest.products.flatMap(\.targets)
        let names = Set(manifest.targets.map(\.name))
        targetDependencies = Dictionary(
            uniqueKeysWithValues: manifest.targets.map { target in
                (target.name, target.dependencies.compactMap(\.name).filter(names.contains))
            })
    }

    /// The package's manifest, through `swift package dump-package` of `swift` beside `compiler`.
    public static func load(packageDirectory: URL, compiler: URL) throws -> PackageManifest {
        let swift = compiler.deletingLastPathComponent().appendingPathComponent("swift")
        return try PackageManifest(
            dumpPackageJSON: Subprocess.run(swift, ["package", "dump-package", "--package-path", packageDirectory.path]))
    }

    /// `roots` and every target they depend on, directly or not, dependencies first.
    public func closure(of roots: [String]) -> [String] {
        var ordered: [String] = []
        var seen: Set<String> = []
        func visit(_ name: String) {
            guard seen.insert(name).inserted else { return }
            for dependency in targetDependencies[name] ?? [] { visit(dependency) }
            ordered.append(name)
        }
        for root in roots { visit(root) }
        return ordered
    }
}
