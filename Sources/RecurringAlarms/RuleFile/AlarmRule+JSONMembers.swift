/// Receives the members of a rule's rule-file JSON in order, defaults already left out.
///
/// ``AlarmRule/writeMembers(to:)`` is the one place that decides what a rule file holds: the
/// ``JSONValue`` tree (``AlarmRule/json``, for messages and `Codable`) and the bytes of a
/// file's rules (``RuleElementBytes``, which ``RuleFileWriter`` writes files with) are both
/// sinks of it, so they cannot drift apart.
protocol RuleMemberSink {
    mutating func member(_ key: String, string: String)
    mutating func member(_ key: String, bool: Bool)
    mutating func member(_ key: String, integer: Int)
    /// A `days` array: the names in rule-file order (Sunday first).
    mutating func member(_ key: String, days: WeekdaySet)
    /// A `date` or one of `start`, `end`: `YYYY-MM-DD`.
    mutating func member(_ key: String, date: LocalDate)
    /// The `times` array, each `HH:MM` or `HH:MM:SS`, in the rule's order.
    mutating func member(_ key: String, times: [TimeOfDay])
    /// The `skip` array, already sorted.
    mutating func member(_ key: String, dates: [LocalDate])
}

extension AlarmRule {
    /// Sends the rule's members to `sink`, keys (``RuleField/name``) in the documented order,
    /// defaults left out.
    func writeMembers(to sink: inout some RuleMemberSink) {
        sink.member(RuleField.id.name, string: id)
        if let label { sink.member(RuleField.label.name, string: label) }
        if !isEnabled { sink.member(RuleField.enabled.name, bool: false) }
        switch repeats {
        case .weekly(let days, _, _, _): sink.member(RuleField.days.name, days: days)
        case .once(let date): sink.member(RuleField.date.name, date: date)
        }
        sink.member(RuleField.times.name, times: times)
        if case .fixed(let zone) = timeZone { sink.member(RuleField.timeZone.name, string: zone.ianaName) }
        if case .weekly(_, let everyWeeks, let start, let end) = repeats {
            if everyWeeks != 1 { sink.member(RuleField.everyWeeks.name, integer: everyWeeks) }
            if let start { sink.member(RuleField.start.name, date: start) }
            if let end { sink.member(RuleField.end.name, date: end) }
        }
        if !skippedDates.isEmpty { sink.member(RuleField.skip.name, dates: skippedDates.sorted()) }
        if gapPolicy != .shift { sink.member(RuleField.gap.name, string: gapPolicy.rawValue) }
        if overlapPolicy != .first { sink.member(RuleField.overlap.name, string: overlapPolicy.rawValue) }
    }
}

/// Collects a rule's members as a ``JSONValue`` object.
struct RuleTreeSink: RuleMemberSink {
    var members: [(key: String, value: JSONValue)] = []

    init() { members.reserveCapacity(8) }

    /// The `days` array of every weekday set (by raw value), built once: a book of many rules
    /// writes one for each.
    static let dayArrays: [JSONValue] = (0...127).map { raw in
        .array(WeekdaySet(rawValue: UInt8(raw)).names.map(JSONValue.string))
    }

    mutating func member(_ key: String, string: String) { members.append((key, .string(string))) }
    mutating func member(_ key: String, bool: Bool) { members.append((key, .bool(bool))) }
    mutating func member(_ key: String, integer: Int) { members.append((key, .number(String(integer)))) }
    mutating func member(_ key: String, days: WeekdaySet) { members.append((key, RuleTreeSink.dayArrays[Int(days.rawValue)])) }
    mutating func member(_ key: String, date: LocalDate) { members.append((key, .string(date.description))) }
    mutating func member(_ key: String, times: [TimeOfDay]) {
        members.append((key, .array(times.map { .string($0.shortDescription) })))
    }
    mutating func member(_ key: String, dates: [LocalDate]) { members.append((key, .array(dates.map { .string($0.description) }))) }
}
