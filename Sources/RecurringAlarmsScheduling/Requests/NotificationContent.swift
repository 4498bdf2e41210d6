import Foundation
import RecurringAlarms

/// What a notification shows and plays, independent of any notification framework.
///
/// ```swift
/// var content = NotificationContent(title: "Wake up", body: "07:30")
/// content.sound = .named("chime.caf")
/// content.userInfo["screen"] = "alarm"
/// ```
public struct NotificationContent: Sendable, Hashable, Codable {
    /// The sound played when the notification is delivered.
    public enum Sound: Sendable, Hashable, Codable {
        /// The system's default notification sound.
        case `default`
        /// A sound file in the app bundle or `Library/Sounds`, such as `"chime.caf"`.
        case named(String)
        /// No sound.
        case silent
    }

    /// The first line shown; the standard content uses the rule's label, else its id.
    public var title: String
    /// The text under the title; the standard content shows the wall time it rings at.
    public var body: String
    /// What plays when the notification is delivered.
    public var sound: Sound
    /// Groups notifications with actions (snooze, stop) registered by the app; `nil` for none.
    public var categoryIdentifier: String?
    /// Groups notifications in Notification Center; `nil` for the app's default thread.
    public var threadIdentifier: String?
    /// Extra values delivered with the notification. The standard content sets
    /// ``fireIDKey`` and ``ruleIDKey``.
    public var userInfo: [String: String]
    /// How far it may interrupt; ``InterruptionLevel-swift.enum/active`` by default.
    /// ``InterruptionLevel-swift.enum/timeSensitive`` needs the Time Sensitive Notifications
    /// capability and can be turned off by the user; ``InterruptionLevel-swift.enum/critical``
    /// needs Apple's approval of the critical-alerts entitlement.
    public var interruptionLevel: InterruptionLevel

    /// Creates content; by default the default sound, no category, the app's default thread,
    /// an empty `userInfo` and the active interruption level.
    public init(
        title: String, body: String, sound: Sound = .default, categoryIdentifier: String? = nil,
        threadIdentifier: String? = nil, userInfo: [String: String] = [:], interruptionLevel: InterruptionLevel = .active
    ) {
        self.title = title
        self.body = body
        self.sound = sound
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.userInfo = userInfo
        self.interruptionLevel = interruptionLevel
    }

    private enum CodingKeys: String, CodingKey {
        case title, body, sound, categoryIdentifier, threadIdentifier, userInfo, interruptionLevel
    }

    /// Decodes content; data written before ``interruptionLevel`` existed decodes as
    /// ``InterruptionLevel-swift.enum/active``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        body = try container.decode(String.self, forKey: .body)
        sound = try container.decode(Sound.self, forKey: .sound)
        categoryIdentifier = try container.decodeIfPresent(String.self, forKey: .categoryIdentifier)
        threadIdentifier = try container.decodeIfPresent(String.self, forKey: .threadIdentifier)
        userInfo = try container.decode([String: String].self, forKey: .userInfo)
        interruptionLevel = try container.decodeIfPresent(InterruptionLevel.self, forKey: .interruptionLevel) ?? .active
    }

    /// The `userInfo` key holding the fire id (also the request identifier).
    public static let fireIDKey = "fireID"
    /// The `userInfo` key holding the rule id.
    public static let ruleIDKey = "ruleID"
}

/// Builds the content of each fire's notification: the app's hook to customise it.
///
/// The ``standard`` content uses the rule's label as title (the rule id when it has none), the
/// wall time at which it rings as body (with the zone for a fixed-zone rule), the default sound,
/// and the fire and rule ids in `userInfo`. Customise it by wrapping it:
///
/// ```swift
/// let content = NotificationContentProvider { fire, rule in
///     var content = NotificationContentProvider.standardContent(for: fire, rule: rule)
///     content.sound = .named("alarm.caf")
///     content.categoryIdentifier = "ALARM"   // snooze / stop actions
///     return content
/// }
/// ```
public struct NotificationContentProvider: Sendable {
    private let make: @Sendable (_ fire: Fire, _ rule: AlarmRule?) -> NotificationContent

    /// Creates a provider from a closure given the fire and its rule (`nil` only if the rule is
    /// not in the book any more, which planning normally rules out).
    public init(_ make: @escaping @Sendable (_ fire: Fire, _ rule: AlarmRule?) -> NotificationContent) {
        self.make = make
    }

    /// The content for `fire`.
    public func content(for fire: Fire, rule: AlarmRule?) -> NotificationContent { make(fire, rule) }

    /// The default: ``standardContent(for:rule:)``.
    public static let standard = NotificationContentProvider(standardContent(for:rule:))

    /// Title from the rule's label (else its id), body the wall time at the instant (`"07:30"`,
    /// `"07:30 Asia/Tokyo"` for a fixed-zone rule, `"Snoozed · 07:39"` for a snooze), default sound.
    public static func standardContent(for fire: Fire, rule: AlarmRule?) -> NotificationContent {
        let wall = LocalDateTime(instant: fire.instant, utcOffsetSeconds: fire.utcOffsetSeconds).time.shortDescription
        var body = fire.isFloating ? wall : wall + " " + fire.timeZone.ianaName
        if fire.isSnooze { body = "Snoozed · " + body }
        return NotificationContent(
            title: rule?.label ?? fire.ruleID, body: body,
            userInfo: [NotificationContent.fireIDKey: fire.id, NotificationContent.ruleIDKey: fire.ruleID])
    }
}
