import Foundation

/// Which clock a rule follows.
///
/// ```swift
/// let tokyo: ZoneChoice = .fixed(TimeZone(identifier: "Asia/Tokyo")!)
/// let local: ZoneChoice = .floating   // the device's zone, given at plan time
/// ```
public enum ZoneChoice: Sendable, Hashable {
    /// The wall clock of the device, whatever zone it is in when planning: "07:30 wherever I am".
    case floating
    /// The wall clock of one IANA zone, wherever the device is: "07:30 in Tokyo".
    case fixed(TimeZone)

    /// The zone a fire of this rule uses when the device is in `deviceTimeZone`.
    public func resolved(deviceTimeZone: TimeZone) -> TimeZone {
        switch self {
        case .floating: deviceTimeZone
        case .fixed(let zone): zone
        }
    }
}
