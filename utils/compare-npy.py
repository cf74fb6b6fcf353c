#!/usr/bin/env python3
"""Compares a run's output .npy files with a reference folder.

    compare-npy.py REF_DIR OUT_DIR [--rtol 1e-5] [--atol 1e-6] [--outputs a,b]

REF_DIR is a reference folder as in corpus/*-ref/ (output_<i>_<name>.npy);
OUT_DIR holds the run's output_<i>_<name>.npy (matched by <name>, so the
index may differ). For each output it prints the max abs error and the
relative L2 error ||out - ref|| / ||ref||; int and bool outputs must match
exactly. An output whose reference is ~0 everywhere (max |ref| < atol) is
judged by max abs error <= atol instead: its relative error means nothing.
Exit status 1 when any output is missing, has another shape, or is beyond
the tolerance. Pure Python (no numpy: Debian's python3 here has none).
"""
import argparse
import ast
import math
import os
import re
import struct
import sys

_FORMATS = {"<f4": ("f", 4), "<f8": ("d", 8), "<f2": ("e", 2),
            "<i4": ("i", 4), "<i8": ("q", 8), "|u1": ("B", 1),
            "|i1": ("b", 1), "|b1": ("?", 1), "<u2": ("H", 2),
            "<i2": ("h", 2)}


def read_npy(path):
    """(descr, shape, flat list of values) of a C-order little-endian .npy."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{path}: not a .npy file")
    major = data[6]
    if major == 1:
        header_len = struct.unpack("<H", data[8:10])[0]
        start = 10
    else:
        header_len = struct.unpack("<I", data[8:12])[0]
        start = 12
    header = ast.literal_eval(data[start:start + header_len].decode("latin1"))
    if header.get("fortran_order"):
        raise ValueError(f"{path}: Fortran order is not supported")
    descr = header["descr"]
    if descr not in _FORMATS:
        raise ValueError(f"{path}: dtype {descr} is not supported")
    code, size = _FORMATS[descr]
    shape = tuple(header["shape"])
    count = math.prod(shape)
    body = data[start + header_len:start + header_len + count * size]
    if len(body) != count * size:
        raise ValueError(f"{path}: truncated ({len(body)} of {count * size} bytes)")
    return descr, shape, list(struct.unpack(f"<{count}{code}", body))


def outputs_by_name(folder):
    found = {}
    for file in sorted(os.listdir(folder)):
        m = re.fullmatch(r"output_(\d+)_(.*)\.npy", file)
        if m:
            found[m.group(2)] = os.path.join(folder, file)
    return found


def compare(ref_path, out_path, rtol, atol):
    """(ok, message) for one output."""
    ref_descr, ref_shape, ref = read_npy(ref_path)
    out_descr, out_shape, out = read_npy(out_path)
    if ref_shape != out_shape:
        return False, f"shape {list(out_shape)}, reference {list(ref_shape)}"
    is_float = ref_descr[1] == "f"
    if not is_float:
        unequal = sum(1 for a, b in zip(out, ref) if a != b)
        return unequal == 0, f"exact ({ref_descr}): {unequal} unequal of {len(ref)}"
    if any(math.isnan(a) != math.isnan(b) for a, b in zip(out, ref)):
        return False, "NaN where the reference has none (or the reverse)"
    pairs = [(a, b) for a, b in zip(out, ref) if not math.isnan(b)]
    max_abs = max((abs(a - b) for a, b in pairs), default=0.0)
    norm_ref = math.sqrt(sum(b * b for _, b in pairs))
    norm_diff = math.sqrt(sum((a - b) ** 2 for a, b in pairs))
    max_ref = max((abs(b) for _, b in pairs), default=0.0)
    if max_ref < atol:
        return max_abs <= atol, (f"max abs {max_abs:.3g} (reference ~0: "
                                 f"judged by max abs <= {atol:g})")
    rel = norm_diff / norm_ref
    return rel <= rtol, f"max abs {max_abs:.3g}, rel L2 {rel:.3g} (rtol {rtol:g})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--rtol", type=float, default=1e-5)
    parser.add_argument("--atol", type=float, default=1e-6)
    parser.add_argument("--outputs", help="only these output names (comma-separated)")
    args = parser.parse_args()
    refs = outputs_by_name(args.ref_dir)
    outs = outputs_by_name(args.out_dir)
    names = args.outputs.split(",") if args.outputs else sorted(refs)
    if not names:
        print(f"error: no output_*.npy in {args.ref_dir}", file=sys.stderr)
        return 1
    ok_all = True
    for name in names:
        if name not in refs:
            print(f"{name}: FAIL: no reference output in {args.ref_dir}")
            ok_all = False
            continue
        if name not in outs:
            print(f"{name}: FAIL: missing from {args.out_dir}")
            ok_all = False
            continue
        try:
            ok, message = compare(refs[name], outs[name], args.rtol, args.atol)
        except ValueError as e:
            ok, message = False, str(e)
        print(f"{name}: {'ok' if ok else 'FAIL'}: {message}")
        ok_all &= ok
    return 0 if ok_all else 1


if __name__ == "__main__":
    sys.exit(main())
