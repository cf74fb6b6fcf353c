# Writes a text GraphDef of 61 nodes in nested name scopes a/b/c/....
import sys
depth = int(sys.argv[1]) if len(sys.argv) > 1 else 5
print('node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }')
prev = "x"
for i in range(60):
    scope = "/".join("s%d" % k for k in range(i % depth + 1))
    name = "%s/n%d" % (scope, i)
    print('node { name: "%s" op: "Identity" input: "%s" attr { key: "T" value { type: DT_FLOAT } } }' % (name, prev))
    prev = name
