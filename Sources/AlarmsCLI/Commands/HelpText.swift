/// Help screens, wrapped to fit 80 columns.
enum HelpText {
    /// `alarms --help`: the commands, and where the alarm book is.
    static func overview(environment: [String: String]) -> String {
        var text = """
            OVERVIEW: Plan, inspect and edit recurring alarms.

            USAGE: alarms <command> [options]

            COMMANDS:

            """
        for command in CommandLineTool.commands {
            text += "  " + command.name.padding(toLength: 24, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """
              help [command]          Show help for a command.

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            ALARM BOOK:

            """
        text += wrap(
            "Commands read and edit the alarm book at --store PATH, else $ALARMS_STORE, else the per-user default"
                + " (plan, week, next, list, explain, simulate and export can read a rule file instead, with --rules FILE).", width: 78
        )
        .map { "  " + $0 + "\n" }.joined()
        switch StoreLocation.defaultPath(environment: environment) {
        case .success(let path): text += "  Per-user default: \(path.printable)\n"
        case .failure(let reason): text += "  Per-user default: none (\(reason.message))\n"
        }
        if let path = environment["ALARMS_STORE"], !path.isEmpty {
            text += "  $ALARMS_STORE:     \(path.printable)\n"
        }
        text += "\nSee 'alarms help <command>' for detailed help.\n"
        return text
    }

    static func command(name: String, summary: String, usage: String, options: [OptionSpec], discussion: String = "") -> String {
        let usageLines = wrapUsage(usage, width: 80 - 7)
        var text = "OVERVIEW: \(summary)\n\nUSAGE: " + usageLines.joined(separator: "\n       ") + "\n\nOPTIONS:\n"
        for option in options.filter(\.isShown) + [.flag("help", "Show help information.")] {
            let name = option.name == "help" ? "-h, --help" : "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            let lines = wrap(option.help, width: 80 - 26)
            text +=
                "  "
                + (name.count > 22
                    ? name + "\n" + String(repeating: " ", count: 26) : name.padding(toLength: 24, withPad: " ", startingAt: 0))
            text += lines.joined(separator: "\n" + String(repeating: " ", count: 26)) + "\n"
        }
        if !discussion.isEmpty {
            text +=
                "\n"
                + discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { paragraph in
                    // Indented lines (examples) are kept as written.
                    paragraph.hasPrefix("  ") ? paragraph + "\n" : wrap(String(paragraph), width: 80).joined(separator: "\n") + "\n"
                }.joined()
        }
        return text
    }

    /// A usage line wrapped like ``wrap(_:width:)``, but never inside `[…]` or `(…)`.
    static func wrapUsage(_ usage: String, width: Int) -> [String] {
        var groups: [String] = []
        var depth = 0
        for word in usage.split(separator: " ") {
            if depth > 0, let last = groups.popLast() { groups.append(last + " " + word) } else { groups.append(String(word)) }
            depth += word.count(where: { $0 == "[" || $0 == "(" }) - word.count(where: { $0 == "]" || $0 == ")" })
            depth = max(depth, 0)
        }
        var lines: [String] = []
        var line = ""
        for group in groups {
            if !line.isEmpty && line.count + 1 + group.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + group
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
