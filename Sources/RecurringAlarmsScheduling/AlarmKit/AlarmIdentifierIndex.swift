import Foundation
import RecurringAlarmsStore

/// The app's own record of which AlarmKit alarms this library scheduled, and under which
/// identifier: a small JSON file beside the app's other data.
///
/// AlarmKit's `Alarm` carries only its UUID, schedule and state; the metadata an alarm was
/// scheduled with is shown to the widget extension but never read back through
/// `AlarmManager.alarms`, and Apple tells apps to keep their own store and compare. The
/// `AlarmKitCenter` adapter keeps this one: an entry is written before each alarm is
/// scheduled (so an alarm AlarmKit holds is never unknown after a crash), removed when the alarm
/// is cancelled, and entries for alarms AlarmKit no longer holds (a one-shot that rang) are
/// dropped when the alarms are next listed.
///
/// Losing the file loses little: alarm ids are name-based UUIDs, so the scheduler still knows
/// every alarm it plans by its UUID; only an alarm planned no longer would stay unknown, counted
/// as the app's own, until the app cancels it. The file's format is in `Docs/Formats.md`.
///
/// ```swift
/// let index = AlarmIdentifierIndex(fileURL: folder.appendingPathComponent("alarm-ids.json"))
/// try index.record(request)
/// try index.entries()[request.id]?.identifier   // "wake#weekly-mon+tue-07:30:00"
/// ```
public struct AlarmIdentifierIndex: Sendable, Hashable {
    /// One alarm the library scheduled.
    ///
    /// ```swift
    /// let entry = AlarmIdentifierIndex.Entry(identifier: "wake@2026-03-29T07:30:00", ruleID: "wake")
    /// ```
    public struct Entry: Sendable, Hashable, Codable {
        /// The fire id of a one-shot (``/RecurringAlarms/Fire/id``), or the id of a repeating
        /// alarm (``/RecurringAlarms/RepeatingAlarm/id``, its weekdays grouped).
        public var identifier: String
        /// The id of the rule the alarm rings for.
        public var ruleID: String

        /// Creates an entry.
        ///
        /// ```swift
        /// AlarmIdentifierIndex.Entry(identifier: "wake#weekly-mon+tue+thu-07:30:00", ruleID: "wake")
        /// ```
        public init(identifier: String, ruleID: String) {
            self.identifier = identifier
            self.ruleID = ruleID
        }
    }

    /// The newest file format this release reads and writes.
    public static let formatVersion = 1

    /// Files larger than this are refused as not an index (an index of a thousand alarms is
    /// about 100 KiB).
    public static let maximumFileSize = 16 << 20

    /// Where the index lives.
    public let fileURL: URL

    /// An index kept in the file at `fileURL`; its folder is created on the first write.
    ///
    /// ```swift
    /// let index = AlarmIdentifierIndex(fileURL: folder.appendingPathComponent("alarm-ids.json"))
    /// ```
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The index at `Application Support/RecurringAlarms/alarmkit-alarms.json` in the app's
    /// container: `AlarmKitCenter`'s default.
    ///
    /// ```swift
    /// let center = AlarmKitCenter(index: .inApplicationSupport)
    /// ```
    public static var inApplicationSupport: AlarmIdentifierIndex {
        let folder =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return AlarmIdentifierIndex(
            fileURL: folder.appendingPathComponent("RecurringAlarms", isDirectory: true)
                .appendingPathComponent("alarmkit-alarms.json", isDirectory: false))
    }

    /// Every entry, by alarm id; empty when the file does not exist yet.
    ///
    /// - Throws: ``AlarmCenterError/failed(_:)`` naming the file when it cannot be read, is not an
    ///   index, or was written by a newer release (such a file is never overwritten).
    /// - Complexity: O(n) in the file's size.
    public func entries() throws(AlarmCenterError) -> [UUID: Entry] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [:] }
        let size: Int
        let data: Data
        do {
            size = try FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? Int ?? 0
            data = size <= Self.maximumFileSize ? try Data(contentsOf: fileURL) : Data()
        } catch {
            throw .failed("cannot read the alarm index '\(fileURL.path)': \(error.localizedDescription)")
        }
        guard size <= Self.maximumFileSize else {
            throw .failed(
                "the alarm index '\(fileURL.path)' is \(size) bytes, more than an index can be (\(Self.maximumFileSize)); "
                    + "it was left as it is: move it away, and the next refresh starts a new index")
        }
        let file: IndexFile
        do { file = try JSONDecoder().decode(IndexFile.self, from: data) } catch {
            throw .failed(
                "the alarm index '\(fileURL.path)' is not a valid index (\(error.localizedDescription)); "
                    + "it was left as it is: move it away, and the next refresh starts a new index")
        }
        guard file.version <= Self.formatVersion else {
            throw .failed(
                "the alarm index '\(fileURL.path)' has format version \(file.version), newer than this release reads "
                    + "(\(Self.formatVersion)); it was left as it is: update the app's RecurringAlarms")
        }
        var entries: [UUID: Entry] = [:]
        for alarm in file.alarms {
            entries[alarm.id] = Entry(identifier: alarm.identifier, ruleID: alarm.ruleID)
        }
        return entries
    }

    /// Adds or replaces the entry for `request`.
    ///
    /// - Throws: ``AlarmCenterError/failed(_:)`` when the file cannot be read or replaced; the
    ///   previous file then stays as it was.
    /// - Complexity: O(n): the file is read and replaced whole, crash-safely.
    public func record(_ request: AlarmRequest) throws(AlarmCenterError) {
        var entries = try entries()
        let entry = Entry(identifier: request.identifier, ruleID: request.ruleID)
        guard entries[request.id] != entry else { return }
        entries[request.id] = entry
        try write(entries)
    }

    /// Keeps only the entries whose id is in `ids`, rewriting the file only when one goes.
    ///
    /// - Throws: ``AlarmCenterError/failed(_:)`` as ``record(_:)``.
    /// - Complexity: O(n).
    public func retain(_ ids: Set<UUID>) throws(AlarmCenterError) {
        let entries = try entries()
        let kept = entries.filter { ids.contains($0.key) }
        if kept.count != entries.count { try write(kept) }
    }

    /// Removes the entry for `id`, if there is one.
    ///
    /// - Throws: ``AlarmCenterError/failed(_:)`` as ``record(_:)``.
    /// - Complexity: O(n).
    public func remove(_ id: UUID) throws(AlarmCenterError) {
        var entries = try entries()
        guard entries.removeValue(forKey: id) != nil else { return }
        try write(entries)
    }

    /// Replaces the file as the store replaces a book: a temporary file, flushed, renamed over.
    private func write(_ entries: [UUID: Entry]) throws(AlarmCenterError) {
        let alarms = entries.map { IndexFile.Alarm(id: $0.key, identifier: $0.value.identifier, ruleID: $0.value.ruleID) }
            .sorted { ($0.identifier, $0.id.uuidString) < ($1.identifier, $1.id.uuidString) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(IndexFile(version: Self.formatVersion, alarms: alarms))
            try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.replace(fileURL.path, with: data + Data("\n".utf8))
        } catch {
            throw .failed("cannot write the alarm index '\(fileURL.path)': \(error.localizedDescription)")
        }
    }

    /// The file's JSON form.
    private struct IndexFile: Codable {
        struct Alarm: Codable {
            var id: UUID
            var identifier: String
            var ruleID: String
        }

        var version: Int
        var alarms: [Alarm]
    }
}
