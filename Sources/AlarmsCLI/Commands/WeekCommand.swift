import Foundation
import RecurringAlarms

/// `alarms week`: the plan as a picture, days across and hours down on the device's clock.
enum WeekCommand: CLICommand {
    static let name = "week"
    static let summary = "Draw the planned fires as a week grid on your clock."
    static let usage =
        "alarms week [--rules FILE | --store PATH] [--now TIME] [--time-zone IANA] [--cap N] [--horizon-days N | --fill-cap [--max-days N]]"
    static let options: [OptionSpec] =
        PlanCommand.planningOptions + [
            .refused(
                "format", "the week is a picture, with no JSON or other form",
                hint: "'alarms plan --format json' gives the same fires as data")
        ]
    static let discussion = """
        The fires of 'alarms plan' with the same options, each in the cell of its day and hour on the device's \
        clock (--time-zone) as ':MM rule'. Only hours with a fire get a row; a cell lists up to 3 fires, then \
        counts the rest. Marks: * fires later because a forward clock change skipped its time, ¹ and ² the \
        first and second of a time that occurs twice when clocks go back, ~ a snooze. A key below the grid \
        gives each rule's zone and label. The grid keeps to the terminal's width (80 columns off a terminal); windows longer than fit are drawn a week at a time.

        There is no JSON form of this picture; 'alarms plan --format json' gives the same fires as data.
        """

    /// The width the grid keeps within off a terminal, where output has no width of its own.
    static let width = 80

    static func run(_ invocation: CommandInvocation) throws(CLIError) -> String {
        let (plan, loaded, _) = try PlanCommand.plan(invocation)
        if let missing = loaded.source.missingBookText { return missing }
        // On a terminal, its width (COLUMNS, else the size it reports); a file or pipe gets 80.
        let width = invocation.outputWidth == .max ? Self.width : invocation.outputWidth
        return WeekGrid.render(plan, labels: loaded.labels(for: plan), width: width, palette: invocation.palette)
    }
}
