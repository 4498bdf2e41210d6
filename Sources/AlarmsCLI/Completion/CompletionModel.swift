import Foundation

/// What the shell completes for one command, read from the command registry
/// (``CommandLineTool/commands``: each command's options and usage line), so a new command or
/// option is completed without touching the scripts.
struct CompletionModel {
    /// What a value is completed from.
    enum Values: Equatable {
        case none
        case words([String])
        case files
        /// IANA zone ids (from `alarms completions --list-zones`), plus these words.
        case zones([String])
        /// The rule ids of the book (`alarms completions --list-rule-ids`).
        case ruleIDs
    }

    struct Option {
        let name: String
        /// `nil` for a flag.
        let values: Values?
        /// The values a flag also takes after `=` (`--record=all`).
        var inlineValues: [String] = []
    }

    struct Command {
        let name: String
        let summary: String
        let options: [Option]
        let positional: Values
    }

    let commands: [Command]

    init() {
        commands = CommandLineTool.commands.map { command in
            let options = CommandLineTool.options(of: command).filter(\.isShown).map { spec in
                Option(
                    name: spec.name, values: spec.valueName == nil ? nil : Self.values(of: spec, usage: command.usage),
                    inlineValues: spec.inlineValues)
            }
            return Command(
                name: command.name, summary: command.summary, options: options, positional: Self.positional(command))
        }
    }

    /// A value's completion: the words the usage line lists for it (`--gap shift|skip`),
    /// files for `FILE` and `PATH`, zones for `IANA`.
    static func values(of spec: OptionSpec, usage: String) -> Values {
        var words: [String] = []
        var placeholder = spec.valueName ?? ""
        let tokens = usage.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]()")) }
        if let index = tokens.firstIndex(of: "--\(spec.name)"), index + 1 < tokens.count {
            for word in tokens[index + 1].split(separator: "|").map(String.init) {
                if word.uppercased() == word { placeholder = word } else { words.append(word) }
            }
        }
        switch placeholder {
        case "FILE", "PATH": return .files
        case "IANA": return .zones(words)
        default: return words.isEmpty ? .none : .words(words)
        }
    }

    /// Rule ids for a command whose first argument names an existing rule (`ID`, `RULE_ID`);
    /// `add`'s `ID` is a new one; files for `import`'s `FILE`.
    static func positional(_ command: any CLICommand.Type) -> Values {
        if command.name == CompletionsCommand.name { return .words(Shell.allCases.map(\.rawValue)) }
        if command.name == ImportCommand.name || command.name == CheckCommand.name { return .files }
        guard command.name != AddCommand.name else { return .none }
        let first = command.usage.split(separator: " ").dropFirst(2).first.map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]()"))
        }
        return first == "ID" || first == "RULE_ID" ? .ruleIDs : .none
    }
}

/// The shells `alarms completions` writes a script for.
enum Shell: String, CaseIterable {
    case bash, zsh, fish
}
