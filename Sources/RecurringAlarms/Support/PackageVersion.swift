/// The version of this package, defined here and nowhere else: `alarms --version` prints it,
/// an iCalendar export names it in its `PRODID`, and the README's `from:` line asks for it (a
/// test holds the README and the docs to it).
///
/// It has `package` access, not `public`: the modules of this package read it, while an app
/// knows the version it builds against from its `Package.resolved`, so a public constant would
/// be one more API to keep stable for nothing.
package enum PackageVersion {
    /// `MAJOR.MINOR.PATCH`, as [Semantic Versioning](https://semver.org/spec/v2.0.0.html) reads it:
    /// below 1.0.0 while the public API still changes, so a minor version may break it
    /// (CHANGELOG.md says how).
    package static let current = "0.2.0"
}
