#!/usr/bin/env python3
"""Writes examples/training_graph.pbtxt: a small TF1-style frozen training
graph (made up here, free to ship) with the machinery inference does not
need: a `training` flag feeding Switch/Merge around two FusedBatchNorms, a
dropout branch, Identity chains, and a saver subgraph nobody consumes.

Deterministic: rerunning it rewrites the same file."""

import random
import struct
import sys

rng = random.Random(7)
out = []


def floats(values):
    data = struct.pack("<%df" % len(values), *values)
    return "".join("\\%03o" % b for b in data)


def const(name, dims, values, ctl=None):
    shape = " ".join("dim { size: %d }" % d for d in dims)
    inputs = ' input: "^%s"' % ctl if ctl else ""
    out.append('node { name: "%s" op: "Const"%s\n'
               '  attr { key: "dtype" value { type: DT_FLOAT } }\n'
               '  attr { key: "value" value { tensor { dtype: DT_FLOAT '
               'tensor_shape { %s } tensor_content: "%s" } } } }' %
               (name, inputs, shape, floats(values)))


def node(name, op, inputs, attrs):
    ins = "".join(' input: "%s"' % i for i in inputs)
    body = "".join("\n  attr { key: \"%s\" value { %s } }" % kv
                   for kv in attrs)
    out.append('node { name: "%s" op: "%s"%s%s }' % (name, op, ins, body))


T = ("T", "type: DT_FLOAT")
node("input", "Placeholder", [], [("dtype", "type: DT_FLOAT"),
     ("shape", "shape { dim { size: 1 } dim { size: 8 } dim { size: 8 } "
      "dim { size: 3 } }")])
node("training", "PlaceholderWithDefault", ["training/default"],
     [("dtype", "type: DT_BOOL"), ("shape", "shape { }")])
out.append('node { name: "training/default" op: "Const"\n'
           '  attr { key: "dtype" value { type: DT_BOOL } }\n'
           '  attr { key: "value" value { tensor { dtype: DT_BOOL '
           'tensor_shape { } bool_val: false } } } }')
const("conv/weights", [3, 3, 3, 4],
      [rng.uniform(-0.5, 0.5) for _ in range(108)])
node("conv/weights/read", "Identity", ["conv/weights"], [T])
node("conv/Conv2D", "Conv2D", ["input", "conv/weights/read"],
     [T, ("strides", "list { i: 1 i: 1 i: 1 i: 1 }"),
      ("padding", 's: "SAME"')])
const("conv/bias", [4], [rng.uniform(-0.1, 0.1) for _ in range(4)])
node("conv/BiasAdd", "BiasAdd", ["conv/Conv2D", "conv/bias"], [T])
# tf.cond(training): batch statistics vs. moving statistics.
node("bn/cond/Switch", "Switch", ["training", "training"],
     [("T", "type: DT_BOOL")])
node("bn/cond/switch_t", "Identity", ["bn/cond/Switch:1"],
     [("T", "type: DT_BOOL")])
node("bn/cond/switch_f", "Identity", ["bn/cond/Switch"],
     [("T", "type: DT_BOOL")])
node("bn/cond/pred_id", "Identity", ["training"], [("T", "type: DT_BOOL")])
for p, vals in [("gamma", [1.0 + 0.1 * i for i in range(4)]),
                ("beta", [0.05 * i for i in range(4)]),
                ("moving_mean", [0.01 * i for i in range(4)]),
                ("moving_variance", [1.0 + 0.2 * i for i in range(4)])]:
    const("bn/" + p, [4], vals)
node("bn/cond/FusedBatchNorm/Switch", "Switch",
     ["conv/BiasAdd", "bn/cond/pred_id"], [T])
node("bn/cond/FusedBatchNorm/Switch_1", "Switch",
     ["bn/gamma", "bn/cond/pred_id"], [T])
node("bn/cond/FusedBatchNorm/Switch_2", "Switch",
     ["bn/beta", "bn/cond/pred_id"], [T])
const("bn/cond/Const", [0], [], ctl="bn/cond/switch_t")
const("bn/cond/Const_1", [0], [], ctl="bn/cond/switch_t")
node("bn/cond/FusedBatchNorm", "FusedBatchNorm",
     ["bn/cond/FusedBatchNorm/Switch:1", "bn/cond/FusedBatchNorm/Switch_1:1",
      "bn/cond/FusedBatchNorm/Switch_2:1", "bn/cond/Const",
      "bn/cond/Const_1"],
     [T, ("epsilon", "f: 0.001"), ("is_training", "b: true")])
node("bn/cond/FusedBatchNorm_1/Switch_3", "Switch",
     ["bn/moving_mean", "bn/cond/pred_id"], [T])
node("bn/cond/FusedBatchNorm_1/Switch_4", "Switch",
     ["bn/moving_variance", "bn/cond/pred_id"], [T])
node("bn/cond/FusedBatchNorm_1", "FusedBatchNorm",
     ["bn/cond/FusedBatchNorm/Switch", "bn/cond/FusedBatchNorm/Switch_1",
      "bn/cond/FusedBatchNorm/Switch_2", "bn/cond/FusedBatchNorm_1/Switch_3",
      "bn/cond/FusedBatchNorm_1/Switch_4"],
     [T, ("epsilon", "f: 0.001"), ("is_training", "b: false")])
node("bn/cond/Merge", "Merge",
     ["bn/cond/FusedBatchNorm_1", "bn/cond/FusedBatchNorm"],
     [("N", "i: 2"), T])
node("relu", "Relu", ["bn/cond/Merge"], [T])
node("relu/identity", "Identity", ["relu"], [T])
# An unused training-only branch: a summary op and a saver.
node("summary/loss", "ScalarSummary", ["summary/tag", "relu"], [T])
out.append('node { name: "summary/tag" op: "Const"\n'
           '  attr { key: "dtype" value { type: DT_STRING } }\n'
           '  attr { key: "value" value { tensor { dtype: DT_STRING '
           'tensor_shape { } string_val: "loss" } } } }')
node("save/restore_all", "NoOp", ["^conv/weights", "^bn/gamma"], [])
const("logits/weights", [4, 2], [rng.uniform(-1, 1) for _ in range(8)])
node("logits/Reshape/shape", "Const", [],
     [("dtype", "type: DT_INT32"),
      ("value", "tensor { dtype: DT_INT32 tensor_shape { dim { size: 2 } } "
       "int_val: -1 int_val: 4 }")])
node("logits/Reshape", "Reshape", ["relu/identity", "logits/Reshape/shape"],
     [T, ("Tshape", "type: DT_INT32")])
node("logits/MatMul", "MatMul", ["logits/Reshape", "logits/weights"], [T])
node("output", "Softmax", ["logits/MatMul"], [T])

sys.stdout.write("# Generated by examples/make_example.py. A made-up TF1 "
                 "training graph.\n")
sys.stdout.write("\n".join(out) + "\nversions { producer: 27 }\n")
