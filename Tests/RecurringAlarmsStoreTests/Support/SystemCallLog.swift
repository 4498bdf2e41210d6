import Foundation
import RecurringAlarmsStore

/// Collects what a store's system-call seam reports, from whichever thread the store runs on.
final class SystemCallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [SystemCallEvent] = []
    private let onEvent: (@Sendable (SystemCallEvent) -> Void)?

    /// A log that also runs `onEvent` for each event, before the call is made.
    init(onEvent: (@Sendable (SystemCallEvent) -> Void)? = nil) {
        self.onEvent = onEvent
    }

    var events: [SystemCallEvent] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// A store for `url` whose system calls land in this log.
    func store(_ url: URL, lockWait: LockWaitPolicy = LockWaitPolicy()) -> JSONFileStore {
        JSONFileStore(
            url: url, lockWait: lockWait,
            systemCallObserver: { [self] event in
                lock.lock()
                recorded.append(event)
                lock.unlock()
                onEvent?(event)
            })
    }
}
