#!/usr/bin/env python3
"""A tfg-run test double that lies: it reports every output as matching the
reference (--compare) but writes zeros (--output-dir). bench/layers.sh and
bench/models.sh compare the written outputs themselves, so they must still
fail on it."""
import json
import os
import struct
import sys

args = sys.argv[1:]
if "--version" in args:
    print("lying-tfg-run (test double)")
    sys.exit(0)
if "--help-hidden" in args or "--help" in args:
    print("  --runs=<uint>  - Timed runs (median latency)")
    sys.exit(0)


def option(name):
    return args[args.index(name) + 1] if name in args else None


ref = option("--compare")
out = option("--output-dir")
runs = option("--runs") or "1"
outputs = json.load(open(os.path.join(ref, "summary.json")))["outputs"]
if out:
    for o in outputs:
        shape = o["shape"]
        count = 1
        for d in shape:
            count *= d
        dims = "".join("%d, " % d for d in shape)
        header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % dims
        total = (10 + len(header) + 1 + 63) // 64 * 64
        header += " " * (total - 10 - len(header) - 1) + "\n"
        with open(os.path.join(out, o["file"]), "wb") as f:
            f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
            f.write(header.encode("latin1") + b"\0" * (4 * count))
print("compile: 0.001 s")
print("latency: median 0.010 ms over %s run(s)" % runs)
print("compare: %s" % ref)
for o in outputs:
    print("  %-40s ok   max_abs=0.00e+00 rel_l2=0.00e+00" % o["name"])
