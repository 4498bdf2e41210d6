import Foundation

/// The `#if` clauses of one source file, and the Apple platforms that can never compile each.
///
/// The AST holds only the clauses active on Linux, with no trace of the `#if` around them; but a
/// clause under `#if canImport(AlarmKit) && !os(macOS)` is never compiled for macOS, so nothing in
/// it needs to be available there. Each clause's condition is evaluated for each platform with what
/// is certain on it (`os(…)`, `canImport(Glibc)` is false on Apple's OSes, `canImport(Darwin)` true)
/// and everything else unknown; a platform is excluded only when the clause is certainly inactive.
struct ConditionalRegions: Sendable {
    /// Clause bodies (byte ranges) and the platforms that never compile them, only those that exclude some.
    private let regions: [(range: Range<Int>, excluded: Set<Platform>)]

    init(source: Data) {
        regions = Self.clauses(in: [UInt8](source)).compactMap { clause in
            let excluded = Set(Platform.allCases.filter { clause.isActive(on: $0) == .false })
            return excluded.isEmpty ? nil : (clause.body, excluded)
        }
    }

    /// The platforms that never compile the code at `offset`.
    func excludedPlatforms(at offset: Int) -> Set<Platform> {
        regions.reduce(into: []) { excluded, region in
            if region.range.contains(offset) { excluded.formUnion(region.excluded) }
        }
    }

    var isEmpty: Bool { regions.isEmpty }

    /// One clause of an `#if` block: its body, its condition (`nil` for `#else`) and the conditions
    /// of the clauses before it, all of which must be false for it to be active.
    struct Clause {
        let body: Range<Int>
        let condition: Condition?
        let previous: [Condition]

        func isActive(on platform: Platform) -> Truth {
            previous.reduce(condition?.value(on: platform) ?? .true) { $0 && !$1.value(on: platform) }
        }
    }

    /// Finds the directives at the start of a line outside comments and multi-line strings.
    static func clauses(in bytes: [UInt8]) -> [Clause] {
        struct OpenBlock {
            var conditions: [Condition] = []
            var current: Condition?
            var bodyStart: Int
        }
        var clauses: [Clause] = []
        var blocks: [OpenBlock] = []
        var lexer = LineLexer()
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if lexer.isInCode {
                let text = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                let next = min(lineEnd + 1, bytes.count)
                if let condition = directive("#if", in: text) {
                    blocks.append(OpenBlock(current: Condition(parsing: condition), bodyStart: next))
                } else if var block = blocks.popLast() {
                    func close() {
                        clauses.append(Clause(body: block.bodyStart..<lineStart, condition: block.current, previous: block.conditions))
                        if let current = block.current { block.conditions.append(current) }
                        block.bodyStart = next
                    }
                    if let condition = directive("#elseif", in: text) {
                        close()
                        block.current = Condition(parsing: condition)
                        blocks.append(block)
                    } else if directive("#else", in: text) != nil {
                        close()
                        block.current = nil
                        blocks.append(block)
                    } else if directive("#endif", in: text) != nil {
                        close()
                    } else {
                        blocks.append(block)
                    }
                }
            }
            lexer.scan(bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
        }
        return clauses
    }

    /// The rest of a directive line (`#if os(iOS) // why` → `os(iOS)`), `nil` when the line is not that directive.
    private static func directive(_ keyword: String, in line: String) -> String? {
        guard line.hasPrefix(keyword) else { return nil }
        let rest = line.dropFirst(keyword.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "(" || rest.first == "\t" || rest.hasPrefix("//") else { return nil }
        let withoutComment = rest.range(of: "//").map { rest[..<$0.lowerBound] } ?? rest
        return withoutComment.trimmingCharacters(in: .whitespaces)
    }
}

/// Tracks, line by line, whether the next line starts inside a block comment or a multi-line string.
struct LineLexer {
    private static let (slash, star, quote, hash, backslash) = (
        UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "\\")
    )

    private var commentDepth = 0
    /// The number of `#` of the multi-line string the lexer is in, or `nil` outside one.
    private var stringHashes: Int?

    var isInCode: Bool { commentDepth == 0 && stringHashes == nil }

    mutating func scan(_ line: ArraySlice<UInt8>) {
        /// Whether `line` has `count` times `byte` at `position`.
        func repeated(_ byte: UInt8, _ count: Int, at position: Int) -> Bool {
            position + count <= line.endIndex && line[position..<position + count].allSatisfy { $0 == byte }
        }
        func pair(_ first: UInt8, _ second: UInt8, at position: Int) -> Bool {
            position + 1 < line.endIndex && line[position] == first && line[position + 1] == second
        }
        var index = line.startIndex
        while index < line.endIndex {
            if commentDepth > 0 {
                if pair(Self.slash, Self.star, at: index) {
                    commentDepth += 1
                    index += 2
                } else if pair(Self.star, Self.slash, at: index) {
                    commentDepth -= 1
                    index += 2
                } else {
                    index += 1
                }
            } else if let hashes = stringHashes {
                if repeated(Self.quote, 3, at: index) && repeated(Self.hash, hashes, at: index + 3) {
                    stringHashes = nil
                    index += 3 + hashes
                } else {
                    index += hashes == 0 && line[index] == Self.backslash ? 2 : 1
                }
            } else if pair(Self.slash, Self.slash, at: index) {
                return
            } else if pair(Self.slash, Self.star, at: index) {
                commentDepth = 1
                index += 2
            } else if line[index] == Self.hash || line[index] == Self.quote {
                var hashes = 0
                while index + hashes < line.endIndex, line[index + hashes] == Self.hash { hashes += 1 }
                let opening = index + hashes
                guard opening < line.endIndex, line[opening] == Self.quote else {
                    index += max(hashes, 1)
                    continue
                }
                if repeated(Self.quote, 3, at: opening) {
                    stringHashes = hashes
                    index = opening + 3
                    continue
                }
                // A single-line string: skip to its closing quote (and hashes) on this line.
                var position = opening + 1
                while position < line.endIndex {
                    if hashes == 0 && line[position] == Self.backslash {
                        position += 2
                    } else if line[position] == Self.quote && repeated(Self.hash, hashes, at: position + 1) {
                        position += 1 + hashes
                        break
                    } else {
                        position += 1
                    }
                }
                index = position
            } else {
                index += 1
            }
        }
    }
}

/// Three-valued logic: what a condition is on a platform when not everything about it is known.
enum Truth: Equatable {
    case `true`, `false`, unknown

    static prefix func ! (value: Truth) -> Truth {
        switch value {
        case .true: .false
        case .false: .true
        case .unknown: .unknown
        }
    }

    static func && (lhs: Truth, rhs: Truth) -> Truth {
        if lhs == .false || rhs == .false { return .false }
        return lhs == .true && rhs == .true ? .true : .unknown
    }

    static func || (lhs: Truth, rhs: Truth) -> Truth {
        if lhs == .true || rhs == .true { return .true }
        return lhs == .false && rhs == .false ? .false : .unknown
    }
}

/// An `#if` condition: `canImport(AlarmKit) && !os(macOS)`, `DEBUG`, `compiler(>=6.1)`.
indirect enum Condition: Equatable {
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)
    /// `os(iOS)`: the name and the text between the parentheses.
    case call(String, String)
    /// `DEBUG`, `true`.
    case identifier(String)
    /// Anything the parser does not understand, which is unknown everywhere.
    case unparsed

    /// Modules that no Apple OS has, and modules that every one has.
    static let neverOnApple: Set<String> = [
        "Glibc", "Musl", "Bionic", "Android", "WASILibc", "WinSDK", "ucrt", "CRT", "FoundationNetworking", "FoundationXML"
    ]
    static let alwaysOnApple: Set<String> = ["Darwin", "Foundation", "Dispatch", "ObjectiveC"]

    func value(on platform: Platform) -> Truth {
        switch self {
        case .not(let condition): return !condition.value(on: platform)
        case .and(let lhs, let rhs): return lhs.value(on: platform) && rhs.value(on: platform)
        case .or(let lhs, let rhs): return lhs.value(on: platform) || rhs.value(on: platform)
        case .identifier("true"): return .true
        case .identifier("false"): return .false
        case .call("os", let name): return Platform(domain: name) == platform ? .true : .false
        case .call("canImport", let arguments):
            let module = String(arguments.split(separator: ",").first ?? "").trimmingCharacters(in: .whitespaces)
            if Self.neverOnApple.contains(module) { return .false }
            return Self.alwaysOnApple.contains(module) ? .true : .unknown
        default: return .unknown
        }
    }

    init(parsing text: String) {
        var parser = Parser(Array(text.unicodeScalars))
        let condition = parser.parseOr()
        parser.skipSpaces()
        self = parser.position == parser.scalars.count ? condition : .unparsed
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        mutating func skipSpaces() {
            while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
        }

        mutating func take(_ text: String) -> Bool {
            skipSpaces()
            let pattern = Array(text.unicodeScalars)
            guard position + pattern.count <= scalars.count, Array(scalars[position..<position + pattern.count]) == pattern else {
                return false
            }
            position += pattern.count
            return true
        }

        mutating func parseOr() -> Condition {
            var result = parseAnd()
            while take("||") { result = .or(result, parseAnd()) }
            return result
        }

        mutating func parseAnd() -> Condition {
            var result = parseUnary()
            while take("&&") { result = .and(result, parseUnary()) }
            return result
        }

        mutating func parseUnary() -> Condition {
            if take("!") { return .not(parseUnary()) }
            if take("(") {
                let inner = parseOr()
                return take(")") ? inner : .unparsed
            }
            skipSpaces()
            let start = position
            while position < scalars.count,
                scalars[position].properties.isAlphabetic || scalars[position] == "_"
                    || scalars[position].properties.numericType != nil
            {
                position += 1
            }
            guard position > start else {
                position = scalars.count
                return .unparsed
            }
            let name = String(String.UnicodeScalarView(scalars[start..<position]))
            guard take("(") else { return .identifier(name) }
            let argumentsStart = position
            var depth = 1
            while position < scalars.count {
                if scalars[position] == "(" { depth += 1 }
                if scalars[position] == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                position += 1
            }
            guard position < scalars.count else { return .unparsed }
            let arguments = String(String.UnicodeScalarView(scalars[argumentsStart..<position])).trimmingCharacters(in: .whitespaces)
            position += 1
            return .call(name, arguments)
        }
    }
}
