import Foundation
import RecurringAlarmsTesting
import Testing

@testable import RecurringAlarms

/// Editing one rule of a compiled ``AlarmSchedule`` (`updateRule(_:)`, `removeRule(id:)`) plans
/// exactly what compiling the edited rules from scratch plans, keeps positions in id order,
/// leaves copies alone and keeps its storage bounded.
@Suite("Schedule editing")
struct ScheduleEditingTests {
    // MARK: Randomized: every edit agrees with a fresh compile

    /// One edit of a random sequence, with what the rule set is afterwards.
    enum Edit: CustomStringConvertible {
        case update(AlarmRule)
        case remove(String)
        case invalid(AlarmRule)

        var description: String {
            switch self {
            case .update(let rule): "update \(rule.json.jsonText)"
            case .remove(let id): "remove \(id)"
            case .invalid(let rule): "invalid \(rule.json.jsonText)"
            }
        }
    }

    /// Checks that `schedule` plans, expands and names rules as `AlarmSchedule(rules:)` of
    /// `rules` does, and that its internal storage accounts for every slot.
    static func expectAgrees(
        _ schedule: AlarmSchedule, with rules: [AlarmRule], now: Date, options: PlanOptions, _ context: @autoclosure () -> String
    ) throws {
        let fresh = try AlarmSchedule(rules: rules)
        // The tables first: planning reads them through unchecked buffers, so a slot out of
        // bounds must stop the test here, before memory goes wrong.
        try expectSlotTablesAgree(schedule, with: fresh, context())
        #expect(schedule.plan(now: now, options: options) == fresh.plan(now: now, options: options), "\(context())")
        let through = now.addingTimeInterval(options.horizon)
        let edited = Array(schedule.occurrences(after: now, through: through, deviceTimeZone: options.deviceTimeZone))
        let compiled = Array(fresh.occurrences(after: now, through: through, deviceTimeZone: options.deviceTimeZone))
        #expect(edited == compiled, "\(context())")
        #expect(edited.map { schedule.ruleID(of: $0) } == compiled.map { fresh.ruleID(of: $0) }, "\(context())")
        #expect(schedule.ruleIDs == fresh.ruleIDs, "\(context())")
        for rule in rules { #expect(schedule.contains(ruleID: rule.id) == rule.isEnabled, "\(context())") }

        // Every unused slot is counted, and unused slots never outnumber both the used ones and the rules.
        let usedTimes = schedule.rules.reduce(0) { $0 + Int($1.timesCount) }
        let usedSkips = schedule.rules.reduce(0) { $0 + Int($1.skipsCount) }
        #expect(schedule.times.count - usedTimes == schedule.unused.times, "\(context())")
        #expect(schedule.skips.count - usedSkips == schedule.unused.skips, "\(context())")
        #expect(schedule.unused.times <= max(usedTimes, schedule.count), "\(context())")
        #expect(schedule.unused.skips <= max(usedSkips, schedule.count), "\(context())")
    }

    /// Checks, entry by entry, that the edited schedule's compiled rules address non-empty slots
    /// inside its flat arrays, that no two rules share a slot, and that each rule's entry, times, skips
    /// and zone equal those of the rule at the same position in a fresh compile.
    static func expectSlotTablesAgree(_ schedule: AlarmSchedule, with fresh: AlarmSchedule, _ context: String) throws {
        try #require(schedule.count == fresh.count && schedule.ruleIDs == fresh.ruleIDs, "\(context)")
        var timesOwner = [Int?](repeating: nil, count: schedule.times.count)
        var skipsOwner = [Int?](repeating: nil, count: schedule.skips.count)
        for (position, (edited, compiled)) in zip(schedule.rules, fresh.rules).enumerated() {
            let rule = "\(context), rule \(schedule.ruleIDs[position])"
            let times = Int(edited.timesStart)..<(Int(edited.timesStart) + Int(edited.timesCount))
            let skips = Int(edited.skipsStart)..<(Int(edited.skipsStart) + Int(edited.skipsCount))
            // An empty slot is never read, and may start anywhere (editing leaves it past the end).
            try #require(times.isEmpty || times.lowerBound >= 0 && times.upperBound <= schedule.times.count, "times \(times): \(rule)")
            try #require(skips.isEmpty || skips.lowerBound >= 0 && skips.upperBound <= schedule.skips.count, "skips \(skips): \(rule)")
            try #require(Int(edited.zoneIndex) < schedule.zones.count, "zone index \(edited.zoneIndex): \(rule)")
            for index in times {
                try #require(timesOwner[index] == nil, "times[\(index)] also held by position \(timesOwner[index]!): \(rule)")
                timesOwner[index] = position
            }
            for index in skips {
                try #require(skipsOwner[index] == nil, "skips[\(index)] also held by position \(skipsOwner[index]!): \(rule)")
                skipsOwner[index] = position
            }
            let freshTimes = Int(compiled.timesStart)..<(Int(compiled.timesStart) + Int(compiled.timesCount))
            let freshSkips = Int(compiled.skipsStart)..<(Int(compiled.skipsStart) + Int(compiled.skipsCount))
            #expect(times.isEmpty ? freshTimes.isEmpty : Array(schedule.times[times]) == Array(fresh.times[freshTimes]), "\(rule)")
            #expect(skips.isEmpty ? freshSkips.isEmpty : Array(schedule.skips[skips]) == Array(fresh.skips[freshSkips]), "\(rule)")
            // Index 0 is the device zone in both; other zones may sit at other indices.
            #expect((edited.zoneIndex == 0) == (compiled.zoneIndex == 0), "\(rule)")
            #expect(schedule.zones[Int(edited.zoneIndex)].identifier == fresh.zones[Int(compiled.zoneIndex)].identifier, "\(rule)")
            #expect(edited.weekdayMask == compiled.weekdayMask && edited.everyWeeks == compiled.everyWeeks, "\(rule)")
            #expect(edited.skipsGap == compiled.skipsGap && edited.prefersLaterInOverlap == compiled.prefersLaterInOverlap, "\(rule)")
            #expect(
                edited.firstDay == compiled.firstDay && edited.lastDay == compiled.lastDay
                    && edited.anchorMonday == compiled.anchorMonday, "\(rule)")
        }
    }

    static let batches = 0..<6

    @Test(
        "random adds, replacements, removals, disabled and invalid rules plan as a fresh compile after every edit",
        arguments: batches)
    func randomEditsAgreeWithFreshCompile(batch: Int) throws {
        for index in 0..<8 {
            let seed = 700_000 + UInt64(batch) * 1000 + UInt64(index)
            var rng = RuleGenerator(seed: seed)
            let transition = rng.element(of: Zones.transitions)
            let now = at(transition.epochSeconds - Int.random(in: -7200...(2 * 86_400), using: &rng))
            let center = LocalDate(daysSinceEpoch: Int64(epoch(now) / 86_400))
            let options = PlanOptions(
                deviceTimeZone: rng.chance(1, in: 2) ? transition.zone : Zones.named(rng.element(of: RuleGenerator.zoneIdentifiers)),
                cap: rng.element(of: [1, 8, 64, 500]), horizon: rng.element(of: [86_400, 3 * 86_400 + 1020, 7 * 86_400]))
            var rules = rng.rules(maximumCount: 30, near: center, hotspot: transition)
            var schedule = try AlarmSchedule(rules: rules)
            var history: [Edit] = []

            for _ in 0..<25 {
                let edit: Edit
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<4 where !rules.isEmpty:
                    // Replace: a new rule under an existing id (enabled nine times in ten).
                    let id = rng.element(of: rules).id
                    edit = .update(rng.rule(id: id, near: center, hotspot: transition))
                case 4..<6 where !rules.isEmpty:
                    edit = .remove(rng.chance(1, in: 5) ? "absent" : rng.element(of: rules).id)
                case 6 where !rules.isEmpty:
                    var disabled = rng.element(of: rules)
                    disabled.isEnabled = false
                    edit = .update(disabled)
                case 7:
                    var broken = rng.rule(id: rng.chance(1, in: 2) ? "bad id!" : "ok", near: center)
                    if rng.chance(1, in: 2) { broken.times = [] }
                    if broken.validationProblems().isEmpty { broken.repeats = .weekly(days: []) }
                    edit = .invalid(broken)
                default:
                    // Add: a fresh id, often between existing ones in code-point order.
                    let id =
                        rng.element(of: ["a", "B", "m", "Z", "wake", "0", "zz", "_", "-x", "a.b"])
                        + String(Int.random(in: 0...999, using: &rng))
                    edit = .update(rng.rule(id: id, near: center, hotspot: transition))
                }
                history.append(edit)
                let context = "seed \(seed), now \(epoch(now)), edits: \(history)"

                switch edit {
                case .update(let rule):
                    try schedule.updateRule(rule)
                    if let position = rules.firstIndex(where: { $0.id == rule.id }) { rules[position] = rule } else { rules.append(rule) }
                case .remove(let id):
                    let held = rules.contains { $0.id == id && $0.isEnabled }
                    let removed = schedule.removeRule(id: id)
                    #expect(removed == held, "\(context)")
                    rules.removeAll { $0.id == id }
                case .invalid(let rule):
                    let before = schedule
                    #expect(throws: AlarmRulesError.invalid(rule.validationProblems()), "\(context)") { try schedule.updateRule(rule) }
                    #expect(schedule.ruleIDs == before.ruleIDs && schedule.times == before.times, "\(context)")
                }
                try Self.expectAgrees(schedule, with: rules, now: now, options: options, context)
            }
        }
    }

    // MARK: Positions

    // 2026-12-01T00:00:00Z is a Tuesday; in Etc/UTC wall time is UTC, so every fire below is
    // at its wall time, in id order at equal instants.
    let utc = PlanOptions(deviceTimeZone: Zones.utc, horizon: 86_400)

    /// `ruleIndex: id@wall` of every occurrence of the first day after 2026-12-01T00:00:00Z.
    func positions(_ schedule: AlarmSchedule) -> [String] {
        schedule.occurrences(after: december1, through: december1.addingTimeInterval(86_400), deviceTimeZone: Zones.utc)
            .map { "\($0.ruleIndex): \(schedule.ruleID(of: $0) ?? "?")@\($0.local)" }
    }

    @Test("replacing a rule keeps every position and changes only that rule's fires")
    func replaceKeepsPositions() throws {
        var schedule = try AlarmSchedule(rules: [
            rule("a", days: .daily, at: "06:00"), rule("b", days: .daily, at: "07:00"), rule("c", days: .daily, at: "08:00")
        ])
        try schedule.updateRule(rule("b", days: .daily, at: "09:15", "05:30"))
        #expect(
            positions(schedule) == [
                "0: a@2026-12-01T06:00:00", "1: b@2026-12-01T05:30:00", "1: b@2026-12-01T09:15:00", "2: c@2026-12-01T08:00:00"
            ])
        #expect(
            schedule.plan(now: december1, options: utc).fires.map(\.id) == [
                "b@2026-12-01T05:30:00", "a@2026-12-01T06:00:00", "c@2026-12-01T08:00:00", "b@2026-12-01T09:15:00"
            ])
    }

    @Test("adding a rule between others shifts the positions after it")
    func addShiftsPositions() throws {
        var schedule = try AlarmSchedule(rules: [rule("c", days: .daily, at: "08:00"), rule("a", days: .daily, at: "06:00")])
        try schedule.updateRule(rule("b", days: .daily, at: "07:00"))
        // "B" sorts before "a" by code point (0x42 < 0x61): first.
        try schedule.updateRule(rule("B", days: .daily, at: "23:00"))
        #expect(
            positions(schedule) == [
                "0: B@2026-12-01T23:00:00", "1: a@2026-12-01T06:00:00", "2: b@2026-12-01T07:00:00", "3: c@2026-12-01T08:00:00"
            ])
        #expect(schedule.partitions(2) == [0..<2, 2..<4])
    }

    @Test("removing rules, the last one included, shifts the others and empties the schedule")
    func removeRules() throws {
        var schedule = try AlarmSchedule(rules: [rule("a", days: .daily, at: "06:00"), rule("b", days: .daily, at: "07:00")])
        let removedA = schedule.removeRule(id: "a")
        #expect(removedA)
        #expect(positions(schedule) == ["0: b@2026-12-01T07:00:00"])
        let removedAgain = schedule.removeRule(id: "a")
        #expect(!removedAgain)
        let removedB = schedule.removeRule(id: "b")
        #expect(removedB)
        #expect(schedule.count == 0)
        #expect(positions(schedule) == [])
        #expect(schedule.plan(now: december1, options: utc).fires == [])
        try schedule.updateRule(rule("a", days: .daily, at: "06:30"))
        #expect(positions(schedule) == ["0: a@2026-12-01T06:30:00"])
    }

    @Test("a disabled rule removes the rule with its id")
    func disabledRuleRemoves() throws {
        var schedule = try AlarmSchedule(rules: [rule("a", days: .daily, at: "06:00"), rule("b", days: .daily, at: "07:00")])
        try schedule.updateRule(rule("a", days: .daily, at: "06:00", enabled: false))
        #expect(!schedule.contains(ruleID: "a"))
        #expect(positions(schedule) == ["0: b@2026-12-01T07:00:00"])
        // A disabled rule the schedule does not hold changes nothing.
        try schedule.updateRule(rule("z", days: .daily, at: "06:00", enabled: false))
        #expect(positions(schedule) == ["0: b@2026-12-01T07:00:00"])
    }

    // MARK: Errors, copies and zones

    @Test("an invalid rule throws every problem and leaves the schedule unchanged")
    func invalidRuleThrows() throws {
        var schedule = try AlarmSchedule(rules: [rule("a", days: .daily, at: "06:00")])
        let broken = AlarmRule(id: "a", repeats: .weekly(days: []), times: [clock("07:00"), clock("07:00")])
        #expect(
            throws: AlarmRulesError.invalid([
                ValidationProblem(
                    ruleID: "a", ruleNumber: nil, field: "times[1]", value: "\"07:00\"",
                    message: "is listed twice; each time may appear once"),
                ValidationProblem(
                    ruleID: "a", ruleNumber: nil, field: "days", value: "[]",
                    message: "is empty; expected at least one of sun mon tue wed thu fri sat")
            ])
        ) { try schedule.updateRule(broken) }
        #expect(positions(schedule) == ["0: a@2026-12-01T06:00:00"])
        // Disabled does not excuse it: the rule is checked before anything changes.
        var disabled = broken
        disabled.isEnabled = false
        #expect(throws: AlarmRulesError.self) { try schedule.updateRule(disabled) }
        #expect(schedule.contains(ruleID: "a"))
    }

    @Test("a copy taken before an edit keeps its rules, times and zones")
    func copiesAreUnchanged() throws {
        var schedule = try AlarmSchedule(rules: [rule("a", days: .daily, at: "06:00"), rule("b", days: .daily, at: "07:00")])
        let before = schedule
        let planBefore = before.plan(now: december1, options: utc)
        try schedule.updateRule(rule("a", days: .daily, at: "05:00", "05:10", "05:20"))   // grows: appended
        try schedule.updateRule(rule("b", days: .daily, at: "04:00", zone: Zones.tokyo))   // a new zone
        try schedule.updateRule(rule("c", days: .daily, at: "08:00"))
        #expect(positions(before) == ["0: a@2026-12-01T06:00:00", "1: b@2026-12-01T07:00:00"])
        #expect(before.plan(now: december1, options: utc) == planBefore)
        #expect(schedule.count == 3)
    }

    @Test("a rule in a zone the schedule lacks plans on that zone's clock, and copies sharing the offset cache still plan right")
    func newZone() throws {
        var schedule = try AlarmSchedule(rules: [rule("a", days: .daily, at: "06:00")])
        let before = schedule
        _ = before.plan(now: december1, options: utc)   // fills the shared offset-table cache
        try schedule.updateRule(rule("t", days: .daily, at: "10:00", zone: Zones.tokyo))
        try schedule.updateRule(rule("n", days: .daily, at: "06:00", zone: Zones.newYork))
        // 10:00 in Tokyo (UTC+9) is 01:00Z; 06:00 in New York (UTC-5 in December) is 11:00Z.
        #expect(
            schedule.plan(now: december1, options: utc).fires.map { "\($0.id) \($0.rfc3339) \($0.timeZone.identifier)" } == [
                "t@2026-12-01T10:00:00 2026-12-01T10:00:00+09:00 Asia/Tokyo",
                "a@2026-12-01T06:00:00 2026-12-01T06:00:00Z Etc/UTC",
                "n@2026-12-01T06:00:00 2026-12-01T06:00:00-05:00 America/New_York"
            ])
        #expect(before.plan(now: december1, options: utc).fires.map(\.id) == ["a@2026-12-01T06:00:00"])
        // Replacing the Tokyo rule with a floating one, then removing it, leaves New York where it was.
        try schedule.updateRule(rule("t", days: .daily, at: "10:00"))
        schedule.removeRule(id: "t")
        #expect(schedule.plan(now: december1, options: utc).fires.map(\.rfc3339) == ["2026-12-01T06:00:00Z", "2026-12-01T06:00:00-05:00"])
    }

    // MARK: Storage

    /// Where the compiled entries, ids and times of `schedule` are in memory.
    func bufferAddresses(_ schedule: AlarmSchedule) -> [Int] {
        [
            schedule.rules.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) },
            schedule.ruleIDs.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) },
            schedule.times.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        ]
    }

    @Test("replacing a rule of a schedule no copy shares rewrites its arrays in place; with a copy, only the edited one moves")
    func replaceWritesInPlace() throws {
        var schedule = try AlarmSchedule(rules: [rule("a", days: .daily, at: "06:00", "07:00"), rule("b", days: .daily, at: "08:00")])
        let original = bufferAddresses(schedule)
        try schedule.updateRule(rule("a", days: .daily, at: "05:00"))   // fits in a's slots
        #expect(bufferAddresses(schedule) == original)
        let copy = schedule
        try schedule.updateRule(rule("b", days: .daily, at: "09:00"))
        #expect(bufferAddresses(copy) == original)
        let edited = bufferAddresses(schedule)
        #expect(edited[0] != original[0] && edited[2] != original[2])
    }

    @Test("times and skips are rewritten in place when they fit, and unused slots are reclaimed")
    func storageStaysBounded() throws {
        var schedule = try AlarmSchedule(rules: (0..<4).map { rule("r\($0)", days: .daily, at: "06:00", "07:00") })
        #expect(schedule.times.count == 8)
        try schedule.updateRule(rule("r1", days: .daily, at: "05:00"))   // fits: in place, one slot unused
        #expect(schedule.times.count == 8 && schedule.unused.times == 1)
        try schedule.updateRule(rule("r3", days: .daily, at: "01:00", "02:00", "03:00"))   // ends the storage: grows there
        #expect(schedule.times.count == 9 && schedule.unused.times == 1)
        try schedule.updateRule(rule("r0", days: .daily, at: "01:00", "02:00", "03:00"))   // appended: two slots unused
        #expect(schedule.times.count == 12 && schedule.unused.times == 3)
        for round in 0..<50 {
            let time = String(format: "%02d:00", round % 24)
            try schedule.updateRule(rule("r2", days: .daily, at: time, "23:59"))
            try schedule.updateRule(rule("r\(round % 2)", days: .daily, at: time, "23:58", "23:57"))
            #expect(schedule.unused.times <= max(schedule.times.count - schedule.unused.times, schedule.count))
        }
        #expect(schedule.times.count <= 2 * (2 + 3 + 3 + 3))
    }
}
