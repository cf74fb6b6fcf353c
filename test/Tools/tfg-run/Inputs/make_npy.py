#!/usr/bin/env python3
"""Writes an .npy file (v1.0, C order, little-endian) from a value list.

Usage: make_npy.py OUT.npy DESCR SHAPE VALUES
  DESCR: <f4, <i4, <i8, |b1;  SHAPE: 1x2x3 (empty string for a scalar);
  VALUES: comma-separated, "iota" (0, 1, 2, ...), or "seed=N" (a fixed
  pseudo-random sequence in [-1, 1) with 3 decimals, from seed N).
"""
import struct
import sys

out, descr, shape_text, values_text = sys.argv[1:5]
shape = [int(d) for d in shape_text.split("x")] if shape_text else []
count = 1
for d in shape:
    count *= d
if values_text == "iota":
    values = list(range(count))
elif values_text.startswith("seed="):
    state, values = int(values_text[5:]), []
    for _ in range(count):
        state = (state * 1103515245 + 12345) % (1 << 31)
        values.append(((state >> 8) % 2000 - 1000) / 1000)
else:
    values = [float(v) for v in values_text.split(",")]
if len(values) != count:
    sys.exit(f"make_npy.py: {len(values)} values for shape {shape}")
fmt = {"<f4": "<f", "<f8": "<d", "<i4": "<i", "<i8": "<q", "|b1": "<?"}[descr]
data = b"".join(struct.pack(fmt, (bool(v) if descr == "|b1" else
                                  int(v) if descr[1] == "i" else v))
                for v in values)
dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) +
            header.encode() + data)
