#!/usr/bin/env python3
"""Writes a small TensorFlow V2 checkpoint ("tensor bundle") for the tests.

  make_checkpoint_fixtures.py OUTDIR [--tensor NAME=DTYPE:DIMS:VALUES ...]
                               [--snappy] [--corrupt KIND]

writes OUTDIR/model.ckpt.index, OUTDIR/model.ckpt.data-00000-of-00001 and
OUTDIR/checkpoint (naming a foreign absolute path, as real ones do). Python
stdlib only, deterministic: the SSTable, the protos, Snappy and the CRC32C
are encoded here by hand. Without --tensor it holds one tensor of every dtype
variables use; each --tensor replaces that set with the tensors given, e.g.
`--tensor w=float:2,2:1,2,3,4` (DTYPE float|double|int32|int64|bool, DIMS
comma-separated or empty for a scalar, VALUES comma-separated; one value
fills the tensor). --snappy compresses the index's data blocks with Snappy,
as TensorFlow does when that saves space. KIND makes a broken variant:

  flip-data       one byte of tensor 'a/float' flipped in the data file
  truncate-shard  the data file cut in the middle of the last tensor
  missing-data    no data file
  bad-magic       the footer magic altered
  bad-block-crc   a byte of the first data block flipped
  bad-snappy      the first data block marked Snappy-compressed, but not
  sliced          an extra entry 'part_var' with slices (partitioned variable)
  bad-dtype       an extra entry 'variant_var' of dtype DT_VARIANT
  snappy-bomb     the first data block marked Snappy-compressed (valid CRC)
                  with a header that claims 4 GiB - 1 uncompressed bytes
  huge-index-size the footer's index handle says 2^64 - 1 bytes
  huge-shapes     extra entries 'huge_elements' (float [2^32, 2^32]: 2^64
                  elements) and 'huge_bytes' (complex128 [2^60]: 2^64 bytes)
"""

import argparse
import os
import struct

# --- CRC32C -----------------------------------------------------------------
_TABLE = []
for _i in range(256):
    _c = _i
    for _ in range(8):
        _c = (_c >> 1) ^ 0x82F63B78 if _c & 1 else _c >> 1
    _TABLE.append(_c)


def crc32c(data, crc=0):
    c = crc ^ 0xFFFFFFFF
    for b in data:
        c = _TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def mask(c):
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


assert crc32c(b"123456789") == 0xE3069283

# --- Protobuf wire format ---------------------------------------------------


def varint(v):
    out = bytearray()
    v &= (1 << 64) - 1
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def f_varint(num, v):
    return varint(num << 3) + varint(v) if v else b""


def f_bytes(num, data):
    return varint((num << 3) | 2) + varint(len(data)) + data


def f_fixed32(num, v):
    return varint((num << 3) | 5) + struct.pack("<I", v)


def shape_proto(dims):
    return b"".join(f_bytes(2, f_varint(1, d)) for d in dims)


def entry_proto(dtype, dims, offset=0, size=0, crc=0, slices=()):
    out = f_varint(1, dtype)
    if dims:
        out += f_bytes(2, shape_proto(dims))
    out += f_varint(4, offset) + f_varint(5, size) + f_fixed32(6, crc)
    for extents in slices:  # [(start, length or None)]
        slice_bytes = b""
        for start, length in extents:
            ext = f_varint(1, start)
            if length is not None:
                ext += varint(2 << 3) + varint(length)
            slice_bytes += f_bytes(1, ext)
        out += f_bytes(7, slice_bytes)
    return out


HEADER = f_varint(1, 1) + f_bytes(3, f_varint(1, 1))  # num_shards=1, producer=1

# --- Tensors ----------------------------------------------------------------
DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_STRING = 1, 2, 3, 4, 5, 6, 7
DT_COMPLEX64, DT_INT64, DT_BOOL, DT_BFLOAT16, DT_UINT16, DT_HALF = 8, 9, 10, 14, 17, 19
DT_VARIANT, DT_COMPLEX128 = 21, 18


# The entry CRC32C of each string tensor's bytes: TensorFlow's
# WriteStringTensor checksums the lengths as fixed 32-bit integers (not the
# varints it writes), then the masked lengths checksum, then the strings.
STRING_ENTRY_CRCS = {}


def string_tensor(strings):
    lengths = b"".join(varint(len(s)) for s in strings)
    crc = 0
    for s in strings:
        crc = crc32c(struct.pack("<I", len(s)), crc)
    length_checksum = struct.pack("<I", mask(crc))
    entry_crc = crc32c(length_checksum, crc)
    for s in strings:
        entry_crc = crc32c(s, entry_crc)
    raw = lengths + length_checksum + b"".join(strings)
    STRING_ENTRY_CRCS[raw] = entry_crc
    return raw


def bfloat16(values):
    return b"".join(struct.pack("<I", struct.unpack("<I", struct.pack("<f", v))[0])[2:] for v in values)


TENSORS = [  # name, dtype, dims, bytes (sorted by name)
    ("a/float", DT_FLOAT, [2, 3], struct.pack("<6f", 1.5, -2.25, 0.5, 3.0, 1e-3, -7.75)),
    ("a/int32_scalar", DT_INT32, [], struct.pack("<i", -42)),
    ("b_double", DT_DOUBLE, [2], struct.pack("<2d", 0.1, -1e100)),
    ("c_int64", DT_INT64, [3], struct.pack("<3q", 1, -2, 1 << 40)),
    ("d_bool", DT_BOOL, [4], bytes([1, 0, 0, 1])),
    ("e_half", DT_HALF, [2], struct.pack("<2e", 0.5, -65504.0)),
    ("f_bfloat16", DT_BFLOAT16, [2], bfloat16([1.0, -3.5])),
    ("g_int8", DT_INT8, [3], struct.pack("<3b", -128, 0, 127)),
    ("g_uint8", DT_UINT8, [2], bytes([0, 255])),
    ("h_int16", DT_INT16, [2], struct.pack("<2h", -32768, 32767)),
    ("h_uint16", DT_UINT16, [2], struct.pack("<2H", 0, 65535)),
    ("i_complex64", DT_COMPLEX64, [2], struct.pack("<4f", 1.0, 2.0, -0.5, 0.25)),
    ("j_string", DT_STRING, [2], string_tensor([b"hello", b"tf\n"])),
]


def parse_tensor(spec):
    """NAME=DTYPE:DIMS:VALUES -> (name, dtype, dims, bytes)."""
    name, _, rest = spec.partition("=")
    dtype_name, dims_text, values_text = rest.split(":")
    dims = [int(d) for d in dims_text.split(",") if d]
    count = 1
    for d in dims:
        count *= d
    values = [v for v in values_text.split(",") if v]
    if len(values) == 1:
        values = values * count
    if len(values) != count:
        raise SystemExit(f"--tensor {spec}: {len(values)} values for {count} elements")
    dtype, fmt, convert = {
        "float": (DT_FLOAT, "f", float), "double": (DT_DOUBLE, "d", float),
        "int32": (DT_INT32, "i", int), "int64": (DT_INT64, "q", int),
        "bool": (DT_BOOL, "?", lambda v: v == "true"),
    }[dtype_name]
    return name, dtype, dims, struct.pack("<%d%s" % (count, fmt), *map(convert, values))


def snappy_compress(data):
    """Snappy's block format with literals only: valid input for any decoder."""
    out = bytearray(varint(len(data)))
    for start in range(0, len(data), 60):
        chunk = data[start:start + 60]
        out.append((len(chunk) - 1) << 2)
        out += chunk
    return bytes(out)


# --- SSTable ----------------------------------------------------------------


def block(entries, restart_interval=16):
    out = bytearray()
    restarts = []
    prev = b""
    for i, (key, value) in enumerate(entries):
        shared = 0
        if i % restart_interval == 0:
            restarts.append(len(out))
        else:
            while shared < min(len(prev), len(key)) and prev[shared] == key[shared]:
                shared += 1
        out += varint(shared) + varint(len(key) - shared) + varint(len(value))
        out += key[shared:] + value
        prev = key
    if not restarts:
        restarts = [0]
    for r in restarts:
        out += struct.pack("<I", r)
    out += struct.pack("<I", len(restarts))
    return bytes(out)


def with_trailer(contents, ctype=0):
    return contents + bytes([ctype]) + struct.pack("<I", mask(crc32c(contents + bytes([ctype]))))


def sstable(entries, corrupt):
    """Two data blocks (to exercise the index), metaindex, index, footer."""
    out = bytearray()
    half = (len(entries) + 1) // 2
    index_entries = []
    for part in (entries[:half], entries[half:]):
        contents = block(part)
        ctype = 0
        if corrupt == "snappy":
            contents, ctype = snappy_compress(contents), 1
        elif corrupt == "bad-snappy" and not out:
            ctype = 1
        elif corrupt == "snappy-bomb" and not out:
            contents, ctype = varint(0xFFFFFFFF) + contents, 1
        handle = varint(len(out)) + varint(len(contents))
        raw = bytearray(with_trailer(contents, ctype))
        if corrupt == "bad-block-crc" and not out:
            raw[3] ^= 0x01
        out += raw
        index_entries.append((part[-1][0], handle))
    meta = block([])
    meta_handle = varint(len(out)) + varint(len(meta))
    out += with_trailer(meta)
    index = block(index_entries, restart_interval=1)
    index_handle = varint(len(out)) + varint(
        2**64 - 1 if corrupt == "huge-index-size" else len(index))
    out += with_trailer(index)
    footer = meta_handle + index_handle
    footer += b"\0" * (40 - len(footer))
    magic = 0xDB4775248B80FB57 ^ (1 if corrupt == "bad-magic" else 0)
    out += footer + struct.pack("<Q", magic)
    return bytes(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--corrupt", choices=[
        "flip-data", "truncate-shard", "missing-data", "bad-magic",
        "bad-block-crc", "bad-snappy", "sliced", "bad-dtype", "snappy-bomb",
        "huge-index-size", "huge-shapes"])
    parser.add_argument("--tensor", action="append", default=[],
                        help="NAME=DTYPE:DIMS:VALUES (repeatable)")
    parser.add_argument("--snappy", action="store_true",
                        help="Snappy-compress the index's data blocks")
    args = parser.parse_args()
    tensors = sorted(parse_tensor(t) for t in args.tensor) if args.tensor else TENSORS
    write_checkpoint(args.outdir, tensors, args.corrupt, args.snappy)


def write_checkpoint(outdir, tensors, corrupt=None, snappy=False):
    """Writes OUTDIR/model.ckpt.{index,data-00000-of-00001} and OUTDIR/checkpoint
    holding TENSORS, a list of (name, dtype, dims, little-endian bytes) such as
    parse_tensor returns; CORRUPT is one of --corrupt's KINDs. Other scripts
    (examples/make_example.py) import this module and call it."""
    tensors = sorted(tensors)
    os.makedirs(outdir, exist_ok=True)

    data = bytearray()
    entries = [(b"", HEADER)]
    for name, dtype, dims, raw in tensors:
        crc = (STRING_ENTRY_CRCS[raw] if dtype == DT_STRING and raw in STRING_ENTRY_CRCS
               else crc32c(raw))
        entries.append((name.encode(), entry_proto(
            dtype, dims, len(data), len(raw), mask(crc))))
        data += raw
    if corrupt == "sliced":
        entries.append((b"part_var", entry_proto(
            DT_FLOAT, [4, 2], slices=[[(0, 2), (0, None)], [(2, 2), (0, None)]])))
    if corrupt == "bad-dtype":
        entries.append((b"variant_var", entry_proto(DT_VARIANT, [], len(data), 0, mask(crc32c(b"")))))
    if corrupt == "huge-shapes":
        entries.append((b"huge_elements", entry_proto(DT_FLOAT, [2**32, 2**32])))
        entries.append((b"huge_bytes", entry_proto(DT_COMPLEX128, [2**60])))
    entries.sort()
    if corrupt == "flip-data":
        data[2] ^= 0x40  # in 'a/float'
    if corrupt == "truncate-shard":
        data = data[:-3]

    prefix = os.path.join(outdir, "model.ckpt")
    with open(prefix + ".index", "wb") as f:
        f.write(sstable(entries, "snappy" if snappy else corrupt))
    if corrupt != "missing-data":
        with open(prefix + ".data-00000-of-00001", "wb") as f:
            f.write(bytes(data))
    with open(os.path.join(outdir, "checkpoint"), "w") as f:
        f.write('model_checkpoint_path: "C:/elsewhere/model.ckpt"\n'
                'all_model_checkpoint_paths: "C:/elsewhere/model.ckpt"\n')

if __name__ == "__main__":
    main()
