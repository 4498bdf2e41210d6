import Foundation
import Testing

@testable import AvailabilityCheckKit

@Suite("Versions, requirements, what a place guarantees, and the message")
struct ModelTests {
    @Test("Versions compare component by component, with missing components as zero")
    func versions() {
        #expect(Version("18") == Version("18.0"))
        #expect(Version("15.4")! < Version("15.10")!)
        #expect(Version("26.0.1")! > Version("26")!)
        #expect(Version("18.0")!.description == "18")
        #expect(Version("15.4.0")!.description == "15.4")
        #expect(Version("x") == nil)
        #expect(Version("") == nil)
    }

    @Test("A member needs what it and its context need; a default implementation loosens a requirement")
    func requirements() {
        let extensionNeeds = Requirement([.macOS: .introduced(Version([15]))])
        let memberNeeds = Requirement([.iOS: .introduced(Version([18])), .macOS: .introduced(Version([14]))])
        #expect(
            memberNeeds.combined(with: extensionNeeds)
                == Requirement([.iOS: .introduced(Version([18])), .macOS: .introduced(Version([15]))]))
        #expect(memberNeeds.combined(with: Requirement([.iOS: .unavailable])).needs[.iOS] == .unavailable)

        let requirement = Requirement([.macOS: .introduced(Version([15])), .iOS: .introduced(Version([18])), .tvOS: .unavailable])
        #expect(requirement.loosened(by: Requirement()) == Requirement())
        #expect(
            requirement.loosened(by: Requirement([.macOS: .introduced(Version([12])), .tvOS: .unavailable, .iOS: .unavailable]))
                == Requirement([.macOS: .introduced(Version([12])), .iOS: .introduced(Version([18])), .tvOS: .unavailable]))
    }

    @Test("A place meets a need when it guarantees the version or never runs on the platform")
    func coverage() {
        let minimums: [Platform: Version] = [.macOS: Version([13]), .iOS: Version([16])]
        let requirement = Requirement([
            .macOS: .introduced(Version([15])), .iOS: .introduced(Version([18])), .tvOS: .introduced(Version([18]))
        ])
        let base = Coverage(minimums: minimums)
        #expect(base.unmet(requirement) == [.macOS: .introduced(Version([15])), .iOS: .introduced(Version([18]))])
        #expect(base.raised(.iOS, to: Version([18])).unmet(requirement) == [.macOS: .introduced(Version([15]))])
        #expect(base.raised(.iOS, to: Version([18])).excluding(.macOS).unmet(requirement) == [:])
        #expect(base.raised(.iOS, to: Version([15])) == base)
        #expect(base.raised(.tvOS, to: Version([18])) == base)
    }

    @Test("The message names the API, what it needs, what the package supports, and what to do")
    func message() {
        let finding = Finding(
            path: "Sources/RecurringAlarms/JSON/JSONParser.swift", line: 280, column: 35, name: "String.init(validating:as:)",
            needs: [
                .macOS: .introduced(Version([15])), .iOS: .introduced(Version([18])), .watchOS: .introduced(Version([11])),
                .tvOS: .introduced(Version([18]))
            ],
            guarantees: [.macOS: Version([13]), .iOS: Version([16]), .watchOS: Version([9]), .tvOS: Version([16])], isPackageMinimum: true)
        #expect(
            finding.description
                == "Sources/RecurringAlarms/JSON/JSONParser.swift:280:35: error: 'String.init(validating:as:)' needs iOS 18, macOS 15, "
                + "tvOS 18, watchOS 11; the package supports iOS 16, macOS 13, tvOS 16, watchOS 9: guard it with #available or use another API"
        )
        let unavailable = Finding(
            path: "A.swift", line: 1, column: 2, name: "FileManager.homeDirectoryForCurrentUser",
            needs: [.iOS: .unavailable, .tvOS: .unavailable],
            guarantees: [.macOS: Version([13]), .iOS: Version([16]), .tvOS: Version([16])], isPackageMinimum: true)
        #expect(
            unavailable.description
                == "A.swift:1:2: error: 'FileManager.homeDirectoryForCurrentUser' is unavailable on iOS, tvOS; the package supports iOS 16, "
                + "macOS 13, tvOS 16: keep it out of those platforms' builds or use another API")
    }

    @Test("Byte offsets become lines and columns counted from 1")
    func lineTable() {
        let table = LineTable(contents: Data("ab\ncd\n\nef".utf8))
        #expect(table.position(of: 0) == (1, 1))
        #expect(table.position(of: 1) == (1, 2))
        #expect(table.position(of: 3) == (2, 1))
        #expect(table.position(of: 6) == (3, 1))
        #expect(table.position(of: 8) == (4, 2))
    }
}
