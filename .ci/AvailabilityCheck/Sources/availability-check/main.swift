// availability-check: the availability check of `.ci/run` (see AvailabilityCheck.swift).
//
//     availability-check [--package-path DIR] [--build-path DIR] [--target NAME]...
//
// Exits 0 when every use is covered, 1 with one `error:` line a finding, 2 when it cannot check.
import AvailabilityCheckKit
import Foundation

var packageDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
var buildDirectory: URL?
var extraTargets: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch (argument, arguments.first) {
    case ("--package-path", let value?):
        packageDirectory = URL(fileURLWithPath: value)
        arguments.removeFirst()
    case ("--build-path", let value?):
        buildDirectory = URL(fileURLWithPath: value)
        arguments.removeFirst()
    case ("--target", let value?):
        extraTargets.append(value)
        arguments.removeFirst()
    default:
        FileHandle.standardError.write(Data("usage: availability-check [--package-path DIR] [--build-path DIR] [--target NAME]...\n".utf8))
        exit(2)
    }
}

let start = Date()
do {
    let report = try AvailabilityCheck.check(packageDirectory: packageDirectory, buildDirectory: buildDirectory, extraTargets: extraTargets)
    for finding in report.findings { print(finding) }
    for platform in report.unmodelledPlatforms {
        FileHandle.standardError.write(
            Data("warning: Package.swift declares \(platform), which the availability check does not model\n".utf8))
    }
    let platforms = report.minimums.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
    let summary =
        "availability check: \(report.fileCount) files of \(report.modules.count) modules (\(report.modules.joined(separator: ", "))) "
        + "against \(platforms) and \(report.catalogSize) declarations with an availability, "
        + String(format: "%.1f s: ", Date().timeIntervalSince(start))
        + (report.findings.isEmpty ? "every use is covered" : "\(report.findings.count) uncovered")
    print(summary)
    exit(report.findings.isEmpty ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("error: availability check: \(error)\n".utf8))
    exit(2)
}
