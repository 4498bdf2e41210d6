// The availability check: proves that the code a package ships calls no API of the standard
// library, Foundation, Dispatch, Synchronization (or the other modules an app takes from Apple's
// OS, `APICatalog.toolchainModules`) that is newer than the package's declared platforms, outside
// an `if #available`, `guard #available` or `@available` that covers it. It runs on Linux with the
// toolchain alone, after `swift build`:
//
//     swift run --package-path .ci/AvailabilityCheck availability-check --package-path . [--target T …]
//
// How:
// 1. The platforms are Package.swift's (`swift package dump-package`); the code is every target of
//    every declared product and what those targets depend on.
// 2. Each module is type-checked again exactly as SwiftPM compiled it (the arguments in
//    `.build/debug.yaml`), with `swiftc -frontend -typecheck -dump-ast -dump-ast-format json`,
//    every file a primary file. The JSON names every referenced declaration by USR and every type
//    by its mangled name, with byte offsets, `#available` conditions and `@available` attributes.
// 3. `swift-symbolgraph-extract` writes each toolchain module's public declarations with their
//    Apple `@available`, which the Linux modules keep (`String.init(validating:as:)`: macOS 15,
//    iOS 18, watchOS 11, tvOS 18). Their USRs are the AST's.
// 4. `ASTWalker` carries what each place in the code guarantees (the minimums, raised by the
//    `#available`, `#unavailable` and `@available` around it, less the platforms an enclosing `#if`
//    never compiles for) to every use, and each use is checked against what its declaration needs.
//    A protocol requirement added later needs only what its least available default
//    implementation needs (`&*`); a member needs what its type or extension needs; the package's
//    own `@available` declarations are checked at their uses like the SDK's.
// 5. Types written only in a type position (`let m: Mutex<Int>`) are found by demangling every
//    mangled type string of the AST and matching the nominal types in it (`TypeNames`).
// Every use that is not covered is an error, with its file, line, column, declaration, what it
// needs and what the place guarantees; any error fails the run (exit status 1).
//
// `--target T` type-checks a target that ships nothing but compiles product code the products'
// own Linux build leaves out: `Tests/AppleCodeTypeCheck` compiles the Apple-only adapter (behind
// `#if canImport(UserNotifications)`, `#if canImport(AlarmKit)`) against SDK stand-ins. Only the
// findings in the products' files count there (not the guide samples or the signature tests,
// which are iOS app code), and the stand-ins are APIs with the availability they declare.
//
// What it does not see:
// - Code the Linux build does not compile: `#if canImport(Darwin)`, `#if os(iOS)` and every other
//   branch that is false on Linux. Keep such branches small. The adapter is seen only through
//   `--target`, and only against the stand-ins' availability, as true as the stand-ins are.
// - `#if` clauses are taken out for a platform only when certainly never compiled there: `os(…)`,
//   and `canImport` of Glibc, Musl, Android, WinSDK, FoundationNetworking, FoundationXML (never on
//   Apple's OSes) or Darwin, Foundation, Dispatch, ObjectiveC (always). Anything else, like
//   `canImport(UIKit)` or `targetEnvironment(macCatalyst)`, may be either, and is checked as
//   compiled everywhere.
// - Declarations the Linux modules declare without their Apple availability: corelibs Foundation
//   (the `Foundation` module on Linux) has `Process`, `Thread` and others with no `@available`,
//   Glibc is not Darwin, and an API that exists only on Linux is not flagged as missing on Apple's.
// - Conformance availability (a conformance added in a later OS, used through a generic or an
//   existential), `obsoleted:` and deprecation, and platforms other than macOS, iOS, tvOS and
//   watchOS (visionOS, Mac Catalyst: reported as not checked when declared).
// - A protocol requirement counts as available when any of its default implementations is, even
//   one in a constrained extension the calling type does not meet.
// - Language features and standard library API newer than the Swift that the tools version
//   promises (Swift 6.0) but available on every OS: back-deployed or always-emit-into-client code
//   that an older toolchain lacks has no OS availability to check.
// - Code the compiler writes itself (synthesized `Codable`, `Hashable`) is seen only through the
//   types it uses; `for await` is the one implicit call taken into account (`ASTWalker`).
import Foundation

/// Runs the check over a package or over loose files.
public enum AvailabilityCheck {
    /// The outcome of a run: the findings, and what was checked.
    public struct Report: Sendable {
        public let findings: [Finding]
        public let modules: [String]
        public let fileCount: Int
        /// Declarations (SDK and the package's own) with an availability above nothing.
        public let catalogSize: Int
        public let minimums: [Platform: Version]
        public let unmodelledPlatforms: [String]
    }

    /// Checks every module of a package's products, plus `extraTargets`, as its last `swift build`
    /// (the llbuild manifest in `buildDirectory`, `.build` by default) compiled them.
    public static func check(packageDirectory: URL, buildDirectory: URL? = nil, extraTargets: [String] = []) throws -> Report {
        let buildDirectory = buildDirectory ?? packageDirectory.appendingPathComponent(".build")
        let manifestFile = buildDirectory.appendingPathComponent("debug.yaml")
        guard let llbuild = try? String(contentsOf: manifestFile, encoding: .utf8) else {
            throw CheckError("cannot read \(manifestFile.path): run `swift build` in \(packageDirectory.path) first")
        }
        let commands = try ModuleBuild.driverCommands(inLLBuildManifest: llbuild)
        guard let compiler = commands.values.first?.first.map(URL.init(fileURLWithPath:)) else {
            throw CheckError("\(manifestFile.path) compiles no Swift module")
        }
        let manifest = try PackageManifest.load(packageDirectory: packageDirectory, compiler: compiler)

        // The products' targets and what they depend on are the code the package ships. An extra
        // target (`Tests/AppleCodeTypeCheck`) is type-checked only to see what it compiles of that
        // code that the products' own build leaves out (`#if canImport(AlarmKit)`): its findings count
        // in the products' files only, and the targets it depends on that ship nothing (the SDK
        // stand-ins) are APIs, read from their symbol graphs like the toolchain's.
        let productTargets = manifest.closure(of: manifest.productTargets)
        let extraTargets = extraTargets.filter { !productTargets.contains($0) }
        func build(_ target: String) throws -> ModuleBuild {
            guard let command = commands[moduleName(ofTarget: target)] else {
                throw CheckError("\(manifestFile.path) does not compile target '\(target)': run `swift build` first")
            }
            return try ModuleBuild(driverCommand: command)
        }
        let products = try productTargets.map(build)
        let extras = try extraTargets.map(build)
        let dependencyModules = Set(extraTargets.flatMap { manifest.targetDependencies[$0] ?? [] }).subtracting(productTargets)
            .subtracting(extraTargets).map(moduleName(ofTarget:)).sorted()
        guard let target = products.first?.target else { throw CheckError("no module to check: the package declares no product") }
        let toolchain = Toolchain(compiler: compiler, target: target)
        // Where the extra targets found those modules when SwiftPM compiled them.
        let searchPaths = extras.flatMap { extra in
            zip(extra.frontendArguments, extra.frontendArguments.dropFirst()).filter { $0.0 == "-I" }.map { URL(fileURLWithPath: $0.1) }
        }
        let shippedFiles = Set(products.flatMap(\.sources).map { displayPath(of: $0, root: packageDirectory) })
        return try check(
            modules: products + extras, apiModules: APICatalog.toolchainModules + dependencyModules, searchPaths: searchPaths,
            minimums: manifest.minimums, unmodelledPlatforms: manifest.unmodelledPlatforms, toolchain: toolchain,
            root: packageDirectory, reportedFiles: shippedFiles)
    }

    /// Checks loose Swift files as one module against `catalog` (the tests' entry point).
    public static func check(
        files: [URL], minimums: [Platform: Version], catalog: APICatalog, toolchain: Toolchain, moduleName: String = "Checked"
    ) throws -> [Finding] {
        let module = ModuleBuild(
            moduleName: moduleName, compiler: toolchain.compiler, sources: files,
            frontendArguments: ["-module-name", moduleName, "-target", toolchain.target, "-swift-version", "6", "-parse-as-library"]
                + ModuleBuild.implicitFrontendArguments(compiler: toolchain.compiler))
        let dump = try dumpAST(of: module)
        defer { try? FileManager.default.removeItem(at: dump.directory) }
        return try findings(in: [dump], minimums: minimums, catalog: catalog, toolchain: toolchain, root: nil, reportedFiles: nil)
    }

    /// The SwiftPM module name of a target (`store-stress` → `store_stress`).
    static func moduleName(ofTarget target: String) -> String {
        var name = String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.first?.isNumber ?? false { name = "_" + name }
        return name
    }

    private static func check(
        modules: [ModuleBuild], apiModules: [String], searchPaths: [URL], minimums: [Platform: Version], unmodelledPlatforms: [String],
        toolchain: Toolchain, root: URL, reportedFiles: Set<String>
    ) throws -> Report {
        // The symbol graphs and the ASTs in one pool of jobs, the two biggest modules first: they
        // take longest, and the graphs fill the other core meanwhile.
        enum Output: Sendable {
            case graphs([Data])
            case ast(ASTDump)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("availability-graphs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let astJobs = modules.sorted { $0.sourceSize > $1.sourceSize }.map { module in
            { @Sendable in Output.ast(try dumpAST(of: module)) }
        }
        let graphJobs = APICatalog.extractionJobs(modules: apiModules, toolchain: toolchain, searchPaths: searchPaths, scratch: scratch)
            .map { job in { @Sendable in Output.graphs(try job()) } }
        let outputs = try runConcurrently(Array(astJobs.prefix(2)) + graphJobs + astJobs.dropFirst(2))
        var graphs: [Data] = []
        var dumps: [ASTDump] = []
        for output in outputs {
            switch output {
            case .graphs(let data): graphs += data
            case .ast(let dump): dumps.append(dump)
            }
        }
        defer { for dump in dumps { try? FileManager.default.removeItem(at: dump.directory) } }
        let catalog = try APICatalog(symbolGraphs: graphs)
        let findings = try findings(
            in: dumps, minimums: minimums, catalog: catalog, toolchain: toolchain, root: root, reportedFiles: reportedFiles)
        return Report(
            findings: findings, modules: modules.map(\.moduleName),
            fileCount: Set(dumps.flatMap(\.sources).map { displayPath(of: $0, root: root) }).count,
            catalogSize: catalog.entries.count, minimums: minimums, unmodelledPlatforms: unmodelledPlatforms)
    }

    /// One module's typed AST: a JSON file for each source, in a scratch folder.
    struct ASTDump: Sendable {
        let directory: URL
        let sources: [URL]
        let outputs: [URL]
    }

    /// Type-checks a module with every file primary and dumps each file's AST as JSON.
    static func dumpAST(of module: ModuleBuild) throws -> ASTDump {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("availability-ast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let outputs = module.sources.indices.map { directory.appendingPathComponent("\($0).json") }
        var arguments = ["-frontend", "-typecheck", "-dump-ast", "-dump-ast-format", "json"]
        arguments += module.sources.flatMap { ["-primary-file", $0.path] }
        arguments += outputs.flatMap { ["-o", $0.path] }
        arguments += module.frontendArguments
        do {
            try Subprocess.run(module.compiler, arguments)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw CheckError("type-checking module \(module.moduleName) failed: \(error)")
        }
        return ASTDump(directory: directory, sources: module.sources, outputs: outputs)
    }

    /// Walks the dumps, then checks every use against the catalog and the checked code's own
    /// declarations; reports the uses in `reportedFiles` (paths as findings show them), or all.
    static func findings(
        in dumps: [ASTDump], minimums: [Platform: Version], catalog: APICatalog, toolchain: Toolchain, root: URL?,
        reportedFiles: Set<String>?
    ) throws -> [Finding] {
        let files = dumps.flatMap { zip($0.sources, $0.outputs) }
        let walks = try runConcurrently(
            files.indices.map { index in
                { @Sendable in
                    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: files[index].1))
                    let regions = ConditionalRegions(source: try Data(contentsOf: files[index].0))
                    var walker = ASTWalker(file: index, minimums: minimums, regions: regions)
                    walker.walk(sourceFile: json)
                    return walker.facts
                }
            })
        var facts = SourceFacts()
        for walk in walks { facts.merge(walk) }
        var catalog = catalog
        catalog.merge(facts.declarations)

        var uses: [(use: Use, entry: APICatalog.Entry)] = []
        for use in facts.declarationUses {
            if let entry = catalog.entries[use.target] { uses.append((use, entry)) }
        }
        // The nominal types named in the AST's type strings, matched to the types that need anything.
        let types = catalog.entries.filter(\.value.isType)
        let typeStrings = Set(facts.typeUses.map(\.target))
        let typeDeclarations = types.keys.compactMap(TypeNames.mangledType(ofUSR:))
        let demangled = try TypeNames.demangle(Array(typeStrings) + typeDeclarations, demangler: toolchain.demangler)
        var typesByName: [String: APICatalog.Entry] = [:]
        for (usr, entry) in types {
            if let mangled = TypeNames.mangledType(ofUSR: usr), let name = demangled[mangled]?.name { typesByName[name] = entry }
        }
        var typeUses: [(use: Use, entry: APICatalog.Entry)] = []
        for use in facts.typeUses {
            for name in demangled[use.target]?.mentions ?? [] {
                if let entry = typesByName[name] { typeUses.append((use, entry)) }
            }
        }

        // Positions, relative paths; one finding per line and declaration, and a type's own finding
        // only on a line where none of its members is already reported.
        let paths = files.map { displayPath(of: $0.0, root: root) }
        var lineTables: [Int: LineTable] = [:]
        func finding(_ use: Use, _ entry: APICatalog.Entry) throws -> Finding? {
            let unmet = use.coverage.unmet(entry.requirement)
            guard !unmet.isEmpty, reportedFiles?.contains(paths[use.file]) ?? true else { return nil }
            if lineTables[use.file] == nil { lineTables[use.file] = LineTable(contents: try Data(contentsOf: files[use.file].0)) }
            let (line, column) = lineTables[use.file]!.position(of: use.offset)
            var guarantees: [Platform: Version] = [:]
            for (platform, guarantee) in use.coverage.guarantees {
                if case .atLeast(let version) = guarantee { guarantees[platform] = version }
            }
            return Finding(
                path: paths[use.file], line: line, column: column, name: entry.name, needs: unmet, guarantees: guarantees,
                isPackageMinimum: use.coverage == Coverage(minimums: minimums))
        }
        var reported: [String: Finding] = [:]
        func key(_ finding: Finding) -> String { "\(finding.path):\(finding.line):\(finding.name)" }
        for candidate in try uses.compactMap(finding).sorted() where reported[key(candidate)] == nil {
            reported[key(candidate)] = candidate
        }
        let reportedLines = Dictionary(grouping: reported.values) { "\($0.path):\($0.line)" }
        for candidate in try typeUses.compactMap(finding).sorted() where reported[key(candidate)] == nil {
            let sameLine = reportedLines["\(candidate.path):\(candidate.line)"] ?? []
            if sameLine.contains(where: { $0.name.hasPrefix(candidate.name + ".") }) { continue }
            reported[key(candidate)] = candidate
        }
        return reported.values.sorted()
    }

    /// A source's path relative to the package when inside it, symbolic links resolved (so the
    /// adapter that `Tests/AppleCodeTypeCheck` links to is reported where it is edited).
    static func displayPath(of file: URL, root: URL?) -> String {
        let resolved = file.resolvingSymlinksInPath().standardizedFileURL.path
        guard let root else { return resolved }
        let prefix = root.resolvingSymlinksInPath().standardizedFileURL.path + "/"
        return resolved.hasPrefix(prefix) ? String(resolved.dropFirst(prefix.count)) : resolved
    }
}
