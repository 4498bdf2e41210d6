import Foundation
import RecurringAlarms
import RecurringAlarmsICalendar
import RecurringAlarmsStore

/// `alarms import FILE.ics` or `alarms import --rrule … --dtstart … --id ID`: rules from
/// iCalendar (RFC 5545) into the alarm book, or printed as a rule file with `--dry-run`.
enum ImportCommand: CLICommand {
    static let name = "import"
    static let summary = "Add alarms from an .ics file or an RRULE."
    static let usage =
        "alarms import (FILE [--strict] [--at-reminder] | --rrule RRULE --dtstart DATETIME --id ID [--rule-zone IANA|floating] [--label TEXT] [--exdate DATETIMES]) [--dry-run] [--format table|json] [--store PATH] [--now TIME]"
    static let options: [OptionSpec] = [
        .value("rrule", "RRULE", "An RFC 5545 recurrence rule, such as FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30."),
        .value(
            "dtstart", "DATETIME",
            "The rule's first date and time: 2026-12-01T07:30:00, or RFC 5545 20261201T073000 (Z for UTC)."),
        .value("id", "ID", "The id of the rule --rrule makes."),
        .value("rule-zone", "IANA", "The zone of --dtstart (default: floating, the device's zone, unless it ends in Z)."),
        .value("label", "TEXT", "The label of the rule --rrule makes."),
        .value(
            "exdate", "DATETIMES",
            "Dates and times --rrule skips, comma-separated, in the form of --dtstart, or one line EXDATE;TZID=…:… as in a file."),
        .flag("strict", "Import all of FILE's events or none: any event that does not map is an error."),
        .flag("at-reminder", "Ring at each event's reminders (VALARM TRIGGER, such as -PT10M) instead of its start."),
        .flag("dry-run", "Print the rules as a rule file (JSON) instead of adding them."),
        .value(
            "format", "FORMAT",
            "table (default): a line per rule added, the events left out on standard error; json: one document with the rules, the events left out and the notes."
        ),
        RuleFlags.replacedTimeZone, CommonOptions.store, CommonOptions.now
    ]
    static let discussion = """
        Reads every VEVENT of FILE ('-' for standard input) as one alarm (events of one split rule, marked \
        X-RECURRINGALARMS-RULE, as one), or the recurrence given by --rrule and --dtstart. Only what maps exactly \
        onto an alarm is read: weekly or daily repetition on weekdays, at times of day. An event with anything else \
        (FREQ=MONTHLY, BYMONTH, RDATE …) is left out: a warning names it (UID, SUMMARY, line) with every reason, \
        and the nearest thing that would import where there is one; the other events are imported, exit 0. A file \
        from which no event imports is an error, and with --strict so is any event left out (nothing is added). No \
        rule is added when the book already has one of the ids. An event rings at its start, with a note naming \
        any reminder (VALARM); with --at-reminder it rings at its reminders. Docs/Formats.md describes the mapping.

        Examples:
          alarms import calendar.ics --dry-run
          alarms import calendar.ics
          alarms import calendar.ics --strict --format json
          alarms import --rrule 'FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=7;BYMINUTE=30' --dtstart 2026-12-02T07:30:00 --id wake
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let parsed = invocation.parsed
        let positionals = try invocation.positionals(max: 1, hint: "import reads one file")
        let rrule = parsed.value("rrule")
        let fileOnly = ["dtstart", "id", "rule-zone", "label", "exdate"]
        let format = try invocation.format()
        let imported: ICalendarImport
        var source: String?
        if let file = positionals.first {
            if rrule != nil {
                throw invocation.usageError(
                    "'--rrule' and a FILE ('\(file.truncatedForDisplay)') are two ways to import; give one",
                    hint: "import either FILE or --rrule … --dtstart … --id ID")
            }
            if let extra = fileOnly.first(where: { parsed.value($0) != nil }) {
                throw invocation.usageError(
                    "'--\(extra)' goes with '--rrule', not with a file", hint: "import either FILE or --rrule … --dtstart … --id ID")
            }
            let data = try invocation.readInput(file)
            source = BoundedFileReader.name(of: file)
            let options = ICalendar.ReadOptions(
                isStrict: parsed.flags.contains("strict"), ringsAtReminder: parsed.flags.contains("at-reminder"))
            do {
                imported = try ICalendar.readRules(from: data, options: options)
            } catch {
                throw .failure(messages: messages(error, source: source), hint: error.recoverySuggestion)
            }
        } else if let rrule {
            if let flag = ["strict", "at-reminder"].first(where: parsed.flags.contains) {
                throw invocation.usageError(
                    "'--\(flag)' goes with a FILE, not with '--rrule'", hint: "import either FILE or --rrule … --dtstart … --id ID")
            }
            imported = try recurrence(rrule: rrule, invocation: invocation)
        } else {
            throw invocation.usageError(
                "missing FILE or --rrule",
                hint: "try 'alarms import calendar.ics' or 'alarms import --rrule FREQ=DAILY --dtstart … --id ID'")
        }
        let dryRun = parsed.flags.contains("dry-run")
        let messages = format == .json ? [] : report(imported, source: source)
        if dryRun {
            let output =
                format == .json
                ? ImportDocument(file: source, dryRun: true, imported: imported).terminalText
                : (try? AlarmRuleSet(rules: imported.rules))?.json.terminalText ?? ""
            return finish(output, messages: messages, invocation: invocation)
        }
        let context = try invocation.timeContext()
        let book = try invocation.updateBook { book throws(CLIError) -> AlarmBook in
            let existing = Set(book.rules.map(\.id))
            let taken = imported.rules.map(\.id).filter(existing.contains)
            if !taken.isEmpty {
                throw .failure(
                    messages: taken.map { "rule '\($0)' already exists" },
                    hint: taken.count == 1
                        ? "remove it with 'alarms remove \(taken[0])', or give the event another UID"
                        : "remove them with 'alarms remove ID', or give the events other UIDs")
            }
            book.rules += imported.rules
            book.pruneExpired(now: context.now)
            return book
        }
        _ = book
        if format == .json {
            return ImportDocument(file: source, dryRun: false, imported: imported).terminalText
        }
        var output = ""
        for rule in imported.rules {
            output += TextWrap.sentence("Added \(RuleText.name(rule)): \(RuleText.summary(rule)).")
        }
        return finish(output, messages: messages, invocation: invocation)
    }

    /// `output`, with `messages` left for standard error.
    private static func finish(_ output: String, messages: [String], invocation: CommandInvocation) -> String {
        invocation.context.messages.withLock { $0 += messages }
        return output
    }

    /// The lines for standard error: per event left out, a `warning:` line per reason (then a
    /// `note:` with the nearest thing that would import), the notes, and a count of what was
    /// imported and left out.
    static func report(_ imported: ICalendarImport, source: String?) -> [String] {
        var lines: [String] = []
        for event in imported.leftOut {
            let name = event.eventName(part: \.printable)
            for reason in event.reasons {
                var unplaced = reason
                unplaced.line = nil
                unplaced.column = nil
                let text = unplaced.text(part: \.printable, message: { TerminalText.escape($0) })
                lines.append("warning: " + place(source: source, line: reason.line, column: reason.column) + "left out \(name): " + text)
            }
            if let nearest = event.nearest {
                lines.append("note: " + place(source: source, line: event.line, column: nil) + "nearest that imports: " + nearest.printable)
            }
        }
        lines += imported.notes.map {
            "note: "
                + located(
                    ICalendarReadProblem(line: $0.line, column: nil, property: $0.property, value: $0.value, message: $0.message),
                    source: source)
        }
        if !imported.leftOut.isEmpty {
            let rules = imported.rules.count
            let events = imported.leftOut.count
            lines.append(
                "warning: imported \(rules) rule\(rules == 1 ? "" : "s"), left out \(events) event\(events == 1 ? "" : "s") ('--strict' imports all or nothing)"
            )
        }
        return lines
    }

    /// `FILE:LINE:COLUMN: ` (each part only when known), escaped for the terminal.
    private static func place(source: String?, line: Int?, column: Int?) -> String {
        var prefix = source.map { $0.printable + ":" } ?? ""
        if let line { prefix += "\(line):" + (column.map { "\($0):" } ?? "") }
        return prefix.isEmpty ? "" : prefix + " "
    }

    /// The rule of `--rrule`, `--dtstart` (ISO or RFC 5545 form), `--rule-zone`, `--id`,
    /// `--label` and `--exdate`, with the notes reading it made.
    private static func recurrence(rrule: String, invocation: CommandInvocation) throws(CLIError) -> ICalendarImport {
        let parsed = invocation.parsed
        guard let start = parsed.value("dtstart") else {
            throw invocation.usageError("'--rrule' needs '--dtstart'", hint: "such as '--dtstart 2026-12-01T07:30:00'")
        }
        guard let id = parsed.value("id") else {
            throw invocation.usageError("'--rrule' needs '--id'", hint: "such as '--id wake'")
        }
        var zone: ZoneChoice?
        if let text = parsed.value("rule-zone") {
            zone = text == "floating" ? .floating : .fixed(try TimeContext.zone(text, flag: "rule-zone", parser: invocation.parser))
        }
        let dtstart = try icalendarDateTime(start, flag: "dtstart", invocation: invocation)
        let exdates = try parsed.value("exdate").map { text throws(CLIError) in try exdateLines(text, invocation: invocation) } ?? []
        do {
            return try ICalendar.readRecurrence(
                rrule: rrule, dtstart: dtstart, timeZone: zone, id: id, label: parsed.value("label"), exdates: exdates)
        } catch {
            throw .failure(messages: messages(error, source: nil), hint: error.recoverySuggestion)
        }
    }

    /// `--exdate`: a whole `EXDATE` line is passed as it is, its value list read as a file's
    /// (`EXDATE;TZID=Europe/Berlin:20261202T133000,20261203T133000`, the `TZID` for both);
    /// otherwise each comma-separated value in either form of `--dtstart`.
    static func exdateLines(_ text: String, invocation: CommandInvocation) throws(CLIError) -> [String] {
        let name = text.prefix(7).uppercased()
        if name == "EXDATE;" || name == "EXDATE:" { return [text] }
        var values: [String] = []
        for value in text.split(separator: ",", omittingEmptySubsequences: false) {
            values.append(try icalendarDateTime(String(value), flag: "exdate", invocation: invocation))
        }
        return values
    }

    /// `2026-12-01T07:30:00` (or `…Z`, `…z`) in RFC 5545's form `20261201T073000`; RFC 5545's
    /// own forms, and a whole content line (`DTSTART;TZID=…:…`), as given, for the iCalendar
    /// reader. Anything else, empty text included, is a usage error naming the option, as is
    /// text in either form that names no real date and time: passed on, it would fail as a
    /// file's value does, with exit 1. `--exdate` also passes a date `20261202` on, for the
    /// reader to judge as a file's.
    static func icalendarDateTime(_ text: String, flag: String, invocation: CommandInvocation) throws(CLIError) -> String {
        let bytes = Array(text.utf8)
        let utc = text.hasSuffix("Z") || text.hasSuffix("z")
        let isISOForm = bytes.count > 4 && bytes[4] == UInt8(ascii: "-") && DigitParser.number(bytes, 0, 4) != nil
        if isISOForm, let local = LocalDateTime(parsing: utc ? String(text.dropLast()) : text) {
            let digits = local.description.filter { $0 != "-" && $0 != ":" }
            return digits + (utc ? "Z" : "")
        }
        let isDateTime =
            !isISOForm && bytes.count == (utc ? 16 : 15) && bytes[8] | 0x20 == UInt8(ascii: "t")
            && DigitParser.number(bytes, 0, 8).map { LocalDate(year: $0 / 10_000, month: $0 / 100 % 100, day: $0 % 100) != nil } == true
            && DigitParser.number(bytes, 9, 6).map { TimeOfDay(hour: $0 / 10_000, minute: $0 / 100 % 100, second: $0 % 100) != nil }
                == true
        let property = flag.uppercased()
        let isContentLine =
            text.prefix(property.count).uppercased() == property && [";", ":"].contains(text.dropFirst(property.count).first)
        let isDate = flag == "exdate" && bytes.count == 8 && DigitParser.number(bytes, 0, 8) != nil
        guard isDateTime || isContentLine || isDate else {
            throw invocation.usageError(
                "invalid value for '--\(flag)': '\(text.truncatedForDisplay)' is not a date and time",
                hint:
                    "expected 2026-12-01T07:30:00 (Z at the end for UTC) or 20261201T073000; a UTC offset is not a zone, give the zone with --rule-zone or as DTSTART;TZID=Europe/Berlin:20261201T073000"
            )
        }
        return text
    }

    /// One line per problem: `FILE:LINE:COLUMN: PROPERTY: "value" why`, escaped for the terminal.
    static func messages(_ error: ICalendarReadError, source: String?) -> [String] {
        error.problems.map { located($0, source: source) }
    }

    /// `FILE:LINE:COLUMN: PROPERTY: "value" why` (each part only when known), escaped for the
    /// terminal: how problems and notes are shown.
    static func located(_ problem: ICalendarReadProblem, source: String?) -> String {
        var located = problem
        located.line = nil
        located.column = nil
        return place(source: source, line: problem.line, column: problem.column)
            + located.text(part: \.printable, message: { TerminalText.escape($0) })
    }
}
