#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The size checker (size_limits.py) passes a clean tree and fails a file that is too long (600
# lines in app/ and engine/, 800 in tests/) and a class with too many data members, naming each;
# member functions, nested types, static members and plain structs do not count as a class's
# data members.
# Usage: tests/build/test_size_limits.sh PYTHON CHECKER
set -euo pipefail
python=$1
checker=$2

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cases=0

# A class of `members` data members, with functions, a nested struct and statics that do not count.
write_class() {  # write_class FILE MEMBERS
  {
    echo "class Wide {"
    echo "public:"
    echo "    Wide() = default;"
    echo "    [[nodiscard]] int get() const { return a0_; }"
    echo "    void set(int v) noexcept;"
    echo "    bool operator==(const Wide&) const = default;"
    echo "    struct Inner { int x; int y; int z; };"
    echo "    static constexpr int kLimit = 3;"
    echo "    using Alias = int;"
    echo "private:"
    for ((i = 0; i < $2; i++)); do echo "    int a${i}_ = {};  // a comment; with a semicolon"; done
    echo "    std::function<void(int)> callback_;"
    echo "    enum class Mode { A, B } mode_ = Mode::A;"
    echo "};"
    echo "struct Plain { int a; int b; int c; int d; int e; int f; int g; int h; int i; int j; int k; int l; int m;"
    echo "  int n; int o; int p; int q; int r; int s; int t; int u; int v; int w; int x; int y; int z; int zz; };"
  } >"$1"
}

expect() {  # expect TREE CODE FRAGMENT
  local out code=0
  out=$("$python" "$checker" "$1") || code=$?
  if [ "$code" -ne "$2" ] || ! grep -qF -- "$3" <<<"$out"; then
    echo "case $1: expected exit $2 and '$3', got exit $code:"
    echo "$out"
    exit 1
  fi
  cases=$((cases + 1))
}

# Clean: 23 plain members + callback_ + mode_ = 25, a file of 600 lines.
clean=$scratch/clean
mkdir -p "$clean"/app/shell "$clean"/engine/src
write_class "$clean/app/shell/wide.hpp" 23
for ((i = 0; i < 600; i++)); do echo "// line $i"; done >"$clean/engine/src/long.cpp"
expect "$clean" 0 "0 violations"

# One member more: the class is named with its count.
wide=$scratch/wide
cp -r "$clean" "$wide"
write_class "$wide/app/shell/wide.hpp" 24
expect "$wide" 1 "app/shell/wide.hpp:1: class Wide has 26 data members, more than 25"

# One line more: the file is named with its length.
long=$scratch/long
cp -r "$clean" "$long"
echo "// one more" >>"$long/engine/src/long.cpp"
expect "$long" 1 "engine/src/long.cpp:1: 601 lines, more than 600"

# A test file may have 800 lines (one feature's tests), not 801.
tests=$scratch/tests
cp -r "$clean" "$tests"
mkdir -p "$tests/tests/app"
for ((i = 0; i < 800; i++)); do echo "// line"; done >"$tests/tests/app/test_long.cpp"
expect "$tests" 0 "0 violations"
echo "// one more" >>"$tests/tests/app/test_long.cpp"
expect "$tests" 1 "tests/app/test_long.cpp:1: 801 lines, more than 800"

[ "$cases" -eq 5 ] || { echo "expected 5 cases, ran $cases"; exit 1; }
echo "size_limits selftest: $cases cases"
