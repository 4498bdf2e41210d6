import Foundation

// alarms-benchmarks: see Docs/Benchmarks.md. From the repository's root:
//
//   swift run -c release --package-path Benchmarks alarms-benchmarks            every case, Markdown table
//   swift run -c release --package-path Benchmarks alarms-benchmarks --json     the same as JSON
//   swift run --package-path Benchmarks alarms-benchmarks --quick               every case once at small sizes, verified (CI)
//   swift run -c release --package-path Benchmarks alarms-benchmarks --compare  baselines' disagreements with the engine

let usage = """
    usage: alarms-benchmarks [--quick] [--json] [--json-file PATH] [--filter PREFIX]... [--in-process]
           alarms-benchmarks --compare [--rules N]

      --quick          run every case once at small sizes and verify it; exit 1 on any mismatch
      --json           print the report as JSON instead of Markdown
      --json-file PATH also write the JSON report to PATH
      --filter PREFIX  run only cases whose name starts with PREFIX (repeatable), e.g. plan/ or expand
      --in-process     run cases in this process (peak memory then covers all of them)
      --compare        list every kind of disagreement between the baselines and the engine
      --rules N        rule count for --compare (default 10000)
    """

struct Options {
    var quick = false
    var json = false
    var jsonFile: String?
    var filters: [String] = []
    var inProcess = false
    var compare = false
    var compareRules = 10_000
    /// Internal: run one case and print its result as JSON (the parent runs each case this way).
    var runCase: String?

    init(_ arguments: [String]) {
        var remaining = arguments[...]
        func value(_ option: String) -> String {
            guard let value = remaining.popFirst() else { fail("missing value for '\(option)'") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json": json = true
            case "--json-file": jsonFile = value(argument)
            case "--filter": filters.append(value(argument))
            case "--in-process": inProcess = true
            case "--compare": compare = true
            case "--rules":
                guard let count = Int(value(argument)), count > 0 else { fail("invalid value for '--rules'") }
                compareRules = count
            case "--run-case": runCase = value(argument)
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown argument '\(argument)'")
            }
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\(usage)\n".utf8))
    exit(64)
}

if CommandLine.arguments.dropFirst().first == PeakMemory.wrapperOption {
    PeakMemory.runWrapper(Array(CommandLine.arguments.dropFirst(2)))
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let specs = Registry.cases(quick: options.quick)
let cores = ProcessInfo.processInfo.activeProcessorCount

if let name = options.runCase {
    guard let spec = specs.first(where: { $0.name == name }) else { fail("no case named '\(name)'") }
    if spec.oneCore && !pinToOneCPU() {
        print(String(decoding: try! JSONEncoder().encode(CaseResult.failed(spec, "cannot pin to one CPU on this system")), as: UTF8.self))
        exit(1)
    }
    let result = runCase(spec, cores: spec.oneCore ? 1 : cores)
    Scratch.remove()
    print(String(decoding: try! JSONEncoder().encode(result), as: UTF8.self))
    exit(result.error == nil ? 0 : 1)
}

if options.compare {
    print(Comparison.report(rules: options.compareRules))
    exit(0)
}

// One-core cases pin their process to one CPU, which only a process of their own can do.
let selected = specs.filter { spec in
    (options.filters.isEmpty || options.filters.contains { spec.name.hasPrefix($0) }) && !(options.inProcess && spec.oneCore)
}
guard !selected.isEmpty else { fail("no case matches \(options.filters.map { "'\($0)'" }.joined(separator: ", "))") }

var results: [CaseResult] = []
for (index, spec) in selected.enumerated() {
    FileHandle.standardError.write(Data("[\(index + 1)/\(selected.count)] \(spec.name)…".utf8))
    let start = Stopwatch.now()
    let result: CaseResult
    if options.inProcess {
        result = runCase(spec, cores: spec.oneCore ? 1 : cores)
        Scratch.remove()
    } else {
        var arguments = ["--run-case", spec.name]
        if options.quick { arguments.append("--quick") }
        let output = try? ChildProcess.run(ChildProcess.ownExecutable, arguments)
        let line = output.flatMap { String(data: $0.standardOutput, encoding: .utf8) }?.split(separator: "\n").last
        result =
            line.flatMap { try? JSONDecoder().decode(CaseResult.self, from: Data($0.utf8)) }
            ?? .failed(spec, "the case process exited with status \(output?.status ?? -1) and no result")
    }
    let elapsed = Double(Stopwatch.now() - start) / 1e9
    let summary = result.error.map { "FAILED: \($0)" } ?? "\(Format.duration(result.medianSeconds)) per operation"
    FileHandle.standardError.write(Data(" \(summary) (\(String(format: "%.1f", elapsed)) s)\n".utf8))
    results.append(result)
}

let command = "alarms-benchmarks " + CommandLine.arguments.dropFirst().joined(separator: " ")
let report = Report(
    command: command.trimmingCharacters(in: .whitespaces), mode: options.quick ? "quick" : "full",
    machine: Machine.describe(), cases: results)
print(options.json ? report.json : report.markdown)
if let path = options.jsonFile {
    do {
        try Data(report.json.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        FileHandle.standardError.write(Data("error: cannot write '\(path)': \(error)\n".utf8))
        exit(1)
    }
}
let failures = results.filter { $0.error != nil }
if !failures.isEmpty {
    FileHandle.standardError.write(Data("error: \(failures.count) case(s) failed: \(failures.map(\.name).joined(separator: ", "))\n".utf8))
    exit(1)
}
