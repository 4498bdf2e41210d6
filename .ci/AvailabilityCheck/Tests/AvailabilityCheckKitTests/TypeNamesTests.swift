import Foundation
import Testing

@testable import AvailabilityCheckKit

@Suite("Naming the types inside mangled type strings")
struct TypeNamesTests {
    @Test("The demangler's tree names a type, its generic arguments and enclosing types, through extensions")
    func parse() throws {
        let toolchain = try Toolchain.fromPath()
        let strings = [
            "$s15Synchronization5MutexVySiGD",   // Mutex<Int>
            "$sSaySiGD",   // [Int]
            "$sSS10FoundationE8EncodingVD",   // String.Encoding, declared in an extension
            "$sSD5IndexVySSSi_GD",   // Dictionary<String, Int>.Index
            "$sSi15SynchronizationE20AtomicRepresentationaD",   // a type alias in an extension
            "$s15Synchronization5MutexVD",   // a USR's type, as the catalog demangles it
            "not mangled"
        ]
        let demangled = try TypeNames.demangle(strings, demangler: toolchain.demangler)
        #expect(
            demangled["$s15Synchronization5MutexVySiGD"]
                == .init(name: "Synchronization.Mutex", mentions: ["Synchronization.Mutex", "Swift.Int"]))
        #expect(demangled["$sSaySiGD"] == .init(name: "Swift.Array", mentions: ["Swift.Array", "Swift.Int"]))
        #expect(
            demangled["$sSS10FoundationE8EncodingVD"]
                == .init(name: "Swift.String.Encoding", mentions: ["Swift.String.Encoding", "Swift.String"]))
        #expect(
            demangled["$sSD5IndexVySSSi_GD"]
                == .init(
                    name: "Swift.Dictionary.Index", mentions: ["Swift.Dictionary.Index", "Swift.Dictionary", "Swift.String", "Swift.Int"]))
        #expect(demangled["$sSi15SynchronizationE20AtomicRepresentationaD"]?.name == "Swift.Int.AtomicRepresentation")
        #expect(demangled["$s15Synchronization5MutexVD"]?.name == "Synchronization.Mutex")
        #expect(demangled["not mangled"]?.mentions ?? [] == [])
        #expect(TypeNames.mangledType(ofUSR: "s:15Synchronization5MutexV") == "$s15Synchronization5MutexVD")
    }
}
