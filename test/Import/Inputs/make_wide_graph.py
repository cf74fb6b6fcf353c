"""Prints a text GraphDef of N nodes for the parallel import (10^4 nodes or
more are converted in chunks of 4096 on several threads).

A Placeholder `x`, then Identity nodes n1..n{N-1}, each reading the one
before it (every 7th also has a control input from two nodes back), with a
device on every 3rd. Options put special nodes at given indices:
  --big I:NAME   a float Const NAME of 512 elements (2 KiB: a dense
                 resource) replaces node I
  --bad-input I  node I reads a node that does not exist
  --bad-attr I   node I's T attr is a string, not a type
  --bad-big I:NAME  as --big, but the Const's dtype attr says int32
"""
import argparse

parser = argparse.ArgumentParser()
parser.add_argument("n", type=int)
parser.add_argument("--big", action="append", default=[])
parser.add_argument("--bad-input", type=int, action="append", default=[])
parser.add_argument("--bad-attr", type=int, action="append", default=[])
parser.add_argument("--bad-big", action="append", default=[])
args = parser.parse_args()

big = {int(i): name for i, name in (b.split(":", 1) for b in args.big)}
bad_big = {int(i): name
           for i, name in (b.split(":", 1) for b in args.bad_big)}
big.update(bad_big)
names = ["x"] + ["n%d" % i for i in range(1, args.n)]
for i, name in big.items():
    names[i] = name
content = "".join("\\%03o" % (b % 256) for b in range(2048))
out = []
out.append('node { name: "x" op: "Placeholder" '
           'attr { key: "dtype" value { type: DT_FLOAT } } '
           'attr { key: "shape" value { shape { dim { size: 4 } } } } }')
for i in range(1, args.n):
    name = names[i]
    if i in big:
        dtype = "DT_INT32" if i in bad_big else "DT_FLOAT"
        out.append('node { name: "%s" op: "Const" '
                   'attr { key: "dtype" value { type: %s } } '
                   'attr { key: "value" value { tensor { dtype: DT_FLOAT '
                   'tensor_shape { dim { size: 512 } } tensor_content: "%s" '
                   '} } } }' % (name, dtype, content))
        continue
    inputs = ['"%s"' % ("missing_%d" % i if i in args.bad_input
                        else names[i - 1])]
    if i % 7 == 0 and i >= 2:
        inputs.append('"^%s"' % names[i - 2])
    device = ' device: "/device:CPU:0"' if i % 3 == 0 else ""
    t = ('s: "float"' if i in args.bad_attr else "type: DT_FLOAT")
    out.append('node { name: "%s" op: "Identity" %s%s '
               'attr { key: "T" value { %s } } }'
               % (name, " ".join("input: " + s for s in inputs), device, t))
out.append("versions { producer: 1234 min_consumer: 12 }")
print("\n".join(out))
