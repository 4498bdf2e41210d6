import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar

// The export → import round trip (`alarms export`, then `alarms import` of its output): the
// input is read as a recipe for up to six valid rules (ids that collide with the names split
// events get, labels that fold and need escaping, every-N-weeks, starts, ends, skips on gap and
// overlap days, fixed zones with awkward transitions, both policies) and a first date near
// 2026-12-01, and a device zone among the fuzz zones. Checks: the rules export; the document
// reads back without a problem; each rule left out is named in a warning and no other is; the
// rules read back plan, with every rule enabled, exactly the fires of the originals over the
// year after the first date on that device; ids, labels, zones and policies come back as they
// went.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExportImportRoundTrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var recipe = Recipe(fuzzBytes(data, size))
    let from = recipe.date(near: fuzzNow)
    let device = recipe.pick(fuzzZones)
    var rules: [AlarmRule] = []
    var ids = Set<String>()
    for _ in 0..<(1 + recipe.number(below: 6)) {
        let rule = recipe.rule(near: from)
        guard rule.validationProblems().isEmpty, ids.insert(rule.id).inserted else { continue }
        rules.append(rule)
    }
    guard !rules.isEmpty else { return -1 }

    let shown = rules.map(\.json.jsonText).joined(separator: "\n")
    let document: ICalendarDocument
    do {
        document = try ICalendar.document(for: rules, from: from, generatedAt: fuzzNow)
    } catch {
        fail("valid rules did not export: \(error.description)\n\(shown)")
    }
    let leftOut = Set(
        document.warnings.compactMap { warning -> String? in
            if case .noOccurrence = warning.reason { warning.ruleID } else { nil }
        })
    let exported = rules.filter { !leftOut.contains($0.id) }
    guard !exported.isEmpty else { return 0 }

    let imported: [AlarmRule]
    do throws(ICalendarReadError) {
        imported = try ICalendar.readRules(from: document.text).rules
    } catch {
        fail("the export does not read back: \(error.description)\n\(shown)\n\(document.text)")
    }
    require(imported.map(\.id) == exported.map(\.id), "ids \(imported.map(\.id)) read back for \(exported.map(\.id))\n\(shown)")
    for (original, read) in zip(exported, imported) {
        require(
            read.label == original.label && read.timeZone == original.timeZone && read.gapPolicy == original.gapPolicy
                && read.overlapPolicy == original.overlapPolicy && read.isEnabled == original.isEnabled
                && Set(read.times) == Set(original.times),
            "rule \(original.id) read back as \(read.json.jsonText)\n\(shown)")
    }

    let after = Date(timeIntervalSince1970: Double(from.daysSinceEpoch) * 86_400 + 14 * 3600)
    let through = after.addingTimeInterval(366 * 86_400)
    let enabled = { (rules: [AlarmRule]) in rules.map { rule in with(rule) { $0.isEnabled = true } } }
    guard let expected = try? AlarmSchedule(rules: enabled(exported)), let actual = try? AlarmSchedule(rules: enabled(imported))
    else { fail("rules that validated do not compile\n\(shown)") }
    let want = expected.fires(after: after, through: through, deviceTimeZone: device).map(\.description)
    let got = actual.fires(after: after, through: through, deviceTimeZone: device).map(\.description)
    if want != got {
        let firstDifference =
            zip(want, got).first { $0 != $1 }.map { "\($0.0) became \($0.1)" } ?? "\(want.count) fires became \(got.count)"
        fail("the round trip rings differently on a device in \(device.identifier): \(firstDifference)\n\(shown)\n\(document.text)")
    }
    return 0
}

private func with(_ rule: AlarmRule, _ change: (inout AlarmRule) -> Void) -> AlarmRule {
    var rule = rule
    change(&rule)
    return rule
}

/// The fuzzer's bytes read as choices, each a byte or two; an exhausted input reads as zeros.
private struct Recipe {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func number(below bound: Int) -> Int { (Int(byte()) << 8 | Int(byte())) % bound }

    mutating func pick<T>(_ choices: [T]) -> T { choices[number(below: choices.count)] }

    mutating func chance(_ inEight: Int) -> Bool { number(below: 8) < inEight }

    /// A date up to ~14 months either side of `instant`, or on a day of a transition in a fuzz zone.
    mutating func date(near instant: Date) -> LocalDate {
        let day = Int64((instant.timeIntervalSince1970 / 86_400).rounded(.down))
        if chance(3) { return pick(Self.transitionDays) }
        return LocalDate(daysSinceEpoch: day + Int64(number(below: 850)) - 425)
    }

    /// Days on which a fuzz zone changes its offset in 2026 and 2027 (spring and autumn, north
    /// and south, a 30-minute change in Lord Howe).
    static let transitionDays: [LocalDate] = [
        "2026-03-08", "2026-03-29", "2026-04-05", "2026-09-27", "2026-10-04", "2026-10-25", "2026-11-01",
        "2027-03-14", "2027-03-28", "2027-04-04", "2027-10-03", "2027-10-31", "2027-11-07"
    ]
    .map { LocalDate(parsing: $0)! }

    static let ids = ["tea", "tea-1", "tea-2", "tea-3", "a", "a.b", "A", "x_1", "0", "wake", "wake-1", "-"]
    static let labels: [String?] = [
        nil, "", "Wake up", "Tea, then ; more: \\ done", "línea\nnueva", "日本語のラベル 🎉", "\u{202E}reversed\u{2066}x\u{2069}",
        String(repeating: "long label with words ", count: 10), String(repeating: "é", count: 120)
    ]

    mutating func time() -> TimeOfDay {
        switch number(below: 6) {
        case 0: TimeOfDay(hour: 2, minute: 30)!
        case 1: TimeOfDay(hour: 1, minute: 30)!
        case 2: TimeOfDay(hour: 0, minute: 0)!
        case 3: TimeOfDay(hour: number(below: 24), minute: number(below: 60), second: number(below: 60))!
        default: TimeOfDay(hour: number(below: 24), minute: pick([0, 15, 30, 45]))!
        }
    }

    mutating func rule(near from: LocalDate) -> AlarmRule {
        let id = pick(Self.ids)
        var times: [TimeOfDay] = []
        for _ in 0..<(1 + number(below: 4)) {
            let time = time()
            if !times.contains(time) { times.append(time) }
        }
        let repeats: Recurrence
        if chance(1) {
            repeats = .once(date(near: Date(timeIntervalSince1970: Double(from.daysSinceEpoch) * 86_400)))
        } else {
            let days = WeekdaySet(Weekday.allCases.filter { _ in chance(3) })
            let everyWeeks = chance(2) ? 1 + number(below: chance(1) ? 52 : 4) : 1
            let start = everyWeeks > 1 || chance(3) ? from.adding(days: number(below: 60) - 20) : nil
            let end = chance(2) ? (start ?? from).adding(days: number(below: 500)) : nil
            repeats = .weekly(days: days.isEmpty ? [.monday] : days, everyWeeks: everyWeeks, start: start, end: end)
        }
        var rule = AlarmRule(id: id, label: pick(Self.labels), repeats: repeats, times: times)
        if chance(5) { rule.timeZone = .fixed(pick(fuzzZones)) }
        if chance(2) { rule.gapPolicy = .skip }
        if chance(2) { rule.overlapPolicy = .last }
        if chance(1) { rule.isEnabled = false }
        for _ in 0..<number(below: 4) {
            rule.skippedDates.insert(chance(4) ? pick(Self.transitionDays) : from.adding(days: number(below: 70)))
        }
        return rule
    }
}
