import Dispatch
import Foundation
import RecurringAlarms
import RecurringAlarmsScheduling
import RecurringAlarmsSimulation
import RecurringAlarmsStore
import Testing

/// Refreshes queue one at a time; a queued one that is cancelled steps aside, a running one
/// finishes; the store's blocking calls run off the cooperative pool. Events are ordered by a
/// store that holds its `load` until the test opens it, and by the scheduler's count of
/// queued refreshes, never by waiting for time to pass.
@Suite("Refresh cancellation and store I/O")
struct RefreshCancellationTests {
    static let now = at(1_796_083_200)   // 2026-12-01T00:00:00Z (Tue)

    static let rules = [weekly("wake", .weekdays, times: ["07:30"], label: "Wake up")]

    func makeCenter() -> SimulatedNotificationCenter {
        SimulatedNotificationCenter(eviction: .keepSoonestFiring, now: Self.now, deviceTimeZone: Zones.berlin)
    }

    @Test("the store's load and update run on the scheduler's store queue, not on the cooperative pool")
    func storeCallsRunOffThePool() async throws {
        let store = BlockingStore(AlarmBook(rules: Self.rules))
        store.open()
        let scheduler = AlarmScheduler(
            store: store, center: makeCenter(), clock: .constant(Self.now),
            timeZone: .constant(Zones.berlin), options: SchedulerOptions(strategy: .rolling))
        try await scheduler.refresh()
        #expect(store.calls == [.load(onStoreQueue: true), .update(onStoreQueue: true)])
    }

    @Test("a refresh cancelled while it waits does not run, and the ones queued after it still run in call order")
    func cancelledWaiterIsSkipped() async throws {
        let store = BlockingStore(AlarmBook(rules: Self.rules))
        // Each refresh reads the clock once, as it starts: the report's `now` tells the order.
        let reads = Locked(0)
        let clock = SchedulerClock {
            Self.now.addingTimeInterval(
                TimeInterval(
                    reads.withLock { count in
                        defer { count += 1 }
                        return count
                    }))
        }
        let scheduler = AlarmScheduler(
            store: store, center: makeCenter(), clock: clock, timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(strategy: .rolling))
        var loadsStarted = store.loadsStarted.makeAsyncIterator()

        let first = Task { try await scheduler.refresh() }
        await loadsStarted.next()   // `first` holds the gate, held in its load
        let second = Task { try await scheduler.refresh() }
        await waitUntilQueued(1, in: scheduler)
        let third = Task { try await scheduler.refresh() }
        await waitUntilQueued(2, in: scheduler)
        let fourth = Task { try await scheduler.refresh() }
        await waitUntilQueued(3, in: scheduler)

        third.cancel()
        store.open()

        #expect(try await first.value.now == Self.now)
        #expect(try await second.value.now == Self.now.addingTimeInterval(1))
        #expect(isCancelledBeforeStarting(await third.result))
        #expect(try await fourth.value.now == Self.now.addingTimeInterval(2))
        #expect(reads.withLock { $0 } == 3)
        #expect(store.calls.filter { $0 == .load(onStoreQueue: true) }.count == 3)
    }

    // Without the fix `second` would wait for `first` forever; the limit turns that hang into a
    // failure (the handler below then lets `first` finish). It is no timing assertion.
    @Test(
        "a cancelled waiter leaves the queue at once, while the refresh ahead of it is still running",
        .timeLimit(.minutes(1)))
    func cancelledWaiterLeavesAtOnce() async throws {
        let store = BlockingStore(AlarmBook(rules: Self.rules))
        let scheduler = AlarmScheduler(
            store: store, center: makeCenter(), clock: .constant(Self.now),
            timeZone: .constant(Zones.berlin), options: SchedulerOptions(strategy: .rolling))
        var loadsStarted = store.loadsStarted.makeAsyncIterator()

        let first = Task { try await scheduler.refresh() }
        await loadsStarted.next()
        let second = Task { try await scheduler.refresh() }
        await waitUntilQueued(1, in: scheduler)

        second.cancel()
        // `first` is still held in its load, so only leaving the queue can end `second`.
        let secondResult = await withTaskCancellationHandler {
            await second.result
        } onCancel: {
            store.open()
        }
        #expect(isCancelledBeforeStarting(secondResult))
        #expect(await scheduler.waitingCount == 0)

        store.open()
        _ = try await first.value
        #expect(store.calls.count == 2)   // `first`'s load and update; nothing of `second`'s
    }

    @Test("a refresh whose task is already cancelled throws cancelled and touches neither store nor center")
    func alreadyCancelled() async throws {
        let store = BlockingStore(AlarmBook(rules: Self.rules))
        store.open()
        let center = makeCenter()
        let scheduler = AlarmScheduler(
            store: store, center: center, clock: .constant(Self.now), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(strategy: .rolling))
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await scheduler.refresh()
        }.result
        #expect(isCancelledBeforeStarting(result))
        #expect(store.calls.isEmpty)
        #expect(await center.addedCount == 0)
    }

    @Test("a refresh cancelled after it started finishes: the center gets every request and the store records the plan")
    func runningRefreshIsNotTorn() async throws {
        let store = BlockingStore(AlarmBook(rules: Self.rules))
        let center = makeCenter()
        let scheduler = AlarmScheduler(
            store: store, center: center, clock: .constant(Self.now), timeZone: .constant(Zones.berlin),
            options: SchedulerOptions(strategy: .rolling))
        var loadsStarted = store.loadsStarted.makeAsyncIterator()

        let refresh = Task { try await scheduler.refresh() }
        await loadsStarted.next()
        refresh.cancel()
        store.open()

        let report = try await refresh.value
        // Weekdays at 07:30 Berlin over the default horizon: more than one fire, all added.
        #expect(report.plan.fires.count > 1)
        #expect(report.added.count == report.plan.fires.count)
        #expect(await center.addedCount == report.plan.fires.count)
        #expect(try store.base.load().applied == AppliedPlan(report.plan, appliedAt: Self.now))
    }

    /// Lets other tasks run until `count` refreshes wait in the scheduler's queue.
    func waitUntilQueued(_ count: Int, in scheduler: AlarmScheduler) async {
        while await scheduler.waitingCount < count { await Task.yield() }
    }

    func isCancelledBeforeStarting(_ result: Result<RefreshReport, any Error>) -> Bool {
        guard case .failure(let error) = result, case .cancelled? = error as? SchedulingError else { return false }
        return true
    }
}

/// An in-memory store whose `load` announces that it started, then blocks its thread until the
/// test calls ``open()``, so a test can hold a refresh in its first step. It records each call
/// and whether it ran on the scheduler's store queue.
final class BlockingStore: AlarmStore {
    enum Call: Equatable {
        case load(onStoreQueue: Bool)
        case save(onStoreQueue: Bool)
        case update(onStoreQueue: Bool)
    }

    let base: InMemoryStore
    /// One element per `load` that started.
    let loadsStarted: AsyncStream<Void>
    private let loadStarted: AsyncStream<Void>.Continuation
    private let opened = DispatchSemaphore(value: 0)
    private let state = Locked((isOpen: false, calls: [Call]()))

    init(_ book: AlarmBook) {
        base = InMemoryStore(book)
        (loadsStarted, loadStarted) = AsyncStream.makeStream()
    }

    var calls: [Call] { state.withLock { $0.calls } }

    /// Lets the held `load` (and every later one) go on.
    func open() {
        state.withLock { $0.isOpen = true }
        opened.signal()
    }

    func load() throws(AlarmStoreError) -> AlarmBook {
        let mustWait = state.withLock { state in
            state.calls.append(.load(onStoreQueue: StoreQueue.isCurrent))
            return !state.isOpen
        }
        loadStarted.yield()
        if mustWait { opened.wait() }
        return try base.load()
    }

    func save(_ book: AlarmBook) throws(AlarmStoreError) {
        state.withLock { $0.calls.append(.save(onStoreQueue: StoreQueue.isCurrent)) }
        try base.save(book)
    }

    func update<Result>(_ body: (inout AlarmBook) throws -> Result) throws -> Result {
        state.withLock { $0.calls.append(.update(onStoreQueue: StoreQueue.isCurrent)) }
        return try base.update(body)
    }
}
