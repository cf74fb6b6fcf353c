#!/usr/bin/env python3
"""Runs one tool on one bad input and checks the catalogue's contract.

The contract (issue 12, test/BadInputs/README.md): a bad input gets exactly
one `error:` diagnostic, exit status 1 (not a signal, not a hang), and no
file changes: an existing output keeps its bytes, a missing one does not
appear, and no temporary file is left beside it.

    check-bad-input.py [--keep OUT]... [--absent OUT]... [--stdin FILE]
                       [--errors N] [--timeout S] -- COMMAND ARGS...

--keep OUT    OUT is filled with known bytes first and must keep them.
--absent OUT  OUT is removed first and must not exist afterwards.
--stdin FILE  feeds FILE to the command's standard input (else /dev/null).
--errors N    the number of `error:` lines expected (default 1).

Prints the command's stderr and stdout (for FileCheck) and exits 0 when the
contract holds; otherwise prints `BAD-INPUT-CHECK FAILED: why` and exits 2.
"""
import argparse
import os
import re
import signal
import subprocess
import sys

SENTINEL = b"previous output: must survive a failing run\n"


def listing(paths):
    """The files beside each output, to find leftovers."""
    seen = set()
    for path in paths:
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(folder):
            seen.update(os.path.join(folder, f) for f in os.listdir(folder))
    return seen


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", action="append", default=[])
    parser.add_argument("--absent", action="append", default=[])
    parser.add_argument("--stdin")
    parser.add_argument("--errors", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")

    for path in args.keep:
        with open(path, "wb") as f:
            f.write(SENTINEL)
    for path in args.absent:
        if os.path.lexists(path):
            os.remove(path)
    before = listing(args.keep + args.absent)

    stdin = open(args.stdin, "rb") if args.stdin else subprocess.DEVNULL
    try:
        result = subprocess.run(command, stdin=stdin, capture_output=True,
                                timeout=args.timeout)
    except subprocess.TimeoutExpired:
        print(f"BAD-INPUT-CHECK FAILED: no exit within {args.timeout:g} s "
              "(a hang)")
        return 2
    text = result.stderr.decode("utf-8", "replace")
    sys.stdout.write(text)
    sys.stdout.write(result.stdout.decode("utf-8", "replace"))

    problems = []
    if result.returncode < 0:
        problems.append("killed by signal %s (a crash)"
                        % signal.Signals(-result.returncode).name)
    elif result.returncode != 1:
        problems.append(f"exit status {result.returncode}, expected 1")
    errors = len(re.findall(r"(^|\s)error:", text, re.MULTILINE))
    if errors != args.errors:
        problems.append(f"{errors} 'error:' lines, expected {args.errors}")
    for marker in ("Stack dump", "LLVM ERROR", "AddressSanitizer",
                   "runtime error:", "PLEASE submit a bug report"):
        if marker in text:
            problems.append(f"'{marker}' on stderr")
    for path in args.keep:
        with open(path, "rb") as f:
            if f.read() != SENTINEL:
                problems.append(f"'{path}' was changed")
    for path in args.absent:
        if os.path.lexists(path):
            problems.append(f"'{path}' was written")
    leftovers = listing(args.keep + args.absent) - before
    if leftovers:
        problems.append("new files left behind: "
                        + ", ".join(sorted(leftovers)))
    for problem in problems:
        print(f"BAD-INPUT-CHECK FAILED: {problem}")
    return 2 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
