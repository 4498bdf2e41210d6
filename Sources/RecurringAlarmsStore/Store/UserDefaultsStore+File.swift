import Foundation
import RecurringAlarms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The property-list file behind a `UserDefaults` suite, where the store can see it (Linux and
/// other systems using swift-corelibs-foundation).
///
/// swift-corelibs-foundation reads a suite's file once per process and takes a file it cannot
/// parse as an empty suite, after three tries 150 ms apart; the next `synchronize()` then writes
/// the suite's keys over it. So the store parses the file itself before it reads the book and
/// before it writes, and refuses a file that is not a property-list dictionary, as the file
/// store refuses a file that is not a book. On Apple systems `cfprefsd` owns the file and the
/// app cannot check it.
enum DefaultsFile {
    /// Where this package's tests keep suites' files; `nil` in apps.
    fileprivate static let testFolder = Locked<String?>(nil)
    /// Each file as it was when last checked or written, so an unchanged file is not parsed again.
    private static let verified = Locked<[String: FileIdentity]>([:])

    /// The name to open the suite under: the suite's name, or a path in the tests' folder.
    static func domain(forSuite suite: String?) -> String? {
        guard let folder = testFolder.withLock({ $0 }) else { return suite }
        return folder + "/" + (suite ?? standardDomain)
    }

    /// The suite of `UserDefaults.standard`: the main bundle's identifier, else the process name.
    private static var standardDomain: String {
        if let identifier = Bundle.main.bundleIdentifier, !identifier.isEmpty { return identifier }
        return ProcessInfo.processInfo.processName
    }

    /// `<config folder>/<domain>.plist`, as CoreFoundation names it; `nil` on Apple systems.
    static func path(forDomain domain: String?) -> String? {
        #if canImport(Darwin)
            return nil
        #else
            let name = domain ?? standardDomain
            return name.hasPrefix("/") ? name + ".plist" : configFolder + "/" + name + ".plist"
        #endif
    }

    /// `$XDG_CONFIG_HOME` when it is an absolute path, else `$HOME/.config`: CoreFoundation's
    /// rule (`_CFXDGCreateConfigHomePath`). CoreFoundation reads both variables when the
    /// process starts, so a program that changes them later still writes where they pointed then.
    private static var configFolder: String {
        let environment = ProcessInfo.processInfo.environment
        if let config = environment["XDG_CONFIG_HOME"], config.utf8.count > 1, config.hasPrefix("/") { return config }
        return (environment["HOME"] ?? "") + "/.config"
    }

    /// Throws when the file at `path` exists but is not a property-list dictionary; a missing
    /// file is an empty suite.
    ///
    /// - Complexity: O(1) when the file is as last checked or written, else O(n) to parse it.
    static func check(_ path: String) throws(AlarmStoreError) {
        let bytes: [UInt8]
        let identity: FileIdentity
        let system = SystemCall()
        do throws(SystemCallError) {
            guard let info = try system.status(path: path) else {
                verified.withLock { $0[path] = nil }
                return
            }
            identity = FileIdentity(info)
            if verified.withLock({ $0[path] == identity }) { return }
            let descriptor = try system.open(path, O_RDONLY, operation: "read")
            defer { system.close(descriptor) }
            bytes = try system.readAll(descriptor, sizeHint: Int(info.st_size), path: path)
        } catch {
            throw error.storeError
        }
        if let reason = problem(in: bytes) { throw .unreadableDefaultsFile(path: path, reason: reason) }
        verified.withLock { $0[path] = identity }
    }

    /// Records the file as just written by `UserDefaults`, so the next check need not parse it.
    static func remember(_ path: String) {
        let info = try? SystemCall().status(path: path)
        verified.withLock { $0[path] = info.flatMap { $0 }.map(FileIdentity.init) }
    }

    /// Whether the file at `path` holds `values`: data equal, other values present, `nil`
    /// values absent (a missing file holds no key).
    static func holds(_ values: [String: Any?], at path: String) -> Bool {
        var suite: [String: Any] = [:]
        if let bytes = FileManager.default.contents(atPath: path) {
            guard let stored = try? PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any] else { return false }
            suite = stored
        }
        return values.allSatisfy { key, value in
            switch value {
            case nil: suite[key] == nil
            case let data as Data: suite[key] as? Data == data
            default: suite[key] != nil
            }
        }
    }

    /// Renames an unreadable file to `<path>.corrupt-<stamp>` (`-2`, `-3`, … when taken).
    ///
    /// - Returns: the new path, or `nil` when the file is readable or missing.
    static func moveAsideIfUnreadable(_ path: String, stamp: String) throws(AlarmStoreError) -> String? {
        do throws(AlarmStoreError) {
            try check(path)
            return nil
        } catch  where error.isUnreadableBook {
            // Move it aside, below.
        }
        let system = SystemCall()
        do throws(SystemCallError) {
            if let destination = try AsideName.firstFree(
                for: path, stamp: stamp,
                isTaken: { (candidate) throws(SystemCallError) in
                    try system.status(path: candidate) != nil
                })
            {
                try system.rename(path, to: destination)
                verified.withLock { $0[path] = nil }
                return destination
            }
        } catch {
            throw error.storeError
        }
        throw .io(path: path, operation: "move aside", code: EEXIST, reason: "1000 files named \(path).corrupt-\(stamp) already exist")
    }

    /// What is wrong with a suite file's bytes, as CoreFoundation would find it, or `nil`.
    static func problem(in bytes: [UInt8]) -> String? {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return "is empty" }
        let top: Any
        do {
            top = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        } catch {
            return "is not a property list"
        }
        if top is [String: Any] { return nil }
        return "holds \(kind(of: top)) where a property list of keys and values belongs"
    }

    /// A property-list value's kind as people write it: `data`, `a string`, `a number`,
    /// `an array`, … (not `Array<Optional<Any>>`, as the type reads on Linux).
    static func kind(of value: Any) -> String {
        switch value {
        case is Data: return "data"
        case is String: return "a string"
        case is Date: return "a date"
        default: break
        }
        #if canImport(Darwin)
            // Numbers and booleans are both NSNumber here; only the CF type tells them apart.
            if let number = value as? NSNumber { return CFGetTypeID(number) == CFBooleanGetTypeID() ? "a boolean" : "a number" }
        #else
            if value is Bool { return "a boolean" }
            if value is NSNumber { return "a number" }
        #endif
        if value is [Any?] { return "an array" }
        if value is [AnyHashable: Any?] { return "a dictionary" }
        return "a value of type \(type(of: value))"
    }
}

extension UserDefaultsStore {
    /// For this package's tests: stores created after this call keep their suites' files in
    /// `folder` (`nil`: in the user's preferences folder again), so a test run never writes to
    /// the real home folder. (CoreFoundation reads `HOME` and `XDG_CONFIG_HOME` once, when the
    /// process starts, so a test cannot move the preferences folder any other way.)
    package static func placeSuiteFiles(in folder: String?) {
        DefaultsFile.testFolder.withLock { $0 = folder }
    }
}
