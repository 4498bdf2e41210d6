import Foundation

/// Names the nominal types inside mangled type strings, through `swift-demangle --tree-only`, so a
/// type used only in a type position (`let m: Mutex<Int>`, `[InlineArray<2, Int>]()`) is matched
/// to its declaration. The AST keeps such a type only as a mangled string, where a type can also
/// appear through the mangling's substitutions (`AA`, word substitutions), which the demangler
/// resolves and a substring search would not.
///
/// A type's name is its module, enclosing types and own name (`Synchronization.Mutex`,
/// `Swift.Dictionary.Index`); a type declared in an extension is named after the type it extends
/// (`Swift.String.Encoding`), and generic arguments are named on their own.
enum TypeNames {
    /// What one mangled type string is and mentions.
    struct Demangled: Equatable {
        /// The name of the type the string is, when it is a nominal type (`$s15Synchronization5MutexVD`
        /// is `Synchronization.Mutex`; `$sSaySiGD`, an array, is `Swift.Array`).
        var name: String?
        /// The names of every nominal type (struct, class, enum, protocol, type alias) in it: the type
        /// itself, its generic arguments, its enclosing types, the types of a function's parameters.
        var mentions: Set<String> = []
    }

    /// Each string demangled; a string the demangler cannot read mentions nothing.
    static func demangle(_ mangledStrings: [String], demangler: URL) throws -> [String: Demangled] {
        guard !mangledStrings.isEmpty else { return [:] }
        let output = try Subprocess.run(demangler, ["--tree-only"], input: Data((mangledStrings.joined(separator: "\n") + "\n").utf8))
        return parse(treeOutput: String(decoding: output, as: UTF8.self))
    }

    /// The name of the type a USR declares (`s:15Synchronization5MutexV` → `Synchronization.Mutex`),
    /// read the same way as the AST's strings so that the two always agree.
    static func mangledType(ofUSR usr: String) -> String? {
        usr.hasPrefix("s:") ? "$s" + usr.dropFirst(2) + "D" : nil
    }

    /// Reads the demangler's tree output: for each input, `Demangling for <input>`, then one node a
    /// line (`kind=Structure`, `kind=Identifier, text="Mutex"`) indented two spaces a level.
    static func parse(treeOutput: String) -> [String: Demangled] {
        var result: [String: Demangled] = [:]
        var current: String?
        var stack: [Node] = []
        var roots: [Node] = []
        func finish() {
            if let current {
                var demangled = Demangled()
                for root in roots {
                    root.collectNames(into: &demangled.mentions)
                    demangled.name = demangled.name ?? root.declaredTypeName
                }
                result[current] = demangled
            }
            current = nil
            stack = []
            roots = []
        }
        for line in treeOutput.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Demangling for ") {
                finish()
                current = String(line.dropFirst("Demangling for ".count))
                continue
            }
            let indentation = line.prefix(while: { $0 == " " }).count
            let body = line.dropFirst(indentation)
            guard current != nil, body.hasPrefix("kind=") else { continue }
            let node = Node(line: body)
            let depth = indentation / 2
            stack.removeSubrange(min(depth, stack.count)...)
            if let parent = stack.last { parent.children.append(node) } else { roots.append(node) }
            stack.append(node)
        }
        finish()
        return result
    }

    private final class Node {
        static let nominalKinds: Set<String> = ["Structure", "Class", "Enum", "Protocol", "TypeAlias", "OtherNominalType"]

        let kind: String
        let text: String?
        var children: [Node] = []

        init(line: Substring) {
            let fields = line.split(separator: ",", maxSplits: 1)
            kind = String(fields[0].dropFirst("kind=".count))
            if fields.count > 1, let start = fields[1].firstIndex(of: "\""), let end = fields[1].lastIndex(of: "\""), start < end {
                text = String(fields[1][fields[1].index(after: start)..<end])
            } else {
                text = nil
            }
        }

        /// For `Global` → `TypeMangling` → `Type` → a nominal type (bound to generic arguments or not), its name.
        var declaredTypeName: String? {
            var node = self
            while ["Global", "TypeMangling", "Type"].contains(node.kind) || node.kind.hasPrefix("BoundGeneric"),
                let child = node.children.first
            {
                node = child
            }
            return Self.nominalKinds.contains(node.kind) ? node.name : nil
        }

        func collectNames(into names: inout Set<String>) {
            if Self.nominalKinds.contains(kind), let name { names.insert(name) }
            for child in children { child.collectNames(into: &names) }
        }

        /// `Module.Outer.Inner` for a nominal type whose context is a module, an extension or
        /// another nominal type; `nil` for a type local to a function, which no SDK declares.
        var name: String? {
            switch kind {
            case "Module": return text
            // A generic type's nested type (`Dictionary<String, Int>.Index`) has the bound type as its context.
            case "Type",
                _ where kind.hasPrefix("BoundGeneric"):
                return children.first?.name
            case "Extension": return children.count > 1 ? children[1].name : nil
            case _ where Self.nominalKinds.contains(kind):
                guard children.count > 1, let context = children[0].name, let identifier = children[1].identifier else { return nil }
                return context + "." + identifier
            default: return nil
            }
        }

        /// The declared name: an `Identifier`'s text, or the name inside a `PrivateDeclName`.
        private var identifier: String? {
            switch kind {
            case "Identifier": return text
            case "PrivateDeclName": return children.last?.text
            default: return nil
            }
        }
    }
}
