import Testing

@testable import AlarmsCLI

/// The planning a `simulate` run may do, opens × (rules + 64), at its edges.
@Suite("simulate's planning bound")
struct SimulateWorkTests {
    @Test("the longest hourly run of a 64-rule book fits; of a 100,000-rule book it does not; the limit itself fits")
    func edges() {
        // 1,098 days of hourly opens, the start included: 26,353.
        #expect(SimulateCommand.planningWork(rules: 64, opens: 26_353) == 3_373_184)
        #expect(SimulateCommand.planningWork(rules: 100_000, opens: 26_353) == 2_636_986_592)
        // 39,936 + 64 = 40,000 a open: 100 opens are exactly 4,000,000.
        #expect(SimulateCommand.planningWork(rules: 39_936, opens: 100) == SimulateCommand.maximumPlanningWork)
        #expect(SimulateCommand.planningWork(rules: 39_936, opens: 101)! > SimulateCommand.maximumPlanningWork)
        #expect(SimulateCommand.planningWork(rules: Int.max - 64, opens: 2) == nil)
    }
}
