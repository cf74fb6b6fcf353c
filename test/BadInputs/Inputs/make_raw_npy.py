#!/usr/bin/env python3
"""Writes an .npy file with a header and data exactly as given, to make
broken ones (numpy refuses to write them).

Usage: make_raw_npy.py OUT HEADER DATA_BYTES [--version MAJOR]
                       [--header-length N]
  HEADER      the header text, e.g. "{'descr': '<f4', 'fortran_order': False,
              'shape': (2,), }" (padded with blanks and a newline as numpy
              pads it).
  DATA_BYTES  how many data bytes follow (zeros).
  --version   the format's major version (default 1; 2 and 3 have a 4-byte
              header length).
  --header-length  the header length to write instead of the true one.
"""
import argparse
import struct

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("header")
parser.add_argument("data_bytes", type=int)
parser.add_argument("--version", type=int, default=1)
parser.add_argument("--header-length", type=int)
args = parser.parse_args()

preamble = 10 if args.version == 1 else 12
header = args.header
header += " " * ((64 - (preamble + len(header) + 1) % 64) % 64) + "\n"
length = len(header) if args.header_length is None else args.header_length
size = struct.pack("<H", length) if args.version == 1 else struct.pack(
    "<I", length)
with open(args.out, "wb") as f:
    f.write(b"\x93NUMPY" + bytes([args.version, 0]) + size + header.encode() +
            b"\0" * args.data_bytes)
