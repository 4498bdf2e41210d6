import Foundation

/// The most bytes a command reads from one input (a rule file, a book named by `--rules`, a
/// case file, an iCalendar file): a safety limit so that `/dev/zero` or a runaway pipe cannot
/// exhaust memory, set by `--max-input-size SIZE`, else `$ALARMS_MAX_INPUT_SIZE`, else
/// ``defaultBytes``.
struct InputLimit: Equatable {
    /// 512 MiB: a file of a million rules shaped like the benchmarks' (160.6 MB,
    /// Docs/Benchmarks.md) reads with room to spare.
    static let defaultBytes = 512 << 20
    /// The largest limit accepted, 1024 GiB: far beyond any real rule set.
    static let maximumBytes = 1 << 40

    static let optionName = "max-input-size"
    static let variableName = "ALARMS_MAX_INPUT_SIZE"

    let bytes: Int
    /// Where the limit came from, for messages: `'--max-input-size 64M'`, `ALARMS_MAX_INPUT_SIZE=64M`
    /// or `the default`.
    let source: String

    static let standard = InputLimit(bytes: defaultBytes, source: "the default")

    /// `SIZE`: a whole number of bytes, or of KiB, MiB or GiB with a `K`, `M` or `G` suffix
    /// (either case), from 1 byte to ``maximumBytes``; `nil` for anything else.
    static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        var unit = 1
        switch text.last {
        case "k", "K": unit = 1 << 10
        case "m", "M": unit = 1 << 20
        case "g", "G": unit = 1 << 30
        default: break
        }
        if unit > 1 { digits = digits.dropLast() }
        guard digits.count <= 15, ValueParsers.isDigits(digits), let count = Int(digits) else {
            return nil
        }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow, (1...maximumBytes).contains(bytes) else { return nil }
        return bytes
    }

    /// `bytes` in the largest unit that divides it: `512M`, `1G`, `64K`, `1000` (bytes).
    static func describe(_ bytes: Int) -> String {
        for (unit, suffix) in [(1 << 30, "G"), (1 << 20, "M"), (1 << 10, "K")] where bytes % unit == 0 {
            return "\(bytes / unit)\(suffix)"
        }
        return "\(bytes)"
    }

    /// The error for an input named `name` that is larger than the limit.
    func tooLarge(_ name: String) -> CLIError {
        .failure(
            "cannot read '\(name)': larger than the input limit of \(Self.describe(bytes)) (\(source))",
            hint:
                "raise the limit with '--\(Self.optionName) SIZE' or \(Self.variableName), in bytes or with K, M or G, such as '--\(Self.optionName) 2G'"
        )
    }
}

/// `--max-input-size`, on every command that reads a rule file, a book file given as a file,
/// a case file or an iCalendar file.
extension CommonOptions {
    static let maxInputSize = OptionSpec.value(
        InputLimit.optionName, "SIZE",
        "Refuse inputs larger than this: bytes, or K, M or G (KiB, MiB, GiB) such as 1G. Default: $ALARMS_MAX_INPUT_SIZE, else 512M.")
}

extension CommandInvocation {
    /// The input limit from `--max-input-size`, else `$ALARMS_MAX_INPUT_SIZE`, else 512 MiB.
    func inputLimit() throws(CLIError) -> InputLimit {
        let given: (text: String, source: String)
        if let option = parsed.value(InputLimit.optionName) {
            given = (option, "'--\(InputLimit.optionName)'")
        } else if let variable = environment[InputLimit.variableName], !variable.isEmpty {
            given = (variable, InputLimit.variableName)
        } else {
            return .standard
        }
        guard let bytes = InputLimit.parse(given.text) else {
            throw usageError(
                "invalid value for \(given.source): '\(given.text.truncatedForDisplay)'",
                hint: "expected a size in bytes, or with K, M or G (KiB, MiB, GiB), from 1 to 1024G, such as 512M")
        }
        let shown = InputLimit.describe(bytes)
        return InputLimit(
            bytes: bytes,
            source: given.source == InputLimit.variableName
                ? "\(InputLimit.variableName)=\(shown)" : "'--\(InputLimit.optionName) \(shown)'")
    }

    /// The bytes of the input `path` (`-` for standard input), within ``inputLimit()``.
    func readInput(_ path: String) throws(CLIError) -> Data {
        try BoundedFileReader.read(path, standardInput: context.standardInput, limit: inputLimit())
    }
}
