/// The hot-path form of one enabled rule: a few integers, no strings or references.
///
/// Times and skipped days live in shared flat arrays of the ``AlarmSchedule``, addressed by
/// `timesStart`/`timesCount` and `skipsStart`/`skipsCount`.
struct CompiledRule: Sendable {
    /// Bit `isoWeekday - 1` set for each eligible weekday; all seven for one-shot rules.
    var weekdayMask: UInt8
    var everyWeeks: UInt8
    var skipsGap: Bool
    var prefersLaterInOverlap: Bool
    /// Index into the schedule's zones; 0 is the device zone (floating rules).
    var zoneIndex: UInt16
    var timesCount: UInt16
    var timesStart: Int32
    var skipsStart: Int32
    var skipsCount: Int32
    /// First and last eligible day numbers (inclusive); one-shot rules have one day.
    var firstDay: Int32
    var lastDay: Int32
    /// Day number of the Monday of `start`'s week, the phase of `everyWeeks`.
    var anchorMonday: Int32
}
