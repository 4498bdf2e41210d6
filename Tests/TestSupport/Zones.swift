import Foundation

/// The IANA zones the tests use, by name. A zone missing from the tz database stops the run:
/// every expectation that names it depends on it. Nothing here reads the system zone.
package enum Zones {
    package static let utc = named("Etc/UTC")
    package static let newYork = named("America/New_York")
    package static let havana = named("America/Havana")
    package static let stJohns = named("America/St_Johns")
    package static let saoPaulo = named("America/Sao_Paulo")
    package static let london = named("Europe/London")
    package static let berlin = named("Europe/Berlin")
    package static let volgograd = named("Europe/Volgograd")
    package static let kolkata = named("Asia/Kolkata")
    package static let kathmandu = named("Asia/Kathmandu")
    package static let tokyo = named("Asia/Tokyo")
    package static let pyongyang = named("Asia/Pyongyang")
    package static let sydney = named("Australia/Sydney")
    package static let lordHowe = named("Australia/Lord_Howe")
    package static let chatham = named("Pacific/Chatham")
    package static let apia = named("Pacific/Apia")

    /// The zone `identifier` names; a name the tz database lacks stops the run.
    package static func named(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("the tz database has no zone \(identifier)") }
        return zone
    }
}
