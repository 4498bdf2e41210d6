import Foundation

/// How long a ``JSONFileStore`` call waits for a lock that another process holds, and whom it
/// tells while it waits.
///
/// Every call takes a lock on the book's `.lock` file: shared for `load()`, exclusive for
/// `save(_:)`, `update(_:)` and `recoverUnreadableBook(now:)`. Another process normally holds
/// it for milliseconds; a process that is stopped in a debugger, or an `update` body that never
/// returns, holds it until it ends. Rather than wait silently and forever, the call calls
/// `onWait` once after `noticeAfter` seconds and gives up after `timeout` seconds with
/// ``AlarmStoreError/lockTimeout(path:seconds:)``, having changed nothing.
///
/// ```swift
/// let store = JSONFileStore(url: url, lockWait: LockWaitPolicy(timeout: 3) { lockPath in
///     logger.notice("waiting for another process holding the lock on \(lockPath)")
/// })
/// ```
///
/// The wait polls a non-blocking `flock` (every millisecond at first, then up to every 50 ms),
/// so it needs no signal or thread, and measures time on a monotonic clock, so a change of the
/// system clock neither shortens nor prolongs it.
public struct LockWaitPolicy: Sendable {
    /// Seconds after which a call stops waiting and throws ``AlarmStoreError/lockTimeout(path:seconds:)``.
    /// `0` tries once; `.infinity` waits as long as it takes. Negative values and NaN count as `0`.
    public var timeout: TimeInterval
    /// Seconds of waiting before `onWait` is called. Default: 1.
    public var noticeAfter: TimeInterval
    /// Called once per call that has waited `noticeAfter` seconds, with the path of the lock
    /// file, on the thread that waits; the wait goes on when it returns.
    public var onWait: (@Sendable (_ lockPath: String) -> Void)?

    /// The default timeout: 10 seconds. Far longer than any save takes, yet short enough that
    /// an app (or a person at a terminal) hears about a stuck process instead of hanging.
    public static let defaultTimeout: TimeInterval = 10

    /// A policy; the defaults wait up to 10 seconds and tell no one.
    ///
    /// - Parameters:
    ///   - timeout: seconds to wait before giving up (see ``timeout``).
    ///   - noticeAfter: seconds to wait before calling `onWait`.
    ///   - onWait: called once a call has waited `noticeAfter` seconds.
    public init(
        timeout: TimeInterval = LockWaitPolicy.defaultTimeout, noticeAfter: TimeInterval = 1,
        onWait: (@Sendable (_ lockPath: String) -> Void)? = nil
    ) {
        self.timeout = timeout
        self.noticeAfter = noticeAfter
        self.onWait = onWait
    }

    /// `value` as nanoseconds to wait: `nil` for no limit; negative and NaN as 0.
    static func nanoseconds(_ value: TimeInterval) -> UInt64? {
        guard value > 0 else { return 0 }
        guard value < 1e9 else { return nil }   // about 31 years: no limit in practice
        return UInt64(value * 1e9)
    }
}
