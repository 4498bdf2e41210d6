import Foundation

/// Runs `body` to its end from synchronous test code and returns what it returned.
///
/// The work runs on a serial dispatch queue of its own (a task executor), not on Swift's
/// cooperative pool, so this thread may block waiting for it: a test blocking a pool thread
/// while the work needed one would hang once every pool thread (two on a two-core machine)
/// did the same. Default actors the work calls into run there too.
package func runToEnd<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Result {
    let box = ResultBox<Result>()
    let finished = DispatchSemaphore(value: 0)
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        Task(executorPreference: QueueExecutor()) {
            box.value = await body()
            finished.signal()
        }
    } else {
        // No task executors before these systems: the pool it is, which is safe while fewer
        // tests wait here at once than the pool has threads.
        Task.detached {
            box.value = await body()
            finished.signal()
        }
    }
    finished.wait()
    guard let value = box.value else { fatalError("runToEnd finished without a result") }
    return value
}

/// Written once by the task before it signals, read once after the wait.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

/// Runs every job of the tasks that prefer it on one serial queue, whose thread is not one of
/// the cooperative pool's.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "AlarmsTestSupport.runToEnd")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
