import Foundation
import RecurringAlarms
import RecurringAlarmsStore
import Testing

/// Each launch is a fresh `store-stress defaults` process with `HOME` (and, where given,
/// `XDG_CONFIG_HOME`) in a temporary folder, so it finds the suite's file where an app on that
/// system would, and no test touches the real home folder.
@Suite("UserDefaults store across launches", .tags(.endToEnd))
struct UserDefaultsProcessTests {
    static let book = AlarmBook(rules: [rule("wake", at: "07:30"), rule("standup", days: .weekdays, at: "09:15", zone: Zones.newYork)])

    /// Where swift-corelibs-foundation keeps a suite: `$XDG_CONFIG_HOME/<suite>.plist` when that
    /// variable is an absolute path, else `$HOME/.config/<suite>.plist`.
    static let locations: [(name: String, xdgConfigHome: String?, folder: String)] = [
        ("HOME only", nil, "home/.config"),
        ("XDG_CONFIG_HOME set", "xdg-config", "xdg-config")
    ]

    @Test("a book saved by a process that then exits is loaded by the next launch", arguments: locations)
    func savedBookSurvivesExit(name: String, xdgConfigHome: String?, folder: String) throws {
        let helper = try #require(StressHelper.path, StressHelper.notFound)
        try withTemporaryFolder { root throws in
            let launch = Launcher(helper: helper, root: root, xdgConfigHome: xdgConfigHome)
            let bookFile = root.appending(path: "book.json").path
            try writeFile(bookFile, Self.book.jsonData)

            #expect(try launch.run(["save", bookFile]) == (.exited(0), ""), "\(name)")
            #expect(FileManager.default.fileExists(atPath: root.appending(path: folder + "/\(launch.suite).plist").path), "\(name)")
            let (ending, output) = try launch.run(["load"])
            #expect(ending == .exited(0), "\(name)")
            #expect(try AlarmBook(jsonData: Data(output.utf8)) == Self.book, "\(name)")

            #expect(try launch.run(["update", "late"]) == (.exited(0), ""), "\(name)")
            #expect(
                try AlarmBook(jsonData: Data(launch.run(["load"]).output.utf8)).rules.map(\.id) == ["wake", "standup", "late"],
                "\(name)")
        }
    }

    @Test("a suite file that is not a property list is refused by a fresh process, left as it was, and can be moved aside")
    func corruptFileInTheHomeFolder() throws {
        let helper = try #require(StressHelper.path, StressHelper.notFound)
        try withTemporaryFolder { root throws in
            let launch = Launcher(helper: helper, root: root, xdgConfigHome: nil)
            let file = root.appending(path: "home/.config/\(launch.suite).plist").path
            try FileManager.default.createDirectory(atPath: root.appending(path: "home/.config").path, withIntermediateDirectories: true)
            let noise = Data("these bytes are not a property list <".utf8)
            try writeFile(file, noise)
            let refusal =
                "error unreadableDefaultsFile: '\(file)', the UserDefaults file that holds the alarm book, is not a property list, "
                + "so UserDefaults would read it as empty and the next save would replace it; it was left untouched: "
                + "fix or restore it, or call recoverUnreadableBook(now:) to move it aside and start an empty book\n"

            #expect(try launch.run(["load"]) == (.exited(1), refusal))
            #expect(try launch.run(["update", "late"]) == (.exited(1), refusal))
            #expect(contents(of: file) == [UInt8](noise))

            #expect(try launch.run(["recover"]) == (.exited(0), file + ".corrupt-20261201T073000Z\n"))
            #expect(contents(of: file + ".corrupt-20261201T073000Z") == [UInt8](noise))
            #expect(try launch.run(["update", "late"]) == (.exited(0), ""))
            #expect(try AlarmBook(jsonData: Data(launch.run(["load"]).output.utf8)).rules.map(\.id) == ["late"])
        }
    }
}

/// Runs `store-stress defaults <suite> …` with `HOME` at `<root>/home`, and `XDG_CONFIG_HOME`
/// at `<root>/<xdgConfigHome>` when given (else unset).
private struct Launcher {
    let helper: String
    let root: URL
    let xdgConfigHome: String?
    let suite = "com.example.alarms-\(UUID().uuidString)"

    func run(_ arguments: [String]) throws -> (ending: ChildProcess.Ending, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = root.appending(path: "home").path
        environment["XDG_CONFIG_HOME"] = xdgConfigHome.map { root.appending(path: $0).path }
        let outputPath = root.appending(path: "output-\(UUID().uuidString)").path
        let ending = try ChildProcess.run(helper, ["defaults", suite] + arguments, outputPath: outputPath, environment: environment)
        return (ending, String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self))
    }
}
