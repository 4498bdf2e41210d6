import Foundation

/// How SwiftPM compiled one module, so the check type-checks it exactly the same way: the same
/// compiler, sources, search paths, defines, package name and module aliases.
public struct ModuleBuild: Sendable {
    public let moduleName: String
    /// The compiler SwiftPM ran (`swiftc`).
    public let compiler: URL
    public let sources: [URL]
    /// The driver's arguments that decide how the sources type-check, in the form `swiftc -frontend`
    /// takes them (no outputs, no code generation).
    public let frontendArguments: [String]

    public init(moduleName: String, compiler: URL, sources: [URL], frontendArguments: [String]) {
        self.moduleName = moduleName
        self.compiler = compiler
        self.sources = sources
        self.frontendArguments = frontendArguments
    }

    /// The sources' total size in bytes, a guess at how long the module takes to type-check.
    var sourceSize: Int {
        sources.reduce(0) { total, source in
            total + ((try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? 0)
        }
    }

    /// The target triple SwiftPM compiled for (`-target`).
    public var target: String? {
        frontendArguments.firstIndex(of: "-target").flatMap { $0 + 1 < frontendArguments.count ? frontendArguments[$0 + 1] : nil }
    }

    /// How SwiftPM's driver command (`swiftc` and its arguments) compiles its module.
    public init(driverCommand: [String]) throws {
        guard let driver = driverCommand.first else { throw CheckError("an empty compile command") }
        let (arguments, sources) = try Self.frontendInvocation(fromDriverArguments: Array(driverCommand.dropFirst()))
        guard let nameIndex = arguments.firstIndex(of: "-module-name"), nameIndex + 1 < arguments.count else {
            throw CheckError("a compile command without -module-name: \(driverCommand.prefix(8).joined(separator: " "))")
        }
        let compiler = URL(fileURLWithPath: driver)
        self.init(
            moduleName: arguments[nameIndex + 1], compiler: compiler, sources: sources,
            frontendArguments: arguments + Self.implicitFrontendArguments(compiler: compiler))
    }

    /// What the driver adds to every frontend job on its own: where the compiler's macro plugins
    /// are (`@TaskLocal`, `#expect` need them).
    static func implicitFrontendArguments(compiler: URL) -> [String] {
        let usr = compiler.deletingLastPathComponent().deletingLastPathComponent()
        let server = usr.appendingPathComponent("lib/swift/host/libSwiftInProcPluginServer.so")
        let pluginFolders = ["lib/swift/host/plugins", "local/lib/swift/host/plugins"].map { usr.appendingPathComponent($0) }
        var arguments: [String] = []
        if FileManager.default.fileExists(atPath: server.path) { arguments += ["-in-process-plugin-server-path", server.path] }
        for folder in pluginFolders where FileManager.default.fileExists(atPath: folder.path) { arguments += ["-plugin-path", folder.path] }
        return arguments
    }

    /// The driver command of every Swift module an llbuild manifest (`.build/debug.yaml`) compiles,
    /// by module name. SwiftPM writes one command a module, `"C.<target>-<triple>-<configuration>.module"`,
    /// whose `args:` line is a JSON array: the driver, its arguments, and `@<file>` listing the
    /// sources (which exists only once the module was built, so it is read later).
    public static func driverCommands(inLLBuildManifest manifest: String) throws -> [String: [String]] {
        var commands: [String: [String]] = [:]
        var inModuleCommand = false
        for line in manifest.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  \"") {
                inModuleCommand = line.hasPrefix("  \"C.") && line.hasSuffix(".module\":")
            } else if inModuleCommand, line.hasPrefix("    args: ") {
                let command = try JSONDecoder().decode([String].self, from: Data(line.dropFirst("    args: ".count).utf8))
                if let nameIndex = command.firstIndex(of: "-module-name"), nameIndex + 1 < command.count {
                    commands[command[nameIndex + 1]] = command
                }
            }
        }
        return commands
    }

    /// Driver arguments that take a value and change what the sources mean, kept with their value.
    static let keptWithValue: Set<String> = [
        "-module-name", "-I", "-F", "-Isystem", "-Fsystem", "-target", "-target-variant", "-sdk", "-resource-dir", "-swift-version",
        "-package-name", "-module-cache-path", "-module-alias", "-Xcc", "-enable-upcoming-feature", "-enable-experimental-feature",
        "-default-isolation", "-plugin-path", "-external-plugin-path", "-load-plugin-executable", "-load-plugin-library", "-vfsoverlay",
        "-user-module-version", "-language-mode"
    ]
    /// Driver flags that change what the sources mean, kept.
    static let keptFlags: Set<String> = [
        "-parse-as-library", "-enable-testing", "-enable-library-evolution", "-warn-concurrency", "-enable-bare-slash-regex",
        "-strict-memory-safety", "-application-extension", "-enable-actor-data-race-checks", "-disable-availability-checking"
    ]
    /// Driver arguments about outputs and code generation that take a value, dropped with it.
    static let droppedWithValue: Set<String> = [
        "-o", "-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path", "-num-threads", "-Xlinker", "-L",
        "-module-link-name", "-debug-prefix-map", "-file-prefix-map", "-emit-module-interface-path", "-emit-private-module-interface-path",
        "-emit-api-descriptor-path", "-serialize-diagnostics-path", "-emit-tbd-path", "-Xllvm", "-Xclang-linker", "-emit-dependencies-path",
        "-emit-symbol-graph-dir", "-pch-output-dir", "-sanitize-coverage", "-index-file-path", "-swift-module-cross-import"
    ]

    /// The frontend's form of a driver command line: the arguments that decide how the sources
    /// type-check, and the sources (listed directly or in `@` response files, one path a line).
    /// `-Xfrontend X` passes `X` on; `-D` and `-strict-concurrency=` are kept; anything else
    /// (outputs, code generation, the driver's own scheduling) is dropped.
    static func frontendInvocation(fromDriverArguments arguments: [String]) throws -> (arguments: [String], sources: [URL]) {
        var kept: [String] = []
        var sources: [URL] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            if argument == "-Xfrontend", let value {
                kept.append(value)
                index += 2
                continue
            }
            if keptWithValue.contains(argument), let value {
                kept += [argument, value]
                index += 2
                continue
            }
            if droppedWithValue.contains(argument) {
                index += 2
                continue
            }
            if keptFlags.contains(argument) || argument.hasPrefix("-D") || argument.hasPrefix("-strict-concurrency=") {
                if argument != "-parse-as-library" || !kept.contains(argument) { kept.append(argument) }
            } else if argument.hasPrefix("@") {
                let list = try String(contentsOfFile: String(argument.dropFirst()), encoding: .utf8)
                sources += list.split(separator: "\n").map { line in
                    URL(fileURLWithPath: line.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")))
                }
            } else if !argument.hasPrefix("-"), argument.hasSuffix(".swift") {
                sources.append(URL(fileURLWithPath: argument))
            }
            index += 1
        }
        return (kept, sources)
    }
}
