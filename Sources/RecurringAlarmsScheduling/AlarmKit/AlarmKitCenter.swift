#if canImport(AlarmKit) && !os(macOS) && !os(tvOS) && !os(watchOS) && !os(visionOS) && !targetEnvironment(macCatalyst)
    // Mac Catalyst can import AlarmKit, but every AlarmKit type is unavailable there, and
    // `os(macOS)` is false under Catalyst: it is left out by name.
    import AlarmKit
    import AppIntents
    import Foundation
    import RecurringAlarms
    import SwiftUI

    @available(iOS 26.0, *)
    extension AlarmKitMetadata: AlarmMetadata {}

    /// ``AlarmCenterAdapter`` over AlarmKit's `AlarmManager.shared` (iOS 26.0 and later).
    ///
    /// Each ``AlarmRequest`` becomes `AlarmManager.AlarmConfiguration.alarm`-style configuration:
    /// ``AlarmRequest/Schedule/fixed(_:)`` as `Alarm.Schedule.fixed(Date)`,
    /// ``AlarmRequest/Schedule/weekly(weekdays:hour:minute:)`` as
    /// `.relative(Relative(time: .init(hour:minute:), repeats: .weekly(days)))`; the alert has the
    /// request's title, a stop button and a snooze button that starts AlarmKit's countdown of
    /// ``AlarmRequest/snoozeLength`` (`CountdownDuration.postAlert`); the attributes carry
    /// ``AlarmKitMetadata`` (rule id and identifier) for the widget extension.
    ///
    /// The alert is made with `AlarmPresentation.Alert(title:stopButton:secondaryButton:secondaryButtonBehavior:)`,
    /// the one initializer the iOS 26.0 and 26.1 SDKs (Xcode 26.0 and 26.1) declare. Apple's
    /// documentation marks it deprecated from iOS 26.1, where the system provides the stop
    /// button, for an initializer without one that neither SDK has.
    ///
    /// ```swift
    /// let scheduler = AlarmScheduler(
    ///     store: store, alarmCenter: AlarmKitCenter(), reminderCenter: UserNotificationCenterAdapter())
    /// ```
    ///
    /// AlarmKit's `Alarm` does not give its metadata back, so the adapter keeps an
    /// ``AlarmIdentifierIndex`` (by default in Application Support) of the alarms it scheduled;
    /// alarms not in it are listed with no identifier, as another part of the app's. Needs
    /// `NSAlarmKitUsageDescription` in Info.plist and, for the countdown and snooze UI, a widget
    /// extension with a Live Activity for `AlarmAttributes<AlarmKitMetadata>` (`Docs/iOS.md`).
    @available(iOS 26.0, *)
    public struct AlarmKitCenter: AlarmCenterAdapter {
        /// The adapter's record of the alarms it scheduled.
        public let index: AlarmIdentifierIndex
        /// The alert's tint.
        public let tintColor: Color
        /// The stop button's label: a key of the app's `Localizable` strings (main bundle), and
        /// the text shown where it has no translation.
        public let stopButtonText: String
        /// The snooze button's label: a key of the app's `Localizable` strings (main bundle), and
        /// the text shown where it has no translation.
        public let snoozeButtonText: String

        /// Creates an adapter; every call goes to `AlarmManager.shared`.
        ///
        /// The button labels are localization keys rather than `LocalizedStringResource`s because
        /// the adapter is `Sendable` and Foundation's `LocalizedStringResource` is not; each
        /// alarm's labels are made from them when it is scheduled.
        ///
        /// ```swift
        /// let center = AlarmKitCenter(tintColor: .orange, stopButtonText: "Stop", snoozeButtonText: "Snooze")
        /// ```
        public init(
            index: AlarmIdentifierIndex = .inApplicationSupport, tintColor: Color = .orange, stopButtonText: String = "Stop",
            snoozeButtonText: String = "Snooze"
        ) {
            self.index = index
            self.tintColor = tintColor
            self.stopButtonText = stopButtonText
            self.snoozeButtonText = snoozeButtonText
        }

        /// Whether the app's alarms are allowed, asking the user the first time.
        ///
        /// - Throws: ``AlarmCenterError/failed(_:)`` when AlarmKit cannot ask (most often
        ///   because Info.plist has no `NSAlarmKitUsageDescription`).
        public func requestAuthorization() async throws(AlarmCenterError) -> Bool {
            let manager = AlarmManager.shared
            switch manager.authorizationState {
            case .authorized: return true
            case .denied: return false
            case .notDetermined: break
            @unknown default: break
            }
            do {
                return try await manager.requestAuthorization() == .authorized
            } catch {
                throw .failed(
                    "asking for authorization failed (\(error.localizedDescription)); "
                        + "check that Info.plist sets NSAlarmKitUsageDescription to a non-empty reason")
            }
        }

        /// Every alarm `AlarmManager.alarms` lists, with the identifier the index recorded for it
        /// (`nil` for an alarm this library did not schedule); index entries of alarms AlarmKit
        /// no longer holds are dropped.
        ///
        /// - Complexity: O(n) for n alarms, plus one rewrite of the index when an entry goes.
        public func scheduledAlarms() async throws(AlarmCenterError) -> [ScheduledAlarm] {
            let alarms: [Alarm]
            do { alarms = try AlarmManager.shared.alarms } catch {
                throw .failed("cannot list the app's alarms: \(error.localizedDescription)")
            }
            let entries = try index.entries()
            try index.retain(Set(alarms.map(\.id)))
            return alarms.map { alarm in
                ScheduledAlarm(
                    id: alarm.id, identifier: entries[alarm.id]?.identifier, schedule: Self.schedule(of: alarm),
                    state: Self.state(of: alarm))
            }
        }

        /// Records `request` in the index, then schedules it with `AlarmManager.shared`.
        ///
        /// - Throws: ``AlarmCenterError/maximumLimitReached(scheduled:)`` with the number of
        ///   alarms AlarmKit holds when it refuses one more; ``AlarmCenterError/notAuthorized``
        ///   when alarms are not allowed; ``AlarmCenterError/failed(_:)`` otherwise.
        public func schedule(_ request: AlarmRequest) async throws(AlarmCenterError) {
            let manager = AlarmManager.shared
            guard manager.authorizationState == .authorized else { throw .notAuthorized }
            // Recorded first: an alarm AlarmKit holds is never unknown, even after a crash here.
            try index.record(request)
            do {
                _ = try await manager.schedule(id: request.id, configuration: configuration(for: request))
            } catch AlarmManager.AlarmError.maximumLimitReached {
                try? index.remove(request.id)
                let held = (try? manager.alarms.count) ?? 0
                throw .maximumLimitReached(scheduled: held)
            } catch {
                try? index.remove(request.id)
                throw .failed("cannot schedule the alarm '\(request.identifier)': \(error.localizedDescription)")
            }
        }

        /// Cancels the alarm with this id (a repeating one too) and forgets it.
        public func cancel(id: UUID) async throws(AlarmCenterError) {
            do { try AlarmManager.shared.cancel(id: id) } catch {
                throw .failed("cannot cancel the alarm \(id.uuidString): \(error.localizedDescription)")
            }
            try index.remove(id)
        }

        /// The configuration AlarmKit is given for `request`.
        public func configuration(for request: AlarmRequest) -> AlarmManager.AlarmConfiguration<AlarmKitMetadata> {
            let snoozes = request.snoozeLength != nil
            let stop = AlarmButton(
                text: LocalizedStringResource(String.LocalizationValue(stopButtonText)), textColor: .white,
                systemImageName: "stop.circle")
            let snooze = AlarmButton(
                text: LocalizedStringResource(String.LocalizationValue(snoozeButtonText)), textColor: .white,
                systemImageName: "zzz")
            let alert = AlarmPresentation.Alert(
                title: LocalizedStringResource("\(request.title)"), stopButton: stop, secondaryButton: snoozes ? snooze : nil,
                secondaryButtonBehavior: snoozes ? .countdown : nil)
            let presentation = AlarmPresentation(
                alert: alert, countdown: snoozes ? AlarmPresentation.Countdown(title: LocalizedStringResource("\(request.title)")) : nil)
            let attributes = AlarmAttributes(
                presentation: presentation, metadata: AlarmKitMetadata(ruleID: request.ruleID, identifier: request.identifier),
                tintColor: tintColor)
            return AlarmManager.AlarmConfiguration(
                countdownDuration: request.snoozeLength.map { Alarm.CountdownDuration(preAlert: nil, postAlert: $0) },
                schedule: Self.schedule(for: request.schedule), attributes: attributes)
        }

        /// AlarmKit's schedule for a request's.
        static func schedule(for schedule: AlarmRequest.Schedule) -> Alarm.Schedule {
            switch schedule {
            case .fixed(let instant):
                return .fixed(instant)
            case .weekly(let weekdays, let hour, let minute):
                let days = weekdays.days.map(\.localeWeekday)
                return .relative(Alarm.Schedule.Relative(time: .init(hour: hour, minute: minute), repeats: .weekly(days)))
            }
        }

        /// A held alarm's schedule in the library's terms; `nil` for one the library never
        /// schedules (a timer, a one-time relative alarm).
        static func schedule(of alarm: Alarm) -> AlarmRequest.Schedule? {
            switch alarm.schedule {
            case .fixed(let instant):
                return .fixed(instant)
            case .relative(let relative):
                guard case .weekly(let days) = relative.repeats else { return nil }
                return .weekly(
                    weekdays: WeekdaySet(Weekday.allCases.filter { days.contains($0.localeWeekday) }), hour: relative.time.hour,
                    minute: relative.time.minute)
            case nil:
                return nil
            @unknown default:
                return nil
            }
        }

        /// A held alarm's state in the library's terms.
        static func state(of alarm: Alarm) -> ScheduledAlarm.State {
            switch alarm.state {
            case .scheduled: return .scheduled
            case .countdown: return .countdown
            case .paused: return .paused
            case .alerting: return .alerting
            // A state newer than this release: treated as ringing, so a refresh never cancels it.
            @unknown default: return .alerting
            }
        }
    }

    @available(iOS 26.0, *)
    extension Weekday {
        /// The same day as `Locale.Weekday`, as AlarmKit's weekly schedules name days.
        var localeWeekday: Locale.Weekday {
            switch self {
            case .monday: .monday
            case .tuesday: .tuesday
            case .wednesday: .wednesday
            case .thursday: .thursday
            case .friday: .friday
            case .saturday: .saturday
            case .sunday: .sunday
            }
        }
    }
#endif
