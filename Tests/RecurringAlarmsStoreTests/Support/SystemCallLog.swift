import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// Collects what a store's system-call seam reports, from whichever thread the store runs on.
final class SystemCallLog: Sendable {
    private let recorded = Locked<[SystemCallEvent]>([])
    private let onEvent: (@Sendable (SystemCallEvent) -> Void)?

    /// A log that also runs `onEvent` for each event, before the call is made.
    init(onEvent: (@Sendable (SystemCallEvent) -> Void)? = nil) {
        self.onEvent = onEvent
    }

    var events: [SystemCallEvent] { recorded.withLock { $0 } }

    /// A store for `url` whose system calls land in this log.
    func store(_ url: URL, lockWait: LockWaitPolicy = LockWaitPolicy()) -> JSONFileStore {
        JSONFileStore(
            url: url, lockWait: lockWait,
            systemCallObserver: { [self] event in
                recorded.withLock { $0.append(event) }
                onEvent?(event)
            })
    }
}
