import Foundation

/// The fields of a rule element in a rule file (`Docs/Formats.md`): the one table that both
/// rule readers read by and the writer names keys from.
///
/// Each field says what its value is (``Kind``): the direct reader (``DirectRuleReader``)
/// reads each kind straight from the bytes and the tree reader (``RuleReader``) reads it from
/// the parsed JSON and words its problems, and both put the value into a ``RuleElement``
/// with ``RuleElement/set(_:to:)``. Neither reader names a field but the two that choose the
/// kind of recurrence, so a new field of a kind they know is a change to the model, its
/// validation, this table (its case, its ``RuleElement`` property and the rule built from
/// it) and ``AlarmRule/writeMembers(to:)``, and nowhere else.
///
/// ```swift
/// RuleField.everyWeeks.name          // "everyWeeks"
/// RuleField.everyWeeks.kind          // .wholeNumber
/// RuleField.everyWeeks.numberRange   // 1...52
/// ```
enum RuleField: Int, CaseIterable, Sendable {
    case id, label, enabled, days, date, times, timeZone, everyWeeks, start, end, skip, gap, overlap

    /// What a field's value is, which says how the readers read it and word its problems.
    enum Kind: Sendable {
        /// A rule id: a string of ``AlarmRule/idLengthRange`` characters of ``AlarmRule/isIDByte(_:)``.
        case id
        /// Any string.
        case text
        /// `true` or `false`.
        case flag
        /// A non-empty array of distinct weekday names.
        case weekdays
        /// A date `YYYY-MM-DD`.
        case date
        /// A non-empty array of times `HH:MM` or `HH:MM:SS` (the reader's list of times).
        case times
        /// An IANA time zone id.
        case zone
        /// A whole number in ``RuleField/numberRange``, written in plain digits.
        case wholeNumber
        /// An array of dates (the reader's list of skipped dates).
        case dates
        /// One of ``RuleField/choices``.
        case choice
    }

    /// The part a field plays in the rule's recurrence.
    enum Role: Sendable {
        /// Any rule may have it.
        case plain
        /// It makes the rule weekly; a rule has exactly one of it and ``once``.
        case weekly
        /// It makes the rule a one-shot.
        case once
        /// Only a weekly rule may have it.
        case weeklyOption
    }

    /// The field's key in a rule file.
    var name: String {
        switch self {
        case .id: "id"
        case .label: "label"
        case .enabled: "enabled"
        case .days: "days"
        case .date: "date"
        case .times: "times"
        case .timeZone: "timeZone"
        case .everyWeeks: "everyWeeks"
        case .start: "start"
        case .end: "end"
        case .skip: "skip"
        case .gap: "gap"
        case .overlap: "overlap"
        }
    }

    /// Inlined, as ``bit`` is: the direct reader asks it of every field it reads.
    @inline(__always)
    var kind: Kind {
        switch self {
        case .id: .id
        case .label: .text
        case .enabled: .flag
        case .days: .weekdays
        case .date, .start, .end: .date
        case .times: .times
        case .timeZone: .zone
        case .everyWeeks: .wholeNumber
        case .skip: .dates
        case .gap, .overlap: .choice
        }
    }

    var role: Role {
        switch self {
        case .days: .weekly
        case .date: .once
        case .everyWeeks, .start, .end: .weeklyOption
        default: .plain
        }
    }

    /// What the value should be, as problems say it after "expected".
    var expectation: String {
        switch self {
        case .id: "1 to 64 characters of A-Z a-z 0-9 . _ -"
        case .label: "any text"
        case .enabled: "true or false"
        case .days: #"weekdays such as ["mon", "thu"]"#
        case .date, .start, .end: "YYYY-MM-DD, a real calendar date"
        case .times: "an array of times HH:MM or HH:MM:SS"
        case .timeZone: #"an IANA time zone id such as "Europe/Paris""#
        case .everyWeeks: "a whole number from \(numberRange.lowerBound) to \(numberRange.upperBound)"
        case .skip: "an array of dates YYYY-MM-DD"
        case .gap, .overlap: choices.map { "\"\($0)\"" }.joined(separator: " or ")
        }
    }

    /// For a field every rule must have, what its absence's problem expects; `nil` for the others.
    var missing: String? {
        switch self {
        case .id: RuleField.id.expectation
        case .times: "at least one time HH:MM or HH:MM:SS"
        default: nil
        }
    }

    /// The values a ``Kind/wholeNumber`` field may take.
    var numberRange: ClosedRange<Int> {
        switch self {
        case .everyWeeks: AlarmRule.everyWeeksRange
        default: 0...0
        }
    }

    /// The values a ``Kind/choice`` field may take, in the order of ``RuleFieldValue/choice(_:)``.
    var choices: [String] {
        switch self {
        case .gap: RuleField.gapChoices
        case .overlap: RuleField.overlapChoices
        default: []
        }
    }

    private static let gapChoices = GapPolicy.allCases.map(\.rawValue)
    private static let overlapChoices = OverlapPolicy.allCases.map(\.rawValue)

    /// What stands in for the field's value when the tree reader could not read it, so that
    /// the rule's other fields are still checked without a problem on its account; `nil`
    /// keeps the default.
    func placeholder<Text>() -> RuleFieldValue<Text>? {
        switch self {
        case .days: .weekdays(.daily)
        case .date: .date(LocalDate(daysSinceEpoch: 0))
        // A start that failed to read still exists: neither "everyWeeks needs start" nor
        // "end before start" is reported on its account.
        case .start: .date(.earliest)
        default: nil
        }
    }

    /// Every field's key, in table order (the order of "allowed:" in problems).
    static let names = allCases.map(\.name)

    /// The field's bit in ``RuleElement/read``.
    @inline(__always)
    var bit: UInt16 { 1 << UInt16(rawValue) }

    /// The fields every rule must have: those with a ``missing`` problem. (Constants, not
    /// worked out from the table: readers test them for every rule.)
    static var required: UInt16 { id.bit | times.bit }
    /// The field that makes a rule weekly, and the one that makes it a one-shot (their ``role``).
    static var weeklyChoice: RuleField { .days }
    static var onceChoice: RuleField { .date }
    /// The fields only a weekly rule may have (``Role/weeklyOption``).
    static let weeklyOptions: [RuleField] = [.everyWeeks, .start, .end]
    private static var weeklyOptionBits: UInt16 { everyWeeks.bit | start.bit | end.bit }

    /// Whether the fields `read` make a recurrence: exactly one of ``weeklyChoice`` and
    /// ``onceChoice``, and weekly options only beside the weekly one.
    @inline(__always)
    static func isRecurrenceShape(_ read: UInt16) -> (weekly: Bool, valid: Bool) {
        let weekly = read & weeklyChoice.bit != 0
        let once = read & onceChoice.bit != 0
        return (weekly, weekly != once && (weekly || read & weeklyOptionBits == 0))
    }
}

/// One field's value as a reader read it; text is `Text`, the reader's own form of a string
/// (where it is in the bytes, or a `String`), and a zone is the reader's number for it.
enum RuleFieldValue<Text> {
    case text(Text)
    case flag(Bool)
    case weekdays(WeekdaySet)
    case date(LocalDate)
    case number(Int)
    /// 1 for the reader's first zone, and so on.
    case zone(Int)
    /// The index of the value in the field's ``RuleField/choices``.
    case choice(Int)
}

/// The values of one rule element as a reader read them, field by field, before its rule is
/// built: what both readers fill (times and skipped dates go to the reader's own lists).
struct RuleElement<Text> {
    /// The fields read so far, by ``RuleField/bit``.
    private(set) var read: UInt16 = 0
    var id: Text?
    var label: Text?
    var isEnabled = true
    var days = WeekdaySet()
    var date = LocalDate.earliest
    var everyWeeks = 1
    var start: LocalDate?
    var end: LocalDate?
    /// 0 for a floating rule, else the reader's number for its zone.
    var zoneNumber = 0
    var gap = GapPolicy.shift
    var overlap = OverlapPolicy.first

    /// Records that `field` is being read; `false` when it already was (a repeated key).
    @inline(__always)
    mutating func markRead(_ field: RuleField) -> Bool {
        guard read & field.bit == 0 else { return false }
        read |= field.bit
        return true
    }

    /// Stores `value`, read for `field`.
    @inline(__always)
    mutating func set(_ field: RuleField, to value: RuleFieldValue<Text>) {
        read |= field.bit
        switch (field, value) {
        case (.id, .text(let text)): id = text
        case (.label, .text(let text)): label = text
        case (.enabled, .flag(let flag)): isEnabled = flag
        case (.days, .weekdays(let weekdays)): days = weekdays
        case (.date, .date(let day)): date = day
        case (.timeZone, .zone(let number)): zoneNumber = number
        case (.everyWeeks, .number(let number)): everyWeeks = number
        case (.start, .date(let day)): start = day
        case (.end, .date(let day)): end = day
        case (.gap, .choice(let index)): gap = GapPolicy.allCases[index]
        case (.overlap, .choice(let index)): overlap = OverlapPolicy.allCases[index]
        // Times and skipped dates go to the reader's lists; no other pair is ever read.
        default: break
        }
    }

    /// Whether every required field was read.
    var hasRequiredFields: Bool { read & RuleField.required == RuleField.required }

    /// The recurrence the fields read describe, as they are: weekly when the weekly field was
    /// read, else a one-shot.
    var recurrence: Recurrence {
        read & RuleField.weeklyChoice.bit != 0
            ? .weekly(days: days, everyWeeks: everyWeeks, start: start, end: end) : .once(date)
    }

    /// ``recurrence`` when the fields make a valid one (``RuleField/isRecurrenceShape(_:)`` and
    /// ``AlarmRule/isValidRecurrence(_:)``), else `nil`.
    @inline(__always)
    var validRecurrence: Recurrence? {
        let shape = RuleField.isRecurrenceShape(read)
        guard shape.valid else { return nil }
        let recurrence = recurrence
        return shape.weekly && !AlarmRule.isValidRecurrence(recurrence) ? nil : recurrence
    }

    /// The rule of these values: `text` gives each text's `String` (an absent id is empty),
    /// `zones` are the reader's zones by number (from 1).
    ///
    /// Inlined, so that the direct reader builds the rule in the rules array's new slot rather
    /// than copying it there (which retains and releases each of its parts).
    @inline(__always)
    func rule(
        text: (Text) -> String, zones: [TimeZone], repeats: Recurrence, times: [TimeOfDay], skippedDates: Set<LocalDate>
    ) -> AlarmRule {
        AlarmRule(
            id: id.map(text) ?? "", label: label.map(text), isEnabled: isEnabled, repeats: repeats, times: times,
            timeZone: zoneNumber == 0 ? .floating : .fixed(zones[zoneNumber - 1]), skippedDates: skippedDates, gapPolicy: gap,
            overlapPolicy: overlap)
    }
}
