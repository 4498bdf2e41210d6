/// A value that is `Codable` as one string: its text form, read back by `init?(parsing:)`.
///
/// The conforming type states the text it writes and, for a string its parser refuses, what
/// form was expected; the `init(from:)` and `encode(to:)` here are the one implementation,
/// in this module and in the modules built on it.
package protocol StringCodable: Codable {
    /// The value the text names, or `nil` unless `text` is in a form this type reads.
    init?(parsing text: String)

    /// The text the encoder writes: a form `init?(parsing:)` reads back to the same value.
    var codedText: String { get }

    /// What the text should have been, after "'TEXT' is not " in the `DecodingError`.
    static var expectedForm: String { get }
}

extension StringCodable {
    /// Decodes the value from one string in its text form.
    ///
    /// ```swift
    /// try JSONDecoder().decode(LocalDate.self, from: Data(#""2026-03-29""#.utf8))
    /// ```
    ///
    /// A string in no form the type reads is `DecodingError.dataCorrupted`, its description
    /// naming the text and the expected form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not \(Self.expectedForm)")
        }
        self = value
    }

    /// Encodes the value as one string, its text form.
    ///
    /// ```swift
    /// try JSONEncoder().encode(LocalDate(year: 2026, month: 3, day: 29)!)   // "2026-03-29"
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(codedText)
    }
}
