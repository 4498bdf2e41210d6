import Foundation

/// A book file (or rule file) read for code that only plans it and shows the labels of what it
/// plans: compiled straight from its bytes when the direct reader reads it, else the book read
/// in full. What the store's `loadForPlanning()` and the command line's planning commands get.
///
/// ```swift
/// switch try BookForPlanning(bookFile: bytes) {
/// case .compiled(let compiled): compiled.plan(now: now, options: options)
/// case .book(let book): try book.plan(now: now, options: options)
/// }
/// ```
package enum BookForPlanning: Sendable {
    /// A valid file compiled from its bytes, which it keeps to decode the labels asked for
    /// (``CompiledBook/labels(ofRules:)``).
    case compiled(CompiledBook)
    /// The book read in full: a valid file that the direct reader left to the tree reader.
    case book(AlarmBook)

    /// Reads `bytes`, a book file or a rule file, with its runtime state unless
    /// `readingState` is `false` (then it plans as its rules alone, as a rule file read as an
    /// ``AlarmRuleSet`` does).
    ///
    /// - Throws: as ``AlarmBook/init(bookFile:)``.
    /// - Complexity: O(n) in the number of bytes, on all cores for a large file.
    package init(bookFile bytes: some Collection<UInt8> & Sendable, readingState: Bool = true) throws(BookFileError) {
        switch try RuleFile.compiled(bytes, state: readingState ? .read : .ignored, labelBytes: bytes) {
        case .compiled(let compiled): self = .compiled(compiled)
        case .values(let values): self = .book(AlarmBook(values: values))
        }
    }
}
