import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

@Suite("In-memory store")
struct InMemoryStoreTests {
    @Test("it starts with the book it is given and keeps what is saved")
    func keepsTheBook() throws {
        let book = AlarmBook(rules: [rule("wake", at: "07:30")])
        let store = InMemoryStore(book)
        #expect(try store.load() == book)
        try store.save(AlarmBook())
        #expect(try store.load() == AlarmBook())
    }

    @Test("updates from many threads are all applied")
    func threads() throws {
        let store = InMemoryStore(AlarmBook(rules: [rule("counter", at: "06:00")]))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<250 {
                try? store.update { book in book.rules[0].label = String((Int(book.rules[0].label ?? "") ?? 0) + 1) }
            }
        }
        #expect(try store.load().rules[0].label == "2000")
    }

    @Test("it refuses invalid books like the other stores, and a throwing update changes nothing")
    func behavesLikeTheOthers() throws {
        struct Cancelled: Error {}
        let book = AlarmBook(rules: [rule("wake", at: "07:30")])
        let store = InMemoryStore(book)
        #expect(
            storeError { try store.save(AlarmBook(rules: [rule("wake", at: "07:30"), rule("wake", at: "08:00")])) }.map(caseName)
                == "invalidBook")
        #expect(
            storeError { try store.update { book in book.snoozes = [Snooze(ruleID: "x", fireID: "", instant: december1)] } }
                .map(caseName) == "invalidBook")
        #expect(throws: Cancelled.self) {
            try store.update { book in
                book.rules.removeAll()
                throw Cancelled()
            }
        }
        #expect(try store.load() == book)
    }

    @Test("code written against the protocol works with any store")
    func protocolUse() throws {
        func snoozeWake(in store: some AlarmStore) throws -> Snooze {
            try store.update { book in
                // 2026-12-01T07:39:00Z
                try book.snooze(fireID: "wake@2026-12-01T07:30:00", until: Date(timeIntervalSince1970: 1_796_110_740))
            }
        }
        let store = InMemoryStore(AlarmBook(rules: [rule("wake", at: "07:30")]))
        let snooze = try snoozeWake(in: store)
        #expect(try store.load().snoozes == [snooze])
    }
}
