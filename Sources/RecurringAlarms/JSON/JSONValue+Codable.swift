extension JSONValue: Codable {
    /// Decodes any JSON value from any `Decoder` (numbers keep their shortest text form).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .number(String(integer))
        } else if let number = try? container.decode(Double.self) {
            self = .number(String(number))
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            let keyed = try decoder.container(keyedBy: AnyKey.self)
            self = .object(
                try keyed.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    ($0.stringValue, try keyed.decode(JSONValue.self, forKey: $0))
                })
        }
    }

    /// Encodes the value, keeping object key order.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let integer = Int(text) { try container.encode(integer) } else { try container.encode(Double(text) ?? 0) }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            for member in members { try container.encode(member.value, forKey: AnyKey(member.key)) }
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { return nil }
    }
}
