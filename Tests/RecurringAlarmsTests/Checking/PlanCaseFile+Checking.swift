import Foundation
import RecurringAlarms

// The whole-file steps `alarms check` takes a case at a time (planning each case, and
// recording into the cases a mode selects), made in one call for the tests of the case file.
extension PlanCaseFile {
    /// Every case planned and compared with what it expects, in file order.
    func check() throws(AlarmRulesError) -> [PlanCaseResult] {
        var results: [PlanCaseResult] = []
        for planCase in cases { results.append(PlanCaseResult(planCase: planCase, actual: try planCase.plan(book))) }
        return results
    }

    /// The file with the planned requests recorded into the cases `mode` selects, and their names.
    func recording(_ mode: RecordMode) throws(AlarmRulesError) -> (data: Data, recorded: [String]) {
        var planned: [Int: PlanCase.Requests] = [:]
        for (index, planCase) in cases.enumerated() where mode.records(planCase) { planned[index] = try planCase.plan(book) }
        return (recording(planned: planned), cases.indices.filter { planned[$0] != nil }.map { cases[$0].name })
    }
}
