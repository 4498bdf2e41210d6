// Exercises every declaration of the AlarmKit stand-in the way an app would, so the AlarmKit
// adapter can be written against it and a stand-in signature that drifts from Apple's fails here
// first. Never run: this target is only compiled.
#if canImport(AlarmKit)
    import ActivityKit
    import AlarmKit
    import AppIntents
    import Foundation
    import SwiftUI

    /// What the app reads back when an alarm rings: which rule and which planned fire it is.
    @available(iOS 26.0, *)
    struct RuleAlarmMetadata: AlarmMetadata {
        var ruleID: String
        var fireID: String
    }

    /// The secondary button's intent when its behaviour is `.custom`.
    @available(iOS 26.0, *)
    struct OpenRuleIntent: LiveActivityIntent {
        // Computed: Foundation's LocalizedStringResource is not Sendable, so a stored `static let`
        // of it is not concurrency-safe in Swift 6.
        static var title: LocalizedStringResource { "Open alarm" }
        func perform() async throws -> some IntentResult { .result() }
    }

    @available(iOS 26.0, *)
    enum AlarmKitSignatures {
        /// The alert as the 26.0 and 26.1 SDKs declare it: a stop button, a snooze that counts
        /// down `postAlert`.
        static func attributes(ruleID: String, fireID: String) -> AlarmAttributes<RuleAlarmMetadata> {
            let stop = AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop.circle")
            let snooze = AlarmButton(text: "Snooze", textColor: .white, systemImageName: "zzz")
            var alert = AlarmPresentation.Alert(
                title: "Wake up", stopButton: stop, secondaryButton: snooze, secondaryButtonBehavior: .countdown)
            alert.stopButton = AlarmButton(text: "Dismiss", textColor: alert.stopButton.textColor, systemImageName: "stop.circle")
            let countdown = AlarmPresentation.Countdown(title: "Snoozing")
            let paused = AlarmPresentation.Paused(
                title: "Paused", resumeButton: AlarmButton(text: "Resume", textColor: .blue, systemImageName: "play.circle"))
            let presentation = AlarmPresentation(alert: alert, countdown: countdown, paused: paused)
            return AlarmAttributes(
                presentation: presentation, metadata: RuleAlarmMetadata(ruleID: ruleID, fireID: fireID), tintColor: .orange)
        }

        /// A secondary button that runs an intent instead of snoozing.
        static func alertWithCustomButton() -> AlarmPresentation.Alert {
            AlarmPresentation.Alert(
                title: "Wake up", stopButton: AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop.circle"),
                secondaryButton: AlarmButton(text: "Open", textColor: .white, systemImageName: "arrow.up.forward.app"),
                secondaryButtonBehavior: .custom)
        }

        static func authorize(_ manager: AlarmManager) async throws -> Bool {
            switch manager.authorizationState {
            case .authorized: return true
            case .denied: return false
            case .notDetermined: return try await manager.requestAuthorization() == .authorized
            @unknown default: return false
            }
        }

        /// A one-shot at an instant and a weekly device-clock alarm, both with a 9-minute snooze.
        static func schedule(_ manager: AlarmManager, oneShotAt instant: Date) async throws -> [Alarm] {
            let snooze = Alarm.CountdownDuration(preAlert: nil, postAlert: 9 * 60)
            let oneShot = AlarmManager.AlarmConfiguration(
                countdownDuration: snooze, schedule: .fixed(instant),
                attributes: attributes(ruleID: "gym", fireID: "gym@2026-12-03T07:00"),
                secondaryIntent: OpenRuleIntent(), sound: .default)
            let weekly = Alarm.Schedule.Relative(
                time: Alarm.Schedule.Relative.Time(hour: 6, minute: 30), repeats: .weekly([.monday, .wednesday, .friday]))
            let repeating = AlarmManager.AlarmConfiguration(
                countdownDuration: snooze, schedule: .relative(weekly),
                attributes: attributes(ruleID: "wake", fireID: "wake@06:30"), sound: .named("chime.caf"))
            let plain = AlarmManager.AlarmConfiguration.alarm(
                schedule: .relative(Alarm.Schedule.Relative(time: .init(hour: 7, minute: 0), repeats: .never)),
                attributes: attributes(ruleID: "once", fireID: "once@07:00"), stopIntent: OpenRuleIntent())
            var scheduled: [Alarm] = []
            do {
                for configuration in [oneShot, repeating, plain] {
                    scheduled.append(try await manager.schedule(id: UUID(), configuration: configuration))
                }
            } catch AlarmManager.AlarmError.maximumLimitReached {
                // Keep the soonest that fitted.
                return scheduled
            }
            return scheduled
        }

        static func inspect(_ manager: AlarmManager) throws -> [(Alarm.ID, Date?, Bool, TimeInterval?)] {
            try manager.alarms.map { alarm in
                var instant: Date?
                var repeats = false
                switch alarm.schedule {
                case .fixed(let date): instant = date
                case .relative(let relative):
                    if case .weekly(let days) = relative.repeats { repeats = !days.isEmpty }
                    _ = (relative.time.hour, relative.time.minute)
                case nil: break
                @unknown default: break
                }
                switch alarm.state {
                case .scheduled, .countdown, .paused, .alerting: break
                @unknown default: break
                }
                return (alarm.id, instant, repeats, alarm.countdownDuration?.postAlert)
            }
        }

        static func control(_ manager: AlarmManager, _ id: Alarm.ID) throws {
            try manager.countdown(id: id)
            try manager.pause(id: id)
            try manager.resume(id: id)
            try manager.stop(id: id)
            try manager.cancel(id: id)
        }

        static func watch(_ manager: AlarmManager) async {
            for await alarms in manager.alarmUpdates where alarms.contains(where: { $0.state == .alerting }) { break }
            for await state in manager.authorizationUpdates where state == .denied { break }
        }

        static func timer() -> AlarmManager.AlarmConfiguration<RuleAlarmMetadata> {
            .timer(duration: 60, attributes: attributes(ruleID: "tea", fireID: "tea"))
        }
    }
#endif
