import RecurringAlarmsTesting
import Testing

/// The kit is a library a test target can link and import beside Swift Testing.
@Suite("The testing kit")
struct KitLinkTests {
    @Test("links into a test target")
    func links() {
        #expect(Bool(true))
    }
}
