#!/usr/bin/env python3
"""Places an HxWxC image (.npy v1.0, C order, 4-byte elements) at (TOP,
LEFT) of a larger canvas filled with FILL: the same picture in an image of
another size (a detector then sees it at other scales).

Usage: pad_image_npy.py IN.npy OUT.npy HEIGHT WIDTH TOP LEFT FILL
"""
import ast
import struct
import sys

src, dst = sys.argv[1], sys.argv[2]
height, width, top, left = (int(v) for v in sys.argv[3:7])
fill = float(sys.argv[7])
with open(src, "rb") as f:
    raw = f.read()
if raw[:8] != b"\x93NUMPY\x01\x00":
    sys.exit(f"pad_image_npy.py: {src} is not a v1.0 .npy file")
length = struct.unpack("<H", raw[8:10])[0]
header = ast.literal_eval(raw[10:10 + length].decode())
if header["descr"] != "<f4" or header["fortran_order"] or len(header["shape"]) != 3:
    sys.exit(f"pad_image_npy.py: {src}: a C order <f4 HxWxC image only")
h, w, c = header["shape"]
if top < 0 or left < 0 or top + h > height or left + w > width:
    sys.exit(f"pad_image_npy.py: a {h}x{w} image does not fit at ({top},{left})")
pixels = raw[10 + length:]
canvas = bytearray(struct.pack("<f", fill) * (height * width * c))
row = w * c * 4
for y in range(h):
    at = ((top + y) * width + left) * c * 4
    canvas[at:at + row] = pixels[y * row:(y + 1) * row]
text = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d, %d), }" % (height, width, c)
text += " " * ((64 - (10 + len(text) + 1) % 64) % 64) + "\n"
with open(dst, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode() + canvas)
