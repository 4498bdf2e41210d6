import Foundation

/// One use of a declaration or type that a place in the code does not guarantee the OS for.
public struct Finding: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, relative to the package when it is inside it.
    public let path: String
    public let line: Int
    /// In bytes from the start of the line, from 1, as the compiler counts.
    public let column: Int
    /// `String.init(validating:as:)`, `Mutex`.
    public let name: String
    /// What the declaration needs that the place does not guarantee, platform by platform.
    public let needs: [Platform: Need]
    /// What the place guarantees, on the platforms it can run on.
    public let guarantees: [Platform: Version]
    /// Whether the place guarantees no more than the package's minimums.
    public let isPackageMinimum: Bool

    /// `Sources/…/JSONParser.swift:280:35: error: 'String.init(validating:as:)' needs iOS 18, macOS 15,
    /// tvOS 18, watchOS 11; the package supports iOS 16, macOS 13, tvOS 16, watchOS 9: guard it with
    /// #available or use another API`.
    public var description: String {
        let introduced = needs.sorted { $0.key < $1.key }.compactMap { platform, need -> String? in
            guard case .introduced(let version) = need else { return nil }
            return "\(platform.rawValue) \(version)"
        }
        let unavailable = needs.keys.sorted().filter { needs[$0] == .unavailable }.map(\.rawValue)
        var parts: [String] = []
        if !introduced.isEmpty { parts.append("needs " + introduced.joined(separator: ", ")) }
        if !unavailable.isEmpty { parts.append("is unavailable on " + unavailable.joined(separator: ", ")) }
        let here = guarantees.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
        let context = isPackageMinimum ? "the package supports \(here)" : "this scope guarantees \(here)"
        let advice =
            introduced.isEmpty
            ? "keep it out of those platforms' builds or use another API" : "guard it with #available or use another API"
        return "\(path):\(line):\(column): error: '\(name)' \(parts.joined(separator: " and ")); \(context): \(advice)"
    }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.name) < (rhs.path, rhs.line, rhs.column, rhs.name)
    }
}

/// Turns byte offsets of one file into lines and columns.
struct LineTable {
    private let lineStarts: [Int]

    init(contents: Data) {
        var starts = [0]
        for (offset, byte) in contents.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The line and column (both from 1) of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}
