#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Mutation check of the collision, picking and BVH code and of the demo's parts:
# applies each mutant listed in scripts/mutants.txt (a flipped comparison, a dropped term, min and
# max swapped, a tolerance changed tenfold, ...) to a scratch copy of the committed tree, one at a
# time, rebuilds the test binaries and runs them. A mutant is killed when a test binary fails (or
# the mutant does not compile, or a binary runs past its timeout: both are said so); it survives
# when every binary passes. Survivors are gaps in the tests (or equivalent mutants, to be
# replaced).
#
# The working tree is never touched: HEAD is exported with `git archive` into the scratch
# directory (PICKRAY_MUTATE_DIR, default /tmp/pickray-mutate), built once (Release, no benchmarks;
# the demo only when a mutant run is in app/), and each mutated file is restored from a pristine
# copy right after its run (also when the script is interrupted). A rerun on the same commit reuses
# the scratch build.
# A mutant of the library runs the library's test binaries; one in app/<part>/ runs the demo's
# unit-test binaries, its part's own (app_<part>_tests) first.
# The end-to-end tests are left out: they run the demo itself, far too slow for each mutant.
# A run is not part of ctest or CI: it rebuilds the test binaries once per mutant (about 1-3
# minutes each on 2 cores), so the full list takes an hour or more. ctest's mutants.apply_at_head
# runs --list --working-tree: every mutant still applies to the code it was written for.
#
# Usage: scripts/mutate.sh [--list [--working-tree]] [pattern]
#   --list     print the mutants (number, file, description) and check each one's original text
#              occurs exactly once in its file at HEAD, without building anything
#   --working-tree  with --list, check the files as they are in the working tree instead of HEAD
#              (ctest's mutants.apply_at_head: the sources being built, committed or not)
#   pattern    run only the mutants whose description matches this grep -E pattern
# Exit status: 0 when every mutant run was killed; 1 when any survived; 2 when a mutant is
# invalid (its original text does not occur exactly once) or the unmutated tests fail.
# Environment: PICKRAY_MUTATE_DIR (scratch directory), PICKRAY_MUTATE_TIMEOUT (seconds per test
# binary, default 300), PICKRAY_MUTATE_JOBS (build jobs, default 2), PICKRAY_MUTATE_CMAKE_ARGS
# (more arguments for the scratch build's configure, split at spaces: a compiler launcher, say).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mutants_file=$root/scripts/mutants.txt
work=${PICKRAY_MUTATE_DIR:-/tmp/pickray-mutate}
timeout_seconds=${PICKRAY_MUTATE_TIMEOUT:-300}
jobs=${PICKRAY_MUTATE_JOBS:-2}
read -r -a cmake_args <<<"${PICKRAY_MUTATE_CMAKE_ARGS:-}"
# Fastest first: a mutant stops at the first binary that fails.
engine_binaries=(collision_tests picking_tests query_tests exact_tests batch_tests differential_tests)
# The demo's unit-test binaries, one a part (tests/app/<part>/), parts lower in app/LAYERS first.
app_binaries=(app_scene_tests app_render_tests app_input_tests app_editor_tests app_analysis_tests app_cli_tests
  app_viewport_tests app_panels_tests app_session_tests app_shell_tests)
# binaries_for FILE: the test binaries a mutant of FILE runs, the part's own first.
binaries_for() {
  case $1 in
    app/*)
      local part=${1#app/} binary
      part=${part%%/*}
      [[ " ${app_binaries[*]} " == *" app_${part}_tests "* ]] && echo "app_${part}_tests"
      for binary in "${app_binaries[@]}"; do [ "$binary" = "app_${part}_tests" ] || echo "$binary"; done ;;
    *) echo "${engine_binaries[@]}" ;;
  esac
}

list_only=0
working_tree=0
pattern=""
for argument in "$@"; do
  case $argument in
    --list) list_only=1 ;;
    --working-tree) working_tree=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) pattern=$argument ;;
  esac
done

# The list: one mutant a line, four fields separated by " @@ ":
#   file @@ original text @@ replacement text @@ description
# Blank lines and lines starting with # are comments. The original text must occur exactly once
# in the file (checked before anything is built). A mutant's number is its place in the list, with
# or without a pattern.
numbers=() files=() originals=() replacements=() descriptions=()
listed=0
while IFS= read -r line || [[ -n $line ]]; do
  [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
  listed=$((listed + 1))
  rest=$line
  fields=()
  while [[ $rest == *" @@ "* ]]; do
    fields+=("${rest%% @@ *}")
    rest=${rest#* @@ }
  done
  fields+=("$rest")
  if ((${#fields[@]} != 4)); then
    echo "mutants.txt: not four fields separated by ' @@ ': $line" >&2
    exit 2
  fi
  if [[ ${fields[3]} == *"|"* ]]; then
    echo "mutants.txt: a description may not contain '|' (it separates the table's columns): $line" >&2
    exit 2
  fi
  if [[ -n $pattern ]] && ! grep -Eq -- "$pattern" <<<"${fields[3]}"; then continue; fi
  numbers+=("$listed") files+=("${fields[0]}") originals+=("${fields[1]}") replacements+=("${fields[2]}") descriptions+=("${fields[3]}")
done <"$mutants_file"
count=${#files[@]}
if ((count == 0)); then
  echo "no mutant matches '${pattern}'" >&2
  exit 2
fi
if ((working_tree && !list_only)); then
  echo "--working-tree goes with --list: a run always takes HEAD" >&2
  exit 2
fi

if ((working_tree)); then
  commit="the working tree"
else
  commit=$(git -C "$root" rev-parse HEAD)
fi

# occurrences FILE TEXT: how many times TEXT occurs in FILE (exact text, not a pattern).
# Non-overlapping, as str.count: grep -o prints each match; a list line cannot hold a newline.
occurrences() {
  { LC_ALL=C grep -o -F -e "$2" -- "$1" || true; } | wc -l
}
# substitute FILE ORIGINAL REPLACEMENT: replaces the one occurrence.
substitute() {
  python3 - "$1" "$2" "$3" <<'EOF'
import sys
path, original, replacement = sys.argv[1:4]
text = open(path, encoding="utf-8").read()
assert text.count(original) == 1
open(path, "w", encoding="utf-8").write(text.replace(original, replacement, 1))
EOF
}

# Check every mutant against the committed files.
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
invalid=0
for ((i = 0; i < count; ++i)); do
  if ((working_tree)); then
    if ! cp "$root/${files[i]}" "$check/file" 2>/dev/null; then
      echo "invalid mutant ${numbers[i]} (${descriptions[i]}): ${files[i]} is not in the working tree" >&2
      invalid=1
      continue
    fi
  elif ! git -C "$root" show "HEAD:${files[i]}" >"$check/file" 2>/dev/null; then
    echo "invalid mutant ${numbers[i]} (${descriptions[i]}): ${files[i]} is not in HEAD" >&2
    invalid=1
    continue
  fi
  n=$(occurrences "$check/file" "${originals[i]}")
  if [[ $n != 1 ]]; then
    echo "invalid mutant ${numbers[i]} (${descriptions[i]}): its original text occurs $n times in ${files[i]}" >&2
    invalid=1
  fi
  if [[ ${originals[i]} == "${replacements[i]}" ]]; then
    echo "invalid mutant ${numbers[i]} (${descriptions[i]}): the replacement is the original" >&2
    invalid=1
  fi
done
if ((list_only)); then
  for ((i = 0; i < count; ++i)); do
    printf '%3d  %-50s %s\n' "${numbers[i]}" "${files[i]}" "${descriptions[i]}"
  done
  echo "$count mutants (commit $commit)"
  exit $((invalid ? 2 : 0))
fi
((invalid)) && exit 2

# The scratch tree: HEAD exported; files that already match keep their times, so that a rerun on
# the same commit rebuilds only what differs from the last build.
src=$work/src
build=$work/build
logs=$work/logs
pristine=$work/pristine
mkdir -p "$src" "$logs" "$pristine"
git -C "$root" archive --format=tar HEAD | tar -x -C "$check"
rm -f "$check/file"
(cd "$check" && find . -type f) | while IFS= read -r f; do
  if ! cmp -s "$check/$f" "$src/$f"; then
    mkdir -p "$(dirname "$src/$f")"
    cp -p "$check/$f" "$src/$f"
  fi
done
echo "mutation check of commit $commit in $work ($count mutants)"

# The binaries the baseline runs: those of every mutant, in the order they first come. The demo is
# built only when one of them needs it.
baseline_binaries=()
app=OFF
for ((i = 0; i < count; ++i)); do
  [[ ${files[i]} == app/* ]] && app=ON
  for binary in $(binaries_for "${files[i]}"); do
    [[ " ${baseline_binaries[*]} " == *" $binary "* ]] || baseline_binaries+=("$binary")
  done
done

start=$(date +%s)
unset PICKRAY_SIMD  # the batch routines and the BVH run their best level
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPICKRAY_BUILD_APP=$app -DPICKRAY_BUILD_BENCH=OFF \
      ${cmake_args[@]+"${cmake_args[@]}"} >"$logs/configure.log" 2>&1 || { cat "$logs/configure.log"; exit 2; }

# build_and_run LOG BINARY...: builds each binary and runs it, in order, up to the first that fails. A
# binary is built only when the ones before it passed (most mutants fail the first, so this saves
# most of the rebuilding). Prints nothing when all pass, else "name", "name (timeout Ns)" or
# "compiler (name)".
build_and_run() {
  local log=$1 binary status path
  shift
  : >"$log-build.log"
  : >"$log-run.log"
  for binary in "$@"; do
    if ! nice cmake --build "$build" -j"$jobs" --target "$binary" >>"$log-build.log" 2>&1; then
      echo "compiler ($binary)"
      return
    fi
    path=$(find "$build/tests" -name "$binary" -type f -perm -u+x | head -n 1)
    status=0
    (cd "$(dirname "$path")" && timeout "$timeout_seconds" "./$binary" --gtest_brief=1) >>"$log-run.log" 2>&1 ||
      status=$?
    if ((status == 124)); then
      echo "$binary (timeout ${timeout_seconds}s)"
      return
    elif ((status != 0)); then
      echo "$binary"
      return
    fi
  done
}

echo "baseline: building and running the test binaries unmutated"
failed=$(build_and_run "$logs/baseline" "${baseline_binaries[@]}")
if [[ -n $failed ]]; then
  echo "the unmutated tests fail ($failed); see $logs/baseline-*.log" >&2
  tail -30 "$logs/baseline-build.log" "$logs/baseline-run.log" >&2
  exit 2
fi
echo "baseline: every test binary passes ($(($(date +%s) - start)) s)"

current=""
restore() {
  if [[ -n $current ]]; then
    cp "$pristine/file" "$src/$current"
    current=""
  fi
}
trap 'restore; rm -rf "$check"' EXIT
trap 'exit 130' INT TERM

results=()
killed=0
survived=0
for ((i = 0; i < count; ++i)); do
  number=${numbers[i]}
  mutant_start=$(date +%s)
  cp "$src/${files[i]}" "$pristine/file"
  current=${files[i]}
  substitute "$src/${files[i]}" "${originals[i]}" "${replacements[i]}"
  log=$logs/mutant-$number
  read -r -a binaries <<<"$(binaries_for "${files[i]}")"
  failed=$(build_and_run "$log" "${binaries[@]}")
  if [[ $failed == compiler* ]]; then
    result="killed by the $failed: does not compile"
  elif [[ -n $failed ]]; then
    first=$(grep -m1 -o '\[  FAILED  \] [A-Za-z0-9_./]*' "$log-run.log" | sed 's/\[  FAILED  \] //' || true)
    result="killed: $failed${first:+, first failure $first}"
  else
    result="SURVIVED"
  fi
  restore
  if [[ $result == SURVIVED ]]; then survived=$((survived + 1)); else killed=$((killed + 1)); fi
  line=$(printf '%3d | %s | %s | %s | %ds' "$number" "${descriptions[i]}" "${files[i]}" "$result" \
         $(($(date +%s) - mutant_start)))
  results+=("$line")
  echo "$line"
done

echo
echo "| # | mutant | file | result |"
echo "|---:|---|---|---|"
for line in "${results[@]}"; do
  IFS='|' read -r n d f r _ <<<"$line"
  echo "| ${n// /} |${d}|${f}|${r}|"
done
echo
echo "commit $commit, $(($(date +%s) - start)) s"
echo "$count mutants: $killed killed, $survived survived"
((survived == 0))
