import Foundation
import RecurringAlarms

/// `alarms plan`: which fires to register now, as a table or JSON.
enum PlanCommand: CLICommand {
    static let name = "plan"
    static let summary = "List the fires to register now, soonest first."
    static let usage =
        "alarms plan [--rules FILE | --store PATH] [--now TIME] [--time-zone IANA] [--cap N] [--horizon-days N] [--format table|json]"
    static let options: [OptionSpec] = [
        CommonOptions.rules, CommonOptions.store, CommonOptions.now, CommonOptions.timeZone,
        .value("cap", "N", "Most fires to plan, 0...10000. Default: 64 (the iOS limit)."),
        .value("horizon-days", "N", "Window length in days of 24 h, 0...366. Default: 7."),
        CommonOptions.format
    ]
    static let discussion = "From the alarm book, snoozes are planned and skip-next requests applied, as an app would plan them."

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        _ = try invocation.positionals(max: 0, hint: "the rule file is given with '--rules FILE'")
        let cap = try invocation.integer("cap", range: 0...10_000, default: PlanOptions.defaultCap)
        let days = try invocation.integer("horizon-days", range: 0...366, default: 7)
        let format = try invocation.format()
        let context = try invocation.timeContext()
        let loaded = try invocation.loadBook()

        let planOptions = PlanOptions(deviceTimeZone: context.timeZone, cap: cap, horizon: TimeInterval(days) * 86_400)
        let result = try loaded.plan(now: context.now, options: planOptions)
        switch format {
        case .json: return PlanDocument(result).terminalText
        case .table: return PlanTable.render(result, labels: loaded.labels, palette: invocation.palette)
        }
    }
}
