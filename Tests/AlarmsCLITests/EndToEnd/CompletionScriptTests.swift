import Foundation
import Testing

/// `alarms completions`: scripts written from the command registry, checked by the shells
/// that are installed (bash is; zsh and fish are not on the CI machine, so their scripts are
/// checked by their text).
@Suite("shell completion", .tags(.endToEnd))
struct CompletionScriptTests {
    /// Sources the bash script in bash and prints, for each case, the sorted candidates the
    /// completion function offers for the words (the last word is the one being completed).
    static func bashCandidates(_ cases: [[String]], store: String, home: String = "/nonexistent") throws -> [String] {
        var script = """
            set -u
            source <("$A" completions bash) || exit 3
            complete -p alarms >/dev/null || exit 4
            c() { COMP_WORDS=("$A" "$@"); COMP_CWORD=$#; COMPREPLY=(); _alarms; printf '%s\\n' "${COMPREPLY[@]}" | sort | paste -sd' '; }

            """
        for words in cases {
            script += "c " + words.map(Self.quoted).joined(separator: " ") + "\n"
        }
        let output = try AlarmsBinary.runShell(
            "ALARMS_STORE=\(Self.quoted(store)) HOME=\(Self.quoted(home)); export ALARMS_STORE HOME\n" + script, shell: "/bin/bash")
        #expect(output.exitCode == 0, "\(output.standardError)")
        return output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("the bash script parses, and completes commands, options, values, zones and the book's rule ids")
    func bashCompletes() throws {
        let store = try TemporaryStore(Fixtures.book)
        let other = try TemporaryStore(#"{"version": 1, "rules": [{"id": "tea", "days": ["mon"], "times": ["16:00"]}]}"#)
        let syntax = try AlarmsBinary.runShell(#"bash -n <("$A" completions bash)"#, shell: "/bin/bash")
        #expect(syntax.exitCode == 0, "\(syntax.standardError)")
        let candidates = try Self.bashCandidates(
            [
                ["sk"], ["plan", "--fo"], ["simulate", "--eviction", ""], ["simulate", "--strategy", "f"],
                ["add", "x", "--rule-zone", "flo"], ["next", "--time-zone", "Europe/Berl"], ["edit", ""], ["skip", "w"],
                ["enable", "--store", other.path, ""], ["add", ""], ["completions", ""], ["help", "comp"],
                // readline splits '--record=' at the '=': the flag's own value only comes after it.
                ["check", "--rec"], ["check", "--record", "="], ["check", "--record", "=", "a"]
            ], store: store.path)
        #expect(
            candidates == [
                "skip skip-next", "--format", "keep-last-added keep-soonest-firing", "fill-cap", "floating", "Europe/Berlin",
                "bins flight gym standup wake", "wake", "tea", "", "bash fish zsh", "completions",
                "--record --record=all", "all", "all"
            ])
    }

    /// `text` as one word of a shell line, single-quoted.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    @Test("the bash script reads the book of --store PATH, --store=PATH, a quoted or escaped path and ~/ as the shell would")
    func storeOnTheLine() throws {
        // The default book (ALARMS_STORE) has other ids, so a --store that is not understood shows.
        let store = try TemporaryStore(Fixtures.book)
        let folder = try AlarmsProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spaced = folder.appending(path: "my books")
        try FileManager.default.createDirectory(at: spaced, withIntermediateDirectories: true)
        let path = spaced.appending(path: "alarms.json").path
        try Data(#"{"version": 1, "rules": [{"id": "tea", "days": ["mon"], "times": ["16:00"]}]}"#.utf8).write(
            to: URL(fileURLWithPath: path))
        let escaped = path.replacingOccurrences(of: " ", with: #"\ "#)
        let candidates = try Self.bashCandidates(
            [
                ["edit", "--store", escaped, ""],
                // bash splits --store=PATH into '--store', '=' and PATH (COMP_WORDBREAKS holds '=').
                ["edit", "--store", "=", escaped, ""],
                // zsh's bash layer keeps it one word.
                ["edit", "--store=" + escaped, ""],
                ["edit", "--store", "\"\(path)\"", ""], ["edit", "--store", "'\(path)'", ""],
                ["skip", "--store", "~/my\\ books/alarms.json", "t"],
                // The shell leaves a ~ after --store= as it is, so the tool would read no such book.
                ["skip", "--store=~/my\\ books/alarms.json", "t"]
            ], store: store.path, home: folder.path)
        #expect(candidates == ["tea", "tea", "tea", "tea", "tea", "tea", ""])
    }

    @Test("the list modes print zone ids and the book's rule ids, one a line")
    func listModes() async throws {
        let store = try TemporaryStore(Fixtures.book)
        let ids = try await store.run(["completions", "--list-rule-ids"])
        #expect(ids.standardOutput == "wake\nstandup\nbins\ngym\nflight\n")
        let zones = try await AlarmsProcess.run(["completions", "--list-zones"]).standardOutput.split(separator: "\n")
        #expect(zones.contains("Asia/Tokyo") && zones.contains("UTC") && zones.contains("America/New_York"))
        let missing = try await AlarmsProcess.run(["completions", "--list-rule-ids", "--store", "/nonexistent/book.json"])
        #expect(missing.exitCode == 0 && missing.standardOutput == "")
    }

    @Test("the zsh and fish scripts name every command and option of the registry (the shells are not installed here)")
    func zshAndFishText() async throws {
        let zsh = try await AlarmsProcess.run(["completions", "zsh"]).standardOutput
        #expect(zsh.hasPrefix("#compdef alarms\n"))
        #expect(zsh.contains("bashcompinit") && zsh.contains("complete -F _alarms alarms"))
        let fish = try await AlarmsProcess.run(["completions", "fish"]).standardOutput
        #expect(
            fish.contains(
                "complete -c alarms -n '__fish_seen_subcommand_from simulate' -l eviction -r -a 'keep-soonest-firing keep-last-added'"))
        #expect(fish.contains("complete -c alarms -n '__fish_seen_subcommand_from edit' -a '(alarms completions --list-rule-ids)'"))
        #expect(fish.contains("-l rule-zone -r -a '(alarms completions --list-zones) floating'"))
        #expect(fish.contains("complete -c alarms -n '__fish_seen_subcommand_from check' -l record -a 'all'\n"))
        #expect(!fish.contains("-l time-zone -r") || !fish.contains("__fish_seen_subcommand_from add' -l time-zone"))
        let bad = try await AlarmsProcess.run(["completions", "tcsh"])
        #expect(bad.exitCode == 64 && bad.standardError.hasPrefix("error: unknown shell 'tcsh'\nhint: expected 'bash', 'zsh', 'fish'"))
    }
}
