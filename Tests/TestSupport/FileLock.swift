import Foundation
import RecurringAlarms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens `path` (creating it) and takes an exclusive or shared `flock` on it through a new open
/// file, which `flock` treats like another process. Returns the descriptor; closing it lets go.
///
/// - Throws: ``LockFailure`` when the file cannot be opened or locked.
package func holdLock(_ path: String, exclusive: Bool = true) throws -> Int32 {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw LockFailure(path: path, code: errno) }
    guard flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) == 0 else {
        let code = errno
        close(descriptor)
        throw LockFailure(path: path, code: code)
    }
    return descriptor
}

/// A test could not take the lock it meant to hold.
package struct LockFailure: Error, CustomStringConvertible {
    package let path: String
    package let code: Int32
    package var description: String { "cannot lock \(path): \(String(cString: strerror(code))) (errno \(code))" }
}

/// What a lock wait reported (the paths a store's `onWait` got, the lines the CLI's `notice`
/// got), from whichever thread the waiting code runs on.
package final class Notices: Sendable {
    private let values = Locked<[String]>([])
    /// Run on the waiting thread after recording, such as letting go of the lock.
    private let then: (@Sendable () -> Void)?

    /// Notices that run `then`, if given, after recording each one.
    package init(then: (@Sendable () -> Void)? = nil) { self.then = then }

    package func record(_ value: String) {
        values.withLock { $0.append(value) }
        then?()
    }

    package var recorded: [String] { values.withLock { $0 } }
}
