import Foundation
import RecurringAlarms
import Synchronization

/// `books/N×5`: N alarm books of five workload rules each, every book planned on its own for
/// 7 days with `AlarmBook.plan(now:options:)`, as a reminder backend plans its users; the books
/// split in one contiguous half per core. One book in ten has a skip-next of its first rule's
/// next occurrence and a live snooze of its second rule, as an app's book would. Book `b` plans
/// from scenario `b % 8`'s moment and device zone.
///
/// Expected: per book, the plan without the planner (``Reference/bookPlan(_:_:)``: the public
/// fire sequence of the book's rules with their skips, plus its snooze fires, sorted, the
/// first 64); the checksums of the books folded in book order.
enum BooksCase {
    static let rulesPerBook = 5

    static func spec(books: Int, runs: Int) -> CaseSpec {
        CaseSpec(
            name: "books/\(SizeLabel.of(books))×\(rulesPerBook)", group: "books", rules: books * rulesPerBook, runs: runs,
            prepare: { prepare(books: books) })
    }

    /// The books: consecutive runs of five workload rules, with a skip and a snooze in every tenth.
    static func books(count: Int) -> [AlarmBook] {
        let rules = Workload.rules(count: count * rulesPerBook)
        let scenarios = Workload.scenarios
        return (0..<count).map { index in
            let own = Array(rules[index * rulesPerBook..<(index + 1) * rulesPerBook])
            var book = AlarmBook(rules: own)
            guard index % 10 == 0 else { return book }
            let scenario = scenarios[index % scenarios.count]
            let week = PlanOptions(deviceTimeZone: scenario.deviceTimeZone)
            if let next = (try? AlarmSchedule(rules: [own[0]]))?.plan(now: scenario.now, options: week).fires.first {
                book.skippedOccurrences = [SkippedOccurrence(ruleID: own[0].id, date: next.local.date)]
            }
            if let next = (try? AlarmSchedule(rules: [own[1]]))?.plan(now: scenario.now, options: week).fires.first {
                book.snoozes = [Snooze(ruleID: own[1].id, fireID: next.id, instant: scenario.now.addingTimeInterval(540))]
            }
            return book
        }
    }

    static func prepare(books count: Int) -> PreparedCase {
        let start = residentNote("before the books", since: nil)
        let books = books(count: count)
        let model = residentNote("the books", since: start.now)
        let scenarios = Workload.scenarios
        let options = scenarios.map { PlanOptions(deviceTimeZone: $0.deviceTimeZone) }
        let expected = fold(count) { index in
            (Reference.bookPlan(books[index], scenarios[index % scenarios.count]), 0)
        }
        let run = {
            let (checksum, fires) = fold(count) { index in
                let scenario = index % scenarios.count
                guard let plan = try? books[index].plan(now: scenarios[scenario].now, options: options[scenario]) else {
                    return (0, 0)
                }
                return (PlanChecksum.of(plan), plan.fires.count)
            }
            return RunOutcome(checksum: checksum, fires: fires)
        }
        return PreparedCase(
            rules: count * rulesPerBook, operationsPerRun: count, expected: expected.checksum, compiledBytesPerRule: nil,
            notes: [
                "expected: per book, its rules' public fire sequence with its skips, plus its snooze, sorted, first 64",
                "one book in ten has a skip-next and a snooze"
            ] + [start.note, model.note].compactMap { $0 }, run: run)
    }

    /// Plans books `0..<count` in one contiguous part per core, a thread each, and folds each
    /// book's checksum with its index into a sum that does not depend on the split, so the
    /// expected value and the timed runs agree on any number of cores; `fires` is summed too.
    static func fold(_ count: Int, _ book: @Sendable (Int) -> (checksum: UInt64, fires: Int)) -> (checksum: UInt64, fires: Int) {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        let total = Mutex((checksum: UInt64(0), fires: 0))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var checksum: UInt64 = 0
            var fires = 0
            for index in (part * count / parts)..<((part + 1) * count / parts) {
                let result = book(index)
                checksum &+= (result.checksum ^ UInt64(index)) &* 0x9E37_79B9_7F4A_7C15
                fires += result.fires
            }
            total.withLock { $0 = ($0.checksum &+ checksum, $0.fires + fires) }
        }
        return total.withLock { $0 }
    }
}
