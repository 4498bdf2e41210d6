/// One place in the checked code that uses a declaration (by USR) or a type (by mangled name),
/// and what that place guarantees about the OS.
struct Use: Hashable, Sendable {
    /// A declaration's USR (`s:SS10validating…`) or a mangled type (`$s15Synchronization5MutexVySiGD`).
    let target: String
    /// An index into the files walked.
    let file: Int
    /// The byte offset of the closest AST node with a source range.
    let offset: Int
    let coverage: Coverage
}

/// What the walk of the typed AST found: every use, and every declaration of the checked code with
/// what it needs of its users.
struct SourceFacts: Sendable {
    var declarationUses: Set<Use> = []
    var typeUses: Set<Use> = []
    /// The checked code's own declarations whose context raises the package's minimums, by USR.
    var declarations: [String: APICatalog.Entry] = [:]

    mutating func merge(_ other: SourceFacts) {
        declarationUses.formUnion(other.declarationUses)
        typeUses.formUnion(other.typeUses)
        declarations.merge(other.declarations) { first, _ in first }
    }
}
