#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The demo's architecture rules, checked on the sources of app/.

app/ has one folder per part (each a CMake target); the files directly in app/ (main.cpp, run.cpp,
run.hpp) are the program, the pseudo-part '.'. app/LAYERS is the one statement of which part may
use which. Its format, one part a line:

    # a comment; blank lines are ignored
    scene:
    render: scene
    editor: scene ; forbid SDL*.h glad/* GL/* *imgui*
    .: shell script panels viewport editor cli input render scene

`NAME: USES...` says that the files under app/NAME/ may include headers of the parts USES (and of
NAME itself) and of no other part. Uses are not transitive: a part lists every part it includes.
After a `;`, `forbid PATTERN...` lists headers the part must not include at all: shell-style
patterns (fnmatch: `*`, `?`, `[...]`) matched against the path written in the #include, quoted or
angle-bracketed; a pattern without a `/` also matches the path's last component, so `SDL*.h`
forbids <SDL.h>, <SDL_keycode.h> and <SDL2/SDL.h>. A part without a line of its own may be named
by no other; the program '.' may go without a line, and then uses every part and forbids nothing.

The rules:
 1. Each #include in app/PART/... names PART, a part LAYERS allows PART, or the engine's public
    headers ("pickray/..."). A quoted include resolves as the compiler does: against the including
    file's folder first (so "file.hpp" is the part's own, and "../shell/app.hpp" is shell's), then
    against app/ (so "scene/scene.hpp" is scene's). A quoted include naming no file of the part's
    folder and no part is a violation (it could only be found through some other include
    directory, around the rules). <PART/...> names PART too. No included path matches a pattern
    the part forbids.
 2. The graph of allowed uses has no cycle.
 3. No class has member functions defined (out of class: `Name::member(`, `Name::Name(`,
    `Name::~Name(`, after a return type or not, namespace qualifiers such as pickray::app:: left
    out) in more than one .cpp file under app/.
 4. Every folder of app/ holding C++ files is a part in LAYERS (a new folder cannot dodge the
    rules), and every part in LAYERS is a folder holding C++ files.
 5. The build says the same: the parts a part's CMakeLists.txt links (`pickray_add_part(... USES
    pickray_OTHER ...)`) are parts LAYERS lets it use, and every part LAYERS lets it use is reached
    through them (CMake's links are transitive, LAYERS' uses are not).

Prints one line per violation, `FILE:LINE: what`, then a summary; exits 1 on any violation.
Usage: app_layers.py REPO-ROOT
"""

import fnmatch
import os
import re
import sys

SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".hh", ".cc", ".cxx", ".inl", ".ipp")
ENGINE_PREFIX = "pickray/"
PROGRAM = "."


class Layers:
    def __init__(self):
        self.uses = {}  # part -> [parts it may use], in the order written
        self.forbid = {}  # part -> [patterns]
        self.line = {}  # part -> line number in LAYERS


def parse_layers(path, report):
    """Reads LAYERS; format errors are reported as violations."""
    layers = Layers()
    name_ok = re.compile(r"^(\.|[A-Za-z_][A-Za-z0-9_-]*)$")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    mentions = []  # (part used, line) to check once every part is known
    for number, raw in enumerate(lines, 1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        if ":" not in text:
            report("app/LAYERS", number, f"not `PART: USES... [; forbid PATTERN...]`: {raw.strip()!r}")
            continue
        part, rest = (s.strip() for s in text.split(":", 1))
        if not name_ok.match(part) or part == "pickray":
            report("app/LAYERS", number, f"{part!r} is not a part's name (a folder of app/, or '.')")
            continue
        if part in layers.uses:
            report("app/LAYERS", number, f"part '{part}' already has a line (line {layers.line[part]})")
            continue
        sections = [s.strip() for s in rest.split(";")]
        uses = sections[0].split()
        forbid = []
        for section in sections[1:]:
            words = section.split()
            if not words:
                continue
            if words[0] != "forbid" or len(words) == 1:
                report("app/LAYERS", number, f"after ';' expected `forbid PATTERN...`, found {section!r}")
                continue
            forbid += words[1:]
        layers.uses[part] = [u for u in uses if u != part]
        layers.forbid[part] = forbid
        layers.line[part] = number
        for used in uses:
            if not name_ok.match(used):
                report("app/LAYERS", number, f"part '{part}' uses {used!r}, which is not a part's name")
            else:
                mentions.append((part, used, number))
    for part, used, number in mentions:
        if used not in layers.uses:
            report("app/LAYERS", number, f"part '{part}' uses '{used}', which has no line in LAYERS")
    return layers


def find_cycles(layers):
    """Returns one cycle (a list of parts, first repeated last) per strongly connected component
    of the allowed graph that has one (Tarjan's algorithm)."""
    graph = {p: [u for u in uses if u in layers.uses] for p, uses in layers.uses.items()}
    index, low, stack, on_stack, components = {}, {}, [], set(), []
    counter = [0]

    def connect(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            components.append(component)

    for v in graph:
        if v not in index:
            connect(v)
    cycles = []
    for component in components:
        if len(component) < 2:
            continue
        members = set(component)
        start = min(component, key=lambda p: layers.line[p])
        # A path back to start inside the component: breadth first, so the cycle is a shortest one.
        previous, frontier, found = {start: None}, [start], None
        while frontier and found is None:
            following = []
            for v in frontier:
                for w in graph[v]:
                    if w == start:
                        found = v
                        break
                    if w in members and w not in previous:
                        previous[w] = v
                        following.append(w)
                if found is not None:
                    break
            frontier = following
        path = [start]
        v = found
        while v is not None and v != start:
            path.insert(1, v)
            v = previous[v]
        cycles.append(path + [start])
    return cycles


def lex(text):
    """Returns (code, bare): the text with comments blanked (newlines kept), and the same with the
    contents of string and character literals blanked too."""
    code, bare = [], []
    i, n = 0, len(text)

    def put(c, in_literal=False):
        code.append(c)
        bare.append(c if (not in_literal or c == "\n") else " ")

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            for _ in range(i, end):
                code.append(" ")
                bare.append(" ")
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            for ch in text[i:end]:
                code.append("\n" if ch == "\n" else " ")
                bare.append("\n" if ch == "\n" else " ")
            i = end
        elif c == "R" and text.startswith('"', i + 1) and _raw_string_prefix(text, i):
            open_paren = text.find("(", i + 2)
            delimiter = text[i + 2 : open_paren] if open_paren >= 0 else ""
            closing = ")" + delimiter + '"'
            end = text.find(closing, open_paren + 1) if open_paren >= 0 else -1
            end = n if end < 0 else end + len(closing)
            put("R")
            put('"')
            for ch in text[i + 2 : end - 1]:
                put(ch, True)
            put('"')
            i = end
        elif c in "\"'":
            # A literal ends at its line's end at the latest, so a digit separator (1'000) taken
            # for a quote blanks at most the rest of its line in `bare`.
            put(c)
            i += 1
            while i < n and text[i] != c and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n:
                    put(text[i], True)
                    i += 1
                put(text[i], True)
                i += 1
            if i < n:
                put(text[i], text[i] == "\n")
                i += 1
        else:
            put(c)
            i += 1
    return "".join(code), "".join(bare)


def _raw_string_prefix(text, i):
    """The R at i with the identifier characters before it is R, u8R, uR, UR or LR."""
    j = i
    while j > 0 and (text[j - 1].isalnum() or text[j - 1] == "_"):
        j -= 1
    return text[j : i + 1] in ("R", "u8R", "uR", "UR", "LR")


INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]*)"|<([^>\n]*)>|(.*))', re.M)
# An out-of-class member definition starts a line (no indentation: bodies are indented), after an
# optional return type (no '=', '(', ';', '{', quotes), with Qualified::name( where the
# qualifiers may carry template arguments.
DEFINITION = re.compile(
    r"^(?![ \t#])(?P<type>[^=(){};\"'\n]*?[ \t*&>]|)"
    r"(?P<qualifiers>(?:[A-Za-z_]\w*(?:<[^<>()\n]*>)?::)+)"
    r"(?P<member>~?[A-Za-z_]\w*|operator\s*(?:\(\)|[^\s(]+))\s*\(",
    re.M,
)


def member_definitions(bare):
    """Yields (class, member, line) for each out-of-class member function definition."""
    for m in DEFINITION.finditer(bare):
        qualifiers = [re.sub(r"<.*", "", q) for q in m.group("qualifiers").split("::")[:-1]]
        # Namespaces are lower case here (pickray::app::, scene::); the class is what follows.
        while qualifiers and not qualifiers[0][:1].isupper():
            qualifiers.pop(0)
        if not qualifiers:
            continue  # a free function defined with its namespace, not a member
        # A definition, not a call: the first '{' after the parameters comes before any ';'
        # (or the declaration ends in `= default;` / `= delete;`).
        depth, j = 0, m.end() - 1
        while j < len(bare):
            if bare[j] == "(":
                depth += 1
            elif bare[j] == ")":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        brace, semicolon = bare.find("{", j), bare.find(";", j)
        if brace < 0 and semicolon < 0:
            continue
        if brace < 0 or (0 <= semicolon < brace):
            if not re.search(r"=\s*(default|delete)\s*$", bare[j + 1 : semicolon]):
                continue
        line = bare.count("\n", 0, m.start("qualifiers")) + 1
        yield "::".join(qualifiers), m.group("member"), line


def part_of(relative):
    """The part of a path relative to app/: its first folder, or '.' for a file directly in app/."""
    head = relative.split("/", 1)
    return head[0] if len(head) == 2 else PROGRAM


def forbidden_by(path, patterns):
    base = path.rsplit("/", 1)[-1]
    for pattern in patterns:
        if fnmatch.fnmatchcase(path, pattern) or ("/" not in pattern and fnmatch.fnmatchcase(base, pattern)):
            return pattern
    return None


def cmake_uses(app, parts, report):
    """part -> (line, [parts it links]) from each part's pickray_add_part(... USES ...)."""
    linked = {}
    for part in parts:
        path = os.path.join(app, part, "CMakeLists.txt")
        if not os.path.isfile(path):
            report(f"app/{part}/CMakeLists.txt", 0, "missing: the part's target is declared nowhere")
            continue
        with open(path, encoding="utf-8") as f:
            text = re.sub(r"#[^\n]*", "", f.read())
        call = re.search(r"pickray_add_part\s*\(\s*" + re.escape(part) + r"\b(.*?)\)", text, re.S)
        if not call:
            report(f"app/{part}/CMakeLists.txt", 0, f"no pickray_add_part({part} ...)")
            continue
        words = call.group(1).split()
        keywords = {"SOURCES", "USES", "PRIVATE"}
        uses, section = [], None
        for word in words:
            if word in keywords:
                section = word
            elif section in ("USES", "PRIVATE") and word.startswith("pickray_") and word[8:] in parts:
                uses.append(word[8:])
        linked[part] = (text.count("\n", 0, call.start()) + 1, uses)
    return linked


def main(argv):
    if len(argv) != 2:
        print("usage: app_layers.py REPO-ROOT", file=sys.stderr)
        return 2
    root = os.path.abspath(argv[1])
    app = os.path.join(root, "app")
    if not os.path.isdir(app):
        print(f"{root}: no app/ folder", file=sys.stderr)
        return 2

    violations = []

    def report(file, line, what):
        violations.append(f"{file}:{line}: {what}")

    # Every C++ file under app/, as a path relative to app/ with '/' separators.
    files = []
    for folder, subfolders, names in os.walk(app):
        subfolders.sort()
        for name in sorted(names):
            if name.endswith(SOURCE_SUFFIXES):
                files.append(os.path.relpath(os.path.join(folder, name), app).replace(os.sep, "/"))
    present = sorted({part_of(f) for f in files})

    layers_path = os.path.join(app, "LAYERS")
    if not os.path.isfile(layers_path):
        report("app/LAYERS", 0, "missing: the allowed dependencies between the parts of app/ are stated nowhere")
        layers = Layers()
    else:
        layers = parse_layers(layers_path, report)

    # Rule 4: the folders and the parts are the same (without LAYERS, said once above).
    for part in present if layers.line else []:
        if part not in layers.uses and not (part == PROGRAM and layers.uses):
            first = next(f for f in files if part_of(f) == part)
            where = "app/" + part + "/" if part != PROGRAM else "app/"
            report("app/" + first, 1, f"folder {where} holds C++ files but is not a part in app/LAYERS")
    for part, number in layers.line.items():
        if part not in present:
            where = "app/" + part + "/" if part != PROGRAM else "app/ itself"
            report("app/LAYERS", number, f"part '{part}' has no C++ files in {where}")

    # The program '.' without a line of its own uses everything and forbids nothing.
    allowed = {p: set(u) | {p} for p, u in layers.uses.items()}
    if PROGRAM not in allowed:
        allowed[PROGRAM] = set(present) | set(layers.uses)

    # Rule 2.
    for cycle in find_cycles(layers):
        report("app/LAYERS", layers.line[cycle[0]], "cycle in the allowed dependencies: " + " -> ".join(cycle))

    # Rules 1 and 3, file by file.
    parts = set(layers.uses) | {PROGRAM}
    includes = 0
    definitions = {}  # class -> {file: (line, member)} in the order met
    for relative in files:
        part = part_of(relative)
        shown = "app/" + relative
        with open(os.path.join(app, relative), encoding="utf-8", errors="replace") as f:
            code, bare = lex(f.read())
        mine = allowed.get(part)  # None: an unlisted folder, already reported by rule 4
        listing = ", ".join(sorted(allowed.get(part, set()) - {part})) or "nothing"
        # Found where no comment or literal is (a raw string may hold an #include line), read
        # from the text with the literals (the same length: blanking keeps every offset).
        for found in INCLUDE.finditer(bare):
            m = INCLUDE.match(code, found.start())
            includes += 1
            line = code.count("\n", 0, m.start()) + 1
            quoted, angled, other = m.group(1), m.group(2), m.group(3)
            if quoted is None and angled is None:
                report(shown, line, f"#include {other.strip()}: neither \"...\" nor <...>, so it cannot be checked")
                continue
            path = quoted if quoted is not None else angled
            written = f'"{path}"' if quoted is not None else f"<{path}>"
            if mine is None:
                continue  # an unlisted folder: reported by rule 4
            # The part of app/ a header belongs to: as the compiler finds a quoted one (beside the
            # including file, then from app/), and <PART/...>.
            target = None
            first = path.split("/", 1)[0] if "/" in path else None
            if quoted is not None:
                beside = os.path.normpath(os.path.join(os.path.dirname(relative), path)).replace(os.sep, "/")
                if beside.startswith("../") or beside == "..":
                    report(shown, line, f"includes {written}: reaches out of app/ (only \"pickray/...\" may)")
                    continue
                if os.path.isfile(os.path.join(app, beside)):
                    target = part_of(beside)
                elif first in parts:
                    target = first
            elif first in parts | set(present):
                target = first
            if target is not None:
                if target not in mine:
                    why = f"part '{part}' may not use '{target}' (LAYERS allows: {listing})"
                    report(shown, line, f"includes {written}: {why}")
                continue
            # Not a header of app/: the engine's, or the system's, which the part may forbid.
            pattern = forbidden_by(path, layers.forbid.get(part, []))
            if pattern is not None:
                why = f"part '{part}' may not include it (LAYERS forbids '{pattern}')"
                report(shown, line, f"includes {written}: {why}")
            elif quoted is not None and not path.startswith(ENGINE_PREFIX):
                folder = "app/" + os.path.dirname(relative) + "/" if "/" in relative else "app/"
                why = f"no such file in {folder} and no part of that name in LAYERS"
                report(shown, line, f"includes {written}: {why}")
        if relative.endswith((".cpp", ".cc", ".cxx")):
            for cls, member, line in member_definitions(bare):
                definitions.setdefault(cls, {}).setdefault(shown, (line, member))

    # Rule 5.
    linked = cmake_uses(app, [p for p in layers.uses if p != PROGRAM and p in present], report)
    for part, (line, uses) in linked.items():
        for used in uses:
            if used not in layers.uses.get(part, []):
                report(f"app/{part}/CMakeLists.txt", line, f"links pickray_{used}, which app/LAYERS does not let '{part}' use")
        reached, todo = set(), list(uses)
        while todo:
            other = todo.pop()
            if other not in reached:
                reached.add(other)
                todo.extend(linked.get(other, (0, []))[1])
        for used in layers.uses.get(part, []):
            if used in layers.uses and used not in reached:
                report(f"app/{part}/CMakeLists.txt", line,
                       f"app/LAYERS lets '{part}' use '{used}', which its USES do not reach")

    # Rule 3.
    for cls, where in definitions.items():
        if len(where) > 1:
            places = ", ".join(f"{file}:{line} ({cls}::{member})" for file, (line, member) in where.items())
            second, (line, _) = list(where.items())[1]
            report(second, line, f"class '{cls}' has member functions defined in {len(where)} files: {places}")

    for v in violations:
        print(v)
    plural = "" if len(violations) == 1 else "s"
    counts = f"{len(layers.uses)} parts, {len(files)} files, {includes} includes checked"
    print(f"app layers: {counts}, {len(violations)} violation{plural}")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
