#!/usr/bin/env python3
"""Writes the TensorFlow.js graph-model fixtures of test/Import/tfjs/Inputs.

A TF.js graph model is a model.json (the GraphDef as proto3 JSON plus a
weights manifest) and weight shards: the manifest's weights back to back,
little-endian, possibly quantized (uint8/uint16 as q * scale + min, or IEEE
float16). The bytes here are written with `struct`, so no TensorFlow is
needed and the output is deterministic.

    make_tfjs_fixtures.py [OUT_DIR]         # default: test/Import/tfjs/Inputs
    make_tfjs_fixtures.py --expect-hex MODEL.json WEIGHT

The second form is an oracle independent of the C++ importer: it decodes
one weight of a model with Python's own float16 support and prints a
FileCheck line matching the hex dense elements that `tfg-translate
--import-graphdef --resource-threshold=<large>` prints for it (MLIR prints
elements attributes of more than 100 elements as raw little-endian hex).
"""

import base64
import json
import os
import struct
import sys

# ---------------------------------------------------------------------------
# Proto3 JSON helpers (what the converter's MessageToDict writes)
# ---------------------------------------------------------------------------


def b64(s):
    return base64.b64encode(s.encode()).decode()


def shape_json(dims):
    return {"dim": [{"size": str(d)} for d in dims]} if dims else {}


def attr_s(s):
    return {"s": b64(s)}


def attr_ints(values):
    return {"list": {"i": [str(v) for v in values]}}


def attr_strs(values):
    return {"list": {"s": [b64(v) for v in values]}}


def const_node(name, dtype, dims, control=()):
    node = {
        "name": name,
        "op": "Const",
        "attr": {
            "value": {"tensor": {"dtype": dtype, "tensorShape": shape_json(dims)}},
            "dtype": {"type": dtype},
        },
    }
    if control:
        node["input"] = ["^" + c for c in control]
    return node


def placeholder(name, dims, dtype="DT_FLOAT"):
    return {
        "name": name,
        "op": "Placeholder",
        "attr": {"dtype": {"type": dtype}, "shape": {"shape": shape_json(dims)}},
    }


# ---------------------------------------------------------------------------
# Weight encoding
# ---------------------------------------------------------------------------


def weight(name, dims, dtype, data, quantization=None):
    """A manifest entry and its bytes."""
    entry = {"name": name, "shape": list(dims), "dtype": dtype}
    if quantization:
        entry["quantization"] = quantization
    return entry, data


def pack(fmt, values):
    return struct.pack("<%d%s" % (len(values), fmt), *values)


def string_bytes(values):
    out = b""
    for v in values:
        out += struct.pack("<I", len(v)) + v
    return out


def model(topology_nodes, weights, paths, **extra):
    """model.json as the converter writes it, with one weight group."""
    doc = {
        "format": "graph-model",
        "generatedBy": "2.4.0",
        "convertedBy": "TensorFlow.js Converter v3.18.0",
    }
    doc.update(extra)
    doc["modelTopology"] = {
        "node": topology_nodes,
        "library": {},
        "versions": {"producer": 808},
    }
    doc["weightsManifest"] = [{"paths": paths, "weights": [w for w, _ in weights]}]
    return doc


def write(out_dir, name, content):
    mode = "wb" if isinstance(content, bytes) else "w"
    with open(os.path.join(out_dir, name), mode) as f:
        f.write(content)


def write_json(out_dir, name, doc):
    write(out_dir, name, json.dumps(doc, indent=1) + "\n")


# ---------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------


def values_fixture(out_dir):
    """One weight of each stored form, and the dtype conversions."""
    weights = [
        weight("f32", [2, 2], "float32", pack("f", [1.5, -2.25, 0.0, 1e-3])),
        weight("i32", [3], "int32", pack("i", [-7, 0, 2147483647])),
        # q * 0.1 - 0.3 in double, then to float32: q = 3 gives 5.55e-17,
        # not 0 (float32 arithmetic would differ).
        weight("u8", [4], "float32", pack("B", [0, 3, 4, 255]),
               {"dtype": "uint8", "scale": 0.1, "min": -0.3,
                "original_dtype": "float32"}),
        weight("u16", [4], "float32", pack("H", [0, 1000, 1001, 65535]),
               {"dtype": "uint16", "scale": 0.001, "min": -1.0,
                "original_dtype": "float32"}),
        # int32 weights quantized by old converters: Math.round, ties up:
        # -1.5 -1 -0.5 0 0.5 126 -> -1 -1 0 0 1 126.
        weight("u8_int", [6], "int32", pack("B", [0, 1, 2, 3, 4, 255]),
               {"dtype": "uint8", "scale": 0.5, "min": -1.5,
                "original_dtype": "int32"}),
        # 1, -0, smallest and largest subnormal, +inf, -inf, 65504, NaN.
        weight("f16", [8], "float32",
               pack("H", [0x3C00, 0x8000, 0x0001, 0x03FF, 0x7C00, 0xFC00,
                          0x7BFF, 0x7E00]),
               {"dtype": "float16", "original_dtype": "float32"}),
        weight("b", [3], "bool", pack("B", [1, 0, 1])),
        # The converter writes int64/float64/float16 Consts as int32/float32
        # and keeps the graph's dtype.
        weight("i64", [2], "int32", pack("i", [-1, 5])),
        weight("d", [2], "float32", pack("f", [0.1, 2.5])),
        weight("h", [2], "float32", pack("f", [0.5, 65504.0])),
        weight("s", [3], "string", string_bytes([b"ab", b"", "\u00e9".encode()])),
        weight("scalar", [], "float32", pack("f", [42.0])),
        weight("empty", [2, 0], "float32", b""),
        weight("c64", [2], "complex64", pack("f", [1.0, 2.0, 3.0, -4.0])),
        # Names no node: becomes a Const of its own.
        weight("orphan", [2], "float32", pack("f", [7.0, 8.0])),
    ]
    nodes = [
        placeholder("ph", [-1, 2]),
        const_node("f32", "DT_FLOAT", [2, 2], control=["ph"]),
        const_node("i32", "DT_INT32", [3]),
        const_node("u8", "DT_FLOAT", [4]),
        const_node("u16", "DT_FLOAT", [4]),
        const_node("u8_int", "DT_INT32", [6]),
        const_node("f16", "DT_FLOAT", [8]),
        const_node("b", "DT_BOOL", [3]),
        const_node("i64", "DT_INT64", [2]),
        const_node("d", "DT_DOUBLE", [2]),
        const_node("h", "DT_HALF", [2]),
        const_node("s", "DT_STRING", [3]),
        const_node("scalar", "DT_FLOAT", []),
        const_node("empty", "DT_FLOAT", [2, 0]),
        const_node("c64", "DT_COMPLEX64", [2]),
        {"name": "out", "op": "Identity", "input": ["i64"],
         "attr": {"T": {"type": "DT_INT64"}}},
    ]
    signature = {
        # A name without ":N" (seen in real models) means output 0.
        "inputs": {"ph": {"name": "ph", "dtype": "DT_FLOAT",
                          "tensorShape": shape_json([-1, 2])}},
        "outputs": {"result": {"name": "out:0", "dtype": "DT_INT64"}},
    }
    doc = model(nodes, weights, ["values.bin"], signature=signature,
                userDefinedMetadata={"labels": ["a", "b"]})
    write_json(out_dir, "values.json", doc)
    write(out_dir, "values.bin", b"".join(data for _, data in weights))


def fused_fixture(out_dir):
    """The converter's fused ops, with BiasAdd + Relu/Relu6/Prelu."""
    def floats(n, scale):
        return pack("f", [scale * (i + 1) for i in range(n)])

    weights = [
        weight("conv_w", [1, 1, 2, 3], "float32", floats(6, 0.25)),
        weight("conv_b", [3], "float32", floats(3, 0.5)),
        weight("alpha", [3], "float32", floats(3, 0.125)),
        weight("dw_w", [1, 1, 3, 1], "float32", floats(3, 1.0)),
        weight("dw_b", [3], "float32", floats(3, -1.0)),
        weight("flat_shape", [2], "int32", pack("i", [-1, 48])),
        weight("mm_w", [48, 2], "float32", floats(96, 0.5)),
        weight("mm_b", [2], "float32", floats(2, 2.0)),
    ]
    conv_attrs = {
        "T": {"type": "DT_FLOAT"},
        "strides": attr_ints([1, 1, 1, 1]),
        "padding": attr_s("SAME"),
        "data_format": attr_s("NHWC"),
        "dilations": attr_ints([1, 1, 1, 1]),
        "explicit_paddings": {"list": {}},
        "use_cudnn_on_gpu": {"b": True},
        "epsilon": {"f": 0},
    }
    nodes = [
        placeholder("x", [1, 4, 4, 2]),
        const_node("conv_w", "DT_FLOAT", [1, 1, 2, 3]),
        const_node("conv_b", "DT_FLOAT", [3]),
        const_node("alpha", "DT_FLOAT", [3]),
        const_node("dw_w", "DT_FLOAT", [1, 1, 3, 1]),
        const_node("dw_b", "DT_FLOAT", [3]),
        const_node("flat_shape", "DT_INT32", [2]),
        const_node("mm_w", "DT_FLOAT", [48, 2]),
        const_node("mm_b", "DT_FLOAT", [2]),
        {"name": "conv", "op": "_FusedConv2D",
         "input": ["x", "conv_w", "conv_b"], "device": "/device:CPU:0",
         "attr": dict(conv_attrs, fused_ops=attr_strs(["BiasAdd", "Relu"]),
                      num_args={"i": "1"})},
        {"name": "conv_prelu", "op": "_FusedConv2D",
         "input": ["x", "conv_w", "conv_b", "alpha"],
         "attr": dict(conv_attrs, fused_ops=attr_strs(["BiasAdd", "Prelu"]),
                      num_args={"i": "2"}, leakyrelu_alpha={"f": 0.2})},
        {"name": "dw", "op": "FusedDepthwiseConv2dNative",
         "input": ["conv", "dw_w", "dw_b"],
         "attr": {
             "T": {"type": "DT_FLOAT"},
             "strides": attr_ints([1, 1, 1, 1]),
             "padding": attr_s("VALID"),
             "data_format": attr_s("NHWC"),
             "dilations": attr_ints([1, 1, 1, 1]),
             "explicit_paddings": {"list": {}},
             "fused_ops": attr_strs(["BiasAdd", "Relu6"]),
             "num_args": {"i": "1"},
         }},
        {"name": "flat", "op": "Reshape", "input": ["dw", "flat_shape"],
         "attr": {"T": {"type": "DT_FLOAT"}, "Tshape": {"type": "DT_INT32"}}},
        {"name": "mm", "op": "_FusedMatMul", "input": ["flat", "mm_w", "mm_b"],
         "attr": {
             "T": {"type": "DT_FLOAT"},
             "transpose_a": {"b": False},
             "transpose_b": {"b": False},
             "fused_ops": attr_strs(["BiasAdd"]),
             "num_args": {"i": "1"},
             "epsilon": {"f": 0},
         }},
        {"name": "prelu", "op": "Prelu", "input": ["conv_prelu", "alpha"]},
        {"name": "out", "op": "Identity", "input": ["mm"],
         "attr": {"T": {"type": "DT_FLOAT"}}},
        {"name": "out_prelu", "op": "Identity", "input": ["prelu"],
         "attr": {"T": {"type": "DT_FLOAT"}}},
    ]
    doc = model(nodes, weights, ["fused.bin"],
                signature={"outputs": {"y": {"name": "out:0"},
                                       "z": {"name": "out_prelu:0"}}})
    write_json(out_dir, "fused.json", doc)
    write(out_dir, "fused.bin", b"".join(data for _, data in weights))


def sharded_fixture(out_dir):
    """Two groups; in the first, weight 'b' straddles its two shards."""
    a = pack("f", [1.0, 2.0, 3.0])
    b = pack("i", [10, 20, 30])
    c = pack("B", [0, 1, 255])
    group1 = a + b
    doc = {
        "format": "graph-model",
        "modelTopology": {"node": [
            const_node("a", "DT_FLOAT", [3]),
            const_node("b", "DT_INT32", [3]),
            const_node("c", "DT_FLOAT", [3]),
        ]},
        "weightsManifest": [
            {"paths": ["sharded.group1-shard1of2.bin",
                       "sharded.group1-shard2of2.bin"],
             "weights": [{"name": "a", "shape": [3], "dtype": "float32"},
                         {"name": "b", "shape": [3], "dtype": "int32"}]},
            # Offsets restart at 0 in every group.
            {"paths": ["sharded.group2-shard1of1.bin"],
             "weights": [{"name": "c", "shape": [3], "dtype": "float32",
                          "quantization": {"dtype": "uint8", "scale": 2,
                                           "min": -1}}]},
        ],
    }
    write_json(out_dir, "sharded.json", doc)
    write(out_dir, "sharded.group1-shard1of2.bin", group1[:16])
    write(out_dir, "sharded.group1-shard2of2.bin", group1[16:])
    write(out_dir, "sharded.group2-shard1of1.bin", c)


def function_fixture(out_dir):
    """A Const in a function body: the converter names its weight (and the
    node) "<function>/<const>"."""
    weights = [weight("f/c", [2], "float32", pack("f", [0.5, -0.5]))]
    nodes = [{"name": "call", "op": "f"}]
    doc = model(nodes, weights, ["function.bin"])
    doc["modelTopology"]["library"] = {"function": [{
        "signature": {"name": "f",
                      "outputArg": [{"name": "out", "type": "DT_FLOAT"}]},
        "nodeDef": [const_node("f/c", "DT_FLOAT", [2])],
        "ret": {"out": "f/c:output:0"},
    }]}
    write_json(out_dir, "function.json", doc)
    write(out_dir, "function.bin", b"".join(data for _, data in weights))


# ---------------------------------------------------------------------------
# Independent oracle for real models
# ---------------------------------------------------------------------------


def expect_hex(model_path, name):
    with open(model_path) as f:
        doc = json.load(f)
    base = os.path.dirname(model_path)
    for group in doc["weightsManifest"]:
        data = b""
        for path in group["paths"]:
            with open(os.path.join(base, path), "rb") as f:
                data += f.read()
        offset = 0
        for entry in group["weights"]:
            n = 1
            for d in entry["shape"]:
                n *= d
            quant = entry.get("quantization", {}).get("dtype")
            size = {"float16": 2, "uint8": 1, "uint16": 2}.get(quant, 4) * n
            if entry["name"] == name:
                raw = data[offset:offset + size]
                if quant == "float16":
                    values = struct.unpack("<%de" % n, raw)
                elif quant is None and entry["dtype"] == "float32":
                    values = struct.unpack("<%df" % n, raw)
                else:
                    sys.exit("only float32 and float16 weights are supported")
                hexed = struct.pack("<%df" % n, *values).hex().upper()
                print("// first values: " +
                      ", ".join("%.9g" % v for v in values[:4]))
                print('// CHECK: name("%s") {dtype = f32, value = dense<"0x%s">'
                      % (name, hexed))
                return
            offset += size
    sys.exit("no weight named " + name)


def main(argv):
    if len(argv) == 4 and argv[1] == "--expect-hex":
        expect_hex(argv[2], argv[3])
        return
    if len(argv) > 2:
        sys.exit(__doc__)
    out_dir = argv[1] if len(argv) == 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), os.pardir, "test",
        "Import", "tfjs", "Inputs")
    os.makedirs(out_dir, exist_ok=True)
    values_fixture(out_dir)
    fused_fixture(out_dir)
    sharded_fixture(out_dir)
    function_fixture(out_dir)


if __name__ == "__main__":
    main(sys.argv)
