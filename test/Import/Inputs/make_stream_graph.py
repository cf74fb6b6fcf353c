"""Prints a text GraphDef whose binary export spans several arena blocks.

Small nodes, then a float Const of N elements (N * 4 bytes: more than the
64 KiB first block of the exporter's per-node arena when N > 16384, so that
node takes extra blocks, freed by the reset before the next node), then
nodes after it with list, shape and string attrs, devices and control
inputs, which must come out unchanged after the reset.
"""
import struct
import sys

n = int(sys.argv[1])
data = struct.pack("<%df" % n, *[float(i % 251) for i in range(n)])
content = "".join("\\%03o" % b for b in data)
dev = 'device: "/job:w/replica:0/task:0/device:CPU:0"'
print('node { name: "x" op: "Placeholder" %s '
      'attr { key: "dtype" value { type: DT_FLOAT } } '
      'attr { key: "shape" value { shape { dim { size: %d } } } } }' % (dev, n))
print('node { name: "small" op: "Const" '
      'attr { key: "dtype" value { type: DT_FLOAT } } '
      'attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { '
      'dim { size: 2 } } tensor_content: "\\000\\000\\200?\\000\\000\\000@" '
      '} } } }')
print('node { name: "big" op: "Const" %s '
      'attr { key: "dtype" value { type: DT_FLOAT } } '
      'attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { '
      'dim { size: %d } } tensor_content: "%s" } } } }' % (dev, n, content))
for i in range(3):
    print('node { name: "add_%d" op: "AddV2" input: "x" input: "big" '
          'input: "^small" %s '
          'attr { key: "T" value { type: DT_FLOAT } } '
          'attr { key: "_output_shapes" value { list { shape { '
          'dim { size: %d } } } } } '
          'attr { key: "_note" value { s: "after the big node, %d" } } '
          'attr { key: "_ints" value { list { i: [1, -2, 300000] } } } }'
          % (i, dev, n, i))
print('node { name: "out" op: "Identity" input: "add_2" input: "^add_0" '
      'attr { key: "T" value { type: DT_FLOAT } } }')
print('versions { producer: 1234 min_consumer: 12 }')
