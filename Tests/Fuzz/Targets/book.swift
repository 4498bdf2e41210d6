import Foundation

@testable import RecurringAlarms
@testable import RecurringAlarmsStore

// The alarm book as a store reads it (BookCoding.decode, which tells empty, binary, cut-off,
// malformed, newer-version and invalid files apart), then what the CLI does with a book.
// Checks: every rejection has a description naming the path; an accepted book encodes
// (a store would save it), reads back equal and writes the same bytes again; its plan is in
// order and in the window; skip-next, snooze and pruning leave a book a store can save.
// A book read directly (without a JSON tree) is the book the full reader reads, and state
// problems it finds are the full reader's. Loading for
// planning (BookCoding.decodeForPlanning) fails exactly as decoding does, and a book it
// compiles from the bytes plans what the decoded book plans.

private let path = "/fuzz/book.json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBook(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    switch bytes.withUnsafeBufferPointer({ RuleFile.directValues($0, state: .read) }) {
    case .read(let direct):
        require(AlarmBook(values: direct) == (try? AlarmBook(json: JSONValue(parsing: bytes))), "the direct reader read a different book")
    case .invalidState(let problems):
        let full = (try? JSONValue(parsing: bytes)).map { json in Result { () throws(AlarmRulesError) in try AlarmBook(json: json) } }
        require(full == .failure(.invalid(problems)), "the direct reader found other state problems than the full reader")
    case .gaveUp: break
    }
    var forPlanning: BookForPlanning?
    var planningError: AlarmStoreError?
    do throws(AlarmStoreError) {
        forPlanning = try BookCoding.decodeForPlanning(bytes, path: path)
    } catch {
        planningError = error
    }
    var book: AlarmBook
    do throws(AlarmStoreError) {
        book = try BookCoding.decode(bytes, path: path)
    } catch {
        require(error.description.contains(path), "an error that does not name the file: \(error.description)")
        require(error.isUnreadableBook, "a decoding error that is not an unreadable book: \(error.description)")
        require(planningError == error, "loading for planning failed otherwise: \(planningError?.description ?? "it did not fail")")
        return 0
    }
    require(planningError == nil, "loading for planning failed on a book: \(planningError?.description ?? "")")
    let encoded = encodeOrFail(book, "an accepted book")
    let again: AlarmBook
    do throws(AlarmStoreError) {
        again = try BookCoding.decode(Array(encoded), path: path)
    } catch {
        fail("a saved book does not read back (\(error.description)): \(String(decoding: encoded, as: UTF8.self))")
    }
    require(again == book, "a book reads back different after a save: \(String(decoding: encoded, as: UTF8.self))")
    require(encodeOrFail(again, "a re-read book") == encoded, "saving a book is not stable")

    let device = fuzzZones[bytes.reduce(0) { ($0 &+ Int($1)) & 0xFFFF } % fuzzZones.count]
    let options = PlanOptions(deviceTimeZone: device, cap: 16)
    let plan: Plan
    do { plan = try book.plan(now: fuzzNow, options: options) } catch { fail("a book the reader accepted cannot be planned: \(error)") }
    require(plan.fires.count <= options.cap, "\(plan.fires.count) fires over the cap")
    switch forPlanning {
    case .compiled(let compiled)?:
        require(compiled.plan(now: fuzzNow, options: options) == plan, "the book compiled from its bytes planned otherwise")
    case .book(let read)?: require(read == book, "loading for planning read a different book")
    case nil: fail("loading for planning gave nothing")
    }
    for (index, fire) in plan.fires.enumerated() {
        require(fire.instant > plan.now && fire.instant <= plan.horizonEnd, "fire \(fire.id) outside the window")
        if index > 0 { require(plan.fires[index - 1].instant <= fire.instant, "fires out of order at \(fire.id)") }
    }

    // What `skip-next`, `snooze` and the pruning before each save do to a stored book.
    if let rule = book.rules.first {
        var skipped = book
        if (try? skipped.skipNext(ruleID: rule.id, now: fuzzNow, deviceTimeZone: device)) != nil {
            _ = encodeOrFail(skipped, "a book after skip-next")
        }
    }
    if let fire = plan.fires.first(where: { !$0.isSnooze }) {
        var snoozed = book
        if (try? snoozed.snooze(fireID: fire.id, until: fire.instant.addingTimeInterval(540))) != nil {
            _ = encodeOrFail(snoozed, "a book after a snooze")
        }
    }
    var pruned = book
    _ = pruned.pruneExpired(now: fuzzNow)
    _ = encodeOrFail(pruned, "a pruned book")
    return 0
}

private func encodeOrFail(_ book: AlarmBook, _ what: String) -> Data {
    do throws(AlarmStoreError) {
        return try BookCoding.encode(book, path: path)
    } catch {
        fail("\(what) cannot be saved: \(error.description)")
    }
}
