#!/usr/bin/env python3
"""Collects the seed corpus of one fuzz target (fuzz/) into a folder.

  fuzz_seeds.py TARGET OUTDIR [--corpus DIR] [--translate TFG_TRANSLATE]

Seeds come from the tests and examples (test/**/*.pbtxt, the .mlir tests
split at `// -----`, .npy files, the TF.js fixtures, checkpoints made by
utils/make_checkpoint_fixtures.py), the reproducers of fixed bugs in
fuzz/regressions/TARGET/ (those fuzz/regressions/OPEN lists are left out),
plus the shared corpus's small models when --corpus names it. Binary protos are made from the text ones with
protoc (the project's own schema), so no TFG code decides what a seed is.
Inputs of lit tests that split-file cuts apart are left out. The cache
target's seeds are entries written by utils/cache_entry.py. With
--translate (a built tfg-translate), the text GraphDefs are also imported
into .mlir seeds for the pass-pipeline target. Deterministic; Python
stdlib only.
"""

import argparse
import glob
import hashlib
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROTO_DIR = os.path.join(ROOT, "lib", "ImportExport", "proto")
TARGETS = ["graphdef", "graphdef-text", "metagraph", "savedmodel", "tfjs",
           "checkpoint", "npy", "mlir-passes", "graph-compare", "model-cache"]
# Largest seed kept (bigger files are skipped, not cut).
MAX_SEED = 64 * 1024


class Seeds:
    def __init__(self, outdir):
        self.outdir = outdir
        self.count = 0
        os.makedirs(outdir, exist_ok=True)

    def add(self, data, hint=""):
        if isinstance(data, str):
            data = data.encode()
        if not data or len(data) > MAX_SEED:
            return
        name = hashlib.sha1(data).hexdigest()[:16]
        if hint:
            name = re.sub(r"[^A-Za-z0-9_.-]", "_", hint)[:40] + "-" + name
        path = os.path.join(self.outdir, name)
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            self.count += 1


def read(path):
    with open(path, "rb") as f:
        return f.read()


def files(pattern):
    return sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True))


def uses_split_file(path):
    try:
        return b"split-file" in read(path)
    except OSError:
        return True


def text_graphdefs(corpus):
    """(name, text) of every text GraphDef we have."""
    paths = [p for p in files("test/**/*.pbtxt") if not uses_split_file(p)]
    paths += files("examples/**/*.pbtxt")
    if corpus:
        paths += sorted(glob.glob(os.path.join(
            corpus, "tf-importer-tests", "graphdef_to_mlir", "*.pbtxt")))
    out = []
    for p in paths:
        text = read(p).decode("utf-8", "replace")
        if "meta_info_def" in text or "meta_graphs" in text:
            continue  # a MetaGraphDef or SavedModel in text form
        out.append((os.path.basename(p), text))
    return out


def encode(message, text):
    """Binary proto from text with protoc, or None when it does not parse."""
    proc = subprocess.run(
        ["protoc", "-I", PROTO_DIR, "--encode=tensorflow." + message,
         "meta_graph.proto"], input=text.encode(), capture_output=True)
    return proc.stdout if proc.returncode == 0 else None


def meta_text(graph_text):
    return ('meta_info_def { tags: "serve" }\ngraph_def {\n' + graph_text +
            "\n}\n")


def saved_model_text(graph_text):
    return ("saved_model_schema_version: 1\nmeta_graphs {\n" +
            meta_text(graph_text) + "}\n")


def graphdef_seeds(seeds, corpus, binary, text):
    for name, t in text_graphdefs(corpus):
        if text:
            seeds.add(t, name)
        if binary:
            seeds.add(encode("GraphDef", t), name)
    if binary and corpus:
        for p in sorted(glob.glob(os.path.join(corpus, "frozen", "*.pb"))):
            seeds.add(read(p), os.path.basename(p))


def metagraph_seeds(seeds, corpus):
    seeds.add(encode("MetaGraphDef",
                     read(os.path.join(ROOT, "test/Import/Inputs/tiny.meta.pbtxt"))
                     .decode()), "tiny.meta")
    for name, t in text_graphdefs(corpus):
        seeds.add(encode("MetaGraphDef", meta_text(t)), name)
    if corpus:
        for p in sorted(glob.glob(os.path.join(corpus, "checkpoints", "*", "*.meta"))):
            seeds.add(read(p), os.path.basename(p))


def savedmodel_seeds(seeds, corpus):
    tiny = read(os.path.join(ROOT, "test/Import/Inputs/tiny.meta.pbtxt")).decode()
    seeds.add(encode("SavedModel", "saved_model_schema_version: 1\n"
                     "meta_graphs {\n" + tiny + "}\n"), "tiny")
    for name, t in text_graphdefs(corpus):
        seeds.add(encode("SavedModel", saved_model_text(t)), name)
    if corpus:
        for p in sorted(glob.glob(os.path.join(corpus, "tf2-savedmodels", "*",
                                               "saved_model.pb"))):
            seeds.add(read(p), os.path.basename(os.path.dirname(p)))


def tfjs_seeds(seeds, corpus):
    paths = files("test/**/*.json")
    if corpus:
        paths += sorted(glob.glob(os.path.join(corpus, "tfjs", "*.json")))
    for p in paths:
        try:
            model = json.loads(read(p))
        except ValueError:
            continue
        if not isinstance(model, dict) or "modelTopology" not in model:
            continue
        # The fuzz target has one weight shard, weights.bin.
        for group in model.get("weightsManifest", []):
            group["paths"] = ["weights.bin"]
        seeds.add(json.dumps(model, separators=(",", ":")), os.path.basename(p))


def checkpoint_seeds(seeds, corpus):
    maker = os.path.join(ROOT, "utils", "make_checkpoint_fixtures.py")
    dirs = [os.path.join(ROOT, "examples", "training_checkpoint")]
    if corpus:
        dirs.append(os.path.join(corpus, "checkpoints", "puzzle15"))
    with tempfile.TemporaryDirectory() as tmp:
        variants = [[], ["--snappy"],
                    ["--tensor", "w=float:2,2:1,2,3,4", "--tensor", "b=bool::1"]]
        for kind in ["flip-data", "truncate-shard", "bad-magic", "bad-block-crc",
                     "bad-snappy", "sliced", "bad-dtype", "snappy-bomb",
                     "huge-index-size", "huge-shapes"]:
            variants.append(["--corrupt", kind])
        for i, args in enumerate(variants):
            out = os.path.join(tmp, str(i))
            subprocess.run([sys.executable, maker, out] + args, check=True,
                           capture_output=True)
            dirs.append(out)
        for d in dirs:
            for index in sorted(glob.glob(os.path.join(d, "*.index"))):
                prefix = index[:-len(".index")]
                data = glob.glob(prefix + ".data-*")
                seeds.add(read(index) + b"TFGCKPTDATA" +
                          (read(data[0]) if data else b""),
                          os.path.basename(d))


def npy(descr, shape, payload, version=1):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr, shape)
    pre = 10 if version == 1 else 12
    header += " " * ((64 - (pre + len(header) + 1) % 64) % 64) + "\n"
    size = struct.pack("<H", len(header)) if version == 1 else struct.pack(
        "<I", len(header))
    return b"\x93NUMPY" + bytes([version, 0]) + size + header.encode() + payload


def npy_seeds(seeds, corpus):
    for p in files("test/**/*.npy") + files("examples/**/*.npy"):
        seeds.add(read(p), os.path.basename(p))
    seeds.add(npy("<f4", "(2, 3)", struct.pack("<6f", *range(6))), "f4")
    seeds.add(npy("<f4", "()", struct.pack("<f", 1.5)), "scalar")
    seeds.add(npy("<i4", "(0,)", b""), "empty")
    seeds.add(npy("<i8", "(2,)", struct.pack("<2q", -1, 7)), "i8")
    seeds.add(npy("<f8", "(1, 1)", struct.pack("<d", 2.0)), "f8")
    seeds.add(npy("|b1", "(3,)", b"\x00\x01\x01"), "b1")
    seeds.add(npy("|u1", "(2,)", b"\x07\x08"), "u1")
    seeds.add(npy("<i4", "(2,)", struct.pack("<2i", 1, 2), version=2), "v2")
    if corpus:
        for p in sorted(glob.glob(os.path.join(corpus, "*-ref", "*", "*.npy"))):
            seeds.add(read(p), os.path.basename(p))


def model_cache_seeds(seeds):
    """Cache entries (utils/cache_entry.py) with the metadata of real
    signatures: each dtype, dynamic and static dims, dimension checks. The
    object is a stub: the target checks entries, it does not load code."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import cache_entry
    key = bytes(32)
    obj = cache_entry.objects([b"\x7fELF\x02\x01\x01" + bytes(57)] * 2)
    f32 = ("<f4", "f32")
    signatures = {
        "one-in-one-out": ([("x", *f32, [1, 4])], [("y", *f32, [1, 2])]),
        "dynamic-batch": ([("x", *f32, [-1, 4])],
                          [("y", *f32, [-1, 2]), ("z", *f32, [-1, 2])]),
        "dtypes": ([("a", "<i4", "i32", [2]), ("b", "<i8", "i64", []),
                    ("c", "|b1", "i1", [3, 1]), ("d", "<f8", "f64", [1]),
                    ("e", "<f2", "f16", [2]), ("f", "|i1", "i8", [2])],
                   [("g", *f32, [2, 2, 2, 2])]),
        "no-inputs": ([], [("c", *f32, [])]),
    }
    for name, (inputs, outputs) in signatures.items():
        seeds.add(cache_entry.entry(
            key, cache_entry.metadata(inputs, outputs), obj), name)
    checks = [("concat", 0, 0, 1, 0), ("reshape", 1, 1, -1, 4)]
    seeds.add(cache_entry.entry(key, cache_entry.metadata(
        [("x", *f32, [-1, 4]), ("y", *f32, [-1, -1])],
        [("z", *f32, [-1, 4])], checks), obj), "dim-checks")


def mlir_seeds(seeds, corpus, translate):
    for p in files("test/**/*.mlir"):
        if uses_split_file(p):
            continue
        text = read(p).decode("utf-8", "replace")
        for i, chunk in enumerate(re.split(r"^// -----.*$", text, flags=re.M)):
            body = "\n".join(l for l in chunk.splitlines()
                             if not l.lstrip().startswith("//"))
            if body.strip():
                seeds.add(body.strip() + "\n", "%s.%d" % (os.path.basename(p), i))
    if not translate:
        return
    for name, t in text_graphdefs(corpus):
        with tempfile.NamedTemporaryFile("w", suffix=".pbtxt") as f:
            f.write(t)
            f.flush()
            proc = subprocess.run([translate, "--import-graphdef", f.name],
                                  capture_output=True)
        if proc.returncode == 0:
            seeds.add(proc.stdout, name + ".mlir")


def regression_seeds(seeds, target):
    """fuzz/regressions/TARGET/*, except the open bugs listed in OPEN."""
    folder = os.path.join(ROOT, "fuzz", "regressions")
    known_open = set()
    if os.path.exists(os.path.join(folder, "OPEN")):
        for line in read(os.path.join(folder, "OPEN")).decode().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                known_open.add(line)
    for p in sorted(glob.glob(os.path.join(folder, target, "*"))):
        rel = os.path.relpath(p, folder)
        if rel not in known_open and os.path.isfile(p):
            seeds.add(read(p), "regression-" + os.path.basename(p))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("target", choices=TARGETS)
    parser.add_argument("outdir")
    parser.add_argument("--corpus")
    parser.add_argument("--translate")
    args = parser.parse_args()
    corpus = args.corpus if args.corpus and os.path.isdir(args.corpus) else None
    seeds = Seeds(args.outdir)
    t = args.target
    if t in ("graphdef", "graphdef-text", "graph-compare"):
        graphdef_seeds(seeds, corpus, binary=t != "graphdef-text",
                       text=t != "graphdef")
    elif t == "metagraph":
        metagraph_seeds(seeds, corpus)
    elif t == "savedmodel":
        savedmodel_seeds(seeds, corpus)
    elif t == "tfjs":
        tfjs_seeds(seeds, corpus)
    elif t == "checkpoint":
        checkpoint_seeds(seeds, corpus)
    elif t == "npy":
        npy_seeds(seeds, corpus)
    elif t == "mlir-passes":
        mlir_seeds(seeds, corpus, args.translate)
    elif t == "model-cache":
        model_cache_seeds(seeds)
    regression_seeds(seeds, t)
    print(seeds.count)


if __name__ == "__main__":
    main()
