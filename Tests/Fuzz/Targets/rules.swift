import Foundation

@testable import RecurringAlarms

// A rule file read as `alarms validate` reads it: AlarmRuleSet(jsonData:), then for a valid
// file the clock-change warnings for a year and the cap pressure, then a plan. Checks:
// a rejected file lists at least one problem, each with a message; an accepted file has no
// validation problems, writes and reads back as the same rules, and plans fires in order,
// inside the window, no more than the cap. The direct reader (which reads a valid file
// without a JSON tree) either gives up or builds exactly what the full reader builds, and
// reading in small pieces (cut at guessed rule starts, as large files are) changes nothing.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let direct = DirectRuleReader.read(bytes) {
        let full = try? RuleFile.values(json: JSONValue(parsing: bytes), state: .ignored)
        require(full != nil, "the direct reader accepted a file the full reader rejects")
        require(full?.rules == direct.rules, "the direct reader read different rules from the full reader")
    }
    let smallPieces = CoreSplit(minimumParallelCount: 64, minimumPartCount: 32, maximumParts: 4)
    let inPieces = DirectRuleReader.read(bytes, split: smallPieces)
    require(inPieces?.rules == DirectRuleReader.read(bytes, split: .one)?.rules, "reading in pieces read different rules")
    // Compiling from the bytes gives up exactly when the direct reader does, and its schedule,
    // in one piece or in small ones, plans what the decoded rules' schedule plans.
    func compile(_ split: CoreSplit) -> CompiledBook? {
        bytes.withUnsafeBufferPointer { buffer in
            guard case .read(let book) = RuleFile.directCompiled(buffer, state: .ignored, labelBytes: nil, split: split) else { return nil }
            return book
        }
    }
    let compiled = compile(.one)
    let compiledInPieces = compile(smallPieces)
    require((compiled != nil) == (inPieces != nil), "compiling from the bytes and the direct reader disagree on giving up")
    require((compiledInPieces != nil) == (compiled != nil), "compiling in pieces gives up differently")
    let set: AlarmRuleSet
    do throws(AlarmRulesError) {
        set = try AlarmRuleSet(jsonData: bytes)
    } catch {
        if case .invalid(let problems) = error {
            require(!problems.isEmpty, "a rule file rejected with no problem listed")
            for problem in problems { require(!problem.message.isEmpty && !problem.description.isEmpty, "a problem without a message") }
        }
        return 0
    }
    require(AlarmRuleSet.validationProblems(of: set.rules).isEmpty, "the reader accepted rules that validation rejects")
    let written = set.jsonData
    guard let again = try? AlarmRuleSet(jsonData: written) else {
        fail("an accepted rule file does not read back after writing: \(String(decoding: written, as: UTF8.self))")
    }
    require(again == set, "a rule file reads back as different rules: \(String(decoding: written, as: UTF8.self))")
    require(again.jsonData == written, "writing a rule file is not stable")

    // The device zone is part of the input, so floating rules meet every awkward zone.
    let device = fuzzZones[bytes.reduce(0) { ($0 &+ Int($1)) & 0xFFFF } % fuzzZones.count]
    let schedule = AlarmSchedule(set)
    let ids = Set(set.rules.map(\.id))
    let warnings = schedule.clockChangeWarnings(after: fuzzNow, through: fuzzNow.addingTimeInterval(365 * 86_400), deviceTimeZone: device)
    for warning in warnings {
        require(ids.contains(warning.ruleID), "a clock-change warning for an unknown rule '\(warning.ruleID)'")
        require(!warning.description.isEmpty, "a clock-change warning without text")
    }
    let options = PlanOptions(deviceTimeZone: device, cap: 16)
    if let pressure = schedule.capPressure(now: fuzzNow, options: options) {
        require(
            pressure.firesInHorizon > pressure.cap,
            "cap pressure reported for \(pressure.firesInHorizon) fires under a cap of \(pressure.cap)")
        require(!pressure.description.isEmpty, "a cap warning without text")
    }
    let plan = schedule.plan(now: fuzzNow, options: options)
    for fromBytes in [compiled, compiledInPieces].compactMap({ $0 }) {
        require(fromBytes.ruleCount == set.rules.count, "the schedule compiled from the bytes counts different rules")
        require(fromBytes.schedule.ruleIDs == schedule.ruleIDs, "the schedule compiled from the bytes has different rules")
        require(fromBytes.schedule.plan(now: fuzzNow, options: options) == plan, "the schedule compiled from the bytes plans differently")
    }
    require(plan.fires.count <= options.cap, "\(plan.fires.count) fires over the cap of \(options.cap)")
    require(plan.coveredUntil <= plan.horizonEnd, "the plan covers past its horizon")
    for (index, fire) in plan.fires.enumerated() {
        require(ids.contains(fire.ruleID), "a fire of an unknown rule '\(fire.ruleID)'")
        require(fire.instant > plan.now && fire.instant <= plan.horizonEnd, "fire \(fire.id) outside the window")
        if index > 0 { require(plan.fires[index - 1].instant <= fire.instant, "fires out of order at \(fire.id)") }
    }
    require(plan.isTruncated || plan.coveredUntil == plan.horizonEnd, "a plan that is not truncated covers less than its horizon")
    return 0
}
