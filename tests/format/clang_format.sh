#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The house style (.clang-format) on every tracked C++ file (ctest: format.clang_format).
# Fails when a file strays from it, and when the list of files cannot be had: a failing
# `git ls-files`, or a list with no C++ file in it, is an error, not a pass over nothing.
# Usage: tests/format/clang_format.sh GIT CLANG-FORMAT SOURCE-DIR
set -euo pipefail
git=$1
clang_format=$2
source=$3
list=$(mktemp)
trap 'rm -f "$list"' EXIT
"$git" -C "$source" ls-files -z -- '*.cpp' '*.hpp' '*.inl' >"$list" || { echo "FAIL: git ls-files failed in $source"; exit 1; }
count=$(tr -cd '\0' <"$list" | wc -c)
[ "$count" -gt 0 ] || { echo "FAIL: git ls-files listed no C++ file in $source"; exit 1; }
cd "$source"
xargs -0 "$clang_format" --dry-run --Werror <"$list" || { echo "FAIL: files above stray from .clang-format"; exit 1; }
echo "format: $count tracked C++ files checked with $("$clang_format" --version)"
