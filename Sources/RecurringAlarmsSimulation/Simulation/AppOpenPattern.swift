import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling

/// When the simulated user opens the app (each open calls ``/RecurringAlarmsScheduling/AlarmScheduler/refresh()``).
///
/// ```swift
/// AppOpenPattern.at([start, start.addingTimeInterval(3 * 86_400)])
/// // At most every 6 days, each gap drawn from 5–6 days with seed 42:
/// AppOpenPattern.every(6 * 86_400, jitter: 86_400, seed: 42)
/// ```
public enum AppOpenPattern: Sendable, Hashable {
    /// Exactly these moments (those outside the simulated period are ignored).
    case at([Date])
    /// The first open at the start, then each next one at most `interval` after the previous:
    /// the gap is `interval` minus a whole number of seconds drawn uniformly from `0...jitter`
    /// with a SplitMix64 generator seeded with `seed`. So "every 6 days" never leaves more
    /// than 6 days between opens. `interval` counts as at least 60 s; `jitter` is clamped to
    /// `0...interval / 2`.
    case every(TimeInterval, jitter: TimeInterval = 0, seed: UInt64 = 0)

    /// The open moments in `[start, end]`, sorted, whole seconds.
    ///
    /// - Complexity: O(n) for n opens, at most `(end - start) / 30 s` + 1.
    public func moments(from start: Date, through end: Date) -> [Date] {
        let lower = start.timeIntervalSince1970.rounded(.down)
        let upper = end.timeIntervalSince1970
        switch self {
        case .at(let dates):
            return dates.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
                .filter { $0.timeIntervalSince1970 >= lower && $0.timeIntervalSince1970 <= upper }.sorted()
        case .every(let interval, let jitter, let seed):
            let step = max(interval.rounded(.down), 60)
            let spread = Int64(min(max(jitter, 0), step / 2).rounded(.down))
            var generator = SplitMix64(seed: seed)
            var moments: [Date] = []
            var moment = lower
            while moment <= upper {
                moments.append(Date(timeIntervalSince1970: moment))
                moment += step - Double(spread > 0 ? Int64.random(in: 0...spread, using: &generator) : 0)
            }
            return moments
        }
    }
}
