import Dispatch
import RecurringAlarmsStore

/// Runs a store's blocking calls on a serial dispatch queue of their own, off Swift's
/// cooperative thread pool.
///
/// A `JSONFileStore` call can wait for another process's file lock (up to its
/// `LockWaitPolicy` timeout, 10 s by default) and `fsync`s what it writes. The cooperative pool
/// has about one thread per core, and a thread blocked there stalls every task queued on it,
/// the app's UI work included. Dispatch starts more worker threads when one blocks, so the
/// wait costs one thread, not the pool.
///
/// The awaiting task is suspended, not blocked. The work is not cancellable: once handed to
/// the queue it runs to the end, so a store write is never cut short.
package struct StoreQueue: Sendable {
    private static let marker = DispatchSpecificKey<Bool>()
    private let queue: DispatchQueue

    package init() {
        queue = DispatchQueue(label: "RecurringAlarmsScheduling.AlarmScheduler.store")
        queue.setSpecific(key: Self.marker, value: true)
    }

    /// Whether the calling code runs on a store queue (lets tests prove where store calls run).
    package static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == true }

    /// Runs `work` on the queue and returns what it returns or throws.
    package func run<Value: Sendable>(_ work: @escaping @Sendable () throws(AlarmStoreError) -> Value)
        async throws(AlarmStoreError) -> Value
    {
        let result: Result<Value, AlarmStoreError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result(catching: work)) }
        }
        return try result.get()
    }
}
