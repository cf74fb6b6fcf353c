#!/usr/bin/env python3
"""Checks that a batch .npy is its parts stacked along the first dimension,
element for element: the per-sample results of a model run at batch N are
the results of the single samples. Exact by default; --rtol R allows a
relative L2 difference per part (float32/float64 only).

Usage: check_stacked.py [--rtol R] BATCH.npy PART.npy...
Prints "stacked: N parts, max_abs=..."; exits 1 when a part differs.
"""
import ast
import math
import struct
import sys


def read(path):
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:6] != b"\x93NUMPY":
        sys.exit(f"check_stacked.py: {path} is not an .npy file")
    major = raw[6]
    size = 2 if major == 1 else 4
    length = int.from_bytes(raw[8:8 + size], "little")
    header = ast.literal_eval(raw[8 + size:8 + size + length].decode())
    return header["descr"], list(header["shape"]), raw[8 + size + length:]


args = sys.argv[1:]
rtol = 0.0
if args[:1] == ["--rtol"]:
    rtol, args = float(args[1]), args[2:]
batch_descr, batch_shape, batch = read(args[0])
formats = {"<f4": "f", "<f8": "d", "<i4": "i", "<i8": "q"}
fmt = formats.get(batch_descr)
if fmt is None:
    sys.exit(f"check_stacked.py: dtype {batch_descr} is not compared")
item = struct.calcsize(fmt)
offset, worst, rows = 0, 0.0, 0
for path in args[1:]:
    descr, shape, data = read(path)
    if descr != batch_descr or shape[1:] != batch_shape[1:]:
        sys.exit(f"check_stacked.py: {path} is {descr} {shape}, the batch "
                 f"{batch_descr} {batch_shape}")
    got = struct.unpack(f"<{len(data) // item}{fmt}",
                        batch[offset:offset + len(data)])
    want = struct.unpack(f"<{len(data) // item}{fmt}", data)
    diff2 = sum((g - w) ** 2 for g, w in zip(got, want))
    ref2 = sum(w * w for w in want)
    worst = max([worst] + [abs(g - w) for g, w in zip(got, want)])
    rel = math.sqrt(diff2 / ref2) if ref2 else math.sqrt(diff2)
    if (rtol == 0 and got != want) or rel > rtol:
        print(f"stacked: {path} differs from rows {rows}.. of the batch: "
              f"rel_l2={rel:.2e}")
        sys.exit(1)
    offset += len(data)
    rows += shape[0]
if rows != batch_shape[0] or offset != len(batch):
    print(f"stacked: the parts have {rows} rows, the batch {batch_shape[0]}")
    sys.exit(1)
print(f"stacked: {len(args) - 1} parts, max_abs={worst:.2e}")
