#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The stage checker (stages.py) on a small tree of its own: it passes a tree whose list matches,
# and fails, naming it, a TEST that is neither among a stage's tests nor on the list, a line of
# the list that names no test, a test skipped without being on the list, one that ran though the
# list leaves it out, and one that did not run.
# Usage: tests/build/test_stages.sh PYTHON CHECKER
set -euo pipefail
python=$1
checker=$2

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cases=0
mkdir -p "$scratch/tree/tests/app" "$scratch/build"
cat >"$scratch/tree/tests/app/test_a.cpp" <<'CPP'
TEST(Alpha, One) {}
TEST_F(Alpha,
       Two) {}
TYPED_TEST(Typed, Three) {}
CPP
# The stage's ctest tests: Alpha.One, Typed.Three for two types, and a script's test.
cat >"$scratch/build/CTestTestfile.cmake" <<'CMAKE'
add_test(Alpha.One true)
add_test([=[Typed.Three<int>]=] true)
add_test([=[Typed.Three<float>]=] true)
add_test(format.check true)
CMAKE
list() { printf '%s\n' "# a comment" "$@" >"$scratch/tree/tests/stage_skips.txt"; }
expect() {  # expect WANT(pass|fail) TEXT-IN-OUTPUT COMMAND...
  local want=$1 text=$2 out code=0
  shift 2
  out=$("$@" 2>&1) || code=$?
  cases=$((cases + 1))
  if [ "$want" = pass ] && [ $code -ne 0 ]; then echo "case $cases: should pass, failed: $out"; exit 1; fi
  if [ "$want" = fail ] && [ $code -ne 1 ]; then echo "case $cases: should fail, exited $code: $out"; exit 1; fi
  if ! grep -qF -- "$text" <<<"$out"; then echo "case $cases: no '$text' in: $out"; exit 1; fi
}
junit() {  # junit NAME:STATUS... (run, skip, level)
  {
    echo '<testsuite>'
    for entry in "$@"; do
      local name=${entry%:*}
      name=${name//</"&lt;"}
      name=${name//>/"&gt;"}
      case ${entry#*:} in
        run) echo "<testcase name=\"$name\" status=\"run\"/>" ;;
        skip) echo "<testcase name=\"$name\" status=\"run\"><skipped/></testcase>" ;;
        level) echo "<testcase name=\"$name\" status=\"notrun\"><system-out>skipped: PICKRAY_SIMD=avx512 needs avx512f</system-out></testcase>" ;;
      esac
    done
    echo '</testsuite>'
  } >"$scratch/junit.xml"
}
exclude() { "$python" "$checker" exclude main "$scratch/build" "$scratch/tree"; }
verify() { "$python" "$checker" verify main "$scratch/build" "$scratch/tree" "$scratch/junit.xml"; }

# Alpha.Two is not among the stage's tests: listed, it is left out; unlisted, it fails the stage.
list "main | Alpha.Two | not built here"
expect pass "" exclude
list "sanitize | Alpha.Two | not built there"
expect fail "tests/app/test_a.cpp: Alpha.Two is not among the main stage's tests" exclude
# A line naming no test, by name or by path.
list "main | Alpha.Two | x" "* | Alpha.Gone | renamed long ago"
expect fail "names no TEST defined under tests/: Alpha.Gone" exclude
list "main | Alpha.Two | x" "main | tests/gone/ | moved"
expect fail "names no TEST defined under tests/: tests/gone/" exclude
# A path leaves out every TEST defined there; a listed type-parametrised test, each of its types.
list "main | tests/app/ | the demo is not built"
expect pass '^(Alpha\.One|Typed\.Three)(<.*>)?$' exclude
# After the run: exactly the stage's tests less the list's ran (or were skipped for a level).
list "main | Alpha.Two | x" "main | Typed.Three | slow"
junit Alpha.One:run format.check:level
expect pass "4 tests, 2 left out by tests/stage_skips.txt: 1 ran, 1 skipped for a SIMD level" verify
junit Alpha.One:skip format.check:run
expect fail "Alpha.One was skipped, and is not on tests/stage_skips.txt" verify
junit Alpha.One:run format.check:run "Typed.Three<int>:run"
expect fail "Typed.Three<int> ran, though tests/stage_skips.txt leaves it out" verify
junit Alpha.One:run
expect fail "format.check did not run" verify
echo "stages.py: $cases cases as expected"
