#!/usr/bin/env python3
"""Writes a MaxPool / AvgPool graph, its input and its expected output.
Usage: make_pool_case.py PREFIX MaxPool|AvgPool NxHxWxC K S SAME|VALID
  A K x K window, stride S, NHWC.
Writes PREFIX.pbtxt (output node "y"), PREFIX.x.npy and PREFIX.check: a
FileCheck file whose line is every value of y, computed here as
TensorFlow's kernels do: SAME pads with floor(total / 2) before; a max
ignores the padding; an average divides the window's sum by the number of
input (not padding) elements in it. The input is small integers (negative
ones too, so a zero padding would show in a max) that vary with every
index, so every sum is exact and each average is one rounding of it.
"""
import struct
import sys

prefix, op, shape_text, k, s, padding = sys.argv[1:7]
n, h, w, c = (int(d) for d in shape_text.split("x"))
k, s = int(k), int(s)


def x_at(b, i, j, ch):
    return (b * 3 + i * 7 + j * 3 + ch * 5 + (i * i + j * j + ch * ch) // 3) % 11 - 5


def out_and_pad(size):
    if padding == "VALID":
        return (size - k) // s + 1, 0
    out = -(-size // s)
    total = max((out - 1) * s + k - size, 0)
    return out, total // 2


oh, ph = out_and_pad(h)
ow, pw = out_and_pad(w)
ys = []
for b in range(n):
    for y in range(oh):
        for x in range(ow):
            for ch in range(c):
                taps = [x_at(b, i, j, ch)
                        for i in range(y * s - ph, y * s - ph + k) if 0 <= i < h
                        for j in range(x * s - pw, x * s - pw + k) if 0 <= j < w]
                if op == "MaxPool":
                    ys.append(float(max(taps)))
                else:
                    mean = struct.unpack("<f", struct.pack("<f", sum(taps)))[0] / len(taps)
                    ys.append(struct.unpack("<f", struct.pack("<f", mean))[0])
xs = [x_at(b, i, j, ch) for b in range(n) for i in range(h) for j in range(w)
      for ch in range(c)]
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d, %d, %d, ), }" % (
    n, h, w, c)
header += " " * (63 - (10 + len(header)) % 64) + "\n"
with open(prefix + ".x.npy", "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
    f.write(header.encode())
    f.write(b"".join(struct.pack("<f", v) for v in xs))
dims = " ".join("dim { size: %d }" % d for d in (n, h, w, c))
ints = lambda v: " ".join("i: %d" % d for d in v)
graph = ('node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: '
         'DT_FLOAT } } attr { key: "shape" value { shape { %s } } } }\n' % dims)
graph += ('node { name: "y" op: "%s" input: "x" attr { key: "T" value { type: '
          'DT_FLOAT } } attr { key: "ksize" value { list { %s } } } attr { key: '
          '"strides" value { list { %s } } } attr { key: "padding" value { s: '
          '"%s" } } attr { key: "data_format" value { s: "NHWC" } } }\n'
          % (op, ints([1, k, k, 1]), ints([1, s, s, 1]), padding))
with open(prefix + ".pbtxt", "w") as f:
    f.write(graph)
with open(prefix + ".check", "w") as f:
    f.write("CHECK: y = %s{{$}}\n" % " ".join("%.9g" % v for v in ys))
