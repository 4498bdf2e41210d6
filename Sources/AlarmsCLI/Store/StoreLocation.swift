import Foundation
import RecurringAlarmsStore

/// Where the alarm book lives: `--store PATH`, else `$ALARMS_STORE`, else a per-user default.
///
/// The default follows each platform's convention for application data:
///
/// | platform | default |
/// |---|---|
/// | macOS | `$HOME/Library/Application Support/alarms/alarms.json` |
/// | Linux and others | `$XDG_DATA_HOME/alarms/alarms.json` when `XDG_DATA_HOME` is an absolute path, else `$HOME/.local/share/alarms/alarms.json` |
///
/// Only the default folder is created by the first edit; a folder named by `--store` or
/// `ALARMS_STORE` must exist, so a typo in the path is reported instead of creating it.
struct StoreLocation {
    /// Where the path came from: `--store`, `$ALARMS_STORE`, or the per-user default.
    enum Source {
        case option, environment, platformDefault
    }

    let path: String
    let source: Source
    /// How long to wait for another process's lock (`--lock-timeout`, `$ALARMS_LOCK_TIMEOUT`),
    /// and the `note:` printed while waiting.
    var lockWait = LockWaitPolicy()

    /// The store for this book.
    var store: JSONFileStore { JSONFileStore(path: path, lockWait: lockWait) }

    /// The location from the option and environment.
    /// - Throws: a usage error for an empty path, or when no default can be found (`HOME` unset).
    static func resolve(option: String?, environment: [String: String], parser: OptionParser, alternative: String? = nil) throws(CLIError)
        -> StoreLocation
    {
        if let option {
            guard !option.isEmpty else { throw parser.usage("invalid value for '--store': the path is empty", hint: nil) }
            return StoreLocation(path: option, source: .option)
        }
        if let path = environment["ALARMS_STORE"], !path.isEmpty {
            return StoreLocation(path: path, source: .environment)
        }
        switch defaultPath(environment: environment) {
        case .success(let path):
            return StoreLocation(path: path, source: .platformDefault)
        case .failure(let reason):
            let lead = alternative.map { "missing '\($0)', and there is " } ?? "there is "
            throw parser.usage(
                "\(lead)no default alarm book: \(reason.message)",
                hint: "pass \(alternative.map { "'\($0)' or " } ?? "")'--store PATH', or set ALARMS_STORE")
        }
    }

    struct NoDefault: Error { let message: String }

    /// The per-user default path, or why there is none.
    static func defaultPath(environment: [String: String]) -> Result<String, NoDefault> {
        #if os(macOS)
            guard let home = environment["HOME"], home.hasPrefix("/") else { return .failure(noHome(environment)) }
            return .success(join(home, "Library/Application Support/alarms/alarms.json"))
        #else
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                return .success(join(data, "alarms/alarms.json"))
            }
            guard let home = environment["HOME"], home.hasPrefix("/") else { return .failure(noHome(environment)) }
            return .success(join(home, ".local/share/alarms/alarms.json"))
        #endif
    }

    private static func noHome(_ environment: [String: String]) -> NoDefault {
        NoDefault(message: (environment["HOME"] ?? "").isEmpty ? "HOME is not set" : "HOME is not an absolute path")
    }

    private static func join(_ folder: String, _ rest: String) -> String {
        folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }

    /// The folder holding the book.
    var folder: String { (path as NSString).deletingLastPathComponent }

    /// Whether the book file exists yet (a missing file is an empty book).
    var fileExists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Why there is no book yet, for a note after the path: `nil` when the file exists.
    var missingNote: String? {
        if fileExists { return nil }
        var isFolder: ObjCBool = false
        let folderExists =
            FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder) && isFolder.boolValue
        return folderExists ? "the file does not exist yet" : "neither the file nor its folder exists"
    }

    /// The path for messages: control characters replaced, very long paths cut.
    var displayPath: String { path.printable }

    /// A path the store names (the book, or its `.lock` or `.tmp` beside it, as absolute paths)
    /// as the user gave the book's path; any other path, such as the file a symbolic link
    /// points to, as it is.
    func shown(_ reported: String) -> String {
        var absolute = store.path
        while absolute.count > 1 && absolute.hasSuffix("/") { absolute.removeLast() }
        if reported == absolute || reported == absolute + "/" { return path }
        if reported.hasPrefix(absolute + "."), ["lock", "tmp"].contains(reported.dropFirst(absolute.count + 1)) {
            return path + reported.dropFirst(absolute.count)
        }
        return reported
    }
}
