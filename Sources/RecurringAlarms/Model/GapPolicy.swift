/// What a rule does when its wall time does not exist on a day (a spring-forward gap).
///
/// In New York on 2026-03-08 clocks jump from 02:00 EST to 03:00 EDT, so 02:30 never shows:
/// - ``shift`` (the default, as RFC 5545 specifies): read 02:30 with the offset before the
///   gap (EST, UTC−5), which is 07:30 UTC = 03:30 EDT: the alarm moves forward by the gap length.
/// - ``skip``: no fire at that time that day; the rule's other times still fire.
public enum GapPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Read the wall time with the offset before the gap: the clock then shows it later by the
    /// gap's length (in a one-hour gap, 02:30 rings at 03:30).
    case shift
    /// Do not fire at that time that day.
    case skip
}
