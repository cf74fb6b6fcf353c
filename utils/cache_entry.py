#!/usr/bin/env python3
"""Reads, writes and damages tfg-run's compiled-model cache entries
(lib/Runner/ModelCache.cpp), for the tests of the cache and the seeds of
its fuzz target (fuzz/model-cache.cpp).

  cache_entry.py DIR HOW [ARG]

damages the one entry (*.tfgobj) in DIR; HOW is one of the names in
DAMAGE or REPLACE below. "Sealed" damage rewrites the entry's hash to match, as a
hostile writer would, so that what follows the hash check is what gets
tested. An entry: "TFGCACHE", the format version, the key (32 bytes), the
metadata's and the objects' sizes (u64 little-endian each), the BLAKE3 of
metadata + objects, then the metadata and the objects (format 2: their
count, then each one's size and bytes). Python stdlib only
(BLAKE3 in pure Python below, checked against the official test vectors).
"""

import glob
import os
import struct
import sys

MAGIC = b"TFGCACHE"
VERSION = 2
HEADER = 96

IV = [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F,
      0x9B05688C, 0x1F83D9AB, 0x5BE0CD19]
PERMUTATION = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8]
CHUNK_START, CHUNK_END, PARENT, ROOT = 1, 2, 4, 8
MASK = 0xFFFFFFFF


def _g(s, a, b, c, d, x, y):
    s[a] = (s[a] + s[b] + x) & MASK
    s[d] ^= s[a]
    s[d] = ((s[d] >> 16) | (s[d] << 16)) & MASK
    s[c] = (s[c] + s[d]) & MASK
    s[b] ^= s[c]
    s[b] = ((s[b] >> 12) | (s[b] << 20)) & MASK
    s[a] = (s[a] + s[b] + y) & MASK
    s[d] ^= s[a]
    s[d] = ((s[d] >> 8) | (s[d] << 24)) & MASK
    s[c] = (s[c] + s[d]) & MASK
    s[b] ^= s[c]
    s[b] = ((s[b] >> 7) | (s[b] << 25)) & MASK


def _compress(cv, m, counter, block_len, flags):
    s = list(cv) + IV[:4] + [counter & MASK, (counter >> 32) & MASK,
                             block_len, flags]
    m = list(m)
    for r in range(7):
        _g(s, 0, 4, 8, 12, m[0], m[1])
        _g(s, 1, 5, 9, 13, m[2], m[3])
        _g(s, 2, 6, 10, 14, m[4], m[5])
        _g(s, 3, 7, 11, 15, m[6], m[7])
        _g(s, 0, 5, 10, 15, m[8], m[9])
        _g(s, 1, 6, 11, 12, m[10], m[11])
        _g(s, 2, 7, 8, 13, m[12], m[13])
        _g(s, 3, 4, 9, 14, m[14], m[15])
        if r < 6:
            m = [m[i] for i in PERMUTATION]
    for i in range(8):
        s[i] ^= s[i + 8]
        s[i + 8] ^= cv[i]
    return s


def _words(block):
    return struct.unpack("<16I", block.ljust(64, b"\0"))


def _chunk_output(chunk, counter):
    """The chunk's last compression's inputs (cv, block, counter, len, flags)."""
    cv = IV
    blocks = [chunk[i:i + 64] for i in range(0, len(chunk), 64)] or [b""]
    for n, block in enumerate(blocks):
        flags = (CHUNK_START if n == 0 else 0) | (
            CHUNK_END if n == len(blocks) - 1 else 0)
        if n == len(blocks) - 1:
            return (cv, _words(block), counter, len(block), flags)
        cv = _compress(cv, _words(block), counter, 64, flags)[:8]


def _cv(output):
    return _compress(*output)[:8]


def _parent_output(left, right):
    return (IV, list(left) + list(right), 0, 64, PARENT)


def blake3(data):
    chunks = [data[i:i + 1024] for i in range(0, len(data), 1024)] or [b""]
    stack = []
    for n, chunk in enumerate(chunks[:-1]):
        cv = _cv(_chunk_output(chunk, n))
        total = n + 1
        while total & 1 == 0:
            cv = _cv(_parent_output(stack.pop(), cv))
            total >>= 1
        stack.append(cv)
    output = _chunk_output(chunks[-1], len(chunks) - 1)
    while stack:
        output = _parent_output(stack.pop(), _cv(output))
    cv, m, counter, block_len, flags = output
    return struct.pack("<8I", *_compress(cv, m, counter, block_len,
                                         flags | ROOT)[:8])


def u64(value):
    return struct.pack("<Q", value)


def text(value):
    value = value.encode() if isinstance(value, str) else value
    return u64(len(value)) + value


def metadata(inputs, outputs, checks=()):
    """The metadata CompiledModel::serializeMetadata writes: the inputs and
    outputs as (name, dtype, type text, shape), then the dimension checks
    as (node, a, i, b, j)."""
    out = b""
    for tensors in (inputs, outputs):
        out += u64(len(tensors))
        for name, dtype, type_text, shape in tensors:
            out += text(name) + text(dtype) + text(type_text) + u64(len(shape))
            out += b"".join(struct.pack("<q", d) for d in shape)
    out += u64(len(checks))
    for node, a, i, b, j in checks:
        out += text(node) + struct.pack("<4q", a, i, b, j)
    return out


def objects(parts):
    """The objects' part of an entry: the count, then each object."""
    return u64(len(parts)) + b"".join(text(p) for p in parts)


def parse_objects(data):
    """The object files of an entry's objects part."""
    (count,) = struct.unpack("<Q", data[:8])
    parts, at = [], 8
    for _ in range(count):
        (size,) = struct.unpack("<Q", data[at:at + 8])
        parts.append(data[at + 8:at + 8 + size])
        at += 8 + size
    return parts


def entry(key, meta, obj, version=VERSION):
    """A whole entry, its hash right."""
    return (MAGIC + u64(version) + key + u64(len(meta)) + u64(len(obj)) +
            blake3(meta + obj) + meta + obj)


def parse(data):
    """(key, metadata, objects part) of a well-formed entry."""
    msize, osize = struct.unpack("<QQ", data[48:64])
    assert len(data) == HEADER + msize + osize, "not a whole entry"
    return data[16:48], data[HEADER:HEADER + msize], data[HEADER + msize:]


def _sizes(data, msize, osize):
    return data[:48] + u64(msize) + u64(osize) + data[64:]


# Each takes the entry's bytes (and the optional argument) and returns the
# damaged bytes.
DAMAGE = {
    # The sizes in the header sum to the file's payload only modulo 2^64.
    "sizes-wrap": lambda d, _: _sizes(
        d, 2**64 - 1, len(d) - HEADER + 1),
    # A metadata size far beyond the file.
    "huge-size": lambda d, _: _sizes(d, 2**62, 0),
    # Sealed: metadata claiming 2^40 inputs in a few bytes.
    "metadata-count": lambda d, _: entry(
        parse(d)[0], u64(2**40) + parse(d)[1][8:], parse(d)[2]),
    # Sealed: an input whose element type does not match its dtype.
    "metadata-dtype": lambda d, _: entry(
        parse(d)[0], metadata([("x", "<f4", "i32", [1])], []), parse(d)[2]),
    # Sealed: metadata followed by bytes it does not describe.
    "metadata-trailing": lambda d, _: entry(
        parse(d)[0], parse(d)[1] + b"\0", parse(d)[2]),
    # Sealed: an object file that is not one.
    "object-garbage": lambda d, _: entry(
        parse(d)[0], parse(d)[1], objects([b"not an object file" * 8])),
    # Sealed: the first object cut after its ELF header.
    "object-truncated": lambda d, _: entry(
        parse(d)[0], parse(d)[1],
        objects([parse_objects(parse(d)[2])[0][:80]] +
                parse_objects(parse(d)[2])[1:])),
    # Sealed: a count of 2^40 objects in a few bytes.
    "object-count": lambda d, _: entry(
        parse(d)[0], parse(d)[1], u64(2**40) + parse(d)[2][8:]),
}


def _replace_with_fifo(path):
    os.remove(path)
    os.mkfifo(path)


def _replace_with_link(path, target):
    os.remove(path)
    os.symlink(target, path)


def _replace_with_folder(path):
    os.remove(path)
    os.mkdir(path)


# The entry's file replaced by something that is not a regular file.
REPLACE = {
    "fifo": _replace_with_fifo,
    "dev-zero": lambda path: _replace_with_link(path, "/dev/zero"),
    "folder": _replace_with_folder,
}


def main():
    folder, how = sys.argv[1], sys.argv[2]
    [path] = glob.glob(folder + "/*.tfgobj")
    if how in REPLACE:
        REPLACE[how](path)
        return
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(DAMAGE[how](data, sys.argv[3] if len(sys.argv) > 3 else None))


if __name__ == "__main__":
    main()
