import Foundation

/// What a path names when it is not a regular file, in the one wording every command uses:
/// `cannot read 'PATH': it is a directory`, whether a rule file, a book or a case file was
/// expected.
enum FileKind {
    /// `a directory`, `a named pipe`, `a device`, `a socket` for a `st_mode` that is not a
    /// regular file (or a symbolic link, which the caller has followed); `nil` for a regular file.
    static func nonRegular(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// `it is a directory`: the reason in messages such as `cannot read 'PATH': it is a directory`.
    static let directoryReason = "it is a directory"
}
