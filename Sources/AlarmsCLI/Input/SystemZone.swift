import Foundation
import RecurringAlarms

/// The machine's time zone as the C library finds it, for when neither `--time-zone` nor `TZ`
/// names the device zone, and the directories of zone files that `TZ` and the system zone may
/// name: the tool's one way to the system zone, which a caller replaces (a test passes
/// ``given(_:zoneDirectories:)``; the executable passes ``machine``).
///
/// ```swift
/// let result = await CommandLineTool.run(["plan"], environment: [:], systemTimeZone: .given(TimeZone(identifier: "Asia/Tokyo")!),
///                                        clock: { Date() })
/// // plans in Asia/Tokyo: TZ is unset, so the system zone is the device zone
/// ```
package struct SystemZone: Sendable {
    /// Where the zone comes from.
    enum Source: Sendable {
        /// This zone, read from nowhere.
        case given(TimeZone)
        /// The zone file at this path, or the link there (`/etc/localtime`).
        case localtime(String)
    }

    let source: Source
    /// The directories of zone files, searched for a file's name (`/usr/share/zoneinfo` …).
    let zoneDirectories: [String]

    /// The directories the C libraries of Linux, the BSDs and macOS read zone files from.
    package static let standardZoneDirectories = [
        "/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/var/db/timezone/zoneinfo", "/etc/zoneinfo"
    ]

    /// The system zone is `zone`; `TZ` paths are looked up in `zoneDirectories`.
    package static func given(_ zone: TimeZone, zoneDirectories: [String] = standardZoneDirectories) -> SystemZone {
        SystemZone(source: .given(zone), zoneDirectories: zoneDirectories)
    }

    /// The system zone is the one the file (or link) at `localtime` holds, as the C library reads it.
    package static func reading(localtime: String = "/etc/localtime", zoneDirectories: [String] = standardZoneDirectories)
        -> SystemZone
    {
        SystemZone(source: .localtime(localtime), zoneDirectories: zoneDirectories)
    }

    /// The machine's own zone: `/etc/localtime`, among the standard directories.
    package static let machine = reading()

    /// The system zone. A missing `/etc/localtime` is UTC, as the C library reads it.
    ///
    /// - Throws: a usage error when the file cannot be named (see ``ZoneFile/name(ofPath:directories:)``).
    func zone(parser: OptionParser, directories: [String]) throws(CLIError) -> TimeZone {
        switch source {
        case .given(let zone): return zone
        case .localtime(let path):
            var status = stat()
            guard lstat(path, &status) == 0 else { return TimeZone(ianaIdentifier: "UTC")! }
            switch ZoneFile.name(ofPath: path, directories: directories) {
            case .success(let zone): return zone
            case .failure(let reason):
                throw parser.usage(
                    "cannot tell the system time zone: \(path.printable) \(reason.text)",
                    hint: TZVariable.hint(parser))
            }
        }
    }
}

/// Naming the zone a zone file holds, as an IANA id.
enum ZoneFile {
    /// Why a file names no zone, worded to follow its path.
    enum Unnamed: Error, Equatable {
        case missing
        case leapSeconds
        case unmatched(directories: [String])

        var text: String {
            switch self {
            case .missing: "does not exist"
            case .leapSeconds: "is a leap-second ('right/') zone, whose clock alarms does not keep"
            case .unmatched(let directories):
                "is not a link into a zoneinfo directory and matches no zone file in "
                    + (directories.isEmpty ? "any" : directories.joined(separator: " or "))
            }
        }
    }

    /// The most links followed from one path, as the kernel's own limit on a path's links.
    static let maximumLinks = 40
    /// The largest file compared with zone files: the largest in the tz database is under 4 KB.
    static let maximumFileSize = 1 << 16

    /// The zone the file at `path` holds: its name when the path, or a link on the way to the
    /// file, is under a zone directory (one of `directories`, or any directory named
    /// `zoneinfo`), else the first zone file in `directories` with the same bytes (a copy, as
    /// some systems make `/etc/localtime`), in the order of `TimeZone.knownTimeZoneIdentifiers`
    /// after `UTC`. A `posix/` subdirectory is the same zones; `right/` counts leap seconds.
    ///
    /// - Complexity: O(links) lookups, then at most one read per known zone id (about 600)
    ///   of files of the same size.
    static func name(ofPath path: String, directories: [String]) -> Result<TimeZone, Unnamed> {
        var current = path
        for _ in 0...maximumLinks {
            if let named = lexicalName(current, directories: directories) { return named }
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { break }
            current = target.hasPrefix("/") ? target : (current as NSString).deletingLastPathComponent + "/" + target
        }
        guard let bytes = regularFileBytes(path) else {
            return .failure(FileManager.default.fileExists(atPath: path) ? .unmatched(directories: existing(directories)) : .missing)
        }
        for directory in existing(directories) {
            for identifier in ["UTC"] + TimeZone.knownTimeZoneIdentifiers {
                guard let candidate = regularFileBytes(directory + "/" + identifier, size: bytes.count), candidate == bytes,
                    let zone = TimeZone(ianaIdentifier: identifier)
                else { continue }
                return .success(zone)
            }
        }
        return .failure(.unmatched(directories: existing(directories)))
    }

    /// The zone a path names by where it is: the part after one of `directories`, or after
    /// the last component `zoneinfo`, when that is an IANA id (after a `posix/`); `nil` when
    /// it is not under such a directory or names no zone.
    static func lexicalName(_ path: String, directories: [String]) -> Result<TimeZone, Unnamed>? {
        let components = (path as NSString).standardizingPath.split(separator: "/", omittingEmptySubsequences: true)
        var rests: [ArraySlice<Substring>] = []
        for directory in directories {
            let prefix = (directory as NSString).standardizingPath.split(separator: "/", omittingEmptySubsequences: true)
            if components.count > prefix.count, components.starts(with: prefix) { rests.append(components.dropFirst(prefix.count)) }
        }
        if let last = components.lastIndex(of: "zoneinfo") { rests.append(components[(last + 1)...]) }
        for var rest in rests where !rest.isEmpty {
            if rest.first == "posix" { rest = rest.dropFirst() }
            if rest.first == "right" { return .failure(.leapSeconds) }
            if let zone = TimeZone(ianaIdentifier: rest.joined(separator: "/")) { return .success(zone) }
        }
        return nil
    }

    /// The bytes of the regular file at `path` (links followed), when it has at most
    /// ``maximumFileSize`` bytes (exactly `size`, when given); `nil` for anything else.
    static func regularFileBytes(_ path: String, size: Int? = nil) -> Data? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maximumFileSize,
            size.map({ Int(status.st_size) == $0 }) ?? true
        else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// The directories of `directories` that exist.
    static func existing(_ directories: [String]) -> [String] {
        var isDirectory: ObjCBool = false
        return directories.filter { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue }
    }
}
