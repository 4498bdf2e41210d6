import Foundation
import RecurringAlarms

/// `--compare`: every kind of disagreement between a baseline's fires and the engine's on
/// the DST-heavy workload, with a count and one concrete example each (the source of
/// Docs/Comparison.md).
enum Comparison {
    struct Kind: Hashable, Comparable {
        var baseline: String
        /// `missing` (the engine fires, the baseline does not), `extra` (the reverse) or `moved`.
        var change: String
        /// How the zone maps the nominal wall time: `unique`, `gap 60 min`, `overlap 30 min`, …
        var wallTime: String
        var policy: String
        var zone: String
        /// For `moved`: baseline instant minus engine instant.
        var shift: String

        static func < (a: Kind, b: Kind) -> Bool {
            (a.baseline, a.change, a.wallTime, a.policy, a.zone, a.shift) < (b.baseline, b.change, b.wallTime, b.policy, b.zone, b.shift)
        }
    }

    static func report(rules count: Int) -> String {
        let model = Workload.rules(count: count)
        let byID = Dictionary(uniqueKeysWithValues: model.map { ($0.id, $0) })
        let rules = BaselineRule.enabled(model)
        let zones = BaselineZones()
        let schedule = try! AlarmSchedule(rules: model)
        var kinds: [Kind: (count: Int, example: String)] = [:]
        var totals: [String: (fires: Int, differing: Int)] = [:]

        for scenario in Workload.scenarios {
            let upper = scenario.now.addingTimeInterval(Reference.horizon)
            var engine: [Pair: Fire] = [:]
            for fire in schedule.fires(after: scenario.now, through: upper, deviceTimeZone: scenario.deviceTimeZone) {
                engine[Pair(fire.ruleID, fire.wallSeconds)] = fire
            }
            for baseline in Baseline.allCases {
                var own: [Pair: Int64] = [:]
                for fire in BaselineCases.fires(baseline, rules, zones, scenario) { own[Pair(fire.ruleID, fire.wall)] = fire.instant }
                var differing = 0
                for pair in Set(engine.keys).union(own.keys) {
                    let engineInstant = engine[pair]?.instantSeconds
                    guard engineInstant != own[pair] else { continue }
                    differing += 1
                    let rule = byID[pair.ruleID]!
                    let zone = rule.timeZone.resolved(deviceTimeZone: scenario.deviceTimeZone)
                    let local = LocalDateTime(
                        date: LocalDate(daysSinceEpoch: Reference.floorDiv(pair.wall, 86_400)),
                        time: TimeOfDay(secondsSinceMidnight: Int(Reference.floorMod(pair.wall, 86_400)))!)
                    let change = engineInstant == nil ? "extra" : own[pair] == nil ? "missing" : "moved"
                    let (wallTime, policy) = describe(local.resolution(in: zone), rule)
                    let shift = change == "moved" ? minutes(own[pair]! - engineInstant!) : ""
                    let kind = Kind(
                        baseline: baseline.rawValue, change: change, wallTime: wallTime,
                        policy: policy, zone: zone.identifier, shift: shift)
                    if let existing = kinds[kind] {
                        kinds[kind] = (existing.count + 1, existing.example)
                    } else {
                        let example =
                            "rule `\(rule.id)`\(rule.timeZone == .floating ? " (floating)" : ""), "
                            + "\(local.date.weekday.name) \(local): engine "
                            + (engine[pair].map { "\(stamp($0.instantSeconds, zone)) (\($0.adjustment.rawValue))" } ?? "no fire")
                            + "; \(baseline.rawValue) " + (own[pair].map { stamp($0, zone) } ?? "no fire")
                            + " [now = \(Timestamp.format(scenario.now, utcOffsetSeconds: 0)), `\(scenario.name)`]"
                        kinds[kind] = (1, example)
                    }
                }
                totals[baseline.rawValue, default: (0, 0)].fires += engine.count
                totals[baseline.rawValue, default: (0, 0)].differing += differing
            }
        }

        var text = "# Baselines against the engine: \(Format.count(count)) rules, \(Workload.scenarios.count) scenarios\n\n"
        for baseline in Baseline.allCases {
            let total = totals[baseline.rawValue]!
            text += "## \(baseline.rawValue): \(total.differing) of \(total.fires) engine fires differ\n\n"
            text += "| change | wall time | gap/overlap | zone | shift | count | example |\n|---|---|---|---|---|---:|---|\n"
            for (kind, value) in kinds.sorted(by: { $0.key < $1.key }) where kind.baseline == baseline.rawValue {
                text +=
                    "| \(kind.change) | \(kind.wallTime) | \(kind.policy) | \(kind.zone) | \(kind.shift) | \(value.count) | \(value.example) |\n"
            }
            text += "\n"
        }
        return text
    }

    struct Pair: Hashable {
        var ruleID: String
        var wall: Int64
        init(_ ruleID: String, _ wall: Int64) {
            self.ruleID = ruleID
            self.wall = wall
        }
    }

    /// How the zone maps the wall time, and the rule's policies (`gap`/`overlap`).
    static func describe(_ resolution: WallClockResolution, _ rule: AlarmRule) -> (String, String) {
        let policies = "\(rule.gapPolicy.rawValue)/\(rule.overlapPolicy.rawValue)"
        switch resolution {
        case .unique: return ("unique", policies)
        case .gap(_, let length): return ("gap \(minutes(Int64(length)))", policies)
        case .overlap(let earlier, let later): return ("overlap \(minutes(Int64(later.timeIntervalSince(earlier))))", policies)
        }
    }

    static func minutes(_ seconds: Int64) -> String {
        seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
    }

    /// `02:45 +11:00 (2026-10-03T15:45:00Z)`.
    static func stamp(_ instant: Int64, _ zone: TimeZone) -> String {
        let date = Date(timeIntervalSince1970: Double(instant))
        let offset = zone.secondsFromGMT(for: date)
        return "\(Timestamp.format(date, utcOffsetSeconds: offset)) (\(Timestamp.format(date, utcOffsetSeconds: 0)))"
    }
}
