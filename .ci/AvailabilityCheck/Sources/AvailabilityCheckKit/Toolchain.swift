import Foundation

/// The compiler and the two tools beside it that the check drives, and the target they compile for.
public struct Toolchain: Sendable {
    /// `swiftc`, run as `swiftc -frontend` to dump the typed AST.
    public let compiler: URL
    /// The target triple the package was built for (`x86_64-unknown-linux-gnu`).
    public let target: String

    /// `swift-symbolgraph-extract`, which writes each module's public declarations with their
    /// availability.
    var symbolGraphExtractor: URL { sibling("swift-symbolgraph-extract") }
    /// `swift-demangle`, which names the types inside the AST's mangled type strings.
    var demangler: URL { sibling("swift-demangle") }

    /// The toolchain of a given compiler, for `target`.
    public init(compiler: URL, target: String) {
        self.compiler = compiler
        self.target = target
    }

    /// The first `swiftc` on `PATH`, for the host; for checking files outside a package (the tests).
    public static func fromPath() throws -> Toolchain {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard
            let compiler = directories.lazy.map({ URL(fileURLWithPath: $0).appendingPathComponent("swiftc") })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { throw CheckError("no swiftc on PATH") }
        let info = try Subprocess.run(compiler, ["-print-target-info"])
        struct TargetInfo: Decodable {
            struct Target: Decodable { let triple: String }
            let target: Target
        }
        let triple = try JSONDecoder().decode(TargetInfo.self, from: info).target.triple
        return Toolchain(compiler: compiler, target: triple)
    }

    private func sibling(_ name: String) -> URL {
        compiler.deletingLastPathComponent().appendingPathComponent(name)
    }
}
