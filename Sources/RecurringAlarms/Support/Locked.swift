import Foundation

/// A value that one thread at a time may touch, guarded by an `NSLock`: the package's one lock
/// type, shared by every target.
///
/// `Mutex` from Synchronization would do, but it needs macOS 15 / iOS 18 and the package
/// supports older systems.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value. `body` must not call back into this lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
