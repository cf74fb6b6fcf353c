# Writes graphdef-deep-nesting.test's input: a GraphDef whose one node has
# an attr 20,000 func attrs deep, in protobuf's wire format.
import sys


def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(number, payload):  # length-delimited
    return varint(number << 3 | 2) + varint(len(payload)) + payload


value = b""  # AttrValue
for _ in range(20000):
    entry = field(1, b"k") + field(2, value)  # map<string, AttrValue> entry
    func = field(1, b"f") + field(2, entry)  # NameAttrList
    value = field(10, func)  # AttrValue.func
node = field(1, b"a") + field(2, b"Foo") + field(5, field(1, b"k") + field(2, value))
sys.stdout.buffer.write(field(1, node))
