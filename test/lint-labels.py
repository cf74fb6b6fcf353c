#!/usr/bin/env python3
"""Checks the FileCheck labels of TFG's tests (run by lint-labels.test).

A label must label something: the case it opens, and nothing else.
  * A `PREFIX-LABEL:` whose text names no case (`tfg.graph`, `module`,
    `module attributes {...`, `func.func`, `tfg.func` alone) is an error.
  * The same label text twice for one prefix in a file is an error.
  * In a file split into cases (`// -----` or split-file's `//--- NAME`),
    every case with directives of a prefix must have a label of that prefix
    when that prefix labels some case or checks more than one case: N cases
    checked, N distinct labels.

Usage: lint-labels.py PATH...   (files, or folders searched for .mlir,
.pbtxt and .test files). Prints one line per problem, exits 1 if any.
"""
import os
import re
import sys

SUFFIXES = (".mlir", ".pbtxt", ".test")
COMMENT = r"^\s*(?://|#)\s*"
LABEL = re.compile(COMMENT + r"([A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*?)-LABEL:\s*(.*?)\s*$")
DIRECTIVE = re.compile(
    COMMENT + r"([A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*?)"
    r"(?:-(?:NEXT|SAME|NOT|DAG|EMPTY|COUNT-[0-9]+))?:")
PREFIXES = re.compile(r"--check-prefix(?:es)?[= ]([A-Za-z0-9_,-]+)")
SPLIT = re.compile(r"^(// -----\s*$|//--- )")
# Label texts that name no case: an op keyword with at most its version or
# attribute dictionary.
GENERIC = re.compile(
    r"^(?:tfg\.graph(?:\s*#tfg\.version<[^>]*>)?|(?:builtin\.)?module"
    r"(?:\s+attributes\b.*)?|func\.func|func|tfg\.func)\s*\{?$")


def lint(path):
    problems = []
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    cases = [[]]  # per case: (line number, line)
    for number, line in enumerate(lines, 1):
        if SPLIT.match(line):
            cases.append([])
        else:
            cases[-1].append((number, line))
    seen = {}  # (prefix, text) -> line number
    labelled = set()  # prefixes with a label somewhere
    for case in cases:
        for number, line in case:
            m = LABEL.match(line)
            if not m:
                continue
            prefix, text = m.group(1), m.group(2)
            labelled.add(prefix)
            where = "%s:%d" % (path, number)
            if GENERIC.match(text):
                problems.append("%s: %s-LABEL '%s' labels no case in "
                                "particular (label a name unique to the case)"
                                % (where, prefix, text))
            if (prefix, text) in seen:
                problems.append("%s: %s-LABEL '%s' repeats the label of line "
                                "%d (each case needs its own)"
                                % (where, prefix, text, seen[(prefix, text)]))
            else:
                seen[(prefix, text)] = number
    # The prefixes FileCheck reads: CHECK and those the RUN lines name.
    checked = {"CHECK"}
    for line in lines:
        for m in PREFIXES.finditer(line):
            checked.update(m.group(1).split(","))
    if len(cases) > 1:
        for prefix in sorted(checked | labelled):
            with_uses = [c for c in cases if any(
                (m := DIRECTIVE.match(l)) and m.group(1) == prefix
                for _, l in c)]
            if prefix not in labelled and len(with_uses) < 2:
                continue
            for case in cases:
                uses = [n for n, l in case
                        if (m := DIRECTIVE.match(l)) and m.group(1) == prefix]
                has_label = any((m := LABEL.match(l)) and m.group(1) == prefix
                                for _, l in case)
                if uses and not has_label:
                    problems.append(
                        "%s:%d: a split case with %s directives but no %s-LABEL"
                        % (path, uses[0], prefix, prefix))
    return problems


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d != "Output")
                for name in sorted(names):
                    if name.endswith(SUFFIXES):
                        yield os.path.join(root, name)
        else:
            yield p


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    problems = []
    count = 0
    for path in files(argv[1:]):
        count += 1
        problems += lint(path)
    for p in problems:
        print(p)
    print("lint-labels: %d files, %d problems" % (count, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
