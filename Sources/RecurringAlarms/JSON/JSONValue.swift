/// A parsed JSON document that keeps object key order and the exact text of numbers,
/// so rule files round-trip and validation can quote what was written.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number as written in the source (validated JSON number syntax).
    case number(String)
    /// The string with its escapes decoded (not the source text).
    case string(String)
    /// Elements in source order.
    case array([JSONValue])
    /// Members in source order; keys are unique.
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// The member named `key`, when this is an object that has it.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return JSONValue.member(key, in: members)
    }

    /// The value of the member named `key`, looked up the way every reader of objects does.
    ///
    /// Keys of different lengths are told apart before comparing them as strings: most keys
    /// of an object differ in length, and a string comparison that fails costs far more.
    /// - Complexity: O(m) in the number of members.
    @inline(__always)
    static func member(_ key: String, in members: [(key: String, value: JSONValue)]) -> JSONValue? {
        let length = key.utf8.count
        for member in members where member.key.utf8.count == length && member.key == key { return member.value }
        return nil
    }

    /// The value as an exact integer, when it is a number without fraction or exponent.
    var integerValue: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }

    /// Why a number refused as a whole number in `range` is refused, for the readers' messages
    /// (the reader quotes the value as written before it); `nil` when it is not a number.
    ///
    /// - `is out of range; expected a whole number from 1 to 52` for a whole number outside
    ///   `range`, however written (`60`, `-0`, `6e1`, `99999999999999999999`, `1e400`);
    /// - ``plainDigitsProblem(in:)``'s message for a whole number written with a fraction or
    ///   exponent (`5e1`, `2.0`);
    /// - `is not a whole number; expected one from 1 to 52` otherwise (`1.5`).
    func wholeNumberProblem(in range: ClosedRange<Int>) -> String? {
        guard case .number(let text) = self else { return nil }
        if let problem = plainDigitsProblem(in: range) { return problem }
        // Past the plain-digits case, a number is either whole and outside the range (digits,
        // `6e1`, `1e400`) or has a fraction.
        if let value = Double(text), value.isFinite, value != value.rounded() {
            return "is not a whole number; expected one \(Self.span(range))"
        }
        return "is out of range; expected a whole number \(Self.span(range))"
    }

    /// For a number that is a whole number in `range` written with a fraction or exponent
    /// (`5e1`, `2.0`, `1E1`): `is a whole number written with an exponent; expected one from 1
    /// to 52 in plain digits, such as 50`. `nil` for anything else, which the caller words.
    func plainDigitsProblem(in range: ClosedRange<Int>) -> String? {
        guard case .number(let text) = self, text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
            let value = Double(text), value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound)
        else { return nil }
        let form = text.contains { $0 == "e" || $0 == "E" } ? "an exponent" : "a fraction"
        return "is a whole number written with \(form); expected one \(Self.span(range)) in plain digits, such as \(Int(value))"
    }

    private static func span(_ range: ClosedRange<Int>) -> String { "from \(range.lowerBound) to \(range.upperBound)" }
}
