import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `store/save-R` and `store/load-R`: an `AlarmBook` of R workload rules written to and read
/// from a `JSONFileStore` in the temporary folder (atomic replace with two fsyncs, flock,
/// validation on save). Expected: for load, the checksum of the rule ids in order; for save,
/// the size of the file the first save wrote, whose book was read back and compared whole.
/// Both report MB/s of the book file.
///
/// `store/load+plan-R`: the same book with four skip-next requests and four live snoozes,
/// loaded for planning and planned 7 days from the first scenario's moment in its zone
/// (`JSONFileStore.plan(now:options:)`: the file compiled straight from its bytes, the state
/// applied). Expected: the checksum of the plan of the book loaded in full (`load()` then
/// `AlarmBook.plan(now:options:)`), made in prepare; it must hold the snoozes.
enum StoreCases {
    static func specs(sizes: [Int], runs: Int) -> [CaseSpec] {
        sizes.flatMap { count in
            [
                CaseSpec(
                    name: "store/save-\(SizeLabel.of(count))", group: "store/save", rules: count, runs: runs,
                    prepare: { () throws(BenchmarkFailure) in try prepare(rules: count, saving: true) }),
                CaseSpec(
                    name: "store/load-\(SizeLabel.of(count))", group: "store/load", rules: count, runs: runs,
                    prepare: { () throws(BenchmarkFailure) in try prepare(rules: count, saving: false) }),
                CaseSpec(
                    name: "store/load+plan-\(SizeLabel.of(count))", group: "store/load+plan", rules: count, runs: runs,
                    prepare: { () throws(BenchmarkFailure) in try prepareLoadAndPlan(rules: count) })
            ]
        }
    }

    static func idChecksum(_ rules: [AlarmRule]) -> UInt64 {
        var checksum = Checksum()
        for rule in rules { checksum.add(rule.id) }
        checksum.add(UInt64(rules.count))
        return checksum.value
    }

    static func prepare(rules count: Int, saving: Bool) throws(BenchmarkFailure) -> PreparedCase {
        let book = AlarmBook(rules: Workload.rules(count: count))
        let file: URL
        let store: JSONFileStore
        let size: UInt64
        do {
            file = try Scratch.file("book-\(SizeLabel.of(count)).json")
            store = JSONFileStore(url: file)
            try store.save(book)
            guard try store.load() == book else { throw BenchmarkFailure(message: "store: the book read back differs from the one saved") }
            size = fileSize(file.path)
        } catch let failure as BenchmarkFailure {
            throw failure
        } catch {
            throw BenchmarkFailure(message: "store: \(error)")
        }
        let notes = ["a \(size / 1024) KiB book in \(Scratch.directory.path)"]
        if saving {
            return PreparedCase(
                rules: count, operationsPerRun: 1, expected: size, compiledBytesPerRule: nil,
                notes: notes + ["expected: the size of the first save, whose book read back equal"], bytesPerOperation: Int(size)
            ) {
                do {
                    try store.save(book)
                    return RunOutcome(checksum: fileSize(file.path), fires: 0)
                } catch {
                    return RunOutcome(checksum: 0, fires: 0)
                }
            }
        }
        return PreparedCase(
            rules: count, operationsPerRun: 1, expected: idChecksum(book.rules), compiledBytesPerRule: nil,
            notes: notes + ["expected: the rule ids of the book saved, in order"], bytesPerOperation: Int(size)
        ) {
            let loaded = try? store.load()
            return RunOutcome(checksum: loaded.map { idChecksum($0.rules) } ?? 0, fires: 0)
        }
    }

    /// The workload's book with four skip-next requests and four snoozes, in scenario 0: the
    /// next occurrences of the rules of the plan's first four fires are skipped, and the fires
    /// of the next four rules are snoozed to ring 1 to 4 seconds after `now`, so that they are
    /// planned however many rules share the cap.
    static func bookWithState(rules count: Int, scenario: Scenario) throws(BenchmarkFailure) -> AlarmBook {
        var book = AlarmBook(rules: Workload.rules(count: count))
        let options = PlanOptions(deviceTimeZone: scenario.deviceTimeZone)
        do {
            var ruleIDs: [String] = []
            for fire in try book.plan(now: scenario.now, options: options).fires where !ruleIDs.contains(fire.ruleID) {
                ruleIDs.append(fire.ruleID)
            }
            guard ruleIDs.count >= 8 else { throw BenchmarkFailure(message: "store/load+plan: fewer than 8 rules fire in the week") }
            for ruleID in ruleIDs.prefix(4) {
                try book.skipNext(ruleID: ruleID, now: scenario.now, deviceTimeZone: scenario.deviceTimeZone)
            }
            let fires = try book.plan(now: scenario.now, options: options).fires
            for (offset, ruleID) in ruleIDs[4..<8].enumerated() {
                guard let fire = fires.first(where: { $0.ruleID == ruleID }) else { continue }
                try book.snooze(fireID: fire.id, until: scenario.now.addingTimeInterval(Double(1 + offset)))
            }
        } catch let failure as BenchmarkFailure {
            throw failure
        } catch {
            throw BenchmarkFailure(message: "store/load+plan: \(error)")
        }
        return book
    }

    static func prepareLoadAndPlan(rules count: Int) throws(BenchmarkFailure) -> PreparedCase {
        let scenario = Workload.scenarios[0]
        let options = PlanOptions(deviceTimeZone: scenario.deviceTimeZone)
        let book = try bookWithState(rules: count, scenario: scenario)
        let file: URL
        let store: JSONFileStore
        let expected: Plan
        do {
            file = try Scratch.file("book-state-\(SizeLabel.of(count)).json")
            store = JSONFileStore(url: file)
            try store.save(book)
            let loaded = try store.load()
            guard loaded == book else { throw BenchmarkFailure(message: "store/load+plan: the book read back differs from the one saved") }
            expected = try loaded.plan(now: scenario.now, options: options)
        } catch let failure as BenchmarkFailure {
            throw failure
        } catch {
            throw BenchmarkFailure(message: "store/load+plan: \(error)")
        }
        let snoozes = expected.fires.filter(\.isSnooze).count
        guard snoozes == book.snoozes.count else {
            throw BenchmarkFailure(message: "store/load+plan: the expected plan holds \(snoozes) of the \(book.snoozes.count) snoozes")
        }
        let size = fileSize(file.path)
        return PreparedCase(
            rules: count, operationsPerRun: 1, expected: PlanChecksum.of(expected), compiledBytesPerRule: nil,
            notes: [
                "a \(size / 1024) KiB book with \(book.skippedOccurrences.count) skip-next requests and \(snoozes) snoozes, "
                    + "planned 7 days from \(scenario.name)",
                "expected: the plan of the book loaded in full (load(), then AlarmBook.plan)"
            ],
            bytesPerOperation: Int(size)
        ) {
            guard let plan = try? store.plan(now: scenario.now, options: options) else { return RunOutcome(checksum: 0, fires: 0) }
            return RunOutcome(checksum: PlanChecksum.of(plan), fires: plan.fires.count)
        }
    }

    static func fileSize(_ path: String) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.uint64Value ?? 0
    }
}
