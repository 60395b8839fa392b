#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""No type of a detail namespace in the public API of the installed headers.

A declaration under engine/include that a user sees (at namespace scope outside every `detail`
namespace, or a public member of a class there) must not name `detail::`: a function's return
and parameter types, a data member's type, an alias, a base class. Function bodies, member
initialiser lists and private or protected members are implementation and are not read.

The reading is lexical (comments, strings and preprocessor lines blanked, braces matched), which
fits the headers' plain style; `public_detail.py --selftest` shows what it catches and what it
lets pass.

Prints one line per violation, `FILE:LINE: declaration`, then a summary; exits 1 on any.
Usage: public_detail.py REPO-ROOT | public_detail.py --selftest
"""

import os
import re
import sys

HEADERS = os.path.join("engine", "include")
TOKEN = re.compile(r"[A-Za-z_]\w*|::|\S")
CLASS_KEYS = ("struct", "class", "union", "enum")


def blank(text):
    """Comments, string and character literals and preprocessor lines blanked; newlines kept."""
    out = []
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and text[i:].lstrip(" \t").startswith("#"):
            j = i
            while True:  # a directive, with its continuation lines
                k = text.find("\n", j)
                if k < 0:
                    k = n
                if k > 0 and text[k - 1] == "\\" and k < n:
                    out.append("\n")
                    j = k + 1
                    continue
                break
            i = k
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(" ")
            i = j + 1
            continue
        out.append(c)
        at_line_start = c == "\n" or (at_line_start and c in " \t")
        i += 1
    return "".join(out)


def tokens(text):
    """(token, line) pairs."""
    line = 1
    position = 0
    for match in TOKEN.finditer(text):
        line += text.count("\n", position, match.start())
        position = match.start()
        yield match.group(0), line


def signature(head):
    """The part of a declaration's head that is its signature: a constructor's member
    initialiser list (after the parameter list's closing parenthesis and a `:`) is left out."""
    depth = 0
    for index, token in enumerate(head):
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
            if depth == 0:
                rest = head[index + 1:]
                for k, word in enumerate(rest):
                    if word == ":":
                        return head[:index + 1 + k]
                    if word not in ("const", "noexcept", "override", "final", "&", "&&", "volatile") and word != ")":
                        break
    return head


def names_detail(head):
    words = [token for token, _ in head]
    words = signature(words)
    return any(words[i] == "detail" and i + 1 < len(words) and words[i + 1] == "::" for i in range(len(words)))


def check(path, text):
    """Violations in one header: (line, declaration text)."""
    found = []
    scopes = []  # each: [kind, name or access]; kind is namespace, class or body
    head = []

    def hidden():
        for kind, value in scopes:
            if kind == "namespace" and value == "detail":
                return True
            if kind == "class" and value != "public":
                return True
        return False

    stream = list(tokens(blank(text)))
    i = 0
    while i < len(stream):
        token, line = stream[i]
        if scopes and scopes[-1][0] == "body":
            if token == "{":
                scopes.append(["body", None])
            elif token == "}":
                scopes.pop()
                head = []
            i += 1
            continue
        if token in ("public", "private", "protected") and i + 1 < len(stream) and stream[i + 1][0] == ":" and \
                scopes and scopes[-1][0] == "class":
            scopes[-1][1] = token
            head = []
            i += 2
            continue
        if token == ";":
            if head and not hidden() and names_detail(head):
                found.append((head[0][1], " ".join(t for t, _ in head)))
            head = []
        elif token == "{":
            words = [t for t, _ in head]
            if words[:1] == ["namespace"] or (words[:2] == ["inline", "namespace"]):
                name = words[-1] if words[-1] != "namespace" else ""
                for part in name.split("::"):
                    scopes.append(["namespace", part])
            elif any(key in words for key in CLASS_KEYS) and "(" not in words and "=" not in words:
                if not hidden() and names_detail(head):
                    found.append((head[0][1], " ".join(words)))
                scopes.append(["class", "private" if "class" in words and "enum" not in words else "public"])
            else:
                # A function body (or an initialiser's braces): its signature is read, not its body.
                if head and not hidden() and names_detail(head):
                    found.append((head[0][1], " ".join(words)))
                scopes.append(["body", None])
            head = []
        elif token == "}":
            if scopes:
                scopes.pop()
            head = []
        else:
            head.append((token, line))
        i += 1
    return [(line, path, what) for line, what in found]


def check_tree(root):
    violations = []
    base = os.path.join(root, HEADERS)
    for folder, _, files in sorted(os.walk(base)):
        for name in sorted(files):
            if not name.endswith((".hpp", ".h")):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as source:
                violations += check(os.path.relpath(path, root), source.read())
    return violations


SELFTEST = [
    # (source, how many violations)
    ("namespace pickray { namespace detail { struct X {}; } struct Y { detail::X x; }; }", 1),
    ("namespace pickray { namespace detail { struct X {}; } detail::X make(); }", 1),
    ("namespace pickray { void f(const detail::X& x) noexcept; }", 1),
    ("namespace pickray { using Alias = detail::X; }", 1),
    ("namespace pickray { struct Y : detail::Base {}; }", 1),
    ("namespace pickray { inline int f(int a) { return detail::g(a); } }", 0),
    ("namespace pickray { struct Y { explicit Y(int a) noexcept : x(detail::g(a)) {} int x; }; }", 0),
    ("namespace pickray { class Y { public: int f(); private: detail::X x_; }; }", 0),
    ("namespace pickray { struct Y { int f(); private: detail::X x_; }; }", 0),
    ("namespace pickray::detail { detail::X f(detail::X); }", 0),
    ("namespace pickray { // detail::X in a comment\n void f(const char* s = \"detail::X\"); }", 0),
    ("#define M detail::X\nnamespace pickray { int f(); }", 0),
    ("namespace pickray { inline auto f() -> detail::X { return {}; } }", 1),
]


def selftest():
    failures = 0
    for source, expected in SELFTEST:
        got = len(check("selftest.hpp", source))
        if got != expected:
            print(f"selftest: {got} violations, expected {expected}: {source}")
            failures += 1
    print(f"selftest: {len(SELFTEST) - failures} of {len(SELFTEST)} cases as expected")
    return 1 if failures else 0


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    if argv[1] == "--selftest":
        return selftest()
    violations = check_tree(argv[1])
    for line, path, what in violations:
        print(f"{path}:{line}: a public declaration names a detail type: {what}")
    print(f"public_detail: {len(violations)} public declarations under {HEADERS} name detail::")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
