#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files behind one book path, after following symbolic links: the book itself, its
/// `.lock` and `.tmp` siblings and the folder that holds them.
///
/// When the book path is a symbolic link (a dotfile manager, a synced folder), the store works
/// on the file the link points to: it reads it, writes its `.tmp` beside it, renames that over
/// it and flushes *its* folder, so the link stays a link and the book does not fork. The lock
/// lives beside the target too, so two links to one book share one lock. A link to a file that
/// does not exist yet (a dangling link) is followed the same way: the first save creates the
/// target, through the link.
struct BookFiles: Equatable {
    /// The file that is read and replaced: the book path with every symbolic link followed.
    let book: String
    /// The folder holding `book`, flushed after each rename.
    let folder: String

    /// `<book>.lock`: the sidecar file that is locked. It is created on first use and never
    /// removed (removing a lock file would let two processes lock different files).
    var lock: String { book + ".lock" }
    /// `<book>.tmp`: the next version while it is written.
    var temporary: String { book + ".tmp" }

    /// Symbolic links followed at most, as the kernel does (`ELOOP` beyond).
    static let maximumLinks = 40

    /// The files for `path`, following a chain of symbolic links at the last component.
    /// Links in the folders above are left to the kernel: renaming inside a folder reached
    /// through a link is renaming inside that folder.
    /// - Throws: `ELOOP` for a chain longer than ``maximumLinks`` (or a loop), or the error of
    ///   `readlink`.
    static func resolve(_ path: String, system: SystemCall) throws(SystemCallError) -> BookFiles {
        var current = path
        for _ in 0...maximumLinks {
            // When `lstat` fails (a parent that is a file, a folder without search permission),
            // the path is used as it is, and the call that opens it reports the problem.
            guard let info = try? system.linkStatus(path: current), SystemCall.isSymbolicLink(info) else {
                return BookFiles(book: current, folder: folder(of: current))
            }
            let target = try system.linkTarget(path: current)
            current = target.hasPrefix("/") ? target : join(folder(of: current), target)
        }
        throw SystemCallError(
            "follow the symbolic link", path, code: ELOOP,
            reason: "more than \(maximumLinks) symbolic links in a row, or a loop; point the link at the book file")
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
