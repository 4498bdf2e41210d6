#!/usr/bin/env bash
# Builds the libFuzzer targets in Tests/Fuzz/Targets and runs one, or all, for a while.
#
#   Tests/Fuzz/run.sh TARGET SECONDS   # json, rules, book, rfc3339, duration, cli, ical, rrule or roundtrip
#   Tests/Fuzz/run.sh all SECONDS      # every target, one after another
#   Tests/Fuzz/run.sh build            # only build
#
# The package's modules are compiled with swiftc directly (never by `swift build`), with
# libFuzzer coverage and AddressSanitizer, into .build/fuzz/. Each target starts from its
# checked-in seeds in Tests/Fuzz/Corpus/TARGET/ (read only) and keeps what it learns in
# .build/fuzz/corpus/TARGET/. A crash, a failed invariant, an input that runs longer
# than the timeout, or one that needs too much memory ends the run with exit status 1 and
# the path of the input that did it. A toolchain without the libFuzzer runtime is an error,
# never a skip.
set -euo pipefail
cd "$(dirname "$0")/../.."

readonly targets=(json rules book rfc3339 duration cli ical rrule roundtrip)
readonly build=.build/fuzz
readonly timeout_seconds=${FUZZ_TIMEOUT:-25}

usage() {
    local IFS='|'
    echo "usage: Tests/Fuzz/run.sh (${targets[*]}|all) SECONDS" >&2
    echo "       Tests/Fuzz/run.sh build" >&2
    exit 64
}

# The modules each target links, in dependency order.
modules_of() {
    case "$1" in
        json | rules) echo RecurringAlarms ;;
        ical | roundtrip) echo RecurringAlarms RecurringAlarmsICalendar ;;
        book) echo RecurringAlarms RecurringAlarmsStore ;;
        rfc3339 | duration | cli | rrule)
            echo RecurringAlarms RecurringAlarmsICalendar RecurringAlarmsStore RecurringAlarmsScheduling RecurringAlarmsSimulation AlarmsCLI
            ;;
        *) return 1 ;;
    esac
}

# The longest input libFuzzer generates for each target.
max_len_of() {
    case "$1" in
        rfc3339 | duration) echo 64 ;;
        cli | rrule) echo 1024 ;;
        roundtrip) echo 256 ;;
        *) echo 8192 ;;
    esac
}

# `package` declarations are shared between the modules, as in `swift build`.
swift_flags=(-swift-version 6 -package-name RecurringAlarms -parse-as-library -O -g -sanitize=fuzzer,address -I "$build/modules")
# ld.gold warns about every ASan symbol; the toolchain's lld links the same binary quietly.
if [[ -x "$(dirname "$(command -v swiftc)")/ld.lld" ]]; then swift_flags+=(-use-ld=lld); fi

# Links a one-line target, so a toolchain without the runtimes fails here, saying so.
check_runtime() {
    mkdir -p "$build"
    local probe
    probe=$(mktemp -d "$build/probe.XXXXXX")
    cat >"$probe/probe.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput")
public func probe(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { 0 }
SWIFT
    local status=0
    swiftc "${swift_flags[@]}" "$probe/probe.swift" -o "$probe/probe" >"$probe/log" 2>&1 || status=$?
    if [[ $status != 0 ]]; then
        cat "$probe/log" >&2
        rm -rf "$probe"
        echo "error: this Swift toolchain cannot build libFuzzer targets ('swiftc -sanitize=fuzzer,address' failed above)" >&2
        echo "hint: use a swift.org toolchain on Linux, which ships the libFuzzer and ASan runtimes; fuzzing is not skipped" >&2
        exit 1
    fi
    rm -rf "$probe"
}

# Compiles Sources/NAME into one object and a module, unless nothing it depends on changed.
build_module() {
    local name=$1; shift
    local object=$build/modules/$name.o
    local sources
    sources=$(find "Sources/$name" -name '*.swift' | sort)
    local stale=0
    if [[ ! -f $object ]]; then
        stale=1
    elif [[ -n $(find "Sources/$name" -newer "$object" -print -quit) ]]; then
        stale=1
    else
        for dependency in "$@"; do
            if [[ $build/modules/$dependency.o -nt $object ]]; then stale=1; fi
        done
    fi
    [[ $stale == 1 ]] || return 0
    echo "fuzz: compiling $name" >&2
    # shellcheck disable=SC2086 # the source list is one path per line, without spaces
    swiftc "${swift_flags[@]}" -module-name "$name" -wmo -enable-testing \
        -emit-module -emit-module-path "$build/modules/$name.swiftmodule" -c -o "$object.tmp" $sources
    mv "$object.tmp" "$object"
}

build_all_modules() {
    mkdir -p "$build/modules" "$build/bin"
    build_module RecurringAlarms
    build_module RecurringAlarmsICalendar RecurringAlarms
    build_module RecurringAlarmsStore RecurringAlarms
    build_module RecurringAlarmsScheduling RecurringAlarms RecurringAlarmsStore
    build_module RecurringAlarmsSimulation RecurringAlarms RecurringAlarmsStore RecurringAlarmsScheduling
    build_module AlarmsCLI RecurringAlarms RecurringAlarmsICalendar RecurringAlarmsStore RecurringAlarmsScheduling RecurringAlarmsSimulation
}

# Links a target, unless it is newer than its sources and modules.
build_target() {
    local target=$1
    local binary=$build/bin/fuzz-$target
    local objects=()
    for module in $(modules_of "$target"); do objects+=("$build/modules/$module.o"); done
    if [[ -f $binary && -z $(find "Tests/Fuzz/Targets/$target.swift" Tests/Fuzz/Support "${objects[@]}" -newer "$binary" -print -quit) ]]; then
        return 0
    fi
    # Support/CLI runs the command line, so only the targets that link AlarmsCLI compile it.
    local support=(Tests/Fuzz/Support/*.swift)
    if [[ " $(modules_of "$target") " == *" AlarmsCLI "* ]]; then support+=(Tests/Fuzz/Support/CLI/*.swift); fi
    echo "fuzz: linking $target" >&2
    swiftc "${swift_flags[@]}" -module-name "Fuzz_$target" \
        "Tests/Fuzz/Targets/$target.swift" "${support[@]}" "${objects[@]}" -o "$binary"
}

# Runs one target; prints a summary line, or the crashing input and how to replay it.
run_target() {
    local target=$1 seconds=$2
    # Absolute paths: the cli target moves into its scratch folder.
    local corpus=$PWD/$build/corpus/$target crashes=$PWD/$build/crashes/$target log=$PWD/$build/logs/$target.log
    mkdir -p "$corpus" "$crashes" "$build/logs"
    # No leak checking: Swift packs object pointers into enum payloads (Data, for one), where
    # LeakSanitizer does not see them, so it reports live objects as leaked. Growth is still
    # caught by the memory limit.
    local options=(-max_total_time="$seconds" -timeout="$timeout_seconds" -max_len="$(max_len_of "$target")"
        -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$crashes/")
    case "$target" in
        rules | book) options+=(-dict="$PWD/Tests/Fuzz/Dictionaries/rule-files.dict") ;;
        cli) options+=(-dict="$PWD/Tests/Fuzz/Dictionaries/cli.dict") ;;
        ical | rrule) options+=(-dict="$PWD/Tests/Fuzz/Dictionaries/ical.dict") ;;
    esac
    echo "fuzz: running $target for ${seconds}s (log: $log)" >&2
    local status=0
    # Swift's own backtracer would hold the crashing process open for half a minute; libFuzzer
    # and ASan report the crash themselves. Standard input is empty so nothing waits on it.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} \
        "$build/bin/fuzz-$target" "${options[@]}" "$corpus" "$PWD/Tests/Fuzz/Corpus/$target" </dev/null >"$log" 2>&1 || status=$?
    local done_line runs speed
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    if [[ $status == 0 ]]; then
        local cov ft units
        cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")
        ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")
        units=$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$done_line")
        echo "fuzz: $target: ${runs:-?} runs in ${seconds}s, ${speed:-?} exec/s, cov ${cov:-?}, ft ${ft:-?}, corpus ${units:-?} inputs; no crash"
        return 0
    fi
    tail -n 60 "$log" >&2
    local input
    input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
    echo "error: fuzz target '$target' failed (exit $status) after ${runs:-?} runs; the input is ${input:-not saved, see $log}" >&2
    if [[ -n $input ]]; then echo "hint: replay it with: $build/bin/fuzz-$target $input" >&2; fi
    return 1
}

[[ $# -ge 1 ]] || usage
command -v swiftc >/dev/null || { echo "error: swiftc not found; fuzzing needs the Swift toolchain" >&2; exit 1; }
case "$1" in
    build) selected=("${targets[@]}"); seconds= ;;
    all) [[ $# == 2 ]] || usage; selected=("${targets[@]}"); seconds=$2 ;;
    *) [[ $# == 2 ]] && modules_of "$1" >/dev/null || usage; selected=("$1"); seconds=$2 ;;
esac
if [[ -n $seconds && ! $seconds =~ ^[1-9][0-9]*$ ]]; then usage; fi

# Runs started together (two targets on two cores) build one after the other.
mkdir -p "$build"
if command -v flock >/dev/null; then exec 9>"$build/build.lock" && flock 9; fi
check_runtime
build_all_modules
for target in "${selected[@]}"; do build_target "$target"; done
if command -v flock >/dev/null; then flock -u 9; fi
[[ -n $seconds ]] || exit 0

failed=()
for target in "${selected[@]}"; do
    run_target "$target" "$seconds" || failed+=("$target")
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "error: fuzzing found failures in: ${failed[*]}" >&2
    exit 1
fi
