#!/usr/bin/env python3
"""Writes random detection boxes and scores for NonMaxSuppression tests.

Usage: make_random_boxes.py DIR NUM_BOXES SEED

DIR/input_0_boxes.npy ([NUM_BOXES, 4] float32) and DIR/input_1_scores.npy
([NUM_BOXES] float32) plus a summary.json naming them (the TensorFlow.js
runner's --inputs and tfg-run --compare read it). Boxes gather around a few
centres (so they overlap, as a detector's do), each with its corners in a
random order; scores are rounded to two decimals, so many tie.
Deterministic (Python's random with SEED), pure Python.
"""
import json
import os
import random
import struct
import sys


def write_npy(path, descr, shape, values):
    code = {"<f4": "f"}[descr]
    dims = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, dims)
    total = (10 + len(header) + 1 + 63) // 64 * 64
    header += " " * (total - 10 - len(header) - 1) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack(f"<{len(values)}{code}", *values))


folder, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
centres = [(rng.random(), rng.random()) for _ in range(max(count // 10, 1))]
boxes = []
for _ in range(count):
    cy, cx = rng.choice(centres)
    y = cy + rng.gauss(0, 0.03)
    x = cx + rng.gauss(0, 0.03)
    h = rng.uniform(0.05, 0.2)
    w = rng.uniform(0.05, 0.2)
    y1, y2 = y - h / 2, y + h / 2
    x1, x2 = x - w / 2, x + w / 2
    if rng.random() < 0.5:
        y1, y2 = y2, y1
    if rng.random() < 0.5:
        x1, x2 = x2, x1
    boxes += [y1, x1, y2, x2]
scores = [round(rng.random(), 2) for _ in range(count)]
os.makedirs(folder, exist_ok=True)
write_npy(os.path.join(folder, "input_0_boxes.npy"), "<f4", [count, 4], boxes)
write_npy(os.path.join(folder, "input_1_scores.npy"), "<f4", [count], scores)
with open(os.path.join(folder, "summary.json"), "w") as f:
    json.dump({"inputs": [
        {"name": "boxes", "file": "input_0_boxes.npy", "shape": [count, 4]},
        {"name": "scores", "file": "input_1_scores.npy", "shape": [count]}]},
        f, indent=1)
