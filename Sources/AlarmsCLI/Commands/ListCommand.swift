import Foundation
import RecurringAlarms
import RecurringAlarmsStore

/// `alarms list`: the rules in a table, with the details that do not fit a row on an
/// indented line below it.
enum ListCommand: CLICommand {
    static let name = "list"
    static let summary = "List the rules: days or date, times, zone, state."
    static let usage = "alarms list [--rules FILE | --store PATH] [--time-zone IANA] [--now TIME] [--format table|json]"
    static let options: [OptionSpec] = [
        CommonOptions.rules, CommonOptions.store, CommonOptions.now, CommonOptions.timeZone, CommonOptions.format
    ]
    static let discussion = """
        Columns: ID; ON (yes, or off for a disabled rule); DAYS OR DATE (daily, weekdays, weekends, day names, \
        or once and a date); TIMES; ZONE (an IANA zone, or floating: the device's zone); LABEL. \
        A line below a rule gives every-N-weeks, start and end dates, skipped dates, skip-next requests, \
        a pending snooze (on the clock of --time-zone) and DST policies other than the defaults.
        """

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        _ = try invocation.positionals(max: 0)
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let loaded = try invocation.loadBook()
        switch format {
        case .json: return ListDocument(loaded, deviceTimeZone: context.timeZone).terminalText
        case .table: return table(loaded, context: context, palette: invocation.palette, width: invocation.outputWidth)
        }
    }

    /// - Parameter width: the widest a line may be; labels and detail lines wrap within it
    ///   (`Int.max` off a terminal).
    static func table(_ loaded: FullBook, context: TimeContext, palette: Palette, width: Int = .max) -> String {
        let book = loaded.book
        let path = loaded.path.printable
        if let noRules = loaded.noRulesText { return noRules }
        var table = TextTable(headers: ["ID", "ON", "DAYS OR DATE", "TIMES", "ZONE", "LABEL"])
        for rule in book.rules {
            table.append([
                rule.id, rule.isEnabled ? "yes" : "off", RuleText.when(rule), RuleText.times(rule),
                RuleText.zone(rule), rule.label ?? ""
            ])
        }
        let rows = table.renderRows(maximumWidth: width, overflow: .wrap)
        let detailIndent = table.columnStart(2)
        var text = palette.bold(String(rows[0].dropLast())) + "\n"
        for (rule, row) in zip(book.rules, rows.dropFirst()) {
            var block = row
            let details = RuleText.details(rule, book: book, deviceTimeZone: context.timeZone)
            if !details.isEmpty {
                block += TextWrap.paragraph(
                    details.joined(separator: "; ").printable,
                    width: width, prefix: String(repeating: " ", count: detailIndent), indent: detailIndent)
            }
            text += rule.isEnabled ? block : block.split(separator: "\n").map { palette.dim(String($0)) + "\n" }.joined()
        }
        let disabled = book.rules.count(where: { !$0.isEnabled })
        text += "\n\(book.rules.count) rule\(book.rules.count == 1 ? "" : "s")\(disabled > 0 ? " (\(disabled) off)" : "") in \(path).\n"
        return text
    }
}
