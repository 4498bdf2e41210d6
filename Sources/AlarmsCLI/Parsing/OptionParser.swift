import RecurringAlarms

/// One option a command accepts.
struct OptionSpec {
    let name: String
    /// `nil` for a flag; otherwise the placeholder shown in help (`FILE`, `N`).
    let valueName: String?
    let help: String
    /// For an option a command does not take but people reach for (one it no longer takes, or
    /// one a sibling command has): why not, and what to write instead. Such an option is left
    /// out of help and completion, and giving it is a usage error that says both.
    var refusal: Refusal? = nil
    /// For a flag: the values it may also be given inline (`--record=all`); the value is then
    /// in ``ParsedArguments/values`` as well as the flag in ``ParsedArguments/flags``.
    var inlineValues: [String] = []

    /// Why a command refuses an option, and what to write instead.
    struct Refusal {
        /// Why it is not an option of the command.
        let reason: String
        /// What to write instead.
        let hint: String
    }

    /// Whether help and shell completion show it.
    var isShown: Bool { refusal == nil }

    static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help)
    }

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    /// A flag that may also be given one of `values` inline, as `--record` or `--record=all`.
    static func flag(_ name: String, inlineValues values: [String], _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help, inlineValues: values)
    }

    /// `--name` given to this command is a usage error: `reason`, and a hint to write `--replacement`.
    static func replaced(_ name: String, by replacement: String, _ reason: String) -> OptionSpec {
        refused(name, reason, hint: "write '--\(replacement)' instead")
    }

    /// `--name` given to this command is a usage error: `reason`, and `hint`.
    static func refused(_ name: String, _ reason: String, hint: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: reason, refusal: Refusal(reason: reason, hint: hint))
    }
}

/// The options and positional arguments of one command line, after tokenising.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name] }
}

/// Splits arguments the way people expect: `--name value`, `--name=value`, `--` ends
/// options, `-h`/`--help` anywhere asks for help, misspelled options get a suggestion, and an
/// option given twice with different values is an error rather than a silent last-one-wins.
struct OptionParser {
    let command: String
    let options: [OptionSpec]

    func parse(_ arguments: [String], help: () -> String) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" { throw .help(help()) }
            guard argument.hasPrefix("--") else {
                throw usage("unknown option '\(argument.truncatedForDisplay)'", hint: "options are spelled with two dashes, as in '--help'")
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let spec = options.first(where: { $0.name == name }) else {
                let suggestion =
                    name.count <= 64 ? Suggestion.closest(to: name, among: options.filter(\.isShown).map(\.name) + ["help"]) : nil
                throw usage("unknown option '--\(name.truncatedForDisplay)'", hint: suggestion.map { "did you mean '--\($0)'?" })
            }
            if let refusal = spec.refusal {
                throw usage("'--\(name)' is not an option of '\(command)': \(refusal.reason)", hint: refusal.hint)
            }
            if spec.valueName == nil {
                if let inlineValue {
                    guard !spec.inlineValues.isEmpty else { throw usage("option '--\(name)' takes no value", hint: nil) }
                    guard spec.inlineValues.contains(inlineValue) else {
                        throw usage(
                            "invalid value for '--\(name)': '\(inlineValue.truncatedForDisplay)'",
                            hint: "expected '--\(name)' or " + spec.inlineValues.map { "'--\(name)=\($0)'" }.joined(separator: ", "))
                    }
                    parsed.values[name] = inlineValue
                }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !isOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                // `--label --store x` forgot the label: taking '--store' as it would write the
                // book elsewhere or fail on 'x'. `--label=--store` still means it.
                let hint =
                    index < arguments.count
                    ? "'\(arguments[index].truncatedForDisplay)' is an option; to use it as the value, write '--\(name)=\(arguments[index].truncatedForDisplay)'"
                    : nil
                throw usage("missing value for '--\(name) <\(spec.valueName!)>'", hint: hint)
            }
            // A second value would silently win over the first; say so instead.
            if let earlier = parsed.values[name], earlier != value {
                throw usage(
                    "option '--\(name)' given twice: '\(earlier.truncatedForDisplay)' and '\(value.truncatedForDisplay)'",
                    hint: "give it once")
            }
            parsed.values[name] = value
        }
        return parsed
    }

    /// Whether `argument` names one of this command's options (`--store`, `--store=x`) or
    /// asks for help, so it cannot be the value of the option before it.
    func isOption(_ argument: String) -> Bool {
        if argument == "-h" { return true }
        guard argument.hasPrefix("--") else { return false }
        let name = argument.dropFirst(2).prefix { $0 != "=" }
        return name == "help" || options.contains { $0.name == name }
    }

    func usage(_ message: String, hint: String?) -> CLIError {
        .usage(message: message, hint: hint, command: command)
    }
}
