import Foundation
import RecurringAlarms

@testable import AlarmsCLI

// `alarms import --rrule RRULE --dtstart DTSTART [--exdate EXDATES] [--rule-zone ZONE] --id fuzz
// --dry-run`, in process: the input split at NUL bytes gives the RRULE, DTSTART and EXDATE
// values (ISO or RFC 5545 forms, whole `DTSTART;TZID=…:` and `EXDATE;…:` lines), and the first
// byte of a fourth part picks a fuzz zone for --rule-zone. Checks: the exit status is 0 (the
// rule as JSON, nothing on standard error but `note:` lines), 64 (an `error:` line and a
// `--help` pointer, no output) or 1 (`error:` lines); the rule printed reads back as one valid
// rule `fuzz` in the zone asked for; it compiles, and its fires over the ten days after its
// first one are its own and fall on none of its skipped dates; and every skipped date is a
// date the rule rings on without its skips (an EXDATE never adds a skip to a day without an
// instance).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportRRule(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let parts = fuzzBytes(data, size).split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    guard parts.count >= 2 else { return -1 }
    var arguments = ["import", "--rrule", parts[0], "--dtstart", parts[1], "--id", "fuzz", "--dry-run"]
    if parts.count > 2 { arguments += ["--exdate", parts[2]] }
    let zone = parts.count > 3 ? parts[3].utf8.first.map { fuzzZones[Int($0) % fuzzZones.count] } : nil
    if let zone { arguments += ["--rule-zone", zone.identifier] }

    let result = runCommandLine(arguments, environment: ["TZ": "Europe/Berlin", "NO_COLOR": "1", "TERM": "dumb"])

    let shown = arguments.map { "'\($0)'" }.joined(separator: " ")
    checkExitStatus(
        result, shown: shown, successStandardError: { $0.split(separator: "\n").allSatisfy { $0.hasPrefix("note: ") } },
        successProblem: "more than notes on standard error", failureOutput: false)
    guard result.exitCode == ExitCode.success else { return 0 }

    guard let set = try? AlarmRuleSet(jsonData: Array(result.standardOutput.utf8)), set.rules.count == 1, let rule = set.rules.first
    else { fail("the dry run did not print one valid rule for \(shown): \(result.standardOutput)") }
    require(rule.id == "fuzz", "the rule is named '\(rule.id)' for \(shown)")
    if let zone { require(rule.timeZone == .fixed(zone), "the rule is not in \(zone.identifier) for \(shown)") }
    checkFires(of: rule, shown: shown)
    return 0
}

/// The rule's fires around its first one are its own and skip its skipped dates; each skipped
/// date has an instance without the skips.
private func checkFires(of rule: AlarmRule, shown: String) {
    var unskipped = rule
    unskipped.skippedDates = []
    guard let schedule = try? AlarmSchedule(rules: [rule]), let free = try? AlarmSchedule(rules: [unskipped]) else {
        fail("a valid rule does not compile for \(shown)")
    }
    let device = fuzzZones[1]
    let first = start(of: rule)
    // From two days before the first date (every UTC offset is within ±26 h) for ten days.
    let after = Date(timeIntervalSince1970: Double(first.daysSinceEpoch - 2) * 86_400)
    let through = after.addingTimeInterval(12 * 86_400)
    for fire in schedule.fires(after: after, through: through, deviceTimeZone: device).prefix(500) {
        require(fire.ruleID == "fuzz", "a fire of another rule for \(shown)")
        require(!rule.skippedDates.contains(fire.local.date), "fire \(fire.id) rings on a skipped date for \(shown)")
    }
    for date in rule.skippedDates {
        let around = Date(timeIntervalSince1970: Double(date.daysSinceEpoch - 2) * 86_400)
        let rings = free.fires(after: around, through: around.addingTimeInterval(5 * 86_400), deviceTimeZone: device)
            .contains { $0.local.date == date }
        require(rings, "skipped date \(date) is not a date the rule rings on, for \(shown)")
    }
}

/// The first date the rule may ring on.
private func start(of rule: AlarmRule) -> LocalDate {
    switch rule.repeats {
    case .once(let date): date
    case .weekly(_, _, let start, _): start ?? LocalDate(daysSinceEpoch: Int64(fuzzNow.timeIntervalSince1970 / 86_400))
    }
}
