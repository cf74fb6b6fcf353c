"""Prints a GraphDef with one float Const of N elements 0, 1, 2, ..."""
import struct
import sys

n = int(sys.argv[1])
data = struct.pack("<%df" % n, *[float(i) for i in range(n)])
content = "".join("\\%03o" % b for b in data)
print('node { name: "weights" op: "Const" '
      'attr { key: "dtype" value { type: DT_FLOAT } } '
      'attr { key: "value" value { tensor { dtype: DT_FLOAT tensor_shape { '
      'dim { size: %d } } tensor_content: "%s" } } } }' % (n, content))
