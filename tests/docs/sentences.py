#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Short sentences in the documents: README.md, CHANGELOG.md and docs/*.md.

The prose of each file is split into sentences. Code blocks (fenced, or indented four spaces
after a blank line), tables, headings, HTML lines and link targets are left out; a list item
starts a sentence of its own. A sentence ends at ".", "!" or "?" before a space or the end of
its paragraph. Its words are the whitespace-separated pieces with a letter or a digit in them;
inline code counts as one word.

A file fails when a sentence has more than 60 words, or more than 5 sentences have more than 40.
The files in NOT_ENFORCED are only reported. For each file it prints the counts and its longest
sentences, FILE:LINE: WORDS words: the sentence's start.

Exit status: 0 when every enforced file passes, 1 otherwise, 2 on bad usage.
Usage: sentences.py REPO-ROOT | sentences.py --selftest
"""

import glob
import os
import re
import sys

LIMIT = 60  # no sentence longer
LONG = 40  # at most ALLOWED_LONG sentences longer
ALLOWED_LONG = 5
SHOWN = 3  # the longest few printed for each file

# Reported, not failed: each is being rewritten.
NOT_ENFORCED = {
    "docs/DEMO.md": "being rewritten as a description of the demo as it is",
    "docs/PERFORMANCE.md": "being rewritten as tables of the current numbers",
}

FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
REFERENCE_LINK = re.compile(r"\[([^\]]*)\]\[[^\]]*\]")
INLINE_CODE = re.compile(r"`[^`]*`")
SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]*_]*\s+")
WORD = re.compile(r"\w")


def paragraphs(text):
    """(first line number, text) for each run of prose lines."""
    blocks = []
    current, start = [], 0
    in_fence = False
    previous_blank = True
    in_code = False

    def close():
        nonlocal current
        if current:
            blocks.append((start, " ".join(current)))
        current = []

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if FENCE.match(line):
            close()
            in_fence = not in_fence
            previous_blank = False
            continue
        if in_fence:
            continue
        if not line.strip():
            close()
            previous_blank = True
            in_code = False
            continue
        indented = len(line) - len(line.lstrip(" ")) >= 4 or line.startswith("\t")
        if indented and (previous_blank or in_code) and not current:
            in_code = True  # an indented code block
            previous_blank = False
            continue
        previous_blank = False
        stripped = line.strip()
        while stripped.startswith(">"):
            stripped = stripped[1:].strip()
        if not stripped or stripped.startswith(("#", "|", "<")) or re.match(r"^\[[^\]]+\]:\s", stripped):
            close()  # a heading, a table row, HTML or a link's definition
            continue
        if LIST_ITEM.match(stripped):
            close()
            stripped = LIST_ITEM.sub("", stripped, count=1)
        if not current:
            start = number
        current.append(stripped)
    close()
    return blocks


def sentences(text):
    """(line number, words, sentence) for each sentence of the prose."""
    found = []
    for line, paragraph in paragraphs(text):
        prose = IMAGE.sub("", paragraph)
        prose = LINK.sub(r"\1", prose)
        prose = REFERENCE_LINK.sub(r"\1", prose)
        prose = INLINE_CODE.sub("CODE", prose)
        for sentence in SENTENCE_END.split(prose):
            words = [w for w in sentence.split() if WORD.search(w)]
            if words:
                found.append((line, len(words), sentence.strip()))
    return found


def documents(root):
    paths = ["README.md", "CHANGELOG.md"] + sorted(
        os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "docs", "*.md")))
    return [p for p in paths if os.path.isfile(os.path.join(root, p))]


def judge(path, text):
    """(passes, lines to print) for one file."""
    found = sentences(text)
    over_limit = [s for s in found if s[1] > LIMIT]
    long = [s for s in found if s[1] > LONG]
    passes = not over_limit and len(long) <= ALLOWED_LONG
    if path in NOT_ENFORCED:
        verdict = f"not yet enforced ({NOT_ENFORCED[path]})"
    else:
        verdict = "ok" if passes else "FAILS"
    out = [f"{path}: {len(found)} sentences, {len(long)} over {LONG} words (at most {ALLOWED_LONG}), "
           f"{len(over_limit)} over {LIMIT} (none allowed): {verdict}"]
    for line, words, sentence in sorted(found, key=lambda s: -s[1])[:SHOWN]:
        if words > LONG or verdict == "FAILS":
            shown = sentence if len(sentence) <= 100 else sentence[:97] + "..."
            out.append(f"  {path}:{line}: {words} words: {shown}")
    return (passes or path in NOT_ENFORCED), out


SELFTEST = [
    # (text, sentences found, words of the longest)
    ("One. Two words. Three words here!", 3, 3),
    ("A sentence\nover two lines.\n\nAnother paragraph.", 2, 5),
    ("```\nnot. counted. at all, however long it is\n```\nProse.", 1, 1),
    ("Text before.\n\n    an indented code block. with sentences.\n\nAfter.", 2, 2),
    ("- an item\n- another item. And more.", 3, 2),
    ("- an item\n    continued four spaces in.", 1, 6),
    ("# A heading. With words\n| a | table. with words |\n|---|---|\nBody.", 1, 1),
    ("A [link text](some/target.md#with-an-anchor) here.", 1, 4),
    ("An ![image alt](docs/screenshots/x.png) and `code. with. dots` count once.", 1, 5),
    ("> A quoted sentence. Another.", 2, 3),
    ("Ends with a quote.\" Next (in brackets.) Then.", 3, 4),
    ("<img src=\"x.png\" alt=\"words. words.\">\nText.", 1, 1),
]


def selftest():
    failures = 0
    for text, count, longest in SELFTEST:
        found = sentences(text)
        got = (len(found), max((s[1] for s in found), default=0))
        if got != (count, longest):
            print(f"selftest: {got[0]} sentences, longest {got[1]}; expected {count}, {longest}: {text!r}")
            print(f"  {found}")
            failures += 1
    cases = [
        # (file, text, passes)
        ("docs/X.md", "word " * 61 + ".", False),
        ("docs/X.md", ("word " * 41 + ".\n\n") * 6, False),
        ("docs/X.md", ("word " * 41 + ".\n\n") * 5 + "word " * 60 + ".", False),
        ("docs/X.md", ("word " * 41 + ".\n\n") * 5 + "word " * 40 + ".", True),
        ("README.md", "word " * 61 + ".", False),
    ]
    # A file still being rewritten is reported, not failed.
    cases += [(path, "word " * 61 + ".", True) for path in sorted(NOT_ENFORCED)[:1]]
    for path, text, expected in cases:
        passes, _ = judge(path, text)
        if passes != expected:
            print(f"selftest: {path} {'passed' if passes else 'failed'}: {text[:60]!r}...")
            failures += 1
    total = len(SELFTEST) + len(cases)
    print(f"selftest: {total - failures} of {total} cases as expected")
    return 1 if failures else 0


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    if argv[1] == "--selftest":
        return selftest()
    root = argv[1]
    failed = []
    for path in documents(root):
        with open(os.path.join(root, path), encoding="utf-8") as text:
            passes, out = judge(path, text.read())
        print("\n".join(out))
        if not passes:
            failed.append(path)
    if failed:
        print(f"sentences: too many long sentences in {', '.join(failed)}: split them "
              f"(at most {ALLOWED_LONG} over {LONG} words, none over {LIMIT}); numbers go in tables")
        return 1
    print("sentences: every enforced file passes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
