import Foundation
import RecurringAlarms

// JSONValue(parsing:): any bytes end in a value or a JSONSyntaxError with a position
// inside the input; a value written compact or pretty reads back as the same value, and
// writing what was read back gives the same bytes.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let value: JSONValue
    do throws(JSONSyntaxError) {
        value = try JSONValue(parsing: bytes)
    } catch {
        let (message, line, column) = (error.message, error.line, error.column)
        let lines = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        require(!message.isEmpty, "an empty error message")
        require((1...lines).contains(line), "line \(line) outside the input's \(lines) lines")
        require(column >= 1 && column <= bytes.count + 1, "column \(column) outside the input (\(bytes.count) bytes)")
        require(!error.description.isEmpty, "an empty error description")
        return 0
    }
    for written in [Data(value.jsonText.utf8), value.prettyData] {
        guard let again = try? JSONValue(parsing: written) else {
            fail("written JSON does not parse: \(String(decoding: written, as: UTF8.self))")
        }
        require(again == value, "written JSON reads back as a different value: \(again.jsonText) != \(value.jsonText)")
        require(again.prettyData == value.prettyData, "writing is not stable")
    }
    return 0
}
