#!/usr/bin/env python3
"""Per-thread, per-layer time of a compiled model, from `perf script` output.

Reads `perf script -F tid,time,ip,sym,dso` lines (of a tfg-run recorded with
the JIT's perf listener and `perf inject --jit`) and tfg-run's --dump-nests
map (symbol TAB nodes), and prints one markdown table: each function of the
compiled code with the graph nodes it comes from, its time per run on each
thread, and its share; then the OpenMP runtime (barrier waits, spinning),
libc and the kernel.

Only the samples from the first to the last one in compiled code count
(before: the import and compile; after: OpenMP's idle spinning). Time per
run = samples / frequency / runs.
"""

import argparse
import collections
import re
import sys

# Functions the OpenMP translation outlines from a region of `f` are named
# `f..omp_par`, `f..omp_par.1`, ...
OMP_OUTLINED = re.compile(r"^(.*)\.\.omp_par(\.\d+)?$")


def read_nests(path):
    nests = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            symbol, _, nodes = line.rstrip("\n").partition("\t")
            if symbol:
                nests[symbol] = nodes
    return nests


def category(sym, dso, nests):
    """The row a sample counts in, or None for compile-time code."""
    if "jitted-" in dso or dso.startswith("[JIT]") or sym in nests:
        base = OMP_OUTLINED.match(sym)
        if base and base.group(1) in nests:
            return base.group(1)
        return sym if sym in nests else "(compiled code, unnamed)"
    if "libomp" in dso:
        return "(OpenMP runtime: barriers, fork, spinning)"
    if "libc.so" in dso or "libm.so" in dso:
        return "(libc: malloc, free, memset, memcpy)"
    if "kernel" in dso:
        return "(kernel: page faults, scheduling)"
    return None  # the compiler, the runner, the loader


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nests", required=True)
    parser.add_argument("--runs", type=int, required=True)
    parser.add_argument("--freq", type=float, required=True)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    if args.runs <= 0 or args.freq <= 0:
        sys.exit("profile_table: --runs and --freq must be positive")
    nests = read_nests(args.nests)

    samples = []  # (time, tid, row)
    for line in sys.stdin:
        # "  tid  time:  ip sym (dso)"; sym may be missing or hold spaces.
        match = re.match(r"\s*(\d+)\s+([\d.]+):\s+[0-9a-f]+\s+(.*?)\s*\((.*)\)\s*$",
                         line)
        if not match:
            continue
        tid, time, sym, dso = match.groups()
        sym = sym.split("+")[0]
        row = category(sym, dso, nests)
        if row:
            samples.append((float(time), int(tid), row))
    # The runs: from the first sample in compiled code to the last one.
    # Before: the import and compile; after: the output's printing and
    # OpenMP's threads spinning idle until they sleep (KMP_BLOCKTIME).
    compiled = [time for time, _, row in samples
                if row in nests or row == "(compiled code, unnamed)"]
    samples = [(tid, row) for time, tid, row in samples
               if compiled and compiled[0] <= time <= compiled[-1]]
    if not samples:
        sys.exit("profile_table: no sample in compiled code (did the model "
                 "run? was perf's JIT map injected?)")

    per_thread = collections.Counter(tid for tid, _ in samples)
    # The threads that ran the model; a compile thread's stray samples after
    # the runs began (its exit) are left out.
    busiest = per_thread.most_common(1)[0][1]
    threads = [tid for tid, count in per_thread.most_common()
               if count * 100 >= busiest]
    samples = [(tid, row) for tid, row in samples if tid in threads]
    counts = collections.Counter(samples)
    rows = collections.Counter(row for _, row in samples)
    total = sum(rows.values())
    scale = 1000.0 / args.freq / args.runs  # samples -> ms per run

    header = "| function | nodes | " + " | ".join(
        f"thread {i + 1} ms/run" for i in range(len(threads))) + " | share |"
    print(header)
    print("|" + "---|" * (3 + len(threads)))
    shown = rows.most_common(args.top)
    for row, count in shown:
        nodes = nests.get(row, "")
        if len(nodes) > 100:
            nodes = nodes[:97] + "..."
        cells = " | ".join(f"{counts[(tid, row)] * scale:.3f}" for tid in threads)
        print(f"| {row} | {nodes} | {cells} | {100.0 * count / total:.1f}% |")
    rest = total - sum(count for _, count in shown)
    if rest:
        print(f"| ({len(rows) - len(shown)} more) | | " +
              " | ".join("" for _ in threads) + f" | {100.0 * rest / total:.1f}% |")
    cells = " | ".join(f"{per_thread[tid] * scale:.3f}" for tid in threads)
    print(f"| **all** | | {cells} | 100% |")


if __name__ == "__main__":
    main()
