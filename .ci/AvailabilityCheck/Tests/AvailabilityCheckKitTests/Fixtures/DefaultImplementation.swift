// Protocol requirements added in a later OS that a default implementation available everywhere
// stands in for: `&*` (a requirement of FixedWidthInteger since macOS 15, iOS 18), and the
// `next(isolation:)` a `for await` loop calls where it is available and `next()` where not.
func wrappingTriple(_ value: UInt64) -> UInt64 {
    value &* 3
}

func generic<Value: FixedWidthInteger>(_ value: Value) -> Value {
    value &* 3
}

func drain(_ stream: AsyncStream<Int>) async -> Int {
    var total = 0
    for await value in stream { total &+= value }
    return total
}
