#!/usr/bin/env python3
"""Writes the shipped example, one made-up TF1 model (free to ship) twice:

  examples/training_graph.pbtxt    frozen: the weights are Consts, with the
      machinery inference does not need: a `training` flag feeding
      Switch/Merge around two FusedBatchNorms, a TF1 dropout fed by a
      `dropout/keep_prob` Placeholder, Identity chains, a summary op and a
      leftover saver NoOp nobody consumes.
  examples/training_checkpoint/    the same model before freezing, as TF1
      trained it: graph.pbtxt, where every weight is a VariableV2 with its
      `<var>/read` Identity and an Assign initializer from an initial-value
      Const (run by the `init` NoOp), an ExponentialMovingAverage shadow of
      the conv weights, and tf.train.Saver's subgraph (save/SaveV2,
      save/RestoreV2 + save/Assign_N, save/restore_all); and the checkpoint
      model.ckpt.{index,data-00000-of-00001} + checkpoint, written with
      utils/make_checkpoint_fixtures.py's encoder, holding the trained
      values: exactly the Consts of training_graph.pbtxt, so freezing
      graph.pbtxt with it gives training_graph.pbtxt's constants. The shadow
      `conv/weights/ExponentialMovingAverage` holds other values, for
      --use-moving-averages.

  make_example.py [OUTDIR]   (default: examples/, next to this script)

Deterministic: rerunning it rewrites the same files."""

import os
import random
import struct
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in utils/
sys.path.insert(0, os.path.join(here, "..", "utils"))
import make_checkpoint_fixtures as ckpt  # noqa: E402  (the one encoder)

T = ("T", "type: DT_FLOAT")


def f32(values):
    """The float32 values exactly (what both files hold)."""
    return list(struct.unpack("<%df" % len(values),
                              struct.pack("<%df" % len(values), *values)))


def octal(data):
    return "".join("\\%03o" % b for b in data)


def shape_text(dims):
    return " ".join("dim { size: %d }" % d for d in dims)


# The trained values (drawn in the order the first version of this script
# drew them, so they have not changed).
rng = random.Random(7)
TRAINED = {}
TRAINED["conv/weights"] = ([3, 3, 3, 4],
                           f32([rng.uniform(-0.5, 0.5) for _ in range(108)]))
TRAINED["conv/bias"] = ([4], f32([rng.uniform(-0.1, 0.1) for _ in range(4)]))
TRAINED["bn/gamma"] = ([4], f32([1.0 + 0.1 * i for i in range(4)]))
TRAINED["bn/beta"] = ([4], f32([0.05 * i for i in range(4)]))
TRAINED["bn/moving_mean"] = ([4], f32([0.01 * i for i in range(4)]))
TRAINED["bn/moving_variance"] = ([4], f32([1.0 + 0.2 * i for i in range(4)]))
TRAINED["logits/weights"] = ([4, 2], f32([rng.uniform(-1, 1) for _ in range(8)]))
WEIGHTS = list(TRAINED)
# The moving average of the conv weights: close to, but not, the weights.
EMA = "conv/weights/ExponentialMovingAverage"
EMA_VALUES = f32([0.9 * v for v in TRAINED["conv/weights"][1]])
# What training started from (the initializers' values).
init_rng = random.Random(11)
INITIAL = {
    "conv/weights": f32([init_rng.uniform(-0.3, 0.3) for _ in range(108)]),
    "conv/bias": [0.0] * 4,
    "bn/gamma": [1.0] * 4,
    "bn/beta": [0.0] * 4,
    "bn/moving_mean": [0.0] * 4,
    "bn/moving_variance": [1.0] * 4,
    "logits/weights": f32([init_rng.uniform(-0.5, 0.5) for _ in range(8)]),
}


class Graph:
    def __init__(self, training):
        self.training = training  # variables + saver, or frozen Consts
        self.out = []
        self.variables = []  # (name, dims) in graph order

    def node(self, name, op, inputs, attrs):
        ins = "".join(' input: "%s"' % i for i in inputs)
        body = "".join("\n  attr { key: \"%s\" value { %s } }" % kv
                       for kv in attrs)
        self.out.append('node { name: "%s" op: "%s"%s%s }' %
                        (name, op, ins, body))

    def const(self, name, dims, values, ctl=None):
        inputs = ["^" + ctl] if ctl else []
        self.node(name, "Const", inputs, [
            ("dtype", "type: DT_FLOAT"),
            ("value", "tensor { dtype: DT_FLOAT tensor_shape { %s } "
             'tensor_content: "%s" }' %
             (shape_text(dims),
              octal(struct.pack("<%df" % len(values), *values))))])

    def string_const(self, name, strings):
        dims = "" if strings is None else "dim { size: %d } " % len(strings)
        vals = "".join(' string_val: "%s"' % s
                       for s in (strings if strings is not None else ["model"]))
        self.node(name, "Const", [], [
            ("dtype", "type: DT_STRING"),
            ("value", "tensor { dtype: DT_STRING tensor_shape { %s}%s }" %
             (dims, vals))])

    def weight(self, name, dims, values, initial):
        """A trained weight and its `<name>/read`: a Const when frozen, else
        a VariableV2 with its initializer (tf.Variable(initial_value))."""
        cls = ("_class", 'list { s: "loc:@%s" }' % name)
        if not self.training:
            self.const(name, dims, values)
        else:
            self.variables.append((name, dims))
            self.node(name, "VariableV2", [], [
                ("container", 's: ""'), ("dtype", "type: DT_FLOAT"),
                ("shape", "shape { %s }" % shape_text(dims)),
                ("shared_name", 's: ""')])
            self.const(name + "/initial_value", dims, initial)
            self.node(name + "/Assign", "Assign",
                      [name, name + "/initial_value"],
                      [T, cls, ("use_locking", "b: true"),
                       ("validate_shape", "b: true")])
        self.node(name + "/read", "Identity", [name], [T, cls])

    def saver(self):
        """tf.train.Saver's subgraph (sharded=False, V2 format) over the
        variables, sorted by name as TF1 sorts them."""
        names = sorted(n for n, _ in self.variables)
        self.string_const("save/Const", None)
        self.string_const("save/SaveV2/tensor_names", names)
        self.string_const("save/SaveV2/shape_and_slices", [""] * len(names))
        dtypes = ("dtypes", "list { %s }" %
                  " ".join("type: DT_FLOAT" for _ in names))
        self.node("save/SaveV2", "SaveV2",
                  ["save/Const", "save/SaveV2/tensor_names",
                   "save/SaveV2/shape_and_slices"] + names, [dtypes])
        self.node("save/control_dependency", "Identity",
                  ["save/Const", "^save/SaveV2"],
                  [("T", "type: DT_STRING"),
                   ("_class", 'list { s: "loc:@save/Const" }')])
        self.string_const("save/RestoreV2/tensor_names", names)
        self.string_const("save/RestoreV2/shape_and_slices",
                          [""] * len(names))
        self.node("save/RestoreV2", "RestoreV2",
                  ["save/Const", "save/RestoreV2/tensor_names",
                   "save/RestoreV2/shape_and_slices"], [dtypes])
        assigns = []
        for i, name in enumerate(names):
            assign = "save/Assign" + ("_%d" % i if i else "")
            assigns.append("^" + assign)
            self.node(assign, "Assign",
                      [name, "save/RestoreV2" + (":%d" % i if i else "")],
                      [T, ("_class", 'list { s: "loc:@%s" }' % name),
                       ("use_locking", "b: true"),
                       ("validate_shape", "b: true")])
        self.node("save/restore_all", "NoOp", assigns, [])

    def text(self):
        kind = ("TF1 training graph (variables, initializers, saver) before "
                "freezing" if self.training else "frozen TF1 training graph")
        return ("# Generated by examples/make_example.py. A made-up %s.\n" %
                kind + "\n".join(self.out) + "\nversions { producer: 27 }\n")


def build(training):
    g = Graph(training)
    g.node("input", "Placeholder", [], [("dtype", "type: DT_FLOAT"),
           ("shape", "shape { dim { size: 1 } dim { size: 8 } dim { size: 8 } "
            "dim { size: 3 } }")])
    g.node("training", "PlaceholderWithDefault", ["training/default"],
           [("dtype", "type: DT_BOOL"), ("shape", "shape { }")])
    g.node("training/default", "Const", [], [
        ("dtype", "type: DT_BOOL"),
        ("value", "tensor { dtype: DT_BOOL tensor_shape { } bool_val: false }")])

    def weight(name):
        dims, values = TRAINED[name]
        g.weight(name, dims, values, INITIAL[name])

    weight("conv/weights")
    if training:
        # ExponentialMovingAverage(...).apply([conv/weights]): the shadow
        # variable (initialized from the weights), saved with the others.
        g.variables.append((EMA, TRAINED["conv/weights"][0]))
        g.node(EMA, "VariableV2", [], [
            ("container", 's: ""'), ("dtype", "type: DT_FLOAT"),
            ("shape", "shape { %s }" % shape_text(TRAINED["conv/weights"][0])),
            ("shared_name", 's: ""')])
        g.node(EMA + "/Assign", "Assign", [EMA, "conv/weights/initial_value"],
               [T, ("_class", 'list { s: "loc:@%s" }' % EMA),
                ("use_locking", "b: true"), ("validate_shape", "b: true")])
        g.node(EMA + "/read", "Identity", [EMA],
               [T, ("_class", 'list { s: "loc:@%s" }' % EMA)])
    g.node("conv/Conv2D", "Conv2D", ["input", "conv/weights/read"],
           [T, ("strides", "list { i: 1 i: 1 i: 1 i: 1 }"),
            ("padding", 's: "SAME"')])
    weight("conv/bias")
    g.node("conv/BiasAdd", "BiasAdd", ["conv/Conv2D", "conv/bias/read"], [T])
    # tf.cond(training): batch statistics vs. moving statistics.
    g.node("bn/cond/Switch", "Switch", ["training", "training"],
           [("T", "type: DT_BOOL")])
    g.node("bn/cond/switch_t", "Identity", ["bn/cond/Switch:1"],
           [("T", "type: DT_BOOL")])
    g.node("bn/cond/switch_f", "Identity", ["bn/cond/Switch"],
           [("T", "type: DT_BOOL")])
    g.node("bn/cond/pred_id", "Identity", ["training"],
           [("T", "type: DT_BOOL")])
    for p in ["gamma", "beta", "moving_mean", "moving_variance"]:
        weight("bn/" + p)
    g.node("bn/cond/FusedBatchNorm/Switch", "Switch",
           ["conv/BiasAdd", "bn/cond/pred_id"], [T])
    g.node("bn/cond/FusedBatchNorm/Switch_1", "Switch",
           ["bn/gamma/read", "bn/cond/pred_id"], [T])
    g.node("bn/cond/FusedBatchNorm/Switch_2", "Switch",
           ["bn/beta/read", "bn/cond/pred_id"], [T])
    g.const("bn/cond/Const", [0], [], ctl="bn/cond/switch_t")
    g.const("bn/cond/Const_1", [0], [], ctl="bn/cond/switch_t")
    g.node("bn/cond/FusedBatchNorm", "FusedBatchNorm",
           ["bn/cond/FusedBatchNorm/Switch:1",
            "bn/cond/FusedBatchNorm/Switch_1:1",
            "bn/cond/FusedBatchNorm/Switch_2:1", "bn/cond/Const",
            "bn/cond/Const_1"],
           [T, ("epsilon", "f: 0.001"), ("is_training", "b: true")])
    g.node("bn/cond/FusedBatchNorm_1/Switch_3", "Switch",
           ["bn/moving_mean/read", "bn/cond/pred_id"], [T])
    g.node("bn/cond/FusedBatchNorm_1/Switch_4", "Switch",
           ["bn/moving_variance/read", "bn/cond/pred_id"], [T])
    g.node("bn/cond/FusedBatchNorm_1", "FusedBatchNorm",
           ["bn/cond/FusedBatchNorm/Switch", "bn/cond/FusedBatchNorm/Switch_1",
            "bn/cond/FusedBatchNorm/Switch_2",
            "bn/cond/FusedBatchNorm_1/Switch_3",
            "bn/cond/FusedBatchNorm_1/Switch_4"],
           [T, ("epsilon", "f: 0.001"), ("is_training", "b: false")])
    g.node("bn/cond/Merge", "Merge",
           ["bn/cond/FusedBatchNorm_1", "bn/cond/FusedBatchNorm"],
           [("N", "i: 2"), T])
    g.node("relu", "Relu", ["bn/cond/Merge"], [T])
    g.node("relu/identity", "Identity", ["relu"], [T])
    # A training-only branch nobody consumes: a summary op.
    g.node("summary/loss", "ScalarSummary", ["summary/tag", "relu"], [T])
    g.node("summary/tag", "Const", [], [
        ("dtype", "type: DT_STRING"),
        ("value", 'tensor { dtype: DT_STRING tensor_shape { } '
         'string_val: "loss" }')])
    if not training:
        # What freezing by hand left of the saver.
        g.node("save/restore_all", "NoOp", ["^conv/weights", "^bn/gamma"], [])
    weight("logits/weights")
    g.node("logits/Reshape/shape", "Const", [],
           [("dtype", "type: DT_INT32"),
            ("value", "tensor { dtype: DT_INT32 tensor_shape { dim { size: 2 "
             "} } int_val: -1 int_val: 4 }")])
    g.node("logits/Reshape", "Reshape",
           ["relu/identity", "logits/Reshape/shape"],
           [T, ("Tshape", "type: DT_INT32")])
    # tf.nn.dropout(x, keep_prob) as TF1 builds it, keep_prob fed:
    # x / keep_prob * floor(keep_prob + random_uniform(shape(x))).
    g.node("dropout/keep_prob", "Placeholder", [],
           [("dtype", "type: DT_FLOAT"), ("shape", "shape { }")])
    g.node("dropout/Shape", "Shape", ["logits/Reshape"],
           [T, ("out_type", "type: DT_INT32")])
    g.const("dropout/random_uniform/min", [], [0.0])
    g.const("dropout/random_uniform/max", [], [1.0])
    g.node("dropout/random_uniform/RandomUniform", "RandomUniform",
           ["dropout/Shape"],
           [("T", "type: DT_INT32"), ("dtype", "type: DT_FLOAT"),
            ("seed", "i: 0"), ("seed2", "i: 0")])
    g.node("dropout/random_uniform/sub", "Sub",
           ["dropout/random_uniform/max", "dropout/random_uniform/min"], [T])
    g.node("dropout/random_uniform/mul", "Mul",
           ["dropout/random_uniform/RandomUniform",
            "dropout/random_uniform/sub"], [T])
    g.node("dropout/random_uniform", "Add",
           ["dropout/random_uniform/mul", "dropout/random_uniform/min"], [T])
    g.node("dropout/add", "Add",
           ["dropout/keep_prob", "dropout/random_uniform"], [T])
    g.node("dropout/Floor", "Floor", ["dropout/add"], [T])
    g.node("dropout/div", "RealDiv", ["logits/Reshape", "dropout/keep_prob"],
           [T])
    g.node("dropout/mul", "Mul", ["dropout/div", "dropout/Floor"], [T])
    g.node("logits/MatMul", "MatMul",
           ["dropout/mul", "logits/weights/read"], [T])
    g.node("output", "Softmax", ["logits/MatMul"], [T])
    if training:
        g.node("init", "NoOp",
               ["^%s/Assign" % n for n, _ in g.variables], [])
        g.saver()
    return g


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else here
    ckpt_dir = os.path.join(outdir, "training_checkpoint")
    os.makedirs(ckpt_dir, exist_ok=True)
    with open(os.path.join(outdir, "training_graph.pbtxt"), "w") as f:
        f.write(build(training=False).text())
    with open(os.path.join(ckpt_dir, "graph.pbtxt"), "w") as f:
        f.write(build(training=True).text())
    tensors = [(name, ckpt.DT_FLOAT, dims,
                struct.pack("<%df" % len(values), *values))
               for name, (dims, values) in TRAINED.items()]
    tensors.append((EMA, ckpt.DT_FLOAT, TRAINED["conv/weights"][0],
                    struct.pack("<%df" % len(EMA_VALUES), *EMA_VALUES)))
    ckpt.write_checkpoint(ckpt_dir, tensors)


if __name__ == "__main__":
    main()
