import RecurringAlarms

extension ICalendarReading {
    /// Gives each rule its id, merges the events of one split rule, applies each edited
    /// occurrence to its series, and validates the result; each problem found here is given to
    /// the events it is about.
    mutating func identifyRules() {
        var slotOfRuleID: [String: Int] = [:]
        var ids = DerivedIDs()
        var lineOfUID: [String: Int] = [:]
        // The times of each merged rule, so that each event adds its own in O(its times).
        var mergedTimes: [Int: Set<TimeOfDay>] = [:]
        for index in entries.indices where entries[index].reasons.isEmpty && entries[index].event.recurrenceID == nil {
            guard let rule = entries[index].rule else { continue }
            let event = entries[index].event
            if let uid = event.uid {
                // Versions of one event (iTIP updates, SEQUENCE) or a mistake: either way one alarm.
                if let other = lineOfUID[uid.value] {
                    report(
                        uid.problem(
                            "is the UID of the event at line \(other) too; only an edited occurrence (RECURRENCE-ID) shares its series' UID, so this event is left out (give one of them another UID)"
                        ), for: [index])
                    continue
                }
                lineOfUID[uid.value] = event.line ?? 0
            }
            if let site = event.ruleID {
                if let slot = slotOfRuleID[site.value] {
                    let first = entries[slots[slot].entries[0]].event
                    if let problem = Self.merge(
                        rule, from: event, into: &slots[slot].rule, times: &mergedTimes[slot, default: []], first: first)
                    {
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
        applyEditedOccurrences()
        // The order of the events, each edited occurrence's rule after its series' other times.
        slots = slots.enumerated().sorted { ($0.element.entries[0], $0.offset) < ($1.element.entries[0], $1.offset) }.map(\.element)
        eventSlots = [:]
        for (slot, value) in slots.enumerated() where value.isEvent { for entry in value.entries { eventSlots[entry] = slot } }
        for slot in slots.indices where slots[slot].id == nil {
            if case .event = slots[slot].kind { giveDerivedID(to: slot, ids: &ids) }
        }
        for slot in slots.indices where slots[slot].id == nil { giveDerivedID(to: slot, ids: &ids) }
        for slot in slots.indices {
            slots[slot].rule.id = slots[slot].id ?? ""
            slots[slot].rule.times.sort()
            // The reader reports every rule problem at its property; this catches any it misses.
            let line = entries[slots[slot].entries[0]].event.line
            for problem in slots[slot].rule.validationProblems(number: slot + 1) {
                report(
                    ICalendarReadProblem(line: line, column: nil, property: "VEVENT", value: nil, message: problem.description),
                    for: slots[slot].entries)
            }
        }
        noteEditedOccurrences()
    }

    /// An id made from the event's `UID` (and, for an occurrence or the other times of a date,
    /// its series' id and the date), with a note for an event whose `UID` is not an id.
    private mutating func giveDerivedID(to slot: Int, ids: inout DerivedIDs) {
        let event = entries[slots[slot].entries[0]].event
        let line = event.line ?? 0
        let id: String
        switch slots[slot].kind {
        case .event:
            id = ids.derive(from: event.uid?.value, line: line)
            if let uid = event.uid {
                notes.append(uid.note("is not a valid rule id (1 to 64 characters of A-Z a-z 0-9 . _ -); the rule's id is \"\(id)\""))
            } else {
                notes.append(
                    ICalendarImportNote(line: event.line, property: "UID", value: nil, message: "is missing; the rule's id is \"\(id)\""))
            }
        case .occurrence(let series, let suffix):
            let base = series.flatMap(seriesID) ?? DerivedIDs.base(of: event.uid?.value)
            id = ids.derive(base: base, suffix: suffix, line: line)
        case .otherTimes(let series, let date):
            id = ids.derive(base: seriesID(series) ?? "event", suffix: date.iCalendarText, line: line)
        }
        slots[slot].id = id
    }

    /// The id of the rule of the series whose event is entry `series`.
    private func seriesID(_ series: Int) -> String? { eventSlots[series].map { slots[$0].id } ?? nil }

    /// Each edited occurrence (`RECURRENCE-ID`, RFC 5545 §3.8.4.4) applied to its series, the
    /// event with its `UID` and no `RECURRENCE-ID`: the series skips the occurrence's date, and
    /// the occurrence, unless cancelled, is a one-shot rule at its own `DTSTART`. The series'
    /// other times of that date, if it has several, become a one-shot rule of their own. An
    /// occurrence of a series left out is left out too; one whose series is not in the text,
    /// or that matches none of its occurrences, is a one-shot rule alone, with a note.
    private mutating func applyEditedOccurrences() {
        var slotOfEntry: [Int: Int] = [:]
        for (slot, value) in slots.enumerated() { for entry in value.entries { slotOfEntry[entry] = slot } }
        // The series of a UID: the event imported with it, else the first (left out) that has it.
        var seriesOfUID: [String: Int] = [:]
        for index in entries.indices where !entries[index].isNested && entries[index].event.recurrenceID == nil {
            guard let uid = entries[index].event.uid?.value else { continue }
            if seriesOfUID[uid] == nil || (slotOfEntry[index] != nil && slotOfEntry[seriesOfUID[uid]!] == nil) { seriesOfUID[uid] = index }
        }
        let skippedBefore = slots.map(\.rule.skippedDates)
        /// (series slot, date, time) → the line of the event that edits that occurrence.
        var edited: [String: Int] = [:]
        var editedTimes: [Int: [LocalDate: Set<TimeOfDay>]] = [:]
        for index in entries.indices where entries[index].reasons.isEmpty {
            guard let recurrenceID = entries[index].event.recurrenceID else { continue }
            let event = entries[index].event
            let site = recurrenceID.site
            let isCancelled = event.cancelled != nil
            guard let uid = event.uid?.value, let series = seriesOfUID[uid] else {
                if isCancelled {
                    notes.append(site.note("cancels an occurrence of a series that is not in this calendar; there is nothing to import"))
                } else if let rule = entries[index].rule {
                    notes.append(
                        site.note(
                            "edits an occurrence of a series that is not in this calendar; it is imported as a one-shot alarm at its DTSTART"
                        ))
                    slots.append(Slot(rule: rule, entries: [index], kind: .occurrence(series: nil, suffix: Self.suffix(of: site.value))))
                }
                continue
            }
            guard entries[series].reasons.isEmpty, let slot = slotOfEntry[series] else {
                report(
                    site.problem("edits an occurrence of the event at line \(entries[series].event.line ?? 0), which is left out"),
                    for: [index], consequential: true)
                continue
            }
            let seriesRule = slots[slot].rule
            guard let value = ICalendarDateTime(site.value) else {
                report(site.problem("is not a date-time; \(ICalendarDateTime.expectedForms)"), for: [index])
                continue
            }
            guard value.time != nil else {
                report(site.problem("is a date; its series starts at a date and time, so an occurrence is named by one"), for: [index])
                continue
            }
            var problems: [ICalendarReadProblem] = []
            let match = ICalendarEventMapper.instances(
                removedBy: value, tzid: recurrenceID.tzid, ICalendarPattern(seriesRule), zone: seriesRule.timeZone, site: site, offset: 0,
                problems: &problems)
            for problem in problems { report(problem, for: [index]) }
            guard let match else { continue }
            switch match {
            case .matchesNothing(let why):
                notes.append(
                    site.note("matches no occurrence of its series at line \(entries[series].event.line ?? 0) (\(why)); nothing is skipped")
                )
                if !isCancelled, let rule = entries[index].rule {
                    slots.append(Slot(rule: rule, entries: [index], kind: .occurrence(series: nil, suffix: Self.suffix(of: site.value))))
                }
            case .removes(let occurrences):
                var repeated: Int?
                for (date, time) in occurrences {
                    let key = "\(slot) \(date) \(time.map(\.description) ?? "")"
                    if let other = edited[key] { repeated = other }
                }
                if let repeated {
                    report(
                        site.problem("edits the occurrence the event at line \(repeated) edits; each occurrence is edited once"),
                        for: [index])
                    continue
                }
                for (date, time) in occurrences {
                    edited["\(slot) \(date) \(time.map(\.description) ?? "")"] = event.line ?? 0
                    slots[slot].rule.skippedDates.insert(date)
                    if let time { editedTimes[slot, default: [:]][date, default: []].insert(time) }
                }
                if isCancelled {
                    notes.append(
                        site.note("cancels one occurrence of its series at line \(entries[series].event.line ?? 0), which skips its date"))
                } else if let rule = entries[index].rule, let (date, time) = occurrences.first {
                    var rule = rule
                    if rule.label == nil { rule.label = seriesRule.label }
                    let suffix = LocalDateTime(date: date, time: time ?? TimeOfDay(secondsSinceMidnight: 0)!).iCalendarText
                    slots.append(Slot(rule: rule, entries: [index], kind: .occurrence(series: series, suffix: suffix)))
                }
            }
        }
        for (slot, dates) in editedTimes.sorted(by: { $0.key < $1.key }) {
            let series = slots[slot].rule
            for (date, times) in dates.sorted(by: { $0.key < $1.key }) where !skippedBefore[slot].contains(date) {
                let others = Set(series.times).subtracting(times).sorted()
                guard !others.isEmpty else { continue }
                let rule = AlarmRule(
                    id: "", label: series.label, isEnabled: series.isEnabled, repeats: .once(date), times: others,
                    timeZone: series.timeZone, gapPolicy: series.gapPolicy, overlapPolicy: series.overlapPolicy)
                let seriesEntry = slots[slot].entries[0]
                slots.append(Slot(rule: rule, entries: slots[slot].entries, kind: .otherTimes(series: seriesEntry, date: date)))
            }
        }
    }

    /// A note per edited occurrence imported, at its `RECURRENCE-ID`, naming its rule: ids
    /// are known only now.
    private mutating func noteEditedOccurrences() {
        for slot in slots {
            guard case .occurrence(let series?, _) = slot.kind, let site = entries[slot.entries[0]].event.recurrenceID?.site else {
                continue
            }
            let seriesID = seriesID(series) ?? ""
            notes.append(
                site.note(
                    "edits one occurrence of rule '\(seriesID)', which skips its date; rule '\(slot.id ?? "")' rings it once at its DTSTART"
                ))
        }
    }

    /// The id characters of a `RECURRENCE-ID` value: `20260105T070000`.
    private static func suffix(of value: String) -> String {
        String(value.unicodeScalars.filter { $0.isASCII && AlarmRule.isIDByte(UInt8($0.value)) }.prefix(16).map(Character.init))
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
    ///
    /// - Parameter times: the target's times as a set, filled on the first merge.
    /// - Complexity: O(t + s) for the event's t times and the rules' s skipped dates.
    private static func merge(
        _ rule: AlarmRule, from event: ICalendarEvent, into target: inout AlarmRule, times: inout Set<TimeOfDay>, first: ICalendarEvent
    ) -> ICalendarReadProblem? {
        // Compared without their times: emptying a copy's shares no work with the target's.
        var comparable = rule
        comparable.id = target.id
        comparable.times = []
        var targetWithoutTimes = target
        targetWithoutTimes.times = []
        guard comparable == targetWithoutTimes else {
            return event.ruleID!.problem(
                "names the rule of the event at line \(first.line ?? 0), but this event's \(difference(rule, target)) differs; events of one rule must agree in all but their times (remove \(ICalendar.ExtensionProperty.rule) from one to import them as separate rules)"
            )
        }
        if times.isEmpty { times = Set(target.times) }
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
        unique(Self.base(of: uid), line: line)
    }

    /// A new id `base-suffix`, `base` cut so that the whole is at most 60 characters, claimed
    /// for the event at `line`: `wake-20260105T070000` for an edited occurrence of `wake`.
    mutating func derive(base: String, suffix: String, line: Int) -> String {
        var cut = Substring(base).prefix(max(1, Self.longestBase - suffix.utf8.count - 1))
        while cut.hasSuffix("-") { cut.removeLast() }
        return unique(Self.base(of: cut + "-" + suffix), line: line)
    }

    /// `base`, or `base-2`, `base-3` … when taken, claimed for the event at `line`.
    private mutating func unique(_ base: String, line: Int) -> String {
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
