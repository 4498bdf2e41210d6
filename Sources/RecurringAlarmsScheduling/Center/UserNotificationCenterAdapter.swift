#if canImport(UserNotifications) && !os(tvOS)
    import Foundation
    import RecurringAlarms
    import UserNotifications

    /// ``NotificationCenterAdapter`` over `UNUserNotificationCenter.current()`.
    ///
    /// Every request becomes a one-shot `UNCalendarNotificationTrigger` from full date components
    /// (``NotificationTrigger/dateComponents(in:)``): no time zone for a floating fire, so iOS
    /// rings it when the device clock shows that time wherever the device is; the zone for a
    /// fixed-zone fire. A ``NotificationTrigger/repeatingWeekly(_:everyDay:)`` request becomes
    /// `UNCalendarNotificationTrigger(dateMatching:repeats: true)` with weekday (Sunday = 1, as
    /// `DateComponents` numbers it; none for every day), hour, minute and second, and no zone. Asking for permission is the app's job (see `Docs/iOS.md`). Not on tvOS,
    /// where notifications cannot show text or play sounds.
    ///
    /// ```swift
    /// let scheduler = AlarmScheduler(store: store, center: UserNotificationCenterAdapter())
    /// ```
    ///
    /// Caveats, each covered in `Docs/iOS.md`:
    /// - **Only inside an app or app extension.** `UNUserNotificationCenter.current()` raises an
    ///   Objective-C exception (`bundleProxyForCurrentProcess is nil`) in a process without an app
    ///   bundle: `swift test` on macOS, a command-line tool. Nothing can catch it in Swift, so tests
    ///   and the `alarms` CLI use `SimulatedNotificationCenter`, never this adapter.
    /// - **Floating fires rely on undocumented behaviour.** That components without a time zone
    ///   follow the device clock across zone changes is what iOS does in practice, not what Apple
    ///   documents; the guide gives the one-time on-device check. Zoned and fixed-offset fires
    ///   carry their zone, which Apple documents.
    /// - **Calendar changes.** Zoned fires carry the Gregorian calendar where iOS honours it
    ///   (checked with `nextTriggerDate()` as each request is built); floating fires are numbered
    ///   in the user's calendar of the moment and carry none, since a calendar carries a zone. Each
    ///   request records its wall time in `userInfo` under `"recurring-alarms.wall-time"`; after the
    ///   user switches the system calendar, ``pendingIdentifiers()`` removes and leaves out the
    ///   requests iOS now reads as another moment, so the next refresh registers them again. Refresh
    ///   on `NSLocale.currentLocaleDidChangeNotification` for that.
    public struct UserNotificationCenterAdapter: NotificationCenterAdapter {
        /// Creates an adapter; every call goes to `UNUserNotificationCenter.current()`.
        public init() {}

        /// The identifiers of all the app's pending requests, this package's or not.
        ///
        /// Requests of this package that iOS now reads as another moment than they were registered
        /// for (after the user changed the system calendar) are removed first and left out, so the
        /// refresh that asked adds them again in the new numbering.
        ///
        /// - Complexity: O(n) for n pending requests: one query, each request's trigger read
        ///   once, and one removal call when any is misread.
        public func pendingIdentifiers() async throws -> [String] {
            let center = UNUserNotificationCenter.current()
            let pending = await center.pendingNotificationRequests()
            let now = Date()
            let misread = Set(pending.filter { Self.isMisread($0, now: now) }.map(\.identifier))
            if !misread.isEmpty {
                center.removePendingNotificationRequests(withIdentifiers: Array(misread))
            }
            return pending.map(\.identifier).filter { !misread.contains($0) }
        }

        /// Whether iOS, as `nextTriggerDate()` reports, rings `request` at another moment than the
        /// wall time it was registered for; `false` for requests this package did not add.
        static func isMisread(_ request: UNNotificationRequest, now: Date) -> Bool {
            guard let trigger = request.trigger as? UNCalendarNotificationTrigger,
                let registered = CalendarRegistration.registeredTrigger(
                    wallTime: request.content.userInfo[CalendarRegistration.wallTimeKey],
                    componentsTimeZone: trigger.dateComponents.timeZone)
            else {
                return false
            }
            return CalendarRegistration.isMisread(
                registered, nextTriggerDate: trigger.nextTriggerDate(), now: now, deviceTimeZone: .current)
        }

        /// Adds each request as ``makeRequest(_:)`` builds it, one by one in order.
        ///
        /// - Throws: the first error `UNUserNotificationCenter` reports; requests before it stay added,
        ///   the rest are not added.
        /// - Complexity: O(n): one `UNUserNotificationCenter.add` call per request, awaited in turn.
        public func add(_ requests: [NotificationRequest]) async throws {
            let center = UNUserNotificationCenter.current()
            for request in requests {
                try await center.add(Self.makeRequest(request))
            }
        }

        /// Removes the pending requests with these identifiers; unknown identifiers are ignored.
        /// Never throws: `UNUserNotificationCenter` reports no error for this.
        ///
        /// - Complexity: one `UNUserNotificationCenter` call for all the identifiers.
        public func removePendingRequests(withIdentifiers identifiers: [String]) async throws {
            UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: identifiers)
        }

        /// The `UNNotificationRequest` for `request`: its content (interruption level included), with the wall time it rings at
        /// added to `userInfo` (`"recurring-alarms.wall-time"`; not for a repeating request), and a
        /// calendar trigger (repeating for ``NotificationTrigger/repeatingWeekly(_:everyDay:)``) whose
        /// components are numbered as `CalendarRegistration` explains (Gregorian with the calendar
        /// set for a zoned fire where iOS honours it, else the user's calendar).
        public static func makeRequest(_ request: NotificationRequest) -> UNNotificationRequest {
            let content = UNMutableNotificationContent()
            content.title = request.content.title
            content.body = request.content.body
            switch request.content.sound {
            case .default: content.sound = .default
            case .named(let name):
                #if os(watchOS)
                    content.sound = .default   // watchOS plays only the default sound
                #else
                    content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
                #endif
            case .silent: content.sound = nil
            }
            if let category = request.content.categoryIdentifier { content.categoryIdentifier = category }
            if let thread = request.content.threadIdentifier { content.threadIdentifier = thread }
            content.interruptionLevel = UNNotificationInterruptionLevel(request.content.interruptionLevel)
            var userInfo: [AnyHashable: Any] = request.content.userInfo
            // Weekday and time read the same in every calendar: a repeating request needs no check.
            if !request.trigger.repeats { userInfo[CalendarRegistration.wallTimeKey] = request.trigger.local.description }
            content.userInfo = userInfo
            let components = CalendarRegistration.components(
                for: request.trigger, userCalendar: .current, now: Date(),
                deviceTimeZone: .current
            ) { components in
                UNCalendarNotificationTrigger(dateMatching: components, repeats: false).nextTriggerDate()
            }
            let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: request.trigger.repeats)
            return UNNotificationRequest(identifier: request.identifier, content: content, trigger: trigger)
        }
    }
#endif
