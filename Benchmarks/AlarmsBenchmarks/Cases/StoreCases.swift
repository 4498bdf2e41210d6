import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `store/save-R` and `store/load-R`: an `AlarmBook` of R workload rules written to and read
/// from a `JSONFileStore` in the temporary folder (atomic replace with two fsyncs, flock,
/// validation on save). Expected: for load, the checksum of the rule ids in order; for save,
/// the size of the file the first save wrote, whose book was read back and compared whole.
/// Both report MB/s of the book file.
enum StoreCases {
    static func specs(sizes: [Int], runs: Int) -> [CaseSpec] {
        sizes.flatMap { count in
            [
                CaseSpec(
                    name: "store/save-\(SizeLabel.of(count))", group: "store/save", rules: count, runs: runs,
                    prepare: { () throws(BenchmarkFailure) in try prepare(rules: count, saving: true) }),
                CaseSpec(
                    name: "store/load-\(SizeLabel.of(count))", group: "store/load", rules: count, runs: runs,
                    prepare: { () throws(BenchmarkFailure) in try prepare(rules: count, saving: false) })
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

    static func fileSize(_ path: String) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.uint64Value ?? 0
    }
}
