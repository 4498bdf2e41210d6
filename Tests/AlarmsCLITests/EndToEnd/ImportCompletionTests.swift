import Foundation
import Testing

/// `alarms import`'s FILE completes as a file name, its zone option as a zone.
@Suite("import completion", .tags(.endToEnd))
struct ImportCompletionTests {
    @Test("the bash script completes import's FILE with file names and --rule-zone with zones")
    func importCompletesFilesAndZones() throws {
        let store = try TemporaryStore()
        let candidates = try CompletionScriptTests.bashCandidates(
            [["import", "Docs/Formats"], ["import", "--rrule", "FREQ=DAILY", "--rule-zone", "Asia/Toky"]], store: store.path)
        #expect(candidates == ["Docs/Formats.md", "Asia/Tokyo"])
    }
}
