import Foundation

/// One case of a case file: the moment, the device zone and the planning options of one plan,
/// and the requests that plan is expected to hold.
///
/// A case file keeps rules (or a whole book) and their cases as JSON, so a team can
/// regression-test a schedule without writing Swift (`alarms check`, Docs/Formats.md):
///
/// ```swift
/// let file = try PlanCaseFile(jsonData: data)
/// let plainWeek = file.cases[0]
/// PlanCaseResult(planCase: plainWeek, actual: try plainWeek.plan(file.book)).passed   // true when it planned what it expects
/// ```
package struct PlanCase: Sendable, Hashable {
    /// How a case plans, named as `alarms simulate --strategy` names them.
    package enum Strategy: String, Sendable, Hashable, CaseIterable {
        /// One-shot fires within a fixed window of ``PlanCase/days`` days (`alarms plan --horizon-days`).
        case rolling
        /// One-shot fires as far as the cap allows, up to ``PlanCase/days`` days (`alarms plan --fill-cap --max-days`).
        case fillCap = "fill-cap"
        /// Weekly repeating slots for the rules that qualify and one-shot fires for the rest, as
        /// far as the cap allows, up to ``PlanCase/days`` days (``hybridPlan(_:now:options:repeating:including:)``).
        case hybrid
    }

    /// The case's name, unique in its file.
    package var name: String
    /// The moment planned from.
    package var now: Date
    /// The zone the device is in.
    package var deviceTimeZone: TimeZone
    /// How the case plans.
    package var strategy: Strategy
    /// The most requests the plan holds, 0...10000.
    package var cap: Int
    /// The window in days of 24 h: the fixed window for ``Strategy/rolling`` (0...366), the
    /// longest window otherwise (1...366).
    package var days: Int
    /// What the plan must hold, or `nil` when none is recorded yet.
    package var expected: PlanCase.Requests?

    /// Creates a case from its parts as given; nothing is checked.
    package init(
        name: String, now: Date, deviceTimeZone: TimeZone, strategy: Strategy = .rolling, cap: Int = PlanOptions.defaultCap,
        days: Int? = nil, expected: PlanCase.Requests? = nil
    ) {
        self.name = name
        self.now = now
        self.deviceTimeZone = deviceTimeZone
        self.strategy = strategy
        self.cap = cap
        self.days = days ?? (strategy == .rolling ? 7 : 366)
        self.expected = expected
    }

    /// What a plan registers, as a case file writes it: the repeating slot ids (hybrid only),
    /// then the one-shot fires by id and instant.
    package struct Requests: Sendable, Hashable {
        /// Repeating slot ids such as `wake#weekly-mon-07:30:00`, sorted as the plan sorts them.
        package var repeating: [String]
        /// One-shot fires, in plan order.
        package var fires: [ExpectedFire]

        /// Creates the requests from their parts as given.
        package init(repeating: [String] = [], fires: [ExpectedFire]) {
            self.repeating = repeating
            self.fires = fires
        }
    }

    /// One fire of a case: its id and instant, with the UTC offset it is written with.
    package struct ExpectedFire: Sendable, Hashable {
        /// The fire id, such as `wake@2026-12-01T07:30:00`.
        package var id: String
        /// When it rings.
        package var instant: Date
        /// The offset ``instant`` is written with; not compared.
        package var utcOffsetSeconds: Int

        /// Creates a fire from its parts as given.
        package init(id: String, instant: Date, utcOffsetSeconds: Int = 0) {
            self.id = id
            self.instant = instant
            self.utcOffsetSeconds = utcOffsetSeconds
        }

        /// `2026-12-01T07:30:00+01:00 wake@2026-12-01T07:30:00`: the line a diff shows.
        package var line: String { RFC3339.format(instant, utcOffsetSeconds: utcOffsetSeconds) + " " + id }
    }

    /// The planning options of the case.
    package var planOptions: PlanOptions {
        let window = TimeInterval(days) * 86_400
        return strategy == .rolling
            ? PlanOptions(deviceTimeZone: deviceTimeZone, cap: cap, horizon: window)
            : PlanOptions.fillingCap(deviceTimeZone: deviceTimeZone, cap: cap, upTo: window)
    }

    /// What `book` plans for this case: snoozes and skip-next requests applied, as an app plans.
    ///
    /// ```swift
    /// let actual = try plainWeek.plan(book)
    /// actual.fires.first?.line   // "2026-12-01T07:30:00+01:00 wake@2026-12-01T07:30:00"
    /// ```
    /// - Throws: ``AlarmRulesError/invalid(_:)`` when the book's rules are not valid together.
    /// - Complexity: one plan (``AlarmBook/plan(now:options:)``), or one hybrid plan.
    package func plan(_ book: AlarmBook) throws(AlarmRulesError) -> Requests {
        let repeating: [RepeatingAlarm]
        let plan: Plan
        if strategy == .hybrid {
            let hybrid = try book.hybridPlan(now: now, options: planOptions)
            (repeating, plan) = (hybrid.repeating, hybrid.oneShot)
        } else {
            (repeating, plan) = ([], try book.plan(now: now, options: planOptions))
        }
        return Requests(
            repeating: repeating.map(\.id),
            fires: plan.fires.map { ExpectedFire(id: $0.id, instant: $0.instant, utcOffsetSeconds: $0.utcOffsetSeconds) })
    }
}
