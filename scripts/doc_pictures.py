#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The pictures of README.md and docs/*.md and the commands written beside them.

Every command in a code block (fenced, or indented by four spaces) that runs ./build/app/pickray
with --screenshot docs/... (a PNG) or --record-gif docs/... (an animation) is one picture's recipe.
Prints them as JSON lines:
  {"doc": "docs/DEMO.md", "line": 241, "picture": "docs/screenshots/overview.png",
   "option": "--screenshot", "args": [...]}
with args the pickray arguments (the binary left out). A picture under docs/ that no command makes
is an error: it could not be remade.
Usage: scripts/doc_pictures.py REPO-ROOT
"""
import json
import pathlib
import shlex
import sys

root = pathlib.Path(sys.argv[1])
docs = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
recipes = {}
for doc in docs:
    lines = doc.read_text().splitlines()
    in_fence = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            i += 1
            continue
        code = in_fence or line.startswith("    ")
        start = i
        command = line.strip()
        while code and command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command[:-1] + " " + lines[i].strip()
        i += 1
        if not code or not command.startswith("./build/app/pickray "):
            continue
        args = shlex.split(command)[1:]
        option = "--record-gif" if "--record-gif" in args else "--screenshot"
        if option not in args:
            continue
        picture = args[args.index(option) + 1]
        if not picture.startswith("docs/"):
            continue
        recipe = {"doc": str(doc.relative_to(root)), "line": start + 1, "picture": picture, "option": option,
                  "args": args}
        if picture in recipes and recipes[picture]["args"] != args:
            sys.exit(f"{picture}: {recipes[picture]['doc']}:{recipes[picture]['line']} and "
                     f"{recipe['doc']}:{recipe['line']} make it with different commands")
        recipes.setdefault(picture, recipe)

for png in sorted([*(root / "docs").rglob("*.png"), *(root / "docs").rglob("*.gif")]):
    name = str(png.relative_to(root))
    if name not in recipes:
        sys.exit(f"{name}: no command beside it in README.md or docs/*.md makes it")
for recipe in recipes.values():
    print(json.dumps(recipe))
