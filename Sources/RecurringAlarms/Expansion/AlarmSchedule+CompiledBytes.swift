extension AlarmSchedule {
    /// Calls `body` with the raw bytes of the compiled form the planner reads: the compiled
    /// rules (32 bytes each, in id order), their times and their skipped days, each array as
    /// it lies in memory. For the benchmarks' memory floor (`baseline/memory-read/R` reads
    /// every one of these bytes, what no plan can do with less); not API, and the layout of
    /// the bytes is no promise.
    ///
    /// ```swift
    /// @_spi(Benchmarking) import RecurringAlarms
    ///
    /// let bytes = schedule.withCompiledBytes { rules, times, skips in rules.count + times.count + skips.count }
    /// ```
    /// The buffers are valid only inside `body`.
    /// - Complexity: O(1) beyond `body`.
    @_spi(Benchmarking)
    public func withCompiledBytes<Result>(
        _ body: (_ rules: UnsafeRawBufferPointer, _ times: UnsafeRawBufferPointer, _ skips: UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try rules.withUnsafeBytes { rules in
            try times.withUnsafeBytes { times in
                try skips.withUnsafeBytes { skips in try body(rules, times, skips) }
            }
        }
    }
}
