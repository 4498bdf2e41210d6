import Foundation
import Testing

/// Docs/iOS.md's "What each backend misses" tables, rerun through the in-process CLI.
@Suite("Docs/iOS.md backend table")
struct BackendTableTests {
    /// A table of misses in Docs/iOS.md: its book, and per (backend, strategy) row the missed
    /// count under each open interval of the header.
    struct Table {
        let book: String
        let intervals: [String]
        var rows: [String: [String: Int]] = [:]
    }

    /// The tables of the section that starts with `heading`, read from the Markdown: a header
    /// row naming the book, then rows of numbers (thousands written `4,030`). With `backendColumn`,
    /// a row's key is `backend strategy`, else `notifications strategy`.
    static func tables(under heading: String, backendColumn: Bool) throws -> [Table] {
        let guide = try String(contentsOf: AlarmsProcess.packageRoot.appending(path: "Docs/iOS.md"), encoding: .utf8)
        let start = try #require(guide.range(of: "\n" + heading + "\n"))
        let rest = guide[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        var tables: [Table] = []
        for line in rest[..<end].split(separator: "\n") where line.hasPrefix("|") && !line.hasPrefix("|---") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if let book = cells.first, book.contains("Docs/Examples/") {
                let name = String(book.split(separator: "`")[0])
                tables.append(Table(book: name, intervals: Array(cells.dropFirst(backendColumn ? 2 : 1))))
                continue
            }
            guard var table = tables.popLast() else { continue }
            let strategy = (backendColumn ? cells[1] : cells[0]).replacingOccurrences(of: "`", with: "")
            let backend = backendColumn ? cells[0] : "notifications"
            let numbers = cells.dropFirst(backendColumn ? 2 : 1).map { Int($0.replacingOccurrences(of: ",", with: "")) ?? -1 }
            table.rows["\(backend) \(strategy)"] = Dictionary(uniqueKeysWithValues: zip(table.intervals, numbers))
            tables.append(table)
        }
        return tables
    }

    static let heading = "### What each backend misses"

    @Test("both books have a table with both backends' rows for every strategy and interval")
    func tablesAreComplete() throws {
        let tables = try Self.tables(under: Self.heading, backendColumn: true)
        #expect(tables.map(\.book) == ["Docs/Examples/alarms.json", "Docs/Examples/busy.json"])
        for table in tables {
            #expect(table.intervals == ["1 d", "6 d", "10 d", "30 d", "never"])
            for backend in ["notifications", "alarmkit"] {
                for strategy in ["rolling", "fill-cap", "hybrid"] {
                    let row = try #require(table.rows["\(backend) \(strategy)"], "\(table.book): no \(backend) \(strategy) row")
                    #expect(row.count == 5 && row.values.allSatisfy { $0 >= 0 })
                }
            }
        }
    }

    @Test("its notifications rows are the Strategies section's tables")
    func notificationRowsMatchTheStrategiesTables() throws {
        let backends = try Self.tables(under: Self.heading, backendColumn: true)
        let strategies = try Self.tables(under: "## Strategies: what rings when the app is not opened", backendColumn: false)
        #expect(strategies.map(\.book) == backends.map(\.book))
        for (strategyTable, backendTable) in zip(strategies, backends) {
            #expect(!strategyTable.rows.isEmpty)
            for (key, row) in strategyTable.rows { #expect(backendTable.rows[key] == row, "\(strategyTable.book) \(key)") }
        }
    }

    static let cells: [(book: String, strategy: String, interval: String)] = ["alarms", "busy"].flatMap { book in
        ["rolling", "fill-cap", "hybrid"].flatMap { strategy in [(book, strategy, "never"), (book, strategy, "1 d")] }
    }

    @Test("an alarmkit cell is what the simulator prints today", arguments: cells)
    func alarmKitCell(book: String, strategy: String, interval: String) async throws {
        let table = try #require(try Self.tables(under: Self.heading, backendColumn: true).first { $0.book.hasSuffix("/\(book).json") })
        let documented = try #require(table.rows["alarmkit \(strategy)"]?[interval])
        let output = try await AlarmsProcess.run([
            "simulate", "--rules", "Docs/Examples/\(book).json", "--now", "2026-11-30T08:00:00+01:00",
            "--time-zone", "Europe/Berlin", "--days", "365", "--open-every", interval == "never" ? "never" : "1d",
            "--strategy", strategy, "--backend", "alarmkit", "--format", "json"
        ])
        #expect(output.exitCode == 0)
        let summary = try #require(try jsonObject(output.standardOutput)["summary"] as? [String: Any])
        #expect(summary["missed"] as? Int == documented)
    }
}
