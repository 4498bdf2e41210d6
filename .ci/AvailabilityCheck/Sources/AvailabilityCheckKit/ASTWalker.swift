import Foundation

/// Walks the typed AST of one file, as `swiftc -frontend -dump-ast -dump-ast-format json` writes
/// it, carrying what each place guarantees about the OS:
///
/// - a declaration's `@available` attributes (`available_attr`) raise it for the whole declaration,
///   its members and bodies; `@available(X, unavailable)` and `@available(*, unavailable)` take X
///   (or every platform) out;
/// - an `if` or `while` condition `#available(…, *)` raises it for the later conditions and the
///   body; a `guard` one for the statements after the guard in the same block;
/// - `#unavailable(…)` (the one query without `*`) raises it for the `else` of an `if` and the body
///   of a `guard`, when it is the only condition;
/// - a stored property's attributes cover its initial value, which the AST keeps apart in the
///   pattern binding before it;
/// - closures and nested declarations inherit it from where they are written;
/// - an `#if` clause a platform never compiles (`#if !os(tvOS)`) takes that platform out
///   (`ConditionalRegions`).
///
/// Every `decl_usr` (a referenced declaration), `bind` (a type written in a type position that the
/// AST keeps as a reference) and `protocol` (a conformance declared or used) is a declaration use;
/// every mangled type string (`type`, `interface_type`, a substitution's replacement, …) is a type
/// use. Uses sit at the byte offset of the closest node with a source range.
///
/// One use is the compiler's choice rather than the code's: `for await` calls the iterator's
/// `next(isolation:)` (macOS 15, iOS 18) where it is available and `next()` where it is not, so
/// the `next(isolation:)` of a loop's implicit iteration is not a use.
struct ASTWalker {
    private struct Context {
        var coverage: Coverage
        var offset: Int
        var scope: [String]
        /// Inside a `for` loop's implicit `next` call.
        var inIteration = false
    }

    private static let typeDeclarationKinds: Set<String> = ["struct_decl", "class_decl", "enum_decl", "protocol", "typealias"]
    private static let referenceKeys: Set<String> = ["decl_usr", "bind", "protocol"]

    private let file: Int
    private let minimums: [Platform: Version]
    private let regions: ConditionalRegions
    private(set) var facts = SourceFacts()

    init(file: Int, minimums: [Platform: Version], regions: ConditionalRegions) {
        self.file = file
        self.minimums = minimums
        self.regions = regions
    }

    /// Walks a `source_file` node.
    mutating func walk(sourceFile: Any) {
        walk(sourceFile, Context(coverage: Coverage(minimums: minimums), offset: 0, scope: []))
    }

    private mutating func walk(_ value: Any, _ context: Context) {
        if let node = value as? [String: Any] {
            _ = walk(node: node, context)
        } else if let list = value as? [Any] {
            for (index, element) in list.enumerated() {
                guard let node = element as? [String: Any] else {
                    walk(element, context)
                    continue
                }
                _ = walk(node: node, bindingContext(list, index, context))
            }
        } else if let string = value as? String, string.hasPrefix("$s") {
            facts.typeUses.insert(Use(target: string, file: file, offset: context.offset, coverage: context.coverage))
        }
    }

    /// Walks statements in order; a `guard` raises what the statements after it guarantee.
    private mutating func walk(statements value: Any?, _ context: Context) -> Coverage {
        guard let list = value as? [Any] else { return context.coverage }
        var current = context
        for (index, element) in list.enumerated() {
            guard let node = element as? [String: Any] else {
                walk(element, current)
                continue
            }
            if let after = walk(node: node, bindingContext(list, index, current)) { current.coverage = after }
        }
        return current.coverage
    }

    /// Walks one node; returns what the statements after it guarantee when it raises that (a
    /// `guard #available`, or top-level code holding one), `nil` when it leaves it as it was.
    private mutating func walk(node: [String: Any], _ outer: Context) -> Coverage? {
        var context = outer
        if let range = node["range"] as? [String: Any], let start = range["start"] as? Int {
            context.offset = start
            if !regions.isEmpty {
                context.coverage = regions.excludedPlatforms(at: start).reduce(context.coverage) { $0.excluding($1) }
            }
        }
        if let attributes = node["attrs"] as? [Any] { context.coverage = applying(attributes, to: context.coverage) }
        let kind = node["_kind"] as? String ?? ""
        if let usr = node["usr"] as? String, !usr.isEmpty, kind != "accessor_decl", kind != "extension_decl" {
            record(usr, node, kind, context)
        }
        if Self.typeDeclarationKinds.contains(kind), let name = Self.name(of: node) { context.scope.append(name) }

        switch kind {
        case "brace_stmt":
            _ = walk(statements: node["elements"], context)
        case "source_file":
            _ = walk(statements: node["items"], context)
        case "top_level_code_decl":
            // Top-level code in main.swift: a `guard` in one statement covers the statements after it.
            let after = walk(statements: (node["body"] as? [String: Any])?["elements"], context)
            return after == context.coverage ? nil : after
        case "if_stmt":
            let (then, otherwise) = walk(conditions: node["conditions"], context)
            if let body = node["then_stmt"] { walk(body, with: then, context) }
            if let body = node["else_stmt"] { walk(body, with: otherwise, context) }
        case "guard_stmt":
            let (after, body) = walk(conditions: node["conditions"], context)
            if let statements = node["body"] { walk(statements, with: body, context) }
            return after
        case "while_stmt":
            let (body, _) = walk(conditions: node["conditions"], context)
            if let statements = node["body"] { walk(statements, with: body, context) }
        default:
            for (key, value) in node where key != "range" && key != "usr" {
                if Self.referenceKeys.contains(key) {
                    // `4next9isolation` is how a USR spells a function `next(isolation:)`.
                    if let usr = value as? String, usr.hasPrefix("s:"), !(context.inIteration && usr.contains("4next9isolation")) {
                        facts.declarationUses.insert(Use(target: usr, file: file, offset: context.offset, coverage: context.coverage))
                    }
                } else if key == "next_call" && kind == "for_each_stmt" {
                    var iteration = context
                    iteration.inIteration = true
                    walk(value, iteration)
                } else {
                    walk(value, context)
                }
            }
        }
        return nil
    }

    private mutating func walk(_ value: Any, with coverage: Coverage, _ context: Context) {
        var inner = context
        inner.coverage = coverage
        walk(value, inner)
    }

    /// Walks a statement's conditions in order; returns what its body (`then`) and the other path
    /// (`otherwise`: an `if`'s `else`, a `guard`'s body) guarantee. For a `guard` the two swap
    /// meaning: `then` is what the statements after it guarantee.
    private mutating func walk(conditions value: Any?, _ context: Context) -> (then: Coverage, otherwise: Coverage) {
        let conditions = value as? [Any] ?? []
        var current = context
        var otherwise = context.coverage
        for condition in conditions {
            guard let node = condition as? [String: Any], node["_kind"] as? String == "#available" else {
                walk(condition, current)
                continue
            }
            let queries = node["queries"] as? [[String: Any]] ?? []
            // `#available` must list `*` and `#unavailable` must not (both are compile errors
            // otherwise), and the JSON dump calls both `#available`: the `*` tells them apart.
            if queries.contains(where: { $0["domain"] as? String == "*" }) {
                current.coverage = raising(current.coverage, by: queries)
            } else if conditions.count == 1 {
                otherwise = raising(otherwise, by: queries)
            }
        }
        return (current.coverage, otherwise)
    }

    /// A stored property's `@available` sits on its `var_decl`, which the AST lists after the
    /// `pattern_binding_decl` holding its initial value: that value gets the attributes of the
    /// variables the binding declares.
    private func bindingContext(_ list: [Any], _ index: Int, _ context: Context) -> Context {
        guard let binding = list[index] as? [String: Any], binding["_kind"] as? String == "pattern_binding_decl",
            let range = binding["range"] as? [String: Any], let start = range["start"] as? Int, let end = range["end"] as? Int
        else { return context }
        var result = context
        for sibling in list[(index + 1)...] {
            guard let variable = sibling as? [String: Any], variable["_kind"] as? String == "var_decl",
                let variableRange = variable["range"] as? [String: Any], let position = variableRange["start"] as? Int,
                (start...end).contains(position)
            else { break }
            if let attributes = variable["attrs"] as? [Any] { result.coverage = applying(attributes, to: result.coverage) }
        }
        return result
    }

    private func applying(_ attributes: [Any], to coverage: Coverage) -> Coverage {
        var result = coverage
        for case let attribute as [String: Any] in attributes where attribute["_kind"] as? String == "available_attr" {
            let domain = attribute["domain"] as? String ?? ""
            let unavailable = attribute["unavailable"] as? Bool ?? false
            if domain == "*" {
                if unavailable { result = Platform.allCases.reduce(result) { $0.excluding($1) } }
            } else if let platform = Platform(domain: domain) {
                if unavailable {
                    result = result.excluding(platform)
                } else if let text = attribute["introduced"] as? String, let version = Version(text) {
                    result = result.raised(platform, to: version)
                }
            }
        }
        return result
    }

    private func raising(_ coverage: Coverage, by queries: [[String: Any]]) -> Coverage {
        queries.reduce(coverage) { coverage, query in
            guard let platform = (query["domain"] as? String).flatMap(Platform.init(domain:)),
                let version = (query["version"] as? String).flatMap(Version.init)
            else { return coverage }
            return coverage.raised(platform, to: version)
        }
    }

    /// Records a declaration of the checked code whose context asks more than the package's
    /// minimums, so that its uses elsewhere are checked like an SDK declaration's.
    private mutating func record(_ usr: String, _ node: [String: Any], _ kind: String, _ context: Context) {
        var requirement = Requirement()
        for (platform, guarantee) in context.coverage.guarantees {
            switch guarantee {
            case .never: requirement.needs[platform] = .unavailable
            case .atLeast(let version) where minimums[platform].map({ $0 < version }) ?? false:
                requirement.needs[platform] = .introduced(version)
            case .atLeast: break
            }
        }
        guard !requirement.isEmpty else { return }
        let name = (context.scope + [Self.name(of: node) ?? usr]).joined(separator: ".")
        facts.declarations[usr] = APICatalog.Entry(name: name, requirement: requirement, isType: Self.typeDeclarationKinds.contains(kind))
    }

    /// `covered(_:)`, `macHome()`, `init(validating:as:)`, `Mutex`: a declaration's name as Swift
    /// spells it (the dump leaves out the argument list of a function without arguments).
    private static func name(of node: [String: Any]) -> String? {
        guard let name = node["name"] as? [String: Any], let base = name["base_name"] as? [String: Any],
            let text = base["name"] as? String ?? base["special"] as? String
        else { return nil }
        let arguments = name["args"] as? [String]
        let isFunction = ["func_decl", "constructor_decl", "subscript_decl"].contains(node["_kind"] as? String ?? "")
        guard arguments != nil || isFunction else { return text }
        return text + "(" + (arguments ?? []).map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"
    }
}
