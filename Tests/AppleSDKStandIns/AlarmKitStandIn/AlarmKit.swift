// A stand-in for Apple's AlarmKit (iOS 26), so Linux CI type-checks the AlarmKit adapter and
// Docs/iOS.md's AlarmKit samples in Swift 6 mode. Each declaration copies the signature,
// conformances and availability of the AlarmKit interface in Apple's iOS 26.0 and 26.1 SDKs; the
// bodies never run. It proves nothing about runtime behaviour: what `schedule`, `stop` or
// `alarms` do is the simulated AlarmKit center's business. Like Apple's, the module is built
// with library evolution (a `switch` over its enums needs `@unknown default`) in Swift 5 mode.
//
// Sources checked (Apple's documentation pages, developer.apple.com/documentation/alarmkit/…):
// alarmmanager, alarmmanager/shared, alarmmanager/schedule(id:configuration:),
// alarmmanager/authorizationupdates, alarmmanager/alarmupdates-swift.property,
// alarmmanager/alarmconfiguration, …/alarm(schedule:attributes:stopintent:secondaryintent:sound:),
// …/timer(duration:attributes:stopintent:secondaryintent:sound:), alarm, alarm/state-swift.enum,
// alarm/countdownduration-swift.struct, alarmattributes,
// alarmattributes/init(presentation:metadata:tintcolor:), alarmmetadata, alarmbutton,
// alarmpresentation, alarmpresentation/init(alert:countdown:paused:), alarmpresentation/alert-swift.struct,
// …/stopbutton, …/init(title:stopbutton:secondarybutton:secondarybuttonbehavior:),
// …/secondarybuttonbehavior-swift.enum/countdown and /custom,
// alarmpresentation/countdown-swift.struct/init(title:pausebutton:),
// alarmpresentation/paused-swift.struct/init(title:resumebutton:).
//
// Where the pages and the shipped SDKs differ, the SDKs win:
// - `AlarmPresentation.Alert(title:secondaryButton:secondaryButtonBehavior:)` is on a page as
//   iOS 26.1, but neither the 26.0 nor the 26.1 SDK declares it; both have only
//   `init(title:stopButton:secondaryButton:secondaryButtonBehavior:)`, declared here alone.
// - The pages list Mac Catalyst 26.0; the SDKs mark every AlarmKit type
//   `@available(macCatalyst, unavailable)`, as here.
//
// Conformances as Apple declares them: `Alarm` is Identifiable, Codable and Sendable (not
// Hashable); `Alarm.CountdownDuration` Codable, Equatable and Sendable; `AlarmManager` a
// non-final class that is not Sendable, and `AlarmManager.AlarmConfiguration` not Sendable.
//
// Not confirmed from a page, written as the pages' examples use them: the cases of
// `AuthorizationState` and `AlarmError` beyond those the pages name; `cancel`, `stop`,
// `countdown`, `pause`, `resume` as `throws` taking `id: Alarm.ID`; `Relative.Time(hour:minute:)`
// taking `Int`; the conformances of `Alarm`'s nested enums (Codable, Hashable, Sendable);
// `AlarmPresentationState` reduced to a marker. `AlarmButton` and `AlarmAttributes` are Codable in
// Apple's SDK; SwiftUI's `Color` is not, so their coding here is declared and never runs.
import ActivityKitStandIn
import AppIntentsStandIn
import DarwinFoundationStandIn
@_exported import Foundation
import SwiftUIStandIn

/// [Alarm](https://developer.apple.com/documentation/alarmkit/alarm)
@available(iOS 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(macCatalyst, unavailable)
public struct Alarm: Identifiable, Codable, Sendable {
    /// [Alarm.ID](https://developer.apple.com/documentation/alarmkit/alarm/id-swift.typealias)
    public typealias ID = UUID
    /// [id](https://developer.apple.com/documentation/alarmkit/alarm/id)
    public var id: UUID
    /// [schedule](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.property)
    public var schedule: Alarm.Schedule?
    /// [countdownDuration](https://developer.apple.com/documentation/alarmkit/alarm/countdownduration-swift.property)
    public var countdownDuration: Alarm.CountdownDuration?
    /// [state](https://developer.apple.com/documentation/alarmkit/alarm/state-swift.property)
    public var state: Alarm.State

    /// [Alarm.State](https://developer.apple.com/documentation/alarmkit/alarm/state-swift.enum)
    public enum State: Codable, Hashable, Sendable {
        case scheduled, countdown, paused, alerting
    }

    /// [Alarm.Schedule](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum):
    /// `.fixed` is an instant, "not a time relative to the current time zone"; `.relative` is
    /// "relative to the device's current time zone".
    public enum Schedule: Codable, Hashable, Sendable {
        case fixed(Date)
        case relative(Alarm.Schedule.Relative)

        /// [Alarm.Schedule.Relative](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative-swift.struct)
        public struct Relative: Codable, Hashable, Sendable {
            /// [time](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative-swift.struct/time-swift.property)
            public var time: Alarm.Schedule.Relative.Time
            /// [repeats](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative-swift.struct/repeats)
            public var repeats: Alarm.Schedule.Relative.Recurrence
            /// [init(time:repeats:)](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative-swift.struct/init(time:repeats:))
            public init(time: Alarm.Schedule.Relative.Time, repeats: Alarm.Schedule.Relative.Recurrence) {
                self.time = time
                self.repeats = repeats
            }

            /// [Alarm.Schedule.Relative.Time](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative-swift.struct/time-swift.struct)
            public struct Time: Codable, Hashable, Sendable {
                /// [hour](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative-swift.struct/time-swift.struct/hour)
                public var hour: Int
                /// [minute](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative-swift.struct/time-swift.struct/minute)
                public var minute: Int
                /// [init(hour:minute:)](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative-swift.struct/time-swift.struct/init(hour:minute:))
                public init(hour: Int, minute: Int) {
                    self.hour = hour
                    self.minute = minute
                }
            }

            /// [Alarm.Schedule.Relative.Recurrence](https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative-swift.struct/recurrence)
            public enum Recurrence: Codable, Hashable, Sendable {
                case never
                case weekly([Locale.Weekday])
            }
        }
    }

    /// [Alarm.CountdownDuration](https://developer.apple.com/documentation/alarmkit/alarm/countdownduration-swift.struct):
    /// `postAlert` is the snooze length.
    public struct CountdownDuration: Codable, Equatable, Sendable {
        /// [preAlert](https://developer.apple.com/documentation/alarmkit/alarm/countdownduration-swift.struct/prealert)
        public var preAlert: TimeInterval?
        /// [postAlert](https://developer.apple.com/documentation/alarmkit/alarm/countdownduration-swift.struct/postalert)
        public var postAlert: TimeInterval?
        /// [init(preAlert:postAlert:)](https://developer.apple.com/documentation/alarmkit/alarm/countdownduration-swift.struct/init(prealert:postalert:))
        public init(preAlert: TimeInterval?, postAlert: TimeInterval?) {
            self.preAlert = preAlert
            self.postAlert = postAlert
        }
    }
}

/// [AlarmMetadata](https://developer.apple.com/documentation/alarmkit/alarmmetadata)
@available(iOS 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(macCatalyst, unavailable)
public protocol AlarmMetadata: Decodable, Encodable, Hashable, Sendable {}

/// [AlarmButton](https://developer.apple.com/documentation/alarmkit/alarmbutton)
@available(iOS 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(macCatalyst, unavailable)
public struct AlarmButton: Codable, Sendable {
    /// [text](https://developer.apple.com/documentation/alarmkit/alarmbutton/text)
    public var text: LocalizedStringResource
    /// [textColor](https://developer.apple.com/documentation/alarmkit/alarmbutton/textcolor)
    public var textColor: Color
    /// [systemImageName](https://developer.apple.com/documentation/alarmkit/alarmbutton/systemimagename)
    public var systemImageName: String
    /// [init(text:textColor:systemImageName:)](https://developer.apple.com/documentation/alarmkit/alarmbutton/init(text:textcolor:systemimagename:))
    public init(text: LocalizedStringResource, textColor: Color, systemImageName: String) {
        self.text = text
        self.textColor = textColor
        self.systemImageName = systemImageName
    }
    /// [init(from:)](https://developer.apple.com/documentation/alarmkit/alarmbutton/init(from:))
    public init(from decoder: any Decoder) throws { fatalError("stand-in: never runs") }
    /// [encode(to:)](https://developer.apple.com/documentation/alarmkit/alarmbutton/encode(to:))
    public func encode(to encoder: any Encoder) throws { fatalError("stand-in: never runs") }
}

/// [AlarmPresentation](https://developer.apple.com/documentation/alarmkit/alarmpresentation)
@available(iOS 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(macCatalyst, unavailable)
public struct AlarmPresentation: Codable, Sendable {
    /// [alert](https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.property)
    public var alert: AlarmPresentation.Alert
    /// [countdown](https://developer.apple.com/documentation/alarmkit/alarmpresentation/countdown-swift.property)
    public var countdown: AlarmPresentation.Countdown?
    /// [paused](https://developer.apple.com/documentation/alarmkit/alarmpresentation/paused-swift.property)
    public var paused: AlarmPresentation.Paused?
    /// [init(alert:countdown:paused:)](https://developer.apple.com/documentation/alarmkit/alarmpresentation/init(alert:countdown:paused:))
    public init(
        alert: AlarmPresentation.Alert, countdown: AlarmPresentation.Countdown? = nil, paused: AlarmPresentation.Paused? = nil
    ) {
        self.alert = alert
        self.countdown = countdown
        self.paused = paused
    }

    /// [AlarmPresentation.Alert](https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct)
    public struct Alert: Codable, Sendable {
        /// [title](https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct/title)
        public var title: LocalizedStringResource
        /// [stopButton](https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct/stopbutton)
        public var stopButton: AlarmButton
        /// [secondaryButton](https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct/secondarybutton)
        public var secondaryButton: AlarmButton?
        /// [secondaryButtonBehavior](https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct/secondarybuttonbehavior-swift.property)
        public var secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior?

        /// [init(title:stopButton:secondaryButton:secondaryButtonBehavior:)](https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct/init(title:stopbutton:secondarybutton:secondarybuttonbehavior:)):
        /// the only initializer the iOS 26.0 and 26.1 SDKs declare (the page lists it as 26.0
        /// to 26.1, and `init(title:secondaryButton:secondaryButtonBehavior:)` as 26.1, but no
        /// shipped 26.0 or 26.1 SDK has the latter).
        public init(
            title: LocalizedStringResource, stopButton: AlarmButton, secondaryButton: AlarmButton? = nil,
            secondaryButtonBehavior: AlarmPresentation.Alert.SecondaryButtonBehavior? = nil
        ) {
            self.title = title
            self.stopButton = stopButton
            self.secondaryButton = secondaryButton
            self.secondaryButtonBehavior = secondaryButtonBehavior
        }

        /// [AlarmPresentation.Alert.SecondaryButtonBehavior](https://developer.apple.com/documentation/alarmkit/alarmpresentation/alert-swift.struct/secondarybuttonbehavior-swift.enum):
        /// `.countdown` starts the alarm's post-alert countdown (the snooze); `.custom` runs the
        /// secondary intent.
        public enum SecondaryButtonBehavior: Codable, Hashable, Sendable {
            case countdown
            case custom
        }
    }

    /// [AlarmPresentation.Countdown](https://developer.apple.com/documentation/alarmkit/alarmpresentation/countdown-swift.struct)
    public struct Countdown: Codable, Sendable {
        /// [title](https://developer.apple.com/documentation/alarmkit/alarmpresentation/countdown-swift.struct/title)
        public var title: LocalizedStringResource
        /// [pauseButton](https://developer.apple.com/documentation/alarmkit/alarmpresentation/countdown-swift.struct/pausebutton)
        public var pauseButton: AlarmButton?
        /// [init(title:pauseButton:)](https://developer.apple.com/documentation/alarmkit/alarmpresentation/countdown-swift.struct/init(title:pausebutton:))
        public init(title: LocalizedStringResource, pauseButton: AlarmButton? = nil) {
            self.title = title
            self.pauseButton = pauseButton
        }
    }

    /// [AlarmPresentation.Paused](https://developer.apple.com/documentation/alarmkit/alarmpresentation/paused-swift.struct)
    public struct Paused: Codable, Sendable {
        /// [title](https://developer.apple.com/documentation/alarmkit/alarmpresentation/paused-swift.struct/title)
        public var title: LocalizedStringResource
        /// [resumeButton](https://developer.apple.com/documentation/alarmkit/alarmpresentation/paused-swift.struct/resumebutton)
        public var resumeButton: AlarmButton
        /// [init(title:resumeButton:)](https://developer.apple.com/documentation/alarmkit/alarmpresentation/paused-swift.struct/init(title:resumebutton:))
        public init(title: LocalizedStringResource, resumeButton: AlarmButton) {
            self.title = title
            self.resumeButton = resumeButton
        }
    }
}

/// [AlarmPresentationState](https://developer.apple.com/documentation/alarmkit/alarmpresentationstate):
/// the Live Activity's content state; a marker here, as only the widget extension reads it.
@available(iOS 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(macCatalyst, unavailable)
public struct AlarmPresentationState: Codable, Hashable, Sendable {}

/// [AlarmAttributes](https://developer.apple.com/documentation/alarmkit/alarmattributes)
@available(iOS 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(macCatalyst, unavailable)
public struct AlarmAttributes<Metadata: AlarmMetadata>: ActivityAttributes, Sendable {
    /// [ContentState](https://developer.apple.com/documentation/alarmkit/alarmattributes/contentstate)
    public typealias ContentState = AlarmPresentationState
    /// [presentation](https://developer.apple.com/documentation/alarmkit/alarmattributes/presentation)
    public var presentation: AlarmPresentation
    /// [metadata](https://developer.apple.com/documentation/alarmkit/alarmattributes/metadata)
    public var metadata: Metadata?
    /// [tintColor](https://developer.apple.com/documentation/alarmkit/alarmattributes/tintcolor)
    public var tintColor: Color
    /// [init(presentation:metadata:tintColor:)](https://developer.apple.com/documentation/alarmkit/alarmattributes/init(presentation:metadata:tintcolor:))
    public init(presentation: AlarmPresentation, metadata: Metadata? = nil, tintColor: Color) {
        self.presentation = presentation
        self.metadata = metadata
        self.tintColor = tintColor
    }
    /// Decodable, as `ActivityAttributes` requires; never runs in the stand-in.
    public init(from decoder: any Decoder) throws { fatalError("stand-in: never runs") }
    /// Encodable, as `ActivityAttributes` requires; never runs in the stand-in.
    public func encode(to encoder: any Encoder) throws { fatalError("stand-in: never runs") }
}

/// [AlarmManager](https://developer.apple.com/documentation/alarmkit/alarmmanager)
@available(iOS 26.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(macCatalyst, unavailable)
public class AlarmManager {
    private init() {}

    /// [shared](https://developer.apple.com/documentation/alarmkit/alarmmanager/shared)
    public static let shared = AlarmManager()

    /// [AlarmManager.AuthorizationState](https://developer.apple.com/documentation/alarmkit/alarmmanager/authorizationstate)
    public enum AuthorizationState: Codable, Hashable, Sendable {
        case notDetermined, denied, authorized
    }

    /// [AlarmManager.AlarmError](https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmerror):
    /// Apple publishes no limit; this is the one error it names.
    public enum AlarmError: Error, Hashable, Sendable {
        case maximumLimitReached
    }

    /// [authorizationState](https://developer.apple.com/documentation/alarmkit/alarmmanager/authorizationstate-swift.property)
    public var authorizationState: AlarmManager.AuthorizationState { .notDetermined }

    /// [authorizationUpdates](https://developer.apple.com/documentation/alarmkit/alarmmanager/authorizationupdates)
    public var authorizationUpdates: some AsyncSequence<AlarmManager.AuthorizationState, Never> {
        AsyncStream<AlarmManager.AuthorizationState> { $0.finish() }
    }

    /// [alarmUpdates](https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmupdates-swift.property)
    public var alarmUpdates: some AsyncSequence<[Alarm], Never> { AsyncStream<[Alarm]> { $0.finish() } }

    /// [alarms](https://developer.apple.com/documentation/alarmkit/alarmmanager/alarms): a
    /// fired-and-stopped one-shot is no longer in it.
    public var alarms: [Alarm] {
        get throws { [] }
    }

    /// [requestAuthorization()](https://developer.apple.com/documentation/alarmkit/alarmmanager/requestauthorization())
    public func requestAuthorization() async throws -> AlarmManager.AuthorizationState { .notDetermined }

    /// [schedule(id:configuration:)](https://developer.apple.com/documentation/alarmkit/alarmmanager/schedule(id:configuration:))
    public func schedule<Metadata: AlarmMetadata>(
        id: Alarm.ID, configuration: AlarmManager.AlarmConfiguration<Metadata>
    ) async throws -> Alarm {
        fatalError("stand-in: never runs")
    }

    /// [cancel(id:)](https://developer.apple.com/documentation/alarmkit/alarmmanager/cancel(id:)): also deletes a repeating alarm.
    public func cancel(id: Alarm.ID) throws {}
    /// [stop(id:)](https://developer.apple.com/documentation/alarmkit/alarmmanager/stop(id:)): a one-shot is deleted, a repeating one rescheduled.
    public func stop(id: Alarm.ID) throws {}
    /// [countdown(id:)](https://developer.apple.com/documentation/alarmkit/alarmmanager/countdown(id:)): the snooze.
    public func countdown(id: Alarm.ID) throws {}
    /// [pause(id:)](https://developer.apple.com/documentation/alarmkit/alarmmanager/pause(id:))
    public func pause(id: Alarm.ID) throws {}
    /// [resume(id:)](https://developer.apple.com/documentation/alarmkit/alarmmanager/resume(id:))
    public func resume(id: Alarm.ID) throws {}

    /// [AlarmManager.AlarmConfiguration](https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmconfiguration)
    public struct AlarmConfiguration<Metadata: AlarmMetadata> {
        private let attributes: AlarmAttributes<Metadata>

        /// [init(countdownDuration:schedule:attributes:stopIntent:secondaryIntent:sound:)](https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmconfiguration/init(countdownduration:schedule:attributes:stopintent:secondaryintent:sound:))
        public init(
            countdownDuration: Alarm.CountdownDuration? = nil, schedule: Alarm.Schedule? = nil,
            attributes: AlarmAttributes<Metadata>, stopIntent: (any LiveActivityIntent)? = nil,
            secondaryIntent: (any LiveActivityIntent)? = nil, sound: AlertConfiguration.AlertSound = .default
        ) {
            self.attributes = attributes
        }

        /// [alarm(schedule:attributes:stopIntent:secondaryIntent:sound:)](https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmconfiguration/alarm(schedule:attributes:stopintent:secondaryintent:sound:))
        public static func alarm(
            schedule: Alarm.Schedule? = nil, attributes: AlarmAttributes<Metadata>,
            stopIntent: (any LiveActivityIntent)? = nil, secondaryIntent: (any LiveActivityIntent)? = nil,
            sound: AlertConfiguration.AlertSound = .default
        ) -> AlarmManager.AlarmConfiguration<Metadata> {
            AlarmConfiguration(schedule: schedule, attributes: attributes)
        }

        /// [timer(duration:attributes:stopIntent:secondaryIntent:sound:)](https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmconfiguration/timer(duration:attributes:stopintent:secondaryintent:sound:))
        public static func timer(
            duration: TimeInterval, attributes: AlarmAttributes<Metadata>,
            stopIntent: (any LiveActivityIntent)? = nil, secondaryIntent: (any LiveActivityIntent)? = nil,
            sound: AlertConfiguration.AlertSound = .default
        ) -> AlarmManager.AlarmConfiguration<Metadata> {
            AlarmConfiguration(attributes: attributes)
        }
    }
}
