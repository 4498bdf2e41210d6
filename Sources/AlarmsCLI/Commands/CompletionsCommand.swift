import Foundation
import RecurringAlarmsStore

/// `alarms completions bash|zsh|fish`: a shell completion script, and the lists it asks for.
enum CompletionsCommand: CLICommand {
    static let name = "completions"
    static let summary = "Print a shell completion script."
    static let usage = "alarms completions (bash | zsh | fish | --list-zones | --list-rule-ids [--store PATH])"
    static let options: [OptionSpec] = [
        .flag("list-zones", "Print the IANA zone ids, one a line (the scripts complete --time-zone and --rule-zone with them)."),
        .flag(
            "list-rule-ids",
            "Print the rule ids of the alarm book, one a line (the scripts complete rule ids with them); nothing when there is no book, or at once when another process holds its lock."
        ),
        CommonOptions.store
    ]
    static let discussion = """
        The script completes commands, options, option values with a fixed set, zone ids and the rule ids of the book \
        (of --store when it is on the line, else $ALARMS_STORE or the default). Install it as Docs/CLI.md says, e.g.:

          alarms completions bash > ~/.local/share/bash-completion/completions/alarms
          alarms completions zsh > "${fpath[1]}/_alarms"
          alarms completions fish > ~/.config/fish/completions/alarms.fish
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let positionals = try invocation.positionals(max: 1)
        let flags = invocation.parsed.flags
        if flags.contains("list-zones") {
            _ = try invocation.positionals(max: 0)
            return (TimeZone.knownTimeZoneIdentifiers + ["UTC"]).sorted().map { $0 + "\n" }.joined()
        }
        if flags.contains("list-rule-ids") {
            _ = try invocation.positionals(max: 0)
            // A script must not print errors into the user's command line: an unreadable book
            // completes nothing. The shell runs this on TAB, so it must not wait either: a lock
            // another process holds gives up at once (whatever --lock-timeout says), and
            // completes nothing.
            guard
                var location = try? StoreLocation.resolve(
                    option: invocation.parsed.value("store"), environment: invocation.environment, parser: invocation.parser)
            else { return "" }
            location.lockWait = LockWaitPolicy(timeout: 0)
            guard let book = try? location.store.load() else { return "" }
            return book.rules.map { $0.id + "\n" }.joined()
        }
        guard let name = positionals.first else {
            throw invocation.usageError("missing shell", hint: "try 'alarms completions bash'")
        }
        guard let shell = Shell(rawValue: name) else {
            throw invocation.usageError(
                "unknown shell '\(name.truncatedForDisplay)'",
                hint: "expected \(Shell.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))")
        }
        return CompletionScript.text(for: shell)
    }
}
