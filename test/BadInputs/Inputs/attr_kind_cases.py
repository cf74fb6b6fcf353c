#!/usr/bin/env python3
"""Writes one bad GraphDef per (typed op, OpDef attr, wrong kind of value).

Every op type with a typed ODS op (TFG_TypedNodeOp<"X"> in the dialect's .td
files) gets, for every attr its OpDef declares, one single-node text GraphDef
per kind of AttrValue that the attr's type does not allow (and, for list
attrs, a list of the wrong element kind). A typed op keeps its attrs as
properties of fixed C++ types, so each of these used to be able to crash the
importer; each must now be one clean error.

    attr_kind_cases.py SRC_ROOT OUT_DIR [--in-function]
    attr_kind_cases.py --check OUT_DIR DRIVER_OUTPUT

Writes OUT_DIR/<n>.pbtxt, OUT_DIR/list.txt (their paths, for
tfg-test-import-cases) and OUT_DIR/cases.txt ("<n> <op> <attr> <kind>" a
line). Every other attr the OpDef requires gets a valid value and the node
as many inputs as its OpDef calls for, so that nothing but the attr under
test is wrong. --in-function puts the nodes into a function body instead of
the graph.

--check reads tfg-test-import-cases' output for OUT_DIR/list.txt and checks
that every case got exactly one error, the one naming the op, the attr, the
kind it must be and the kind it got. Exits 1, listing the cases that did
not, otherwise.
"""
import os
import re
import sys

KINDS = {
    "s": 's: "x"',
    "i": "i: 5",
    "f": "f: 0.5",
    "b": "b: true",
    "type": "type: DT_FLOAT",
    "shape": "shape { dim { size: 2 } }",
    "tensor": "tensor { dtype: DT_FLOAT tensor_shape { } float_val: 1 }",
    "list": "list { }",
    "func": 'func { name: "f" }',
    "unset": "",
}
# The AttrValue kind of each OpDef attr type.
KIND_OF_TYPE = {"string": "s", "int": "i", "float": "f", "bool": "b",
                "type": "type", "shape": "shape", "tensor": "tensor",
                "func": "func"}
LIST_ELEMENT = {"s": 's: "x"', "i": "i: 1", "f": "f: 1", "b": "b: false",
                "type": "type: DT_INT32", "shape": "shape { }",
                "tensor": "tensor { dtype: DT_INT32 tensor_shape { } }",
                "func": 'func { name: "g" }'}


def valid_value(attr):
    """A value of the right kind for an attr (the first allowed one when the
    OpDef restricts it), so that only the attr under test is wrong."""
    attr_type = attr.scalar("type")
    allowed = attr.get("allowed_values")
    allowed = allowed.get("list") if allowed else None
    minimum = int(attr.scalar("minimum") or 0)
    if attr_type == "type":
        return "type: %s" % (allowed.scalar("type") if allowed
                             else "DT_FLOAT")
    if attr_type == "string":
        first = allowed.all("s")[0] if allowed else None
        return 's: "%s"' % (first.value if first else "x")
    if attr_type == "int":
        return "i: %d" % max(minimum, 1)
    if attr_type == "list(int)":
        return "list { %s }" % " ".join(["i: 1"] * 4)
    if attr_type.startswith("list("):
        element = LIST_ELEMENT[KIND_OF_TYPE[attr_type[5:-1]]]
        return "list { %s }" % " ".join([element] * max(minimum, 1))
    return KINDS[KIND_OF_TYPE[attr_type]] if attr_type != "bool" else \
        "b: false"


# How the importer names the kind of value a case gives.
GOT = {"s": "a string", "i": "an int", "f": "a float", "b": "a bool",
       "type": "a type", "shape": "a shape", "tensor": "a tensor",
       "list": "a list", "func": "a function", "unset": "no value"}
PLURAL = {"s": "strings", "i": "ints", "f": "floats", "b": "bools",
          "type": "types", "shape": "shapes", "tensor": "tensors",
          "func": "functions"}


def check(out, driver_output):
    results = {}
    with open(driver_output) as f:
        for line in f:
            m = re.match(r"(.*)/(\d+)\.pbtxt: (\d+) error\(s\): (.*)", line)
            if m:
                results[int(m.group(2))] = (int(m.group(3)), m.group(4))
    bad = []
    with open(os.path.join(out, "cases.txt")) as f:
        cases = [line.split() for line in f if line.strip()]
    for n, op_type, attr, kind in cases:
        got = ("a list of " + PLURAL[kind[8:]] if kind.startswith("list-of-")
               else GOT[kind])
        want = "(%s) attr '%s' must be " % (op_type, attr)
        errors, message = results.get(int(n), (None, ""))
        if errors != 1 or want not in message or \
                not message.endswith(", got " + got):
            bad.append("case %s (%s %s %s): %s error(s): %s"
                       % (n, op_type, attr, kind, errors, message))
    for line in bad[:20]:
        print("FAILED " + line)
    print("%d of %d cases got the one expected error"
          % (len(cases) - len(bad), len(cases)))
    return 1 if bad or not cases else 0


def main():
    if sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2], sys.argv[3]))
    src, out = sys.argv[1], sys.argv[2]
    in_function = "--in-function" in sys.argv[3:]
    sys.path.insert(0, os.path.join(src, "utils"))
    from generate_tfg_ops import parse_text_format

    typed = []
    td_dir = os.path.join(src, "include", "TFG", "Dialect", "IR")
    for name in sorted(os.listdir(td_dir)):
        if name.endswith(".td"):
            with open(os.path.join(td_dir, name)) as f:
                typed += re.findall(r'TFG_TypedNodeOp<"(\w+)"', f.read())
    op_defs = {}
    registry = os.path.join(src, "lib", "ImportExport", "OpRegistry")
    for name in ("ops.pbtxt", "extra_ops.pbtxt"):
        with open(os.path.join(registry, name), encoding="utf-8") as f:
            for op in parse_text_format(f.read()).all("op"):
                op_defs.setdefault(op.scalar("name"), op)

    os.makedirs(out, exist_ok=True)
    cases = []
    for op_type in sorted(set(typed)):
        if op_type not in op_defs:
            sys.exit("typed op %s has no OpDef" % op_type)
        for attr in op_defs[op_type].all("attr"):
            name, attr_type = attr.scalar("name"), attr.scalar("type")
            is_list = attr_type.startswith("list(")
            want = KIND_OF_TYPE[attr_type[5:-1] if is_list else attr_type]
            values = {k: v for k, v in KINDS.items()
                      if k != ("list" if is_list else want)}
            if is_list:
                for k, element in LIST_ELEMENT.items():
                    if k != want:
                        values["list-of-" + k] = "list { %s }" % element
            others = "".join(
                ' attr { key: "%s" value { %s } }'
                % (other.scalar("name"), valid_value(other))
                for other in op_defs[op_type].all("attr")
                if other is not attr and not other.get("default_value"))
            # As many inputs as the OpDef calls for with those values.
            count = 0
            for arg in op_defs[op_type].all("input_arg"):
                size_attr = arg.scalar("number_attr") or \
                    arg.scalar("type_list_attr")
                sized_by = [a for a in op_defs[op_type].all("attr")
                            if a.scalar("name") == size_attr]
                count += max(int(sized_by[0].scalar("minimum") or 0), 1) \
                    if sized_by else 1
            source = "p:output:0" if in_function else "p"
            inputs = "".join(' input: "%s"' % source for _ in range(count))
            producer = ('name: "p" op: "Placeholder" '
                        'attr { key: "dtype" value { type: DT_FLOAT } }')
            for kind, value in values.items():
                node = ('name: "n" op: "%s"%s attr { key: "%s" value { %s } }%s'
                        % (op_type, inputs, name, value, others))
                if in_function:
                    text = ('library { function { signature { name: "fn" } '
                            "node_def { %s } node_def { %s } } }\n"
                            % (producer, node))
                else:
                    text = "node { %s }\nnode { %s }\n" % (producer, node)
                n = len(cases)
                with open(os.path.join(out, "%d.pbtxt" % n), "w") as f:
                    f.write(text)
                cases.append("%d %s %s %s" % (n, op_type, name, kind))
    with open(os.path.join(out, "cases.txt"), "w") as f:
        f.write("\n".join(cases) + "\n")
    with open(os.path.join(out, "list.txt"), "w") as f:
        f.write("".join(os.path.join(out, "%d.pbtxt\n" % n)
                        for n in range(len(cases))))
    print("%d cases over %d typed ops" % (len(cases), len(set(typed))))


if __name__ == "__main__":
    main()
