import Foundation

extension AlarmSchedule {
    /// Reads a rule file (UTF-8 JSON bytes) and compiles it, for code that only plans.
    ///
    /// A valid file compiles straight from its bytes into the schedule, on all cores for a
    /// large one, without building an ``AlarmRule`` for each rule; the schedule plans exactly
    /// what `AlarmSchedule(try AlarmRuleSet(jsonData: data))` plans. Any other file is read as
    /// ``AlarmRuleSet/init(jsonData:)`` reads it, which throws every problem.
    ///
    /// ```swift
    /// let schedule = try AlarmSchedule(jsonData: data)
    /// let plan = schedule.plan(now: now, options: PlanOptions(deviceTimeZone: zone))
    /// ```
    /// - Throws: ``AlarmRulesError/malformedJSON(message:line:column:)`` when the bytes are not
    ///   JSON, ``AlarmRulesError/invalid(_:)`` with every problem otherwise.
    /// - Complexity: O(n) in the number of bytes, plus sorting the ids as ``init(_:)`` does.
    public init(jsonData: some Collection<UInt8>) throws(AlarmRulesError) {
        do throws(BookFileError) {
            // The bytes are not kept: a schedule has no labels.
            switch try RuleFile.compiled(jsonData, state: .ignored, labelBytes: nil) {
            case .compiled(let book): self = book.schedule
            case .values(let values): self.init(validated: values.rules)
            }
        } catch {
            throw AlarmRulesError(error)
        }
    }
}
