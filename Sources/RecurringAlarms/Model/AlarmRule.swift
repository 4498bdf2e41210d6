/// One alarm as a person sets it: "Mon, Tue, Thu at 07:30", or "once on Dec 5 at 09:00".
///
/// A plain value with no notion of "now": plan it with ``plan(_:now:options:including:)-(AlarmRuleSet,_,_,_)`` or compile
/// many at once into an ``AlarmSchedule``. Check a hand-built rule with
/// ``validationProblems(number:)`` before planning it; rules decoded from JSON are already checked.
///
/// ```swift
/// let wake = AlarmRule(id: "wake", label: "Wake up",
///                      repeats: .weekly(days: [.monday, .tuesday, .thursday]),
///                      times: [TimeOfDay(hour: 7, minute: 30)!],
///                      timeZone: .floating)
/// wake.validationProblems()   // []
/// ```
public struct AlarmRule: Sendable, Hashable {
    /// 1–64 characters of `A-Z a-z 0-9 . _ -`, unique within a rule set. Part of every fire id.
    public var id: String
    /// Free text shown to people; not interpreted.
    public var label: String?
    /// A disabled rule plans no fires.
    public var isEnabled: Bool
    /// Weekly or one-shot.
    public var repeats: Recurrence
    /// Wall times, at least one, each at most once.
    public var times: [TimeOfDay]
    /// Fixed IANA zone, or floating (the device zone at plan time).
    public var timeZone: ZoneChoice
    /// Local dates on which the rule does not fire.
    public var skippedDates: Set<LocalDate>
    /// What happens to a wall time that a spring-forward gap removes.
    public var gapPolicy: GapPolicy
    /// Which instant a wall time that a fall-back overlap repeats fires at.
    public var overlapPolicy: OverlapPolicy

    /// Creates a rule from its parts, without checking them: call ``validationProblems(number:)``
    /// before planning a rule built this way.
    ///
    /// By default the rule is enabled, has no label, follows the device zone (floating), skips no
    /// dates, shifts a wall time that falls in a gap (``GapPolicy/shift``) and fires at the first
    /// of a repeated wall time (``OverlapPolicy/first``).
    public init(
        id: String,
        label: String? = nil,
        isEnabled: Bool = true,
        repeats: Recurrence,
        times: [TimeOfDay],
        timeZone: ZoneChoice = .floating,
        skippedDates: Set<LocalDate> = [],
        gapPolicy: GapPolicy = .shift,
        overlapPolicy: OverlapPolicy = .first
    ) {
        self.id = id
        self.label = label
        self.isEnabled = isEnabled
        self.repeats = repeats
        self.times = times
        self.timeZone = timeZone
        self.skippedDates = skippedDates
        self.gapPolicy = gapPolicy
        self.overlapPolicy = overlapPolicy
    }
}
