import Foundation

extension AlarmBook {
    /// How far ``skipNext(ruleID:now:deviceTimeZone:)`` looks for the next occurrence: two
    /// years of 366 days, enough for any weekly rule (even every 52 weeks with the next one
    /// already skipped).
    public static let skipSearchLimit: TimeInterval = 2 * 366 * 86_400

    /// Up to this many (rule, snooze) or (rule, skip) pairs, planning matches them by comparing
    /// ids instead of hashing them: a small book's few rules and fewer snoozes.
    static let fewPairs = 64

    /// The soonest fires after `now`: the rules' occurrences with skip-next dates applied,
    /// and live snoozes, in one order under one cap.
    ///
    /// The same as planning ``rulesForPlanning`` with ``snoozeFires(deviceTimeZone:)`` as
    /// extra fires, so snoozes are ordered, capped and counted toward
    /// ``Plan/coveredUntil`` like any other fire. (The state is applied to the compiled rules,
    /// as a book file compiled straight from its bytes applies it.)
    ///
    /// ```swift
    /// let london = TimeZone(identifier: "Europe/London")!
    /// let now = Date(timeIntervalSince1970: 1_796_110_320)   // 2026-12-01T07:32:00Z
    /// try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: now.addingTimeInterval(9 * 60))
    /// try book.plan(now: now, options: PlanOptions(deviceTimeZone: london)).fires.first?.id
    /// // "wake@2026-12-01T07:41:00+snooze"
    /// ```
    /// - Throws: ``AlarmRulesError/invalid(_:)`` when the book's rules are not valid together
    ///   (a repeated or malformed id would plan colliding fire ids). A book a store loaded or
    ///   saved is always valid; only rules changed in memory since can fail here.
    /// - Complexity: O(R log R) to check and compile R rules, then as
    ///   ``AlarmSchedule/plan(now:options:including:)``, plus O(R + s) for skips and s snoozes.
    public func plan(now: Date, options: PlanOptions) throws(AlarmRulesError) -> Plan {
        try CompiledBook(self).plan(now: now, options: options)
    }

    /// The rules as the planner should see them: each with its skip-next dates added to its
    /// skip dates. Compile these into an ``AlarmSchedule`` to plan many times.
    ///
    /// The book's own planning (``plan(now:options:)``, ``hybridPlan(now:options:repeating:)``)
    /// joins the same dates to the compiled rules instead, and plans the same.
    ///
    /// - Complexity: O(1) without skip-next requests (the array is shared, not copied), else O(R + k).
    public var rulesForPlanning: [AlarmRule] {
        guard !skippedOccurrences.isEmpty else { return rules }
        var result = rules
        if skippedOccurrences.count * rules.count <= Self.fewPairs {
            // A small book's few skips: comparing ids costs less than a dictionary of them.
            for index in result.indices {
                for skip in skippedOccurrences where skip.ruleID == result[index].id {
                    result[index].skippedDates.insert(skip.date)
                }
            }
            return result
        }
        var datesByRule: [String: [LocalDate]] = [:]
        for skip in skippedOccurrences { datesByRule[skip.ruleID, default: []].append(skip.date) }
        for index in result.indices {
            if let dates = datesByRule[result[index].id] { result[index].skippedDates.formUnion(dates) }
        }
        return result
    }

    /// The snoozes as fires for ``AlarmSchedule/plan(now:options:including:)``: each on its
    /// rule's clock (floating rules follow `deviceTimeZone`, and their snoozes say
    /// ``Fire/isFloating``, though a snooze rings at its instant), one per fire id. Snoozes of
    /// disabled rules, or of rules not in the book, are left out; the planner drops those
    /// outside its window (so expired ones never ring).
    ///
    /// - Complexity: O(R + s) for R rules and s snoozes.
    public func snoozeFires(deviceTimeZone: TimeZone) -> [Fire] {
        guard !snoozes.isEmpty else { return [] }
        if snoozes.count * rules.count <= Self.fewPairs {
            // A small book: finding each snooze's rule by comparing ids costs less than the
            // sets and dictionary below, and picks the same rule (the last enabled one of its id).
            return Snooze.fires(
                snoozes.lazy.compactMap { snooze in
                    rules.last { $0.isEnabled && $0.id == snooze.ruleID }.map { rule in
                        let isFloating = rules.contains { $0.isEnabled && $0.id == snooze.ruleID && $0.timeZone == .floating }
                        return (snooze, rule.timeZone.resolved(deviceTimeZone: deviceTimeZone), isFloating)
                    }
                })
        }
        let wanted = Set(snoozes.map(\.ruleID))
        var zones: [String: TimeZone] = [:]
        var floating = Set<String>()
        for rule in rules where rule.isEnabled && wanted.contains(rule.id) {
            zones[rule.id] = rule.timeZone.resolved(deviceTimeZone: deviceTimeZone)
            if rule.timeZone == .floating { floating.insert(rule.id) }
        }
        return Snooze.fires(
            snoozes.lazy.compactMap { snooze in
                zones[snooze.ruleID].map { (snooze, $0, floating.contains(snooze.ruleID)) }
            })
    }

    /// Snoozes the fire `fireID` until `instant`: the rule rings once more then.
    ///
    /// A rule keeps at most one snooze: snoozing again, or snoozing the snooze itself (an id
    /// ending in `+snooze`), replaces it and keeps the original occurrence's id in
    /// ``Snooze/fireID``.
    ///
    /// ```swift
    /// let at = Date(timeIntervalSince1970: 1_796_110_740)   // 2026-12-01T07:39:00Z
    /// try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: at)
    /// ```
    /// - Parameters:
    ///   - fireID: the id of the fire that went off (the notification identifier), read as a
    ///     ``FireID``; its rule is the part before `@`.
    ///   - instant: when to ring again; a fraction of a second is dropped.
    /// - Returns: the snooze that was recorded.
    /// - Throws: ``AlarmBookError/invalidFireID(_:)`` when `fireID` is not a fire id, or
    ///   ``AlarmBookError/unknownRule(id:suggestion:)`` when no rule of the book has its rule id.
    /// - Complexity: O(R + s).
    @discardableResult
    public mutating func snooze(fireID: String, until instant: Date) throws(AlarmBookError) -> Snooze {
        guard let parsed = FireID(parsing: fireID) else { throw .invalidFireID(fireID) }
        let ruleID = parsed.ruleID
        guard rules.contains(where: { $0.id == ruleID }) else { throw unknownRuleError(ruleID) }
        var original = fireID
        if parsed.isSnooze, let earlier = snoozes.first(where: { $0.ruleID == ruleID }) {
            original = earlier.fireID
        }
        let snooze = Snooze(ruleID: ruleID, fireID: original, instant: instant)
        snoozes.removeAll { $0.ruleID == ruleID }
        snoozes.append(snooze)
        return snooze
    }

    /// Skips the next occurrence of a rule after `now`, and records the local date it falls on.
    ///
    /// The date is fixed now, so "skip the next one" keeps meaning that occurrence however
    /// late the app plans again. At plan time the date acts as one of the rule's `skip`
    /// dates: the rule does not fire at all that local day. Calling it again skips the
    /// occurrence after that.
    ///
    /// ```swift
    /// let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    /// let now = Date(timeIntervalSince1970: 1_796_083_200)   // 2026-12-01T00:00:00Z = Tue 09:00 JST
    /// let skipped = try book.skipNext(ruleID: "wake", now: now, deviceTimeZone: tokyo)
    /// skipped.id   // "wake@2026-12-02T07:30:00": Tuesday's 07:30 has passed, Wednesday's is next
    /// ```
    /// - Parameters:
    ///   - ruleID: the rule to skip.
    ///   - now: the moment of the request; the next occurrence is strictly after it.
    ///   - deviceTimeZone: the zone a floating rule follows.
    /// - Returns: the occurrence that will not ring.
    /// - Throws: ``AlarmBookError/unknownRule(id:suggestion:)``,
    ///   ``AlarmBookError/nothingToSkip(ruleID:after:through:)`` when the rule does not fire
    ///   within ``skipSearchLimit`` (disabled, ended, or a one-shot in the past), or
    ///   ``AlarmBookError/invalidRule(_:)`` when the rule itself is invalid.
    /// - Complexity: O(R) to find the rule, then O(days) over at most ``skipSearchLimit``
    ///   (planned in windows of at most ``PlanOptions/maximumHorizon``).
    @discardableResult
    public mutating func skipNext(ruleID: String, now: Date, deviceTimeZone: TimeZone) throws(AlarmBookError) -> Fire {
        guard var rule = rules.first(where: { $0.id == ruleID }) else { throw unknownRuleError(ruleID) }
        for skip in skippedOccurrences where skip.ruleID == ruleID { rule.skippedDates.insert(skip.date) }
        let schedule: AlarmSchedule
        do throws(AlarmRulesError) {
            schedule = try AlarmSchedule(rules: [rule])
        } catch {
            guard case .invalid(let problems) = error else { throw .invalidRule([]) }
            throw .invalidRule(problems)
        }
        let end = now.addingTimeInterval(AlarmBook.skipSearchLimit)
        // One plan reaches at most PlanOptions.maximumHorizon, so search in windows.
        var from = now
        while from < end {
            let span = min(PlanOptions.maximumHorizon, end.timeIntervalSince(from))
            let plan = schedule.plan(now: from, options: PlanOptions(deviceTimeZone: deviceTimeZone, cap: 1, horizon: span))
            if let fire = plan.fires.first {
                skippedOccurrences.append(SkippedOccurrence(ruleID: ruleID, date: fire.local.date))
                return fire
            }
            from = plan.horizonEnd
        }
        throw .nothingToSkip(ruleID: ruleID, after: now, through: end)
    }

    /// Drops state that can no longer matter: snoozes whose instant is not after `now`,
    /// skip-next dates that have passed everywhere, and both kinds for rules no longer in
    /// the book. The applied plan is kept.
    ///
    /// A skipped date is kept until it is over in every zone (UTC−12 is the last to leave a
    /// date, and a gap-shifted fire can land a little later), that is until 00:00 UTC two
    /// days after it, because a floating rule follows whatever zone the device is in next.
    ///
    /// ```swift
    /// let now = Date(timeIntervalSince1970: 1_796_256_000)   // 2026-12-03T00:00:00Z
    /// book.pruneExpired(now: now)   // drops a skip of 2026-12-01, keeps one of 2026-12-02
    /// ```
    /// - Returns: how many entries were dropped.
    /// - Complexity: O(R + s + k).
    @discardableResult
    public mutating func pruneExpired(now: Date) -> Int {
        let before = snoozes.count + skippedOccurrences.count
        guard before > 0 else { return 0 }
        let ruleIDs = Set(rules.map(\.id))
        let utcDay = Int64((now.timeIntervalSince1970 / 86_400).rounded(.down))
        snoozes.removeAll { $0.instant <= now || !ruleIDs.contains($0.ruleID) }
        skippedOccurrences.removeAll { $0.date.daysSinceEpoch + 2 <= utcDay || !ruleIDs.contains($0.ruleID) }
        return before - snoozes.count - skippedOccurrences.count
    }

    /// The error for an id that names no rule of the book, with a "did you mean" among its ids.
    package func unknownRuleError(_ id: String) -> AlarmBookError {
        // The hint compares against every id; skip it where that would be slow (no rule id is
        // longer than 64 characters, so a longer text is no typo of one).
        let suggestion = id.count <= 64 && rules.count <= 1_000 ? Suggestion.closest(to: id, among: rules.map(\.id)) : nil
        return .unknownRule(id: id, suggestion: suggestion)
    }
}
