// store-stress: a child process for the store's crash-safety, lost-update and
// permission tests. It is not part of any product.
//
//   store-stress alternate <file> <book-a> <book-b> <ready-file>
//       Saves the books read from <book-a> and <book-b> to <file>, alternately, until killed
//       (or for 60 s at most, or until its parent goes away). Creates <ready-file> after the
//       first save.
//   store-stress increment <file> <count>
//       Runs <count> updates, each adding 1 to the label of rule "counter" (created at 0).
//   store-stress probe <file> <load|save|update> [--as-nobody]
//       Runs one operation and prints "ok" or "error <case>: <description>". With
//       --as-nobody (needs root) it first drops to uid/gid 65534, so permissions apply.
//
// Exit status: 0 done, 1 store error, 64 usage error.

import Foundation
import RecurringAlarms
import RecurringAlarmsStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data(("store-stress: error: " + message + "\n").utf8))
    exit(status)
}

func caseName(_ error: AlarmStoreError) -> String {
    switch error {
    case .empty: "empty"
    case .truncated: "truncated"
    case .malformedJSON: "malformedJSON"
    case .binary: "binary"
    case .newerVersion: "newerVersion"
    case .invalid: "invalid"
    case .unreadableDefaultsFile: "unreadableDefaultsFile"
    case .invalidBook: "invalidBook"
    case .permissionDenied: "permissionDenied"
    case .io: "io"
    case .unknownRule: "unknownRule"
    case .nothingToSkip: "nothingToSkip"
    }
}

func alternate(_ arguments: [String]) {
    guard arguments.count == 4 else { fail("usage: alternate <file> <book-a> <book-b> <ready-file>", status: 64) }
    let store = JSONFileStore(path: arguments[0])
    let books: [AlarmBook]
    do {
        books = [try JSONFileStore(path: arguments[1]).load(), try JSONFileStore(path: arguments[2]).load()]
    } catch {
        fail("cannot read the books: \(error)")
    }
    let parent = getppid()
    let deadline = Date().addingTimeInterval(60)
    var round = 0
    while getppid() == parent, Date() < deadline {
        do {
            try store.save(books[round % 2])
        } catch {
            fail("\(error)")
        }
        if round == 0 { _ = FileManager.default.createFile(atPath: arguments[3], contents: Data()) }
        round += 1
    }
}

func increment(_ arguments: [String]) {
    guard arguments.count == 2, let count = Int(arguments[1]) else { fail("usage: increment <file> <count>", status: 64) }
    let store = JSONFileStore(path: arguments[0])
    for _ in 0..<count {
        do {
            try store.update { book in
                guard let index = book.rules.firstIndex(where: { $0.id == "counter" }) else {
                    book.rules.append(AlarmRule(id: "counter", label: "1", repeats: .weekly(days: .daily),
                                                times: [TimeOfDay(hour: 6, minute: 0)!]))
                    return
                }
                book.rules[index].label = String((Int(book.rules[index].label ?? "") ?? 0) + 1)
            }
        } catch {
            fail("\(error)")
        }
    }
}

func probe(_ arguments: [String]) {
    guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "--as-nobody") else {
        fail("usage: probe <file> <load|save|update> [--as-nobody]", status: 64)
    }
    if arguments.count == 3 {
        guard setgroups(0, nil) == 0, setgid(65_534) == 0, setuid(65_534) == 0 else { fail("cannot drop privileges: errno \(errno)") }
    }
    let store = JSONFileStore(path: arguments[0])
    do throws(AlarmStoreError) {
        switch arguments[1] {
        case "load": _ = try store.load()
        case "save": try store.save(AlarmBook())
        case "update":
            var failure: AlarmStoreError?
            do {
                try store.update { book in book.rules = [] }
            } catch let error as AlarmStoreError {
                failure = error
            } catch {
                fail("\(error)")
            }
            if let failure { throw failure }
        default: fail("unknown operation '\(arguments[1])'; expected load, save or update", status: 64)
        }
        print("ok")
    } catch {
        print("error \(caseName(error)): \(error)")
        exit(1)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "alternate": alternate(Array(arguments.dropFirst()))
case "increment": increment(Array(arguments.dropFirst()))
case "probe": probe(Array(arguments.dropFirst()))
case "defaults": defaults(Array(arguments.dropFirst()))  // DefaultsMode.swift
default: fail("usage: store-stress alternate|increment|probe …", status: 64)
}
