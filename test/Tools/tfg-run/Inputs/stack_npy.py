#!/usr/bin/env python3
"""Stacks .npy files (v1.0, C order) along their first dimension, as
numpy.concatenate(axis=0) does: the batch made of single samples.

Usage: stack_npy.py OUT.npy IN.npy...   (same dtype and trailing dims)
"""
import ast
import struct
import sys


def read(path):
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:8] != b"\x93NUMPY\x01\x00":
        sys.exit(f"stack_npy.py: {path} is not a v1.0 .npy file")
    length = struct.unpack("<H", raw[8:10])[0]
    header = ast.literal_eval(raw[10:10 + length].decode())
    if header["fortran_order"] or not header["shape"]:
        sys.exit(f"stack_npy.py: {path}: C order arrays of rank >= 1 only")
    return header["descr"], list(header["shape"]), raw[10 + length:]


out, inputs = sys.argv[1], sys.argv[2:]
arrays = [read(path) for path in inputs]
descr, shape, _ = arrays[0]
for path, (d, s, _) in zip(inputs, arrays):
    if d != descr or s[1:] != shape[1:]:
        sys.exit(f"stack_npy.py: {path} is {d} {s}, not like {descr} {shape}")
shape = [sum(s[0] for _, s, _ in arrays)] + shape[1:]
dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) +
            header.encode() + b"".join(data for _, _, data in arrays))
