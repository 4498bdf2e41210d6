import Foundation
import RecurringAlarms

/// The text the device's messages share: instants on a zone's clock, lists one per line.
enum DeviceText {
    /// `instant` in RFC 3339 on `zone`'s clock: `2026-03-29T07:30:00+02:00`.
    static func instant(_ instant: Date, in zone: TimeZone) -> String {
        RFC3339.format(instant, utcOffsetSeconds: zone.secondsFromGMT(for: instant))
    }

    /// Each item on a line of its own, indented by two spaces.
    static func lines(_ items: [some CustomStringConvertible]) -> String {
        items.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// What each misuse of the device's parts says: what is wrong, then how to fix it.
enum Misuse {
    static func advance(by interval: TimeInterval) -> String {
        "TestDevice.advance(by: \(interval)): time only moves forward, so the device stayed where it was. "
            + "Advance by zero or more seconds; to test an earlier moment, make a device that starts there."
    }

    static func advance(to instant: Date, now: Date, zone: TimeZone) -> String {
        "TestDevice.advance(to: \(DeviceText.instant(instant, in: zone))): that is before the device's present, "
            + "\(DeviceText.instant(now, in: zone)), and time only moves forward, so the device stayed where it was. "
            + "Advance to a later moment; to test an earlier one, make a device that starts there."
    }

    static func capacity(_ capacity: Int, cap: Int) -> String {
        "The simulated center holds \(capacity) requests, but the scheduler plans for a cap of \(cap), "
            + "so what rings is not what the plan promises. Make the center with capacity: \(cap) (the options' cap), "
            + "or set the options' cap to \(capacity); TestDevice(book:now:timeZone:options:) makes them agree."
    }

    static func schedulerClock(reads scheduled: Date, manual: Date, zone: TimeZone) -> String {
        "The scheduler's clock reads \(DeviceText.instant(scheduled, in: zone)), but the device's ManualClock reads "
            + "\(DeviceText.instant(manual, in: zone)): a real or fixed clock (such as SchedulerClock.system) was wired "
            + "where the manual one belongs, so refreshes plan from the wrong moment. Give the scheduler "
            + ".manual(clock), or leave schedulerClock out; TestDevice(book:now:timeZone:) wires it."
    }

    static func centerClock(reads centerNow: Date, manual: Date, zone: TimeZone) -> String {
        "The simulated center's present is \(DeviceText.instant(centerNow, in: zone)), but the device's ManualClock reads "
            + "\(DeviceText.instant(manual, in: zone)): the center does not follow the scheduler's clock, so nothing rings "
            + "as time advances. Make the center with SimulatedNotificationCenter(eviction:clock:deviceTimeZone:) "
            + "from the same ManualClock, not with now:; TestDevice(book:now:timeZone:) wires it."
    }

    static func centerZone(_ centerZone: TimeZone, device: TimeZone) -> String {
        "The simulated center is in \(centerZone.ianaName), but the device's ManualTimeZone is in \(device.ianaName): "
            + "the center does not follow the device's zone, so floating requests ring on the wrong clock. Make the center "
            + "with SimulatedNotificationCenter(eviction:clock:deviceTimeZone:) given the same ManualTimeZone; "
            + "TestDevice(book:now:timeZone:) wires it."
    }
}
