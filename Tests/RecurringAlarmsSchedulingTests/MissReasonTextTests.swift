import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import Testing

/// A miss reason has one text, its raw value, in interpolation as in the summary and JSON.
@Suite("miss reason text")
struct MissReasonTextTests {
    @Test("interpolating a reason gives the name the summary and JSON use", arguments: SimulationReport.MissReason.allCases)
    func interpolation(reason: SimulationReport.MissReason) {
        #expect("\(reason)" == reason.rawValue)
    }

    @Test("no-open-in-time reads the same in interpolation and in the summary's count by reason")
    func noOpenInTime() {
        #expect("\(SimulationReport.MissReason.noOpenInTime)" == "no-open-in-time")
    }
}
