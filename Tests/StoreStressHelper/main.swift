// store-stress: a child process for the store's crash-safety, lost-update and
// permission tests. It is not part of any product.
//
//   store-stress alternate <file> <book-a> <book-b> <ready-file>
//       Saves the books read from <book-a> and <book-b> to <file>, alternately, until killed
//       (or for 60 s at most, or until its parent goes away). Creates <ready-file> after the
//       first save.
//   store-stress increment <file> <count>
//       Runs <count> updates, each adding 1 to the label of rule "counter" (created at 0).
//   store-stress crash-at <after-write|before-rename|after-rename> <file> <book> <ready-file>
//       Saves the book read from <book> to <file>, and stops at the named point of the save
//       (after the temporary file is written, before the rename, after the rename) with the
//       lock held: it creates <ready-file> and waits there to be killed (60 s at most, or until
//       its parent goes away, then it exits with status 2 without finishing the save).
//   store-stress hold <file> <ready-file>
//       Takes the store's exclusive lock (inside an update), creates <ready-file> and holds
//       the lock until killed (60 s at most, or until its parent goes away).
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
    case .lockTimeout: "lockTimeout"
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
                    book.rules.append(
                        AlarmRule(
                            id: "counter", label: "1", repeats: .weekly(days: .daily),
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

/// Waits until killed, for at most 60 s or until the parent process goes away.
func waitToBeKilled(then status: Int32) -> Never {
    let parent = getppid()
    let deadline = Date().addingTimeInterval(60)
    while getppid() == parent, Date() < deadline { usleep(1_000) }
    exit(status)
}

/// The crash points of a save, as events of the store's system-call seam: the process stops
/// just before that call.
let crashPoints: [String: @Sendable (SystemCallEvent) -> Bool] = [
    // The temporary file is written but not yet flushed.
    "after-write": { event in if case .sync(let path, _) = event { path.hasSuffix(".tmp") } else { false } },
    // The temporary file is flushed; the rename is next.
    "before-rename": { event in if case .rename(let from, _) = event { from.hasSuffix(".tmp") } else { false } },
    // The new book is in place; the folder is not yet flushed.
    "after-rename": { event in if case .open(_, let flags) = event { flags & O_DIRECTORY != 0 } else { false } }
]

func crashAt(_ arguments: [String]) {
    guard arguments.count == 4, let isPoint = crashPoints[arguments[0]] else {
        fail("usage: crash-at <\(crashPoints.keys.sorted().joined(separator: "|"))> <file> <book> <ready-file>", status: 64)
    }
    let (file, ready) = (arguments[1], arguments[3])
    let book: AlarmBook
    do {
        book = try JSONFileStore(path: arguments[2]).load()
    } catch {
        fail("cannot read the book: \(error)")
    }
    let store = JSONFileStore(
        url: URL(fileURLWithPath: file),
        systemCallObserver: { event in
            guard isPoint(event) else { return }
            _ = FileManager.default.createFile(atPath: ready, contents: Data())
            waitToBeKilled(then: 2)
        })
    do {
        try store.save(book)
    } catch {
        fail("\(error)")
    }
    fail("the save finished without reaching '\(arguments[0])'")
}

func hold(_ arguments: [String]) {
    guard arguments.count == 2 else { fail("usage: hold <file> <ready-file>", status: 64) }
    do {
        try JSONFileStore(path: arguments[0]).update { _ in
            _ = FileManager.default.createFile(atPath: arguments[1], contents: Data())
            waitToBeKilled(then: 0)
        }
    } catch {
        fail("\(error)")
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
case "crash-at": crashAt(Array(arguments.dropFirst()))
case "hold": hold(Array(arguments.dropFirst()))
case "probe": probe(Array(arguments.dropFirst()))
case "defaults": defaults(Array(arguments.dropFirst()))   // DefaultsMode.swift
default: fail("usage: store-stress alternate|increment|crash-at|hold|probe|defaults …", status: 64)
}
