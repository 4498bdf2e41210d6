import RecurringAlarms

extension ICalendarReading {
    /// Gives each rule its id, merges the events of one split rule, and validates the result;
    /// each problem found here is given to the events it is about.
    mutating func identifyRules() {
        var slotOfRuleID: [String: Int] = [:]
        var ids = DerivedIDs()
        for index in entries.indices where entries[index].reasons.isEmpty {
            guard let rule = entries[index].rule else { continue }
            let event = entries[index].event
            if let site = event.ruleID {
                if let slot = slotOfRuleID[site.value] {
                    let first = entries[slots[slot].entries[0]].event
                    if let problem = Self.merge(rule, from: event, into: &slots[slot].rule, first: first) {
                        report(problem, for: [index])
                    } else {
                        slots[slot].entries.append(index)
                    }
                    continue
                }
                guard claim(site.value, event: event, site: site, ids: &ids, entry: index) else { continue }
                slotOfRuleID[site.value] = slots.count
                slots.append(Slot(rule: rule, entries: [index], id: site.value))
            } else if let uid = event.uid, AlarmRule.isValidID(uid.value) {
                guard claim(uid.value, event: event, site: uid, ids: &ids, entry: index) else { continue }
                slots.append(Slot(rule: rule, entries: [index], id: uid.value))
            } else {
                slots.append(Slot(rule: rule, entries: [index], id: nil))
            }
        }
        for slot in slots.indices {
            let event = entries[slots[slot].entries[0]].event
            if let id = slots[slot].id {
                slots[slot].rule.id = id
            } else {
                let id = ids.derive(from: event.uid?.value, line: event.line ?? 0)
                slots[slot].rule.id = id
                slots[slot].id = id
                if let uid = event.uid {
                    notes.append(uid.note("is not a valid rule id (1 to 64 characters of A-Z a-z 0-9 . _ -); the rule's id is \"\(id)\""))
                } else {
                    notes.append(
                        ICalendarImportNote(
                            line: event.line, property: "UID", value: nil, message: "is missing; the rule's id is \"\(id)\""))
                }
            }
            slots[slot].rule.times.sort()
            // The reader reports every rule problem at its property; this catches any it misses.
            for problem in slots[slot].rule.validationProblems(number: slot + 1) {
                report(
                    ICalendarReadProblem(line: event.line, column: nil, property: "VEVENT", value: nil, message: problem.description),
                    for: slots[slot].entries)
            }
        }
    }

    /// The rules of the events that map, in the order of their first events.
    func importedRules() -> [AlarmRule] {
        slots.filter { slot in slot.entries.allSatisfy { entries[$0].reasons.isEmpty } }.map(\.rule)
    }

    /// Records `problem` as a reason of each of `events`.
    mutating func report(_ problem: ICalendarReadProblem, for events: [Int], consequential: Bool = false) {
        let index = problems.count
        problems.append(problem)
        if consequential { self.consequential.insert(index) }
        for event in events { entries[event].reasons.append(index) }
    }

    /// Claims `id` for the event at `entry`; `false`, with a problem, when another event has it.
    private mutating func claim(
        _ id: String, event: ICalendarEvent, site: ICalendarValueSite, ids: inout DerivedIDs, entry: Int
    ) -> Bool {
        if let other = ids.claimed[id] {
            report(
                site.problem("is the id of the event at line \(other) too; each rule needs its own id (give one event another UID)"),
                for: [entry])
            return false
        }
        ids.claimed[id] = event.line ?? 0
        return true
    }

    /// Another event of a rule written as several: its times join the rule's, or the problem
    /// when it differs in anything else. The dates above all must agree, the start date too,
    /// since a time of the rule rings on every date of the rule, so a start of its own would be lost.
    private static func merge(_ rule: AlarmRule, from event: ICalendarEvent, into target: inout AlarmRule, first: ICalendarEvent)
        -> ICalendarReadProblem?
    {
        var comparable = rule
        comparable.id = target.id
        comparable.times = target.times
        guard comparable == target else {
            return event.ruleID!.problem(
                "names the rule of the event at line \(first.line ?? 0), but this event's \(difference(rule, target)) differs; events of one rule must agree in all but their times (remove \(ICalendar.ExtensionProperty.rule) from one to import them as separate rules)"
            )
        }
        var times = Set(target.times)
        for time in rule.times where times.insert(time).inserted { target.times.append(time) }
        return nil
    }

    private static func difference(_ rule: AlarmRule, _ other: AlarmRule) -> String {
        switch (rule.repeats, other.repeats) {
        case (.weekly(let days, let every, let start, let end), .weekly(let otherDays, let otherEvery, let otherStart, let otherEnd))
        where (days, every, end) == (otherDays, otherEvery, otherEnd) && start != otherStart:
            return "start date (DTSTART \(start.map(\.description) ?? "none"), that event's \(otherStart.map(\.description) ?? "none"))"
        case (.once(let date), .once(let otherDate)) where date != otherDate:
            return "date (DTSTART \(date), that event's \(otherDate))"
        default: break
        }
        if rule.repeats != other.repeats { return "recurrence (RRULE, DTSTART date)" }
        if rule.timeZone != other.timeZone { return "zone" }
        if rule.skippedDates != other.skippedDates { return "EXDATE dates" }
        if rule.label != other.label { return "SUMMARY" }
        if rule.isEnabled != other.isEnabled { return ICalendar.ExtensionProperty.enabled }
        if rule.gapPolicy != other.gapPolicy { return ICalendar.ExtensionProperty.gapPolicy }
        return ICalendar.ExtensionProperty.overlapPolicy
    }
}

/// The ids an import has given out, and ids made for events whose `UID` is missing or not a
/// valid id.
///
/// A derived id is the `UID`'s id characters, every run of others as one `-`, without a `-`
/// at either end (an id that starts with `-` reads as an option on the command line), at most
/// 60 characters; `event` when nothing is left. When that is taken, `-2`, `-3` … is appended,
/// the base cut so that the whole stays within 64 characters. The next number to try is kept
/// per base, so n events with one base cost O(n) in all rather than O(n²).
struct DerivedIDs {
    /// Every id given out → the line of the event that has it.
    var claimed: [String: Int] = [:]
    /// For each base already given out, the next number to try after it.
    private var nextNumber: [String: Int] = [:]

    /// The longest base, leaving room for a number within ``AlarmRule/idLengthRange``.
    static let longestBase = 60

    /// A new id from `uid`, claimed for the event at `line`.
    /// - Complexity: O(u) for a `UID` of u bytes, plus the numbers tried that were taken.
    mutating func derive(from uid: String?, line: Int) -> String {
        let base = Self.base(of: uid)
        var id = base
        if claimed[base] != nil {
            var number = nextNumber[base] ?? 2
            repeat {
                let suffix = "-\(number)"
                var cut = base.prefix(AlarmRule.idLengthRange.upperBound - suffix.utf8.count)
                while cut.hasSuffix("-") { cut.removeLast() }
                id = cut + suffix
                number += 1
            } while claimed[id] != nil
            nextNumber[base] = number
        }
        claimed[id] = line
        return id
    }

    /// The id characters of `uid`, each run of others as one `-`, trimmed and cut; `event`
    /// when none is left.
    static func base(of uid: String?) -> String {
        var bytes: [UInt8] = []
        for byte in (uid ?? "").utf8 {
            if AlarmRule.isIDByte(byte) && !(bytes.isEmpty && byte == UInt8(ascii: "-")) {
                bytes.append(byte)
            } else if !bytes.isEmpty, bytes.last != UInt8(ascii: "-") {
                bytes.append(UInt8(ascii: "-"))
            }
            if bytes.count >= longestBase { break }
        }
        while bytes.last == UInt8(ascii: "-") { bytes.removeLast() }
        return bytes.isEmpty ? "event" : String(decoding: bytes, as: UTF8.self)
    }
}
