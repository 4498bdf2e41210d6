import Foundation
import Testing

@testable import AvailabilityCheckKit

@Suite("The #if clauses that a platform never compiles")
struct ConditionalRegionsTests {
    /// The platforms excluded at the line holding `marker`.
    func excluded(at marker: String, in source: String) -> Set<Platform> {
        let offset = source.utf8.count - source.components(separatedBy: marker)[1].utf8.count
        return ConditionalRegions(source: Data(source.utf8)).excludedPlatforms(at: offset)
    }

    static let conditions: [(directive: String, excluded: Set<Platform>)] = [
        ("#if canImport(AlarmKit) && !os(macOS) && !os(tvOS) && !os(watchOS)", [.macOS, .tvOS, .watchOS]),
        ("#if canImport(UserNotifications) && !os(tvOS)", [.tvOS]),
        ("#if canImport(Glibc)", Set(Platform.allCases)),
        ("#if os(Linux) || os(Windows)", Set(Platform.allCases)),
        ("#if !os(iOS) // the desktop ones", [.iOS]),
        ("#if (os(macOS) || os(iOS)) && DEBUG", [.tvOS, .watchOS]),
        ("#if canImport(UIKit)", []),
        ("#if DEBUG", []),
        ("#if compiler(>=6.1) && !targetEnvironment(macCatalyst)", []),
        ("#if canImport(Foundation, _version: 20)", []),
        ("#if os(", [])
    ]

    @Test("A clause is excluded on a platform only when its condition is certainly false there", arguments: conditions)
    func condition(_ example: (directive: String, excluded: Set<Platform>)) {
        #expect(excluded(at: "MARK", in: "\(example.directive)\nlet x = 1 // MARK\n#endif\n") == example.excluded)
    }

    @Test("An #else or #elseif clause is active only when every clause before it is false")
    func laterClauses() {
        let source = """
            #if canImport(Glibc)
            let a = 1 // GLIBC
            #elseif canImport(Darwin)
            let b = 2 // DARWIN
            #else
            let c = 3 // OTHER
            #endif
            #if os(macOS)
            #elseif os(iOS)
            #else
            let d = 4 // NOT-MAC-NOR-IOS
            #endif
            """
        #expect(excluded(at: "GLIBC", in: source) == Set(Platform.allCases))
        #expect(excluded(at: "DARWIN", in: source) == [])
        #expect(excluded(at: "OTHER", in: source) == Set(Platform.allCases))
        #expect(excluded(at: "NOT-MAC-NOR-IOS", in: source) == [.macOS, .iOS])
    }

    @Test("Nested clauses add up, and code after #endif is back to all platforms")
    func nesting() {
        let source = """
            #if !os(tvOS)
                #if !os(watchOS)
                let a = 1 // INNER
                #endif
            let b = 2 // OUTER
            #endif
            let c = 3 // AFTER
            """
        #expect(excluded(at: "INNER", in: source) == [.tvOS, .watchOS])
        #expect(excluded(at: "OUTER", in: source) == [.tvOS])
        #expect(excluded(at: "AFTER", in: source) == [])
    }

    @Test("Directives inside comments and multi-line strings are text, not directives")
    func commentsAndStrings() {
        let source = """
            /* a comment
            #if os(Linux)
            */
            let text = \"""
                #if os(Linux)
                \"""
            let raw = #\"""
                \""" is not the end
                #if os(Linux)
                \"""#
            let line = "/* not a comment" // #if os(Linux)
            let x = 1 // CODE
            """
        #expect(excluded(at: "CODE", in: source) == [])
        #expect(ConditionalRegions.clauses(in: Array(source.utf8)).isEmpty)
    }
}
