#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Size limits that keep the code readable in one pass, checked on the sources.

 1. No C++ source file under app/ or engine/ is longer than MAX_LINES lines, and none under
    tests/ longer than MAX_TEST_LINES (a test file is one feature's tests), but the exceptions
    named below with their reason.
 2. No class under app/ (a `class`, not a plain `struct` of values) has more than MAX_MEMBERS
    data members: a frame owner or a renderer that grows past it is holding features that want
    objects of their own.

Prints one line per violation, `FILE:LINE: what`, then a summary; exits 1 on any violation.
Usage: size_limits.py REPO-ROOT
"""

import os
import re
import sys

MAX_LINES = 600
MAX_TEST_LINES = 800
MAX_MEMBERS = 25
SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".inl")
# path relative to the root -> why it may be longer (data tables only).
LONG_FILE_EXCEPTIONS = {}

CLASS_HEAD = re.compile(r"\bclass\s+(?:\[\[[^\]]*\]\]\s*)?([A-Za-z_]\w*)\s*(?:final\s*)?(?::[^;{]*)?\{")
SKIPPED_STARTS = ("using ", "typedef ", "friend ", "static_assert", "template", "enum ", "struct ", "class ",
                  "static ", "union ")


def strip_comments(text):
    """Comments and string contents blanked, newlines kept (line numbers stay right)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text[i] in "\"'":
            quote = text[i]
            j = i + 1
            while j < n and text[j] != quote:
                j += 2 if text[j] == "\\" else 1
            out.append(quote + quote)
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def is_function(declaration):
    """A member function's declaration or definition head, not a data member."""
    head = re.split(r"\s=\s|\{", declaration, maxsplit=1)[0].strip()
    head = re.sub(r"\b(const|noexcept|override|final|volatile|&|&&)\s*$", "", head).strip()
    while True:
        trimmed = re.sub(r"\b(const|noexcept|override|final)\s*$", "", head).strip()
        if trimmed == head:
            break
        head = trimmed
    return head.endswith(")") or "operator" in head


def data_members(body):
    """Counts the data members declared at the top level of a class body."""
    count = 0
    depth = 0
    statement = []
    i = 0
    while i < len(body):
        c = body[i]
        if c == "{":
            if depth == 0:
                statement.append(c)
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                statement.append(c)
                text = "".join(statement).strip()
                before = text[: text.find("{")]
                if is_function(before) or re.match(r"^(struct|union|enum)\b", text):
                    # A member function's body, or a nested type: it ends here unless a ';' follows.
                    j = i + 1
                    while j < len(body) and body[j].isspace():
                        j += 1
                    if j < len(body) and body[j] == ";":
                        i = j
                    statement = []
        elif depth == 0:
            if c == ";":
                text = re.sub(r"^(public|private|protected)\s*:", "", " ".join("".join(statement).split())).strip()
                if text and not text.startswith(SKIPPED_STARTS) and not is_function(text):
                    count += 1
                statement = []
            elif c == ":" and re.search(r"(public|private|protected)\s*$", "".join(statement)):
                statement = []
            else:
                statement.append(c)
        i += 1
    return count


def class_bodies(text):
    """(name, line, body) of each class defined in `text`."""
    for match in CLASS_HEAD.finditer(text):
        start = match.end()
        depth, i = 1, start
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        yield match.group(1), text.count("\n", 0, match.start()) + 1, text[start : i - 1]


def main(root):
    violations = []
    files = 0
    for top, most in (("app", MAX_LINES), ("engine", MAX_LINES), ("tests", MAX_TEST_LINES)):
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if not name.endswith(SUFFIXES):
                    continue
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, root)
                files += 1
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                lines = text.count("\n")
                if lines > most and relative not in LONG_FILE_EXCEPTIONS:
                    violations.append(f"{relative}:1: {lines} lines, more than {most}")
                if top != "app":
                    continue
                for cls, line, body in class_bodies(strip_comments(text)):
                    members = data_members(body)
                    if members > MAX_MEMBERS:
                        violations.append(f"{relative}:{line}: class {cls} has {members} data members, "
                                          f"more than {MAX_MEMBERS}")
    for v in violations:
        print(v)
    print(f"size_limits: {files} files, {len(violations)} violations "
          f"(at most {MAX_LINES} lines a file in app/ and engine/, {MAX_TEST_LINES} in tests/, "
          f"{MAX_MEMBERS} data members a class in app/)")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
