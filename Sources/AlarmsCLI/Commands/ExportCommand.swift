import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar

/// `alarms export`: the rules as RFC 5545 text, a whole `.ics` document or per rule its
/// `DTSTART`, `RRULE` and `EXDATE` lines; what RFC 5545 cannot say goes to standard error.
enum ExportCommand: CLICommand {
    static let name = "export"
    static let summary = "Write the rules as iCalendar (.ics) or RRULE lines."
    static let usage =
        "alarms export [--rules FILE | --store PATH] [--format ics|rrule] [--from DATE] [--now TIME] [--time-zone IANA]"
    static let options: [OptionSpec] = [
        CommonOptions.rules, CommonOptions.store,
        .value(
            "format", "FORMAT",
            "ics (default): an iCalendar document; rrule: each rule's DTSTART, RRULE and EXDATE lines."),
        .value(
            "from", "DATE",
            "First date of a weekly rule without a start, YYYY-MM-DD, in the rule's zone. Default: today in each rule's zone (a floating rule: the device's), so every fire after --now is kept."
        ),
        CommonOptions.now, CommonOptions.timeZone
    ]
    static let discussion = """
        ics prints a VCALENDAR (CRLF line ends, lines folded at 75 octets) with a VTIMEZONE per zone used and a VEVENT \
        per rule, with a VALARM unless the rule is off; a calendar app imports it. rrule prints one block per event: \
        '# ID', then DTSTART, RRULE (none for a one-shot rule) and EXDATE lines, blocks separated by a blank line. \
        A rule whose times are not one hours x minutes x seconds grid, or a one-shot rule with several times, is \
        several events, ID~1, ID~2, ... (a rule id cannot hold '~'). A warning on standard error names each rule whose \
        DST policy RFC 5545 cannot say (gap skip, overlap last) and each weekly rule left out because it has no occurrence \
        left; with no rule left to export it is an error, and so is a document of more than 100000 lines or 4 MiB, \
        more than 'alarms import' reads back. On a terminal, controls and bidirectional marks from labels are \
        shown escaped (\\u202e); a file or pipe gets the exact text. DTSTAMP is --now; see Docs/Formats.md for the mapping.
        """

    /// The output formats.
    enum Format: String, CaseIterable {
        case ics, rrule
    }

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        _ = try invocation.positionals(max: 0)
        let format =
            try invocation.parsed.value("format").map { text throws(CLIError) in
                try invocation.values.choice(text, flag: "format", Format.self)
            } ?? .ics
        let context = try invocation.timeContext()
        let start =
            try invocation.parsed.value("from").map { text throws(CLIError) in
                ICalendarExportStart.date(try invocation.values.date(text, what: "value for '--from'"))
            } ?? .firesAfter(context.now, deviceTimeZone: context.timeZone)
        let loaded = try invocation.loadBook()
        let rules = loaded.book.rules
        let document: ICalendarDocument
        do throws(ICalendarExportFailure) {
            // At most what `alarms import` reads, so that what export writes imports again.
            document = try ICalendar.document(for: rules, start: start, generatedAt: context.now, within: .standard)
        } catch {
            switch error {
            case .invalid(let problems):
                // A rule file and the book are validated when read; this only guards the library's contract.
                throw .failure(messages: problems.map(\.description), hint: nil)
            case .tooLarge(let tooLarge):
                throw .failure(
                    "cannot export: " + tooLarge.description.printable,
                    hint: {
                        if case .exdates(let id, _, _) = tooLarge.cause {
                            return
                                "remove skipped dates that have passed ('alarms unskip \(id.printable) DATE'), or export the other rules with '--rules FILE'"
                        }
                        return "export the rules a part at a time with '--rules FILE'"
                    }())
            }
        }
        // RFC 5545 requires a component in a VCALENDAR: with no event there is nothing to write.
        guard document.eventCount > 0 else {
            if rules.isEmpty {
                throw .failure(
                    "nothing to export: '\(loaded.path.printable)' has no rules",
                    hint: loaded.store == nil
                        ? nil : "add one with 'alarms add wake --days weekdays --at 07:30', or export a rule file with '--rules FILE'")
            }
            throw .failure(
                messages: ["nothing to export: no rule has an occurrence left"] + document.warnings.map(\.description),
                hint: "an earlier '--from' keeps the rules without a start that ended before it")
        }
        invocation.context.messages.withLock { $0 += document.warnings.map { "warning: \($0)" } }
        let text =
            switch format {
            case .ics: document.text
            case .rrule: rrule(rules, start: start)
            }
        return invocation.outputIsTerminal ? terminalText(text) : text
    }

    /// `text` for a terminal: each line through ``TerminalText/escape(_:limit:keepingNewlines:)``,
    /// so a label's bidirectional marks or line separators cannot reorder or break what is
    /// shown, the line ends (CRLF in `ics`, LF in `rrule`) kept. Off a terminal the text is
    /// written as it is, byte for byte.
    static func terminalText(_ text: String) -> String {
        text.components(separatedBy: "\r\n").map { TerminalText.escape($0, keepingNewlines: true) }.joined(separator: "\r\n")
    }

    /// The `rrule` layout: per event `# UID`, `DTSTART…`, `RRULE:…`, `EXDATE…` lines, blocks
    /// separated by a blank line.
    static func rrule(_ rules: [AlarmRule], start: ICalendarExportStart) -> String {
        let blocks = rules.flatMap { rule in
            // The rules passed the document's validation, so this does not throw.
            ((try? rule.recurrences(start: start)) ?? []).map { (recurrence: ICalendarRecurrence) -> String in
                // Statements, not one expression of `+` and `??`: that took the type checker seconds.
                var lines: [String] = ["# " + recurrence.uid, recurrence.dtstart]
                if let rrule = recurrence.rrule { lines.append("RRULE:" + rrule) }
                lines += recurrence.exdates
                return lines.map { $0 + "\n" }.joined()
            }
        }
        return blocks.joined(separator: "\n")
    }
}
