import Synchronization

// Types used only in a type position, which the AST keeps as mangled type strings.
// uncovered below: 'Mutex' needs iOS 18, macOS 15, tvOS 18, watchOS 11
func inspect(_ lock: borrowing Mutex<Int>) {}

func pairs() -> Int {
    // uncovered below: 'InlineArray' needs iOS 26, macOS 26, tvOS 26, watchOS 26
    [InlineArray<2, Int>]().count
}

final class Counter: Sendable {
    // uncovered below: 'Mutex.init(_:)' needs iOS 18, macOS 15, tvOS 18, watchOS 11
    let lock = Mutex(0)
}

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, *)
func covered(_ lock: borrowing Mutex<Int>) -> Int {
    lock.withLock { $0 }
}
