import Foundation
import Testing

@testable import RecurringAlarmsScheduling

/// The scheduler removes only the pending requests it owns: fire ids (read as a `FireID`)
/// and refresh reminders. Every other identifier is the app's and is left alone.
@Suite("Which pending identifiers the scheduler owns")
struct ManagedIdentifierTests {
    @Test(
        "fire ids and reminder ids are the scheduler's",
        arguments: [
            "wake@2026-12-01T07:30:00",
            "wake@2026-12-01T07:39:00+snooze",
            "A.b_c-9@0001-01-01T00:00:00",
            "recurring-alarms.reminder:2026-12-01T07:00:00Z"
        ])
    func managed(identifier: String) {
        #expect(ManagedIdentifier.isManaged(identifier))
    }

    @Test(
        "a repeating request's id is the scheduler's when it repeats on one weekday or every day, as notifications do",
        arguments: [
            ("wake#weekly-mon-07:30:00", true), ("wake#daily-07:30:15", true),
            ("wake#weekly-mon+tue-07:30:00", false),   // an AlarmKit alarm's grouped days: no notification repeats so
            ("wake#weekly-mon-07:30", false)
        ])
    func repeatingRequests(identifier: String, managed: Bool) {
        #expect(ManagedIdentifier.isManaged(identifier) == managed)
    }

    @Test(
        "anything that is not exactly a fire id belongs to the app",
        arguments: [
            "wake", "app-reminder", "user@example.com",
            "wake@2026-12-01 07:30:00",   // space for T: not a form the scheduler writes
            "wake@2026-12-01T07:30",   // no seconds
            "bad id@2026-12-01T07:30:00",   // not a rule id
            "wake@2026-02-30T07:30:00",   // no such date
            "wake@2026-12-01T07:30:00+snooze+snooze",
            "wake@2026-12-01T07:30:00-app"
        ])
    func unmanaged(identifier: String) {
        #expect(!ManagedIdentifier.isManaged(identifier))
    }
}
