import RecurringAlarms

extension FixedToDeviceZoneWarning {
    /// How many rules `plan` and `simulate` name one by one before they count the rest: enough
    /// for any hand-kept book, while a generated file of thousands of such rules gets a few
    /// lines on standard error rather than one per rule.
    static let namedOnTerminal = 10

    /// The `warning:` lines for `warnings` on standard error: one per rule up to
    /// ``namedOnTerminal``, then one that counts the others, which share the first one's zone
    /// (the device's) and its remedy.
    ///
    /// - Complexity: O(min(n, ``namedOnTerminal``)) for n warnings.
    static func terminalLines(_ warnings: [FixedToDeviceZoneWarning]) -> [String] {
        var lines = warnings.prefix(namedOnTerminal).map { "warning: \($0)" }
        let others = warnings.count - namedOnTerminal
        if others > 0, let first = warnings.first {
            lines.append(
                "warning: and \(others) more rule\(others == 1 ? "" : "s") fixed to \(first.timeZone.ianaName), the device's zone, "
                    + "that never repeat for the same reason")
        }
        return lines
    }
}
