import Foundation
import RecurringAlarms

/// The Windows zone names Outlook, Exchange and Office 365 write as `TZID`s, and the IANA zone
/// each stands for, from the Unicode CLDR table (``source``).
///
/// A name is a Windows zone id (`W. Europe Standard Time`) or the display name Windows shows for
/// it (`(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna`); either reads as the IANA
/// zone of the id's territory `001` row (`Europe/Berlin`). Names are compared without case,
/// accents or punctuation, and `(GMT…)` is read as `(UTC…)`, as older Windows wrote it: so
/// `(UTC-03:00) Brasília` is `(UTC-03:00) Brasilia`, and Exchange 2003's
/// `(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna` is the Berlin row too.
///
/// ```swift
/// WindowsZoneTable.row(named: "W. Europe Standard Time")?.iana                    // "Europe/Berlin"
/// WindowsZoneTable.row(named: "(UTC-05:00) Eastern Time (US & Canada)")?.iana    // "America/New_York"
/// ```
enum WindowsZoneTable {
    /// One Windows zone.
    struct Row: Sendable, Equatable {
        /// The Windows zone id, as the registry and CLDR name it.
        var id: String
        /// The display name, `(UTC±HH:MM) Places`.
        var displayName: String
        /// The IANA zone of the id's territory `001` row.
        var iana: String

        init(_ id: String, _ displayName: String, _ iana: String) {
            self.id = id
            self.displayName = displayName
            self.iana = iana
        }
    }

    /// The row whose id or display name is `name`, compared as ``key(_:)`` compares them, or `nil`.
    /// - Complexity: O(n) in the length of `name`.
    static func row(named name: String) -> Row? {
        guard name.utf8.count <= 200 else { return nil }
        return rowsByKey[key(name)].map { rows[$0] }
    }

    /// Every row's id and display name, by ``key(_:)``, → its index in ``rows``.
    static let rowsByKey: [String: Int] = {
        var index: [String: Int] = [:]
        for (number, row) in rows.enumerated() {
            index[key(row.id)] = index[key(row.id)] ?? number
            index[key(row.displayName)] = index[key(row.displayName)] ?? number
        }
        return index
    }()

    /// `name` as names are compared: accents folded, lower case, `+` and `-` as words, every
    /// other run of characters that are not letters or digits as one space, and a first word
    /// `gmt` as `utc`.
    ///
    /// ```swift
    /// WindowsZoneTable.key("(UTC-03:00) Brasília")   // "utc minus 03 00 brasilia"
    /// WindowsZoneTable.key("(GMT+01.00) Amsterdam / Berlin")   // "utc plus 01 00 amsterdam berlin"
    /// ```
    static func key(_ name: String) -> String {
        var words: [String] = []
        var word = ""
        func finish() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        for character in name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased() {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                finish()
                if character == "+" { words.append("plus") }
                if character == "-" { words.append("minus") }
            }
        }
        finish()
        if words.first == "gmt" { words[0] = "utc" }
        return words.joined(separator: " ")
    }
}
