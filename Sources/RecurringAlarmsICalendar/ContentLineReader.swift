import RecurringAlarms

/// One unfolded content line, `NAME;PARAM=VALUE:value`, with where each of its bytes came from
/// in the folded text so that problems point at the original line and column.
struct ContentLine: Sendable {
    /// One `NAME=value,value` parameter; the name upper-cased, the values unquoted.
    struct Parameter: Sendable {
        var name: String
        var values: [String]
        /// The offset of the name in the unfolded line, for messages.
        var offset: Int
    }

    /// The property name, upper-cased (names are case-insensitive, RFC 5545 §3.1).
    var name: String
    var parameters: [Parameter]
    /// The value as written, still escaped.
    var value: String
    /// Where the logical line's pieces start: (offset in the unfolded line, line, column).
    var pieces: [(offset: Int, line: Int, column: Int)]
    /// The value's offset in the unfolded line.
    var valueOffset: Int
    /// `false` for a line that could not be read, already reported: it keeps only its name,
    /// so that its component knows the property was there.
    var isReadable = true

    /// The one value of parameter `name` (upper-case), if present; `nil` with a problem when it
    /// is given twice or with several values, as reading either would be a guess.
    ///
    /// `DTSTART;TZID=Asia/Tokyo;TZID=Europe/Berlin:…` and `TZID=Europe/Berlin,Asia/Tokyo` both
    /// name two zones for one time.
    func singleParameter(_ name: String, problems: inout [ICalendarReadProblem]) -> String? {
        let given = parameters.filter { $0.name == name }
        guard let first = given.first else { return nil }
        func written(_ parameter: Parameter) -> String { parameter.name + "=" + parameter.values.joined(separator: ",") }
        func report(_ parameter: Parameter, _ message: String) -> String? {
            let position = position(ofOffset: parameter.offset)
            problems.append(
                ICalendarReadProblem(
                    line: position.line, column: position.column, property: self.name, value: written(parameter).truncatedForMessage,
                    message: message))
            return nil
        }
        if given.count > 1 {
            return report(given[1], "gives \(name) a second time (first \(written(first))); expected it once, so that it is not ambiguous")
        }
        if first.values.count > 1 {
            return report(first, "gives \(name) \(first.values.count) values; expected one, so that it is not ambiguous")
        }
        return first.values[0]
    }

    /// The 1-based line and column in the folded text of byte `offset` of the unfolded line.
    func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        var piece = pieces[0]
        for candidate in pieces where candidate.offset <= offset { piece = candidate }
        return (piece.line, piece.column + (offset - piece.offset))
    }

    var line: Int { pieces[0].line }
    var valuePosition: (line: Int, column: Int) { position(ofOffset: valueOffset) }
}

/// A `BEGIN:NAME` … `END:NAME` block with its properties and nested components.
struct ICalendarComponent: Sendable {
    var name: String
    var line: Int
    var column: Int
    /// The line of its `END` (or of what ended it: an outer component's `END`, the end of the
    /// text): with ``line``, the lines a problem must be on to be this component's.
    var endLine: Int = .max
    var properties: [ContentLine] = []
    var children: [ICalendarComponent] = []

    /// Every readable property called `name` (upper-case).
    func properties(named name: String) -> [ContentLine] { properties.filter { $0.name == name && $0.isReadable } }
}

/// Splits RFC 5545 text into unfolded content lines and nests them into components.
///
/// Folding (§3.1): a line break (CRLF, or a bare LF as many writers emit) followed by one space
/// or tab continues the previous line. Blank lines are skipped, and so is a UTF-8 byte-order mark
/// at the start (Outlook writes one). Every malformed line is reported and skipped, so one pass
/// finds every problem; nothing here traps on any input.
enum ContentLineReader {
    /// Components nest no deeper than this (a calendar, an event, an alarm is 3): a hostile
    /// file cannot make the nesting, or what walks it, deep.
    static let maximumDepth = 16

    /// The top-level components (each `VCALENDAR`), and every problem met.
    static func components(
        of bytes: [UInt8], limits: ICalendar.ReadLimits, problems: inout [ICalendarReadProblem]
    ) -> [ICalendarComponent] {
        guard bytes.count <= limits.maximumBytes else {
            problems.append(
                ICalendarReadProblem(
                    line: 1, column: 1, property: nil, value: nil,
                    message: "the text is \(bytes.count) bytes; the limit is \(limits.maximumBytes) bytes"))
            return []
        }
        var lines: [ContentLine] = []
        var lineProblems: [ICalendarReadProblem] = []
        // Columns count from after the mark, as an editor that hides it shows them.
        let text = bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(byteOrderMark.count)) : bytes
        guard unfold(text, limits: limits, into: &lines, problems: &lineProblems) else {
            problems += lineProblems
            return []
        }
        problems += lineProblems
        if lines.isEmpty && problems.isEmpty {
            problems.append(
                ICalendarReadProblem(
                    line: 1, column: 1, property: nil, value: nil,
                    message:
                        "the text \(text.isEmpty ? "is empty" : "has only blank lines"); expected an iCalendar calendar, BEGIN:VCALENDAR … END:VCALENDAR"
                ))
        }
        return nest(lines, problems: &problems)
    }

    /// The UTF-8 encoding of U+FEFF, which some writers put before the text.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// One content line given on its own (`DTSTART;TZID=Europe/Berlin:20261201T073000`), or
    /// `nil` with a problem.
    static func line(_ text: String, problems: inout [ICalendarReadProblem]) -> ContentLine? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, let line = parse(bytes, pieces: [(0, 1, 1)], problems: &problems), line.isReadable else { return nil }
        return line
    }

    /// Unfolds `bytes` into content lines; `false` when the line limit stops the reading.
    private static func unfold(
        _ bytes: [UInt8], limits: ICalendar.ReadLimits, into lines: inout [ContentLine], problems: inout [ICalendarReadProblem]
    ) -> Bool {
        var logical: [UInt8] = []
        var pieces: [(offset: Int, line: Int, column: Int)] = []
        func finish() {
            if !pieces.isEmpty, !logical.isEmpty, let line = parse(logical, pieces: pieces, problems: &problems) {
                lines.append(line)
            }
            logical.removeAll(keepingCapacity: true)
            pieces.removeAll()
        }
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            if lineNumber > limits.maximumLines {
                problems.append(
                    ICalendarReadProblem(
                        line: lineNumber, column: 1, property: nil, value: nil,
                        message: "the text has more than \(limits.maximumLines) lines, the limit"))
                return false
            }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            if contentEnd > start, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
                if pieces.isEmpty {
                    problems.append(
                        ICalendarReadProblem(
                            line: lineNumber, column: 1, property: nil, value: nil,
                            message: "a continuation line (starting with a space or tab) follows no content line"))
                } else {
                    pieces.append((logical.count, lineNumber, 2))
                    logical += bytes[(start + 1)..<contentEnd]
                }
            } else {
                finish()
                if contentEnd > start {
                    pieces.append((0, lineNumber, 1))
                    logical += bytes[start..<contentEnd]
                }
            }
            start = end + 1
        }
        finish()
        return true
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// A control character other than tab, which RFC 5545 allows nowhere in a content line.
    static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }

    /// Parses `NAME *(;PARAM) : value`. A malformed line is reported and comes back unreadable
    /// with its name, or `nil` when it has none.
    private static func parse(
        _ bytes: [UInt8], pieces: [(offset: Int, line: Int, column: Int)], problems: inout [ICalendarReadProblem]
    ) -> ContentLine? {
        var line = ContentLine(name: "", parameters: [], value: "", pieces: pieces, valueOffset: 0)
        func fail(at offset: Int, _ message: String) -> ContentLine? {
            let position = line.position(ofOffset: offset)
            let property = line.name.isEmpty ? nil : line.name
            problems.append(
                ICalendarReadProblem(line: position.line, column: position.column, property: property, value: nil, message: message))
            guard property != nil else { return nil }
            line.parameters = []
            line.isReadable = false
            return line
        }
        func name(from start: Int) -> (String, Int) {
            var end = start
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            return (String(decoding: bytes[start..<end], as: UTF8.self).uppercased(), end)
        }
        var index: Int
        (line.name, index) = name(from: 0)
        if line.name.isEmpty {
            return fail(at: 0, "expected a property name (letters, digits and '-') at the start of the line")
        }
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            let (parameterName, afterName) = name(from: index + 1)
            if parameterName.isEmpty { return fail(at: index + 1, "expected a parameter name (letters, digits and '-') after ';'") }
            guard afterName < bytes.count, bytes[afterName] == UInt8(ascii: "=") else {
                return fail(at: afterName, "expected '=' after parameter \(parameterName)")
            }
            var parameter = ContentLine.Parameter(name: parameterName, values: [], offset: index + 1)
            index = afterName
            repeat {
                index += 1   // past '=' or ','
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    var end = index + 1
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), !isControl(bytes[end]) { end += 1 }
                    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else {
                        return fail(at: index, "parameter \(parameterName) has a quoted value with no closing '\"'")
                    }
                    guard let text = WellFormedUTF8.string(bytes[(index + 1)..<end]) else {
                        return fail(at: index, "parameter \(parameterName) is not valid UTF-8")
                    }
                    parameter.values.append(text)
                    index = end + 1
                } else {
                    var end = index
                    while end < bytes.count, !isControl(bytes[end]),
                        ![UInt8(ascii: "\""), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ",")].contains(bytes[end])
                    {
                        end += 1
                    }
                    guard let text = WellFormedUTF8.string(bytes[index..<end]) else {
                        return fail(at: index, "parameter \(parameterName) is not valid UTF-8")
                    }
                    parameter.values.append(text)
                    index = end
                }
            } while index < bytes.count && bytes[index] == UInt8(ascii: ",")
            line.parameters.append(parameter)
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            return fail(at: index, "expected ':' before the value of \(line.name)")
        }
        line.valueOffset = index + 1
        if let control = bytes[(index + 1)...].firstIndex(where: isControl) {
            return fail(at: control, "the value contains a control character (byte \(bytes[control])), which RFC 5545 does not allow")
        }
        guard let value = WellFormedUTF8.string(bytes[(index + 1)...]) else {
            return fail(at: index + 1, "the value is not valid UTF-8")
        }
        line.value = value
        return line
    }

    /// Nests lines into components by `BEGIN`/`END`; a mismatched `END` or an unclosed
    /// `BEGIN` is a problem, and content outside any component too. A component other than
    /// `VCALENDAR` at the top is kept: the caller decides what it means.
    private static func nest(_ lines: [ContentLine], problems: inout [ICalendarReadProblem]) -> [ICalendarComponent] {
        var top: [ICalendarComponent] = []
        var stack: [ICalendarComponent] = []
        func report(_ line: ContentLine, _ message: String) {
            let position = line.valuePosition
            problems.append(
                ICalendarReadProblem(
                    line: position.line, column: position.column, property: line.name, value: line.value.truncatedForMessage,
                    message: message))
        }
        func close(at endLine: Int) {
            var finished = stack.removeLast()
            finished.endLine = endLine
            if stack.isEmpty { top.append(finished) } else { stack[stack.count - 1].children.append(finished) }
        }
        for line in lines {
            guard line.isReadable else {
                // Its problem is reported; a property still tells its component it was given.
                if !stack.isEmpty, line.name != "BEGIN", line.name != "END" { stack[stack.count - 1].properties.append(line) }
                continue
            }
            switch line.name {
            case "BEGIN":
                let name = line.value.uppercased()
                guard !name.isEmpty, name.utf8.allSatisfy(isNameByte) else {
                    report(line, "is not a component name; expected letters, digits and '-' such as VEVENT")
                    continue
                }
                guard stack.count < maximumDepth else {
                    report(line, "nests components deeper than \(maximumDepth) levels, the limit")
                    return top
                }
                let position = line.valuePosition
                stack.append(ICalendarComponent(name: name, line: line.line, column: position.column))
            case "END":
                let name = line.value.uppercased()
                guard let open = stack.last else {
                    report(line, "closes a component that was never opened")
                    continue
                }
                if open.name == name {
                    close(at: line.line)
                } else if stack.contains(where: { $0.name == name }) {
                    while let inner = stack.last, inner.name != name {
                        problems.append(
                            ICalendarReadProblem(
                                line: inner.line, column: inner.column, property: "BEGIN", value: inner.name,
                                message: "is not closed before END:\(name) at line \(line.line); expected END:\(inner.name)"))
                        close(at: line.line)
                    }
                    close(at: line.line)
                } else {
                    report(line, "does not match BEGIN:\(open.name) at line \(open.line); expected END:\(open.name)")
                }
            default:
                if stack.isEmpty {
                    report(line, "is outside any component; expected it inside BEGIN:VCALENDAR … END:VCALENDAR")
                } else {
                    stack[stack.count - 1].properties.append(line)
                }
            }
        }
        while let open = stack.last {
            problems.append(
                ICalendarReadProblem(
                    line: open.line, column: open.column, property: "BEGIN", value: open.name,
                    message: "is never closed; expected END:\(open.name)"))
            close(at: lines.last.map { $0.pieces[$0.pieces.count - 1].line } ?? open.line)
        }
        return top
    }
}
