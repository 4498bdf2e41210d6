import Foundation

/// The machine a run happened on, for the report.
struct Machine: Codable {
    var cores: Int
    var cpu: String
    var memoryGigabytes: Double
    var swift: String
    var system: String
    var build: String

    static func describe() -> Machine {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let cpu =
            cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let memInfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let kilobytes =
            memInfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        let swift =
            (try? ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "--version"]))
            .flatMap { String(data: $0.standardOutput, encoding: .utf8) }?
            .split(separator: "\n").first { $0.contains("Swift version") }.map(String.init) ?? "unknown"
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        return Machine(
            cores: ProcessInfo.processInfo.activeProcessorCount, cpu: cpu, memoryGigabytes: kilobytes / 1_048_576,
            swift: swift, system: ProcessInfo.processInfo.operatingSystemVersionString, build: build)
    }
}
