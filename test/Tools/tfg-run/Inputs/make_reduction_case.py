#!/usr/bin/env python3
"""Writes a reduction (or Softmax) graph, its input and its expected output.
Usage: make_reduction_case.py PREFIX OP SHAPE [AXES] [--graph-shape G]
  OP: Sum, Mean, Max, Min, Prod or Softmax (over the last axis); SHAPE the
  input's, e.g. 3x91; AXES the reduced axes, comma-separated (negative ones
  count from the end; default -1); G the placeholder's shape in the graph,
  ? for an unknown dimension (default SHAPE).
Writes PREFIX.pbtxt (input "x", output node "y", keep_dims false),
PREFIX.x.npy, PREFIX.y.npy (y as computed here) and PREFIX.check (a
FileCheck line of every value of y, for tfg-run --print-outputs). The input is small
integers that vary with every index (for Prod, +-1 with a rare 2 or 0.5:
products of 1000 of them stay normal floats), so every sum, max, min and
product is exact in any order and a mean is one rounding of its sum: y
must match element for element. Softmax is computed in float64 and
rounded once (a check takes a tolerance).
"""
import math
import struct
import sys

args = sys.argv[1:]
graph_shape = None
if "--graph-shape" in args:
    i = args.index("--graph-shape")
    graph_shape = args[i + 1]
    del args[i:i + 2]
prefix, op, shape_text = args[:3]
shape = [int(d) for d in shape_text.split("x")]
rank = len(shape)
axes = sorted({int(a) % rank for a in (args[3] if len(args) > 3 else "-1").split(",")})
if op == "Softmax":
    axes = [rank - 1]


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def x_at(flat):
    if op == "Prod":
        return (2.0 if flat % 97 == 5 else 0.5 if flat % 89 == 7 else 1.0) * (
            -1.0 if (flat * 7) % 5 < 2 else 1.0)
    return float((flat * 7 + (flat * flat) // 5) % 13 - 6)


count = 1
for d in shape:
    count *= d
xs = [x_at(i) for i in range(count)]

strides = [1] * rank
for d in range(rank - 2, -1, -1):
    strides[d] = strides[d + 1] * shape[d + 1]
kept = [d for d in range(rank) if d not in axes]
out_shape = shape if op == "Softmax" else [shape[d] for d in kept]
groups = {}
for flat in range(count):
    index = [(flat // strides[d]) % shape[d] for d in range(rank)]
    groups.setdefault(tuple(index[d] for d in kept), []).append(xs[flat])
ys = []
if op == "Softmax":
    for key in sorted(groups):
        row = groups[key]
        top = max(row)
        exps = [math.exp(v - top) for v in row]
        total = sum(exps)
        ys += [f32(e / total) for e in exps]
else:
    for key in sorted(groups):
        row = groups[key]
        if op == "Sum":
            ys.append(f32(sum(row)))
        elif op == "Mean":
            ys.append(f32(f32(sum(row)) / len(row)))
        elif op == "Max":
            ys.append(max(row))
        elif op == "Min":
            ys.append(min(row))
        elif op == "Prod":
            ys.append(f32(math.prod(row)))
        else:
            sys.exit("make_reduction_case.py: unknown op " + op)


def write_npy(path, dims, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % "".join(
        "%d, " % d for d in dims)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(b"".join(struct.pack("<f", v) for v in values))


write_npy(prefix + ".x.npy", shape, xs)
write_npy(prefix + ".y.npy", out_shape, ys)
dims = " ".join("dim { size: %d }" % (-1 if d == "?" else int(d))
                for d in (graph_shape or shape_text).split("x"))
graph = ('node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: '
         'DT_FLOAT } } attr { key: "shape" value { shape { %s } } } }\n' % dims)
if op == "Softmax":
    graph += ('node { name: "y" op: "Softmax" input: "x" attr { key: "T" value '
              '{ type: DT_FLOAT } } }\n')
else:
    graph += ('node { name: "axes" op: "Const" attr { key: "dtype" value { type: '
              'DT_INT32 } } attr { key: "value" value { tensor { dtype: DT_INT32 '
              'tensor_shape { dim { size: %d } } %s } } } }\n'
              % (len(axes), " ".join("int_val: %d" % a for a in axes)))
    graph += ('node { name: "y" op: "%s" input: "x" input: "axes" attr { key: '
              '"T" value { type: DT_FLOAT } } attr { key: "Tidx" value { type: '
              'DT_INT32 } } attr { key: "keep_dims" value { b: false } } }\n' % op)
with open(prefix + ".pbtxt", "w") as f:
    f.write(graph)
with open(prefix + ".check", "w") as f:
    f.write("CHECK: y = %s{{$}}\n" % " ".join("%.9g" % v for v in ys))
