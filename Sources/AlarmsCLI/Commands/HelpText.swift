/// Help screens, wrapped to fit 80 columns.
enum HelpText {
    static let version = "0.1.0"

    static var overview: String {
        """
        OVERVIEW: Plan which recurring-alarm fires an app should register now.

        USAGE: alarms <command> [options]

        COMMANDS:
        \(CommandLineTool.commands.map { "  " + $0.name.padding(toLength: 24, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))
          help [command]          Show help for a command.

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        See 'alarms help <command>' for detailed help.

        """
    }

    static func command(name: String, summary: String, usage: String, options: [OptionSpec]) -> String {
        let usageLines = wrap(usage, width: 80 - 7)
        var text = "OVERVIEW: \(summary)\n\nUSAGE: " + usageLines.joined(separator: "\n       ") + "\n\nOPTIONS:\n"
        for option in options + [.flag("help", "Show help information.")] {
            let name = option.name == "help" ? "-h, --help" : "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            let lines = wrap(option.help, width: 80 - 26)
            text += "  " + name.padding(toLength: 24, withPad: " ", startingAt: 0)
            if name.count > 22 { text += "\n" + String(repeating: " ", count: 26) }
            text += lines.joined(separator: "\n" + String(repeating: " ", count: 26)) + "\n"
        }
        return text
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

import Foundation
