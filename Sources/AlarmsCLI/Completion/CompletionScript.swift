/// The completion scripts, one per ``Shell``, written from a ``CompletionModel``.
enum CompletionScript {
    static func text(for shell: Shell, model: CompletionModel = CompletionModel()) -> String {
        switch shell {
        case .bash: return bash(model)
        case .zsh:
            // zsh runs the bash function through its bash-completion layer, so both shells
            // complete exactly the same words.
            return "#compdef alarms\n# zsh completion for alarms, written by 'alarms completions zsh'.\n"
                + "autoload -U +X bashcompinit && bashcompinit\n" + bashFunctions(model)
        case .fish: return fish(model)
        }
    }

    /// Single-quoted for a shell.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    static func bash(_ model: CompletionModel) -> String {
        "# bash completion for alarms, written by 'alarms completions bash'.\n" + bashFunctions(model)
    }

    /// The functions the bash (and zsh) completion calls: words matching the current one, a
    /// word dequoted as the shell will pass it, and a list the tool prints. `--store` is read
    /// from the line as `--store PATH`, `--store=PATH` (which bash splits at the `=`), quoted
    /// or with backslashes, and `--store ~/PATH` with `$HOME` for the `~`, as the shell passes
    /// each to the command.
    private static let bashHelpers = #"""
        _alarms_words() { COMPREPLY=($(compgen -W "$1" -- "$cur")); }
        # A word as the shell passes it: quotes and backslashes removed; with a second argument, a
        # leading unquoted ~ or ~/ made $HOME (the shell expands it in a word of its own, not after --store=).
        _alarms_dequote() {
            local word=$1 out= quote= c i
            for ((i = 0; i < ${#word}; i++)); do
                c=${word:i:1}
                if [[ $quote == "'" ]]; then
                    [[ $c == "'" ]] && quote= || out+=$c
                elif [[ $c == '\' && $quote == '"' ]]; then
                    [[ ${word:i+1:1} == [\$\`\"\\] ]] && ((i++))
                    out+=${word:i:1}
                elif [[ $c == '\' ]]; then
                    ((i++))
                    out+=${word:i:1}
                elif [[ $c == '"' ]]; then
                    [[ $quote == '"' ]] && quote= || quote='"'
                elif [[ $c == "'" && -z $quote ]]; then
                    quote="'"
                else
                    out+=$c
                fi
            done
            [[ -n ${2-} && ( $word == '~' || $word == '~/'* ) ]] && out=$HOME${out:1}
            REPLY=$out
        }
        _alarms_ask() {
            local store=() i word
            for ((i = 2; i < COMP_CWORD; i++)); do
                word=${COMP_WORDS[i]}
                if [[ $word == --store=* ]]; then
                    _alarms_dequote "${word#--store=}"
                elif [[ $word == --store && ${COMP_WORDS[i + 1]} == = ]]; then
                    # bash splits --store=PATH at the '=' (COMP_WORDBREAKS).
                    _alarms_dequote "${COMP_WORDS[i + 2]-}"
                elif [[ $word == --store ]]; then
                    _alarms_dequote "${COMP_WORDS[i + 1]}" tilde
                else
                    continue
                fi
                store=(--store "$REPLY")
            done
            _alarms_words "$("${COMP_WORDS[0]}" completions "$1" "${store[@]}" 2>/dev/null)"
        }

        """#

    private static func bashFunctions(_ model: CompletionModel) -> String {
        var text =
            bashHelpers + """
                _alarms() {
                    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
                    # The value of --opt=VALUE, which bash splits into '--opt', '=' and VALUE.
                    local equals=
                    [[ $cur == = || $prev == = ]] && equals=1
                    [[ $cur == = ]] && cur=
                    [[ $prev == = ]] && ((COMP_CWORD > 2)) && prev=${COMP_WORDS[COMP_CWORD - 2]}
                    COMPREPLY=()
                    if ((COMP_CWORD == 1)); then
                        _alarms_words \(quoted((model.commands.map(\.name) + ["help", "--help", "--version"]).joined(separator: " ")))
                        return
                    fi
                    local valued positional
                    case ${COMP_WORDS[1]} in
                    help) _alarms_words \(quoted(model.commands.map(\.name).joined(separator: " "))); return ;;

                """
        for command in model.commands {
            text += "    \(command.name))\n        case $prev in\n"
            for option in command.options {
                if !option.inlineValues.isEmpty {
                    // A flag's own value only right after '=': '--record all' is a flag and an argument.
                    let words = bashValues(.words(option.inlineValues))
                    text += "        --\(option.name)) [[ -n $equals ]] && { \(words); return; } ;;\n"
                }
                guard let values = option.values else { continue }
                text += "        --\(option.name)) \(bashValues(values)); return ;;\n"
            }
            let valued = command.options.filter { $0.values != nil }.map { "--" + $0.name }
            text += "        esac\n"
            text += "        valued=\(quoted(valued.joined(separator: " ")))\n"
            text += "        positional=\(quoted(bashValues(command.positional)))\n"
            text +=
                "        [[ $cur == -* ]] && { _alarms_words \(quoted((command.options.flatMap(Self.optionWords) + ["--help"]).joined(separator: " "))); return; }\n"
            text += "        ;;\n"
        }
        text += """
                *) return ;;
                esac
                # Only the first argument that is neither an option nor an option's value.
                local i count=0
                for ((i = 2; i < COMP_CWORD; i++)); do
                    if [[ ${COMP_WORDS[i]} == -* ]]; then
                        [[ " $valued " == *" ${COMP_WORDS[i]} "* ]] && ((i++))
                        [[ ${COMP_WORDS[i]} == = ]] && ((i++))
                    else
                        ((count++))
                    fi
                done
                ((count == 0)) && eval "$positional"
            }
            complete -F _alarms alarms

            """
        return text
    }

    /// The words an option is completed as: `--name`, and `--name=value` for each value a flag
    /// also takes after `=`.
    private static func optionWords(_ option: CompletionModel.Option) -> [String] {
        ["--" + option.name] + option.inlineValues.map { "--\(option.name)=\($0)" }
    }

    private static func bashValues(_ values: CompletionModel.Values) -> String {
        switch values {
        case .none: return ":"
        case .words(let words): return "_alarms_words \(quoted(words.joined(separator: " ")))"
        case .files: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .zones(let words):
            return "_alarms_ask --list-zones; COMPREPLY+=($(compgen -W \(quoted(words.joined(separator: " "))) -- \"$cur\"))"
        case .ruleIDs: return "_alarms_ask --list-rule-ids"
        }
    }

    static func fish(_ model: CompletionModel) -> String {
        var text = "# fish completion for alarms, written by 'alarms completions fish'.\ncomplete -c alarms -f\n"
        let names = model.commands.map(\.name).joined(separator: " ")
        for command in model.commands {
            text +=
                "complete -c alarms -n \(quoted("not __fish_seen_subcommand_from \(names) help")) -a \(command.name) -d \(quoted(command.summary))\n"
            let when = "-n " + quoted("__fish_seen_subcommand_from \(command.name)")
            for option in command.options {
                text += "complete -c alarms \(when) -l \(option.name)"
                if let values = option.values { text += " -r" + fishValues(values) }
                text += "\n"
                // fish completes '--record=' from the option's arguments; a flag's value is optional.
                if !option.inlineValues.isEmpty {
                    text += "complete -c alarms \(when) -l \(option.name) -a \(quoted(option.inlineValues.joined(separator: " ")))\n"
                }
            }
            if command.positional != .none { text += "complete -c alarms \(when)\(fishValues(command.positional))\n" }
        }
        return text
    }

    private static func fishValues(_ values: CompletionModel.Values) -> String {
        switch values {
        case .none: return ""
        case .words(let words): return " -a " + quoted(words.joined(separator: " "))
        case .files: return " -F"
        case .zones(let words): return " -a " + quoted("(alarms completions --list-zones) " + words.joined(separator: " "))
        case .ruleIDs: return " -a " + quoted("(alarms completions --list-rule-ids)")
        }
    }
}
