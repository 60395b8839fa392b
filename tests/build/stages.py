#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What each ctest stage runs, derived from the sources and tests/stage_skips.txt, not counted by hand.

  stages.py exclude STAGE BUILD-DIR SOURCE-ROOT
      Checks the list against the TESTs defined under tests/ and the stage's ctest tests
      (`ctest --show-only=json-v1`), then prints the ctest -E pattern of the listed tests the
      stage has (an empty line when none). Fails, naming each, on a TEST defined under tests/
      that is neither among the stage's tests nor on the list, and on a line naming no test.
  stages.py verify STAGE BUILD-DIR SOURCE-ROOT JUNIT-XML
      After `ctest -E <that pattern> --output-junit JUNIT-XML`: prints what ran, and fails when
      the tests run, plus those skipped for a SIMD level this CPU lacks (cpu_gate's
      "skipped: PICKRAY_SIMD=" line), are not exactly the stage's tests less the list's.

Exit status: 0 when all holds, 1 otherwise, 2 on bad usage.
"""

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

LIST = "tests/stage_skips.txt"
STAGES = ("main", "sanitize", "aarch64")
TEST_MACRO = re.compile(r"^\s*(?:TEST|TEST_F|TYPED_TEST)\(\s*(\w+)\s*,\s*(\w+)\s*\)", re.MULTILINE)
SOURCE_SUFFIXES = (".cpp", ".hpp")


def defined_tests(root):
    """Every GoogleTest TEST defined under tests/: name -> its file, relative to the root."""
    tests = {}
    for folder, _, files in os.walk(os.path.join(root, "tests")):
        for name in sorted(files):
            if not name.endswith(SOURCE_SUFFIXES):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as source:
                for match in TEST_MACRO.finditer(source.read()):
                    tests[f"{match.group(1)}.{match.group(2)}"] = os.path.relpath(path, root)
    return tests


def read_list(root, stage):
    """The list's lines for `stage`: (line number, what, why)."""
    entries = []
    with open(os.path.join(root, LIST), encoding="utf-8") as text:
        for number, line in enumerate(text, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [field.strip() for field in line.split("|")]
            if len(fields) != 3 or not all(fields):
                raise SystemExit(f"{LIST}:{number}: not 'stage | what | why': {line}")
            if fields[0] != "*" and fields[0] not in STAGES:
                raise SystemExit(f"{LIST}:{number}: unknown stage {fields[0]!r} (the stages: {', '.join(STAGES)}, *)")
            if fields[0] in ("*", stage):
                entries.append((number, fields[1], fields[2]))
    return entries


def base_name(ctest_name):
    """A type-parametrised test's ctest name without its type: Suite.Name<Type> -> Suite.Name."""
    return ctest_name.split("<", 1)[0]


def ctest_names(build):
    shown = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, check=True, capture_output=True, text=True)
    return [test["name"] for test in json.loads(shown.stdout)["tests"]]


def listed_tests(entries, defined):
    """The TEST names the list's lines name; and the lines naming none."""
    listed, stale = {}, []
    for number, what, why in entries:
        if what.startswith("tests/"):
            names = [t for t, path in defined.items() if path == what or (what.endswith("/") and path.startswith(what))]
        else:
            names = [what] if what in defined else []
        if not names:
            stale.append(f"{LIST}:{number}: names no TEST defined under tests/: {what}")
        for name in names:
            listed[name] = why
    return listed, stale


def plan(stage, build, root):
    """(the stage's ctest names, the names left out by the list, problems)."""
    defined = defined_tests(root)
    listed, problems = listed_tests(read_list(root, stage), defined)
    names = ctest_names(build)
    present = {base_name(n) for n in names}
    for test, path in sorted(defined.items()):
        if test not in present and test not in listed:
            problems.append(f"{path}: {test} is not among the {stage} stage's tests, nor on {LIST}")
    left_out = [n for n in names if base_name(n) in listed]
    return names, left_out, problems


def exclude(stage, build, root):
    _, left_out, problems = plan(stage, build, root)
    for problem in problems:
        print(problem, file=sys.stderr)
    bases = sorted({re.escape(base_name(n)) for n in left_out})
    print(f"^({'|'.join(bases)})(<.*>)?$" if bases else "")
    return 1 if problems else 0


def verify(stage, build, root, junit):
    names, left_out, problems = plan(stage, build, root)
    expected = set(names) - set(left_out)
    ran, level_skipped, other_skipped = set(), set(), set()
    if not os.path.exists(junit):
        print(f"FAILED: no {junit}: ctest ran no test")
        return 1
    for case in ElementTree.parse(junit).getroot().iter("testcase"):
        name = case.get("name")
        skipped = case.get("status") in ("notrun", "disabled") or case.find("skipped") is not None
        output = case.findtext("system-out") or ""
        if not skipped:
            ran.add(name)
        elif any(line.startswith("skipped: PICKRAY_SIMD=") for line in output.splitlines()):
            level_skipped.add(name)
        else:
            other_skipped.add(name)
    for name in sorted(other_skipped):
        problems.append(f"{name} was skipped, and is not on {LIST}")
    for name in sorted(expected - ran - level_skipped - other_skipped):
        problems.append(f"{name} did not run")
    for name in sorted((ran | level_skipped) - expected):
        problems.append(f"{name} ran, though {LIST} leaves it out")
    print(f"{len(names)} tests, {len(left_out)} left out by {LIST}: {len(ran)} ran, "
          f"{len(level_skipped)} skipped for a SIMD level this CPU lacks, {len(other_skipped)} other skips")
    for problem in problems:
        print(f"FAILED: {problem}")
    return 1 if problems else 0


def main(argv):
    if len(argv) == 5 and argv[1] == "exclude":
        return exclude(argv[2], argv[3], argv[4])
    if len(argv) == 6 and argv[1] == "verify":
        return verify(argv[2], argv[3], argv[4], argv[5])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
