"""Checks tfg-translate on every .pbtxt file of a directory.

Files whose name starts with `invalid_` or `error_` must be rejected by
`tfg-translate --import-graphdef`: exit code 1 (a clean failure, not a
crash) and an error on stderr that names the file. Every other file must
import, and round trip to a fixed point: file -> a.pb -> b.pb, a.pb == b.pb.

Prints "OK <file>" or "FAIL <file>: <why>" per file and a summary line;
exits with 1 if any file failed or there was none.

    python check_corpus_dir.py <dir> <scratch dir> [--tool tfg-translate]
"""

import argparse
import os
import shutil
import subprocess
import sys

TIMEOUT_S = 120


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None


def describe(result):
    if result is None:
        return "timed out after %d s" % TIMEOUT_S
    if result.returncode < 0:
        return "crashed with signal %d" % -result.returncode
    lines = result.stderr.decode(errors="replace").strip().splitlines()
    return "exit code %d%s" % (result.returncode,
                               (": " + lines[0]) if lines else "")


def check_rejected(tool, path):
    result = run([tool, "--import-graphdef", path])
    if result is None or result.returncode != 1:
        return "expected a clean rejection (exit code 1), got " + describe(
            result)
    stderr = result.stderr.decode(errors="replace")
    if os.path.basename(path) not in stderr or "error:" not in stderr:
        return "stderr has no error naming the file: %r" % stderr[:300]
    return None


def check_round_trip(tool, path, scratch):
    result = run([tool, "--import-graphdef", path, "-o", os.devnull])
    if result is None or result.returncode != 0:
        return "import failed: " + describe(result)
    base = os.path.join(scratch, os.path.basename(path))
    first, second = base + ".a.pb", base + ".b.pb"
    for source, target in ((path, first), (first, second)):
        result = run([tool, "--roundtrip", source, "-o", target])
        if result is None or result.returncode != 0:
            return "round trip of %s failed: %s" % (os.path.basename(source),
                                                    describe(result))
    with open(first, "rb") as a, open(second, "rb") as b:
        if a.read() != b.read():
            return "second round trip changed the GraphDef (%s vs %s)" % (
                first, second)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("scratch")
    parser.add_argument("--tool", default="tfg-translate")
    args = parser.parse_args()
    tool = shutil.which(args.tool) or args.tool
    os.makedirs(args.scratch, exist_ok=True)

    names = sorted(n for n in os.listdir(args.directory)
                   if n.endswith(".pbtxt"))
    failures = 0
    for name in names:
        path = os.path.join(args.directory, name)
        if name.startswith(("invalid_", "error_")):
            why = check_rejected(tool, path)
        else:
            why = check_round_trip(tool, path, args.scratch)
        if why:
            failures += 1
            print("FAIL %s: %s" % (name, why))
        else:
            print("OK %s" % name)
    if not names:
        print("FAIL: no .pbtxt file in %s" % args.directory)
        return 1
    print("%d of %d files failed" % (failures, len(names)) if failures else
          "all %d files passed" % len(names))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
