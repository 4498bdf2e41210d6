import Foundation
import RecurringAlarmsTesting

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

    /// Offset changes the randomized tests put `now` near, read from the zones by the testing
    /// kit, in this order (ZonesTests pins each instant, worked out by hand):
    /// New York, Havana (at midnight) and St John's, spring and fall 2026; London's 2026
    /// spring-forward and Berlin's fall-back; Chatham, Lord Howe (30 minutes) and Sydney,
    /// fall and spring 2026; São Paulo's last spring-forward (2018, at midnight) and
    /// fall-back (2019); Apia's skipped day (2011-12-30); Kathmandu's +5:30 → +5:45 (1986).
    package static let transitions: [ZoneTransition] =
        ZoneTransition.transitions(in: newYork, year: 2026) + ZoneTransition.transitions(in: havana, year: 2026)
        + ZoneTransition.transitions(in: stJohns, year: 2026)
        + [found(ZoneTransition.springForward(in: london, year: 2026)), found(ZoneTransition.fallBack(in: berlin, year: 2026))]
        + ZoneTransition.transitions(in: chatham, year: 2026) + ZoneTransition.transitions(in: lordHowe, year: 2026)
        + ZoneTransition.transitions(in: sydney, year: 2026)
        + [
            found(ZoneTransition.springForward(in: saoPaulo, year: 2018)), found(ZoneTransition.fallBack(in: saoPaulo, year: 2019)),
            found(ZoneTransition.transitions(in: apia, year: 2011).last), found(ZoneTransition.transitions(in: kathmandu, year: 1986).first)
        ]

    /// A transition the tz database must have; a database without it stops the run.
    private static func found(_ transition: ZoneTransition?) -> ZoneTransition {
        guard let transition else { fatalError("the tz database lacks an offset change the randomized tests use") }
        return transition
    }
}

extension ZoneTransition {
    /// ``instant`` in whole seconds since 1970, as the randomized tests count.
    package var epochSeconds: Int { Int(instant.timeIntervalSince1970) }
}
