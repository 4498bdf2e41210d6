/// Which instant a rule picks when its wall time occurs twice (a fall-back overlap).
///
/// In New York on 2026-11-01 the hour 01:00–02:00 happens twice, first in EDT (UTC−4) then
/// in EST (UTC−5), so 01:30 is both 05:30 UTC and 06:30 UTC:
/// - ``first`` (the default): the earlier instant, 05:30 UTC.
/// - ``last``: the later instant, 06:30 UTC.
public enum OverlapPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fire at the earlier instant, with the offset before the clocks go back.
    case first
    /// Fire at the later instant, with the offset after the clocks go back.
    case last
}
