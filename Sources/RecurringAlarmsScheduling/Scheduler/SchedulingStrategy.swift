import RecurringAlarms

/// What a refresh registers: how far ahead it plans one-shot fires, and whether plain weekly
/// rules get repeating triggers that ring without the app.
///
/// | Strategy | One-shot window | Repeating triggers | Alarms ring without the app for |
/// |---|---|---|---|
/// | ``rolling`` | ``SchedulerOptions/horizon`` (7 days) | none | the horizon, or less under cap pressure |
/// | ``fillCap`` | as far as the cap allows, up to 366 days | none | as long as the cap's fires last |
/// | ``hybrid`` | as far as the slots left allow, up to 366 days | plain weekly rules | forever for those rules; as long as the rest's fires last |
///
/// ``hybrid`` is the default of ``SchedulerOptions``; `Docs/iOS.md` has the numbers from the
/// simulator and the reasons.
///
/// ```swift
/// var options = SchedulerOptions()
/// options.strategy             // .hybrid: alarms of plain weekly rules ring on without the app
/// options.strategy = .rolling  // one-shot requests for the next 7 days, as earlier releases
/// ```
public enum SchedulingStrategy: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// One-shot fires within ``SchedulerOptions/horizon``, soonest first, under the cap.
    ///
    /// - Complexity: a refresh makes one plan of at most the cap's fires within the horizon.
    case rolling
    /// One-shot fires as far as the cap allows, up to ``/RecurringAlarms/PlanOptions/maximumHorizon``.
    ///
    /// - Complexity: a refresh makes one plan of at most the cap's fires.
    case fillCap = "fill-cap"
    /// Weekly repeating triggers for the rules that qualify (see
    /// ``/RecurringAlarms/hybridPlan(_:now:options:repeating:including:)``), and one-shot fires for the rest
    /// in the slots left, as far as those allow, up to ``/RecurringAlarms/PlanOptions/maximumHorizon``.
    ///
    /// - Complexity: a refresh makes one plan per round of
    ///   ``/RecurringAlarms/hybridPlan(_:now:options:repeating:including:)``: at most one round per
    ///   qualifying rule, usually two or three.
    case hybrid

    /// The name the `alarms` CLI uses: `rolling`, `fill-cap` or `hybrid`.
    public var description: String { rawValue }
}
