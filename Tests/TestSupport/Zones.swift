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

    /// Offset changes the randomized tests put `now` near, with the zone that changes
    /// (all checked with `TimeZone.secondsFromGMT(for:)`; see the gap, overlap and history suites).
    package static let transitions: [(epochSeconds: Int, zone: String)] = [
        (1_772_953_200, "America/New_York"),   // 2026-03-08T07:00:00Z spring forward
        (1_793_512_800, "America/New_York"),   // 2026-11-01T06:00:00Z fall back
        (1_772_946_000, "America/Havana"),   // 2026-03-08T05:00:00Z spring forward at midnight
        (1_793_509_200, "America/Havana"),   // 2026-11-01T05:00:00Z fall back to midnight
        (1_772_947_800, "America/St_Johns"),   // 2026-03-08T05:30:00Z spring forward
        (1_793_507_400, "America/St_Johns"),   // 2026-11-01T04:30:00Z fall back
        (1_774_746_000, "Europe/London"),   // 2026-03-29T01:00:00Z spring forward
        (1_792_890_000, "Europe/Berlin"),   // 2026-10-25T01:00:00Z fall back
        (1_775_311_200, "Pacific/Chatham"),   // 2026-04-04T14:00:00Z fall back
        (1_790_431_200, "Pacific/Chatham"),   // 2026-09-26T14:00:00Z spring forward
        (1_775_314_800, "Australia/Lord_Howe"),   // 2026-04-04T15:00:00Z fall back 30 min
        (1_791_041_400, "Australia/Lord_Howe"),   // 2026-10-03T15:30:00Z spring forward 30 min
        (1_775_318_400, "Australia/Sydney"),   // 2026-04-04T16:00:00Z fall back
        (1_791_043_200, "Australia/Sydney"),   // 2026-10-03T16:00:00Z spring forward
        (1_541_300_400, "America/Sao_Paulo"),   // 2018-11-04T03:00:00Z spring forward at midnight
        (1_550_368_800, "America/Sao_Paulo"),   // 2019-02-17T02:00:00Z fall back
        (1_325_239_200, "Pacific/Apia"),   // 2011-12-30T10:00:00Z a day skipped
        (504_901_800, "Asia/Kathmandu")   // 1985-12-31T18:30:00Z +5:30 → +5:45
    ]
}
