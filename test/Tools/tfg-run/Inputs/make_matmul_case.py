#!/usr/bin/env python3
"""Writes a MatMul / BatchMatMulV2 graph, its input and its expected output.

Usage: make_matmul_case.py PREFIX BATCH M K N const|fed [EPILOGUE]
  BATCH 0: MatMul x[M,K] . w[K,N]; BATCH > 0: BatchMatMulV2 of
  x[BATCH,M,K] and w[BATCH,K,N]. const: w is a Const node (the compiler
  may pack it); fed: w is a Placeholder too. EPILOGUE: bias (y = x.w + b,
  a BiasAdd node, b[j] = j % 7 - 3), relu (then Relu) or relu6 (then Relu6,
  as separate nodes).
Writes PREFIX.pbtxt (output node "y"), PREFIX.x.npy (and PREFIX.w.npy when
fed) and PREFIX.check: a FileCheck file whose line is every value of y,
computed here in integer arithmetic. The operands are small integers that
vary with every index (a value landing in the wrong row, column or panel
changes the result), so every float sum is exact.
"""
import struct
import sys

prefix, batch, m, k, n, kind = sys.argv[1:7]
epilogue = sys.argv[7] if len(sys.argv) > 7 else ""
batch, m, k, n = int(batch), int(m), int(k), int(n)
batches = max(batch, 1)


# The squares keep the values from repeating along a row or a column.
def x_at(b, i, j):
    return (b * 7 + i * 3 + j + (i * i + j * j) // 3) % 5 - 2


def w_at(b, i, j):
    return (b * 5 + i * 13 + j * 7 + (i * i + j * j) // 5) % 11 - 5


def npy(path, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join("%d, " % d for d in shape))
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(b"".join(struct.pack("<f", v) for v in values))


x_shape = ([batch] if batch else []) + [m, k]
w_shape = ([batch] if batch else []) + [k, n]
xs = [x_at(b, i, j) for b in range(batches) for i in range(m) for j in range(k)]
ws = [w_at(b, i, j) for b in range(batches) for i in range(k) for j in range(n)]
ys = [sum(x_at(b, i, r) * w_at(b, r, j) for r in range(k))
      for b in range(batches) for i in range(m) for j in range(n)]
if epilogue:
    ys = [v + (idx % n) % 7 - 3 for idx, v in enumerate(ys)]
if epilogue == "relu":
    ys = [max(v, 0) for v in ys]
if epilogue == "relu6":
    ys = [min(max(v, 0), 6) for v in ys]


def dims(shape):
    return " ".join("dim { size: %d }" % d for d in shape)


def placeholder(name, shape):
    return ('node { name: "%s" op: "Placeholder" attr { key: "dtype" value { '
            'type: DT_FLOAT } } attr { key: "shape" value { shape { %s } } } }\n'
            % (name, dims(shape)))


graph = placeholder("x", x_shape)
if kind == "const":
    graph += ('node { name: "w" op: "Const" attr { key: "dtype" value { type: '
              'DT_FLOAT } } attr { key: "value" value { tensor { dtype: '
              'DT_FLOAT tensor_shape { %s } %s } } } }\n'
              % (dims(w_shape), " ".join("float_val: %d" % v for v in ws)))
else:
    graph += placeholder("w", w_shape)
    npy(prefix + ".w.npy", w_shape, ws)
op = "BatchMatMulV2" if batch else "MatMul"
product = "y" if not epilogue else "product"
graph += ('node { name: "%s" op: "%s" input: "x" input: "w" attr { key: "T" '
          'value { type: DT_FLOAT } } }\n' % (product, op))
if epilogue:
    biased = "y" if epilogue == "bias" else "biased"
    graph += ('node { name: "b" op: "Const" attr { key: "dtype" value { type: '
              'DT_FLOAT } } attr { key: "value" value { tensor { dtype: '
              'DT_FLOAT tensor_shape { dim { size: %d } } %s } } } }\n'
              % (n, " ".join("float_val: %d" % (j % 7 - 3) for j in range(n))))
    graph += ('node { name: "%s" op: "BiasAdd" input: "product" input: "b" '
              'attr { key: "T" value { type: DT_FLOAT } } }\n' % biased)
    if epilogue != "bias":
        graph += ('node { name: "y" op: "%s" input: "biased" attr { key: "T" '
                  'value { type: DT_FLOAT } } }\n'
                  % {"relu": "Relu", "relu6": "Relu6"}[epilogue])
with open(prefix + ".pbtxt", "w") as f:
    f.write(graph)
npy(prefix + ".x.npy", x_shape, xs)
with open(prefix + ".check", "w") as f:
    f.write("CHECK: y = %s{{$}}\n" % " ".join(str(v) for v in ys))
