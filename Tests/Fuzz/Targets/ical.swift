import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar

// iCalendar text read as `alarms import` reads it: ICalendar.readRules(from:) strictly, for what
// fits and at the reminders, and the first two lines also as AlarmRule(rrule:dtstart:). Checks:
// a rejected text lists at least one problem, each with a message and a position inside the
// text; accepted rules pass validation, have unique ids and compile into a schedule whose fires
// are their own, in the window; each event left out has a reason inside the text; what a strict
// read accepts, a read for what fits accepts alike, leaving nothing out.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let lineCount = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    do throws(ICalendarReadError) {
        let imported = try ICalendar.readRules(from: Data(bytes))
        require(AlarmRuleSet.validationProblems(of: imported.rules).isEmpty, "the reader accepted rules that validation rejects")
        for note in imported.notes { require(!note.description.isEmpty, "a note without text") }
        if !imported.rules.isEmpty {
            guard let schedule = try? AlarmSchedule(rules: imported.rules) else { fail("accepted rules do not compile") }
            let ids = Set(imported.rules.map(\.id))
            let through = fuzzNow.addingTimeInterval(3 * 86_400)
            for fire in schedule.fires(after: fuzzNow, through: through, deviceTimeZone: fuzzZones[0]).prefix(64) {
                require(ids.contains(fire.ruleID), "a fire of an unknown rule '\(fire.ruleID)'")
                require(fire.instant > fuzzNow && fire.instant <= through, "fire \(fire.id) outside the window")
            }
        }
    } catch {
        require(!error.problems.isEmpty, "a text rejected with no problem listed")
        for problem in error.problems {
            require(!problem.message.isEmpty && !problem.description.isEmpty, "a problem without a message")
            if let line = problem.line { require(line >= 1 && line <= lineCount, "a problem at line \(line) of \(lineCount)") }
        }
    }
    let strict = try? ICalendar.readRules(from: Data(bytes))
    for options in [ICalendar.ReadOptions.whatFits, ICalendar.ReadOptions(isStrict: false, ringsAtReminder: true)] {
        do throws(ICalendarReadError) {
            let imported = try ICalendar.readRules(from: Data(bytes), options: options)
            require(!imported.rules.isEmpty, "a read for what fits imported nothing and did not fail")
            require(AlarmRuleSet.validationProblems(of: imported.rules).isEmpty, "a read for what fits accepted invalid rules")
            require((try? AlarmSchedule(rules: imported.rules)) != nil, "rules read for what fits do not compile")
            for event in imported.leftOut {
                require(!event.reasons.isEmpty, "an event left out without a reason")
                for reason in event.reasons {
                    if let line = reason.line { require(line >= 1 && line <= lineCount, "a reason at line \(line) of \(lineCount)") }
                }
            }
            if let strict, !options.ringsAtReminder {
                require(imported.rules == strict.rules && imported.leftOut.isEmpty, "a strict read and one for what fits differ")
            }
        } catch {
            require(!error.problems.isEmpty, "a text rejected for what fits with no problem listed")
            require(options.ringsAtReminder || strict == nil, "a strict read accepted what a read for what fits rejects")
        }
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 2)
    if lines.count >= 2 {
        do throws(ICalendarReadError) {
            let rule = try AlarmRule(rrule: String(lines[0]), dtstart: String(lines[1]), id: "fuzz")
            require(rule.validationProblems().isEmpty, "AlarmRule(rrule:) made an invalid rule")
        } catch {
            require(!error.problems.isEmpty, "an RRULE rejected with no problem listed")
        }
    }
    return 0
}
