import Foundation
import RecurringAlarms

/// Notification requests in a ``NotificationCenterAdapter`` (UserNotifications, or the
/// simulated center): repeating requests per weekday, one-shot requests for the other fires,
/// and the reminder among them in the last slot.
///
/// The room is ``SchedulerOptions/cap`` (lowered to the center's
/// ``NotificationCenterAdapter/pendingLimit``) less the larger of the budget and the app's own
/// pending requests. Requests are removed in one call, then added in one, latest-firing first,
/// so that whichever requests iOS keeps over its cap, the soonest survive.
struct NotificationBackend: SchedulingBackend {
    let center: any NotificationCenterAdapter

    var granularity: RepeatingAlarm.Granularity { .perWeekday }

    func read(_ refresh: RefreshContext) async throws(SchedulingError) -> DeviceState<PreviousRegistrations> {
        let pending: [String]
        do { pending = try await center.pendingIdentifiers() } catch {
            throw .center(operation: "list pending requests", underlying: error)
        }
        let owned = Set(pending.filter(ManagedIdentifier.isManaged))
        let foreignCount = Set(pending).count - owned.count
        // A center that keeps fewer requests than the cap would drop what the report counts on.
        var options = refresh.options
        if let limit = center.pendingLimit { options.cap = min(options.cap, max(limit, 0)) }
        let slots = options.slots(foreignPending: foreignCount)
        return DeviceState(
            owned: Array(owned), foreignCount: foreignCount, slots: slots, planCap: options.fireSlots(foreignPending: foreignCount),
            canHoldReminder: slots > 0, learnedLimit: nil, plan: nil, holdings: PreviousRegistrations(refresh.book.applied))
    }

    /// Repeating requests first (added last), then fires in plan order (soonest first); the
    /// reminder, at the coverage end, is last.
    func requests(for plan: HybridPlan, reminderAt: Date?, in refresh: RefreshContext) -> [DesiredRequest] {
        let options = refresh.options
        let content = options.actions.map { options.content.categorized(as: $0.identifier) } ?? options.content
        // A plan per weekday holds only alarms of one weekday or every day, which every calendar
        // trigger holds.
        var desired = plan.repeating.compactMap { alarm in
            NotificationRequest(
                repeating: alarm, after: refresh.now, deviceTimeZone: refresh.deviceTimeZone, content: content,
                rule: refresh.rules[alarm.ruleID]
            ).map { DesiredRequest(request: $0, fire: nil) }
        }
        desired += plan.oneShot.fires.map {
            DesiredRequest(request: NotificationRequest(fire: $0, content: content, rule: refresh.rules[$0.ruleID]), fire: $0)
        }
        if let reminderAt, let reminder = options.reminder {
            desired.append(DesiredRequest(request: reminder.request(at: reminderAt), fire: nil))
        }
        return desired
    }

    func isRegisteredDifferently(_ request: DesiredRequest, in previous: PreviousRegistrations) -> Bool {
        previous.isRegisteredDifferently(request)
    }

    func apply(_ change: Reconciliation<DesiredRequest>, to _: PreviousRegistrations) async throws(SchedulingError) -> AppliedChange {
        // Desired is soonest first: add latest first, so the soonest are added last.
        let adding = change.toAdd.reversed().map(\.request)
        let removing = change.toRemove + change.toReplace
        if !removing.isEmpty {
            do { try await center.removePendingRequests(withIdentifiers: removing) } catch {
                throw .center(operation: "remove requests", underlying: error)
            }
        }
        if !adding.isEmpty {
            do { try await center.add(adding) } catch { throw .center(operation: "add requests", underlying: error) }
        }
        return AppliedChange(added: adding.map(\.identifier), removed: change.toRemove, refusal: nil)
    }
}
