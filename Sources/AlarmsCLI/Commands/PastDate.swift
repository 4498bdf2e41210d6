import Foundation
import RecurringAlarms

/// One rule for a date a command is given that lies before today: `skip DATE`, and the
/// one-shot date of `add --date` and `edit --date`, are refused alike (exit 1), since nothing
/// can ring or be skipped on it. Today counts on the rule's clock (its zone, or the device's
/// for a floating rule), and is allowed, since some of its times may still be ahead.
enum PastDate {
    /// Throws when `date` is before today on the clock of `rule`, saying what `consequence`
    /// the command would have and how to fix it (`hint`).
    static func refuse(_ date: LocalDate, of rule: AlarmRule, context: TimeContext, consequence: String, hint: String) throws(CLIError) {
        let zone = rule.timeZone.resolved(deviceTimeZone: context.timeZone)
        let today = LocalDateTime(instant: context.now, utcOffsetSeconds: zone.secondsFromGMT(for: context.now)).date
        guard date < today else { return }
        throw .failure(
            "\(WallClock.date(date)) has passed on the clock of rule '\(rule.id)' (today is \(WallClock.date(today)) in \(zone.ianaName)); "
                + consequence,
            hint: hint)
    }

    /// For `add` and `edit`: refuses a one-shot on a date given with `--date` that has passed.
    static func refuseOneShot(_ rule: AlarmRule, flags: RuleFlags, context: TimeContext) throws(CLIError) {
        guard flags.date != nil, case .once(let date) = rule.repeats else { return }
        try refuse(
            date, of: rule, context: context, consequence: "a one-shot alarm on it would never ring",
            hint: "give today or a later date, or leave out '--date' to ring once at the next of its times")
    }
}
