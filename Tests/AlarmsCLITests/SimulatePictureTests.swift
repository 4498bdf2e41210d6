import Foundation
import Testing

@testable import AlarmsCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `alarms simulate --format svg`: a self-contained SVG timeline that parses as XML.
@Suite("alarms simulate picture")
struct SimulatePictureTests {
    /// The command whose picture Docs/iOS.md shows, checked in as Docs/Images/coverage.svg.
    static let docsCommand = [
        "simulate", "--rules", "Docs/Examples/alarms.json", "--now", "2026-11-30T08:00:00+01:00", "--time-zone", "Europe/Berlin",
        "--days", "30", "--open-every", "8d", "--strategy", "rolling", "--format", "svg"
    ]

    /// Every element's name and `class`, in document order, from a real XML parser.
    final class Elements: NSObject, XMLParserDelegate {
        var found: [(name: String, classes: String?)] = []
        var texts: [String] = []
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            found.append((elementName, attributeDict["class"]))
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            if !text.isEmpty { texts.append(text) }
            text = ""
        }

        func count(_ classes: String) -> Int { found.count { $0.classes == classes } }
    }

    static func parse(_ svg: String) throws -> Elements {
        let parser = XMLParser(data: Data(svg.utf8))
        let elements = Elements()
        parser.delegate = elements
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return elements
    }

    @Test("the picture parses as XML with an element per open, per fire by result, the coverage, the cap line and the pending line")
    func structure() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        // As in SimulateGlanceTests.missingThree: 3 opens, 12 fires, 3 missed to the cap.
        let output = try await store.run(SimulateGlanceTests.missingThree + ["--format", "svg"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let elements = try Self.parse(output.standardOutput)
        #expect(elements.found.first?.name == "svg")
        #expect(elements.count("open") == 3)
        #expect(elements.count("open-line") == 3)
        #expect(elements.count("coverage") == 3)
        #expect(elements.count("fire delivered") == 9)
        #expect(elements.count("fire missed") == 3)
        #expect(elements.count("cap") == 1)
        #expect(elements.count("pending") == 1)
        #expect(elements.count("zone-change") == 0)
        // Lanes are labelled directly, and a missed fire says why on hover.
        #expect(elements.texts.contains("wake"))
        #expect(elements.texts.contains("standup"))
        #expect(elements.texts.contains("cap 64"))
        #expect(elements.texts.contains("wake Thu 2026-12-03 07:30: MISSED: cap"))
        // Nothing outside the file: no external references.
        #expect(!output.standardOutput.contains("href"))
    }

    @Test("the pending line steps up at each open and down at each delivery, on the cap's scale")
    func pendingSteps() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let svg = try await store.run(SimulateGlanceTests.missingThree + ["--format", "svg"]).standardOutput
        let line = try #require(svg.split(separator: "\n").first { $0.contains("class=\"pending\"") })
        // 3 slots filled at each open, so the line never reaches half the cap: its levels (V) are all
        // four levels (0 to 3 pending), and it starts at the left edge.
        let levels = line.split(separator: "V").dropFirst().compactMap { Double($0.prefix { $0 != "H" && $0 != "\"" }) }
        #expect(!levels.isEmpty)
        #expect(line.contains("M120 "))
        #expect(Set(levels).count == 4)   // 0, 1, 2 and 3 pending
    }

    @Test("text is escaped as XML: markup characters stay text, and characters XML forbids become U+FFFD")
    func escaping() throws {
        // Rule ids cannot hold markup (A-Z a-z 0-9 . _ -), so the writer itself is checked.
        let element = SVGElement("text", ["class": "a\"b"], text: "<wake> & 'run' \u{1B}[31m")
        #expect(element.xml == "<text class=\"a&quot;b\">&lt;wake&gt; &amp; &apos;run&apos; \u{FFFD}[31m</text>")
        let parsed = try Self.parse(element.xml)
        #expect(parsed.texts == ["<wake> & 'run' \u{FFFD}[31m"])
        #expect(parsed.found.map(\.classes) == ["a\"b"])
    }

    @Test("under hybrid the picture adds the repeating slots as a second step line; under rolling there is none")
    func repeatingSlots() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let hybrid = try await store.run(SimulateGlanceTests.missingNone + ["--format", "svg"]).standardOutput
        // wake, floating on weekdays, is 5 weekly repeating requests (Mon...Fri 07:30) all period.
        #expect(try Self.parse(hybrid).count("repeating") == 1)
        #expect(try Self.parse(hybrid).texts.contains("repeating 5"))
        let rolling = try await store.run(SimulateGlanceTests.missingThree + ["--format", "svg"]).standardOutput
        #expect(try Self.parse(rolling).count("repeating") == 0)
    }

    @Test("--only-missed with --format svg is a usage error")
    func onlyMissedIsUsage() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run(SimulateGlanceTests.missingThree + ["--format", "svg", "--only-missed"])
        #expect(output.exitCode == 64)
        #expect(output.standardError.hasPrefix("error: '--only-missed' has no effect with '--format svg'\n"))
    }

    @Test("--fail-on-miss works with svg too")
    func failOnMiss() async throws {
        let store = try TemporaryStore(SimulateCommandTests.book)
        let output = try await store.run(SimulateGlanceTests.missingThree + ["--format", "svg", "--fail-on-miss"])
        #expect(output.exitCode == 2)
        #expect(try Self.parse(output.standardOutput).count("fire missed") == 3)
    }

    @Test("Docs/Images/coverage.svg is what the tool prints today for the command Docs/iOS.md names")
    func checkedInPicture() async throws {
        let output = try await AlarmsProcess.run(Self.docsCommand, timeZone: "Europe/Berlin")
        #expect(output.exitCode == 0)
        let file = try String(contentsOf: AlarmsProcess.packageRoot.appending(path: "Docs/Images/coverage.svg"), encoding: .utf8)
        #expect(file == output.standardOutput)
        let guide = try String(contentsOf: AlarmsProcess.packageRoot.appending(path: "Docs/iOS.md"), encoding: .utf8)
        #expect(guide.contains("](Images/coverage.svg)"))
        #expect(guide.contains(Self.docsCommand.joined(separator: " ")))
    }
}
