import RecurringAlarms

/// A `DURATION` value (RFC 5545 §3.3.6): `-PT10M`, `P1D`, `-P0DT0H10M0S`, `P2W`. Weeks and
/// days are nominal (a day is the same wall time on the next date, whatever a clock change
/// does); hours, minutes and seconds exact.
struct ICalendarDuration: Sendable, Equatable {
    var isNegative: Bool
    /// Weeks (as 7 days) and days.
    var days: Int
    /// Hours, minutes and seconds.
    var seconds: Int

    /// The signed length in wall-clock seconds, a day counted as 86,400.
    var wallSeconds: Int { (isNegative ? -1 : 1) * (days * 86_400 + seconds) }

    /// Parses `[+|-]P…` exactly: weeks alone, or days and a time part `T…H…M…S` in that order,
    /// each number at most 9 digits; `nil` for anything else.
    init?(_ text: String) {
        var bytes = Substring(text.uppercased()).utf8[...]
        isNegative = bytes.first == UInt8(ascii: "-")
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return nil }
        bytes = bytes.dropFirst()
        days = 0
        seconds = 0
        var inTime = false
        var units: [UInt8] = []
        while !bytes.isEmpty {
            if bytes.first == UInt8(ascii: "T") {
                guard !inTime, bytes.count > 1 else { return nil }
                inTime = true
                bytes = bytes.dropFirst()
                continue
            }
            let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard (1...9).contains(digits.count), let number = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
            bytes = bytes.dropFirst(digits.count)
            guard let unit = bytes.first else { return nil }
            bytes = bytes.dropFirst()
            // Each unit once, in order: W or D before T; H, M, S after it.
            let allowed: [UInt8] = inTime ? Array("HMS".utf8) : Array("WD".utf8)
            guard let rank = allowed.firstIndex(of: unit), units.last.map({ allowed.firstIndex(of: $0).map { $0 < rank } ?? true }) ?? true
            else { return nil }
            units.append(unit)
            switch unit {
            case UInt8(ascii: "W"): days += number * 7
            case UInt8(ascii: "D"): days += number
            case UInt8(ascii: "H"): seconds += number * 3600
            case UInt8(ascii: "M"): seconds += number * 60
            default: seconds += number
            }
        }
        // Weeks stand alone (dur-week); a T needs a part after it.
        if units.contains(UInt8(ascii: "W")) && units.count > 1 { return nil }
        if inTime && !units.contains(where: { "HMS".utf8.contains($0) }) { return nil }
    }
}
