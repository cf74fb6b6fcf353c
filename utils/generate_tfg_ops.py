#!/usr/bin/env python3
"""Generates TFG's typed ops and its built-in op registry from TensorFlow's
op registry (a text-format `OpList`, TensorFlow's tensorflow/core/ops/ops.pbtxt).

Writes, relative to the repository root:

  include/TFG/Dialect/IR/TFGGeneratedOps.td
      One ODS op (TFG_TypedNodeOp) per op type listed in utils/typed_ops.txt.
  lib/ImportExport/OpRegistry/ops.pbtxt
      The whole registry with the summary/description fields of OpDefs,
      ArgDefs and AttrDefs stripped; the importer embeds it.
  lib/ImportExport/OpRegistry/LICENSE
      TensorFlow's license, copied from next to the input ops.pbtxt.
  lib/Dialect/IR/StatelessOps.inc
      The op types whose OpDef is not `is_stateful` (the registry's and
      lib/ImportExport/OpRegistry/extra_ops.pbtxt's), for isStatelessOpType().
  lib/Dialect/IR/OpCategories.inc
      The op category table (include/TFG/Dialect/IR/OpCategories.h): the
      hand-written seeds of utils/op_categories.txt plus the ref-typed twins
      the registry has ("RefSwitch" for "Switch") and the RefInput category
      of every op with a reference-typed input (derived, not seeded).

Usage:
  python3 utils/generate_tfg_ops.py [path/to/ops.pbtxt]

The default input is ../shared/corpus/tf-opdefs/ops.pbtxt relative to the
repository root. The outputs are checked in, so building never needs the
input. Python 3 standard library only; the output depends on the input files
only (running it twice gives identical files).
"""

import argparse
import hashlib
import os
import re
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_INPUT = os.path.join(REPO_ROOT, "..", "shared", "corpus", "tf-opdefs",
                             "ops.pbtxt")
TYPED_OPS_LIST = os.path.join(REPO_ROOT, "utils", "typed_ops.txt")
TYPES_PROTO = os.path.join(REPO_ROOT, "lib", "ImportExport", "proto", "types.proto")
OUT_TD = os.path.join(REPO_ROOT, "include", "TFG", "Dialect", "IR",
                      "TFGGeneratedOps.td")
OUT_REGISTRY_DIR = os.path.join(REPO_ROOT, "lib", "ImportExport", "OpRegistry")
EXTRA_OPS = os.path.join(OUT_REGISTRY_DIR, "extra_ops.pbtxt")
OUT_STATELESS = os.path.join(REPO_ROOT, "lib", "Dialect", "IR",
                             "StatelessOps.inc")
CATEGORY_SEEDS = os.path.join(REPO_ROOT, "utils", "op_categories.txt")
OUT_CATEGORIES = os.path.join(REPO_ROOT, "lib", "Dialect", "IR",
                              "OpCategories.inc")
# Hand-written typed ops (ops the registry lacks); never generated again.
HAND_WRITTEN_TD = os.path.join(REPO_ROOT, "include", "TFG", "Dialect", "IR",
                               "TFGFusedOps.td")

# Fields dropped from the embedded registry: documentation only.
DOC_FIELDS = ("summary", "description")


def note(msg):
    print("note: " + msg, file=sys.stderr)


# ===----------------------------------------------------------------------===#
# Protobuf text format
# ===----------------------------------------------------------------------===#
# A message is a list of (field name, value) in file order; a value is either
# a Message or a Scalar. Scalars keep their source text so that writing a
# parsed file back gives the same bytes.


class Scalar:
    __slots__ = ("raw", "value")

    def __init__(self, raw, value):
        self.raw = raw  # text as written (quoted strings with their quotes)
        self.value = value  # decoded: str for strings, else the bare token


class Message:
    __slots__ = ("fields",)

    def __init__(self):
        self.fields = []

    def all(self, name):
        return [v for k, v in self.fields if k == name]

    def get(self, name, default=None):
        for k, v in self.fields:
            if k == name:
                return v
        return default

    def scalar(self, name, default=None):
        """The decoded value of the first scalar field `name`."""
        v = self.get(name)
        return default if v is None else v.value

    def flag(self, name):
        return self.scalar(name) == "true"


_TOKEN_RE = re.compile(r"""
    (?P<ws>\s+|\#[^\n]*)
  | (?P<str>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<punct>[{}:<>\[\],;])
  | (?P<word>[^\s{}:<>\[\],;\#"']+)
""", re.VERBOSE)

_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'",
                   '"': '"', "a": "\a", "b": "\b", "f": "\f", "v": "\v",
                   "?": "?"}


def _unescape(body):
    """Decodes a C-escaped text-format string body (bytes as latin-1, then
    utf-8 when valid)."""
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        i += 1
        e = body[i]
        if e in _SIMPLE_ESCAPES:
            out.append(ord(_SIMPLE_ESCAPES[e]))
            i += 1
        elif e in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i:])
            out.append(int(m.group(0), 8) & 0xFF)
            i += len(m.group(0))
        elif e in "xX":
            m = re.match(r"[0-9a-fA-F]{1,2}", body[i + 1:])
            out.append(int(m.group(0), 16))
            i += 1 + len(m.group(0))
        else:
            raise ValueError("unknown escape \\" + e)
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        return out.decode("latin-1")


def _tokenize(text):
    pos = 0
    line = 1
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m:
            raise SyntaxError("line %d: cannot tokenize %r" %
                              (line, text[pos:pos + 20]))
        kind = m.lastgroup
        tok = m.group(0)
        if kind != "ws":
            yield kind, tok, line
        line += tok.count("\n")
        pos = m.end()


def parse_text_format(text):
    """Parses a protobuf text-format message (the subset TensorFlow's
    ops.pbtxt uses: `name: scalar`, `name { ... }`, `name: { }`,
    `name < ... >`, adjacent string concatenation, # comments)."""
    tokens = list(_tokenize(text))
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else (None, None, -1)

    def parse_message(closer):
        nonlocal pos
        msg = Message()
        while True:
            kind, tok, line = peek()
            if kind is None:
                if closer is None:
                    return msg
                raise SyntaxError("unexpected end of input, missing " + closer)
            if kind == "punct" and tok == closer:
                pos += 1
                return msg
            if kind != "word":
                raise SyntaxError("line %d: expected a field name, got %r" %
                                  (line, tok))
            name = tok
            pos += 1
            kind, tok, line = peek()
            if kind == "punct" and tok == ":":
                pos += 1
                kind, tok, line = peek()
            if kind == "punct" and tok in ("{", "<"):
                pos += 1
                msg.fields.append((name, parse_message("}" if tok == "{" else ">")))
            elif kind == "str":
                raws = []
                while kind == "str":
                    raws.append(tok)
                    pos += 1
                    kind, tok, line = peek()
                value = "".join(_unescape(r[1:-1]) for r in raws)
                msg.fields.append((name, Scalar(" ".join(raws), value)))
            elif kind == "word":
                pos += 1
                msg.fields.append((name, Scalar(tok, tok)))
            else:
                raise SyntaxError("line %d: unexpected %r after field %s" %
                                  (line, tok, name))
            kind, tok, line = peek()
            if kind == "punct" and tok in (",", ";"):
                pos += 1

    return parse_message(None)


def write_text_format(msg, indent=0, drop=None):
    """Writes `msg` in the layout protoc uses (two-space indent). `drop(path,
    name)` says whether to leave out field `name` of the message at `path`
    (a tuple of field names from the root)."""
    lines = []

    def emit(m, depth, path):
        pad = "  " * depth
        for name, value in m.fields:
            if drop and drop(path, name):
                continue
            if isinstance(value, Message):
                lines.append("%s%s {" % (pad, name))
                emit(value, depth + 1, path + (name,))
                lines.append("%s}" % pad)
            else:
                lines.append("%s%s: %s" % (pad, name, value.raw))

    emit(msg, indent, ())
    return "".join(l + "\n" for l in lines)


def drop_doc_fields(path, name):
    """summary/description of OpDef (op), ArgDef (op.input_arg/output_arg)
    and AttrDef (op.attr)."""
    if name not in DOC_FIELDS:
        return False
    return path in (("op",), ("op", "input_arg"), ("op", "output_arg"),
                    ("op", "attr"))


# ===----------------------------------------------------------------------===#
# TensorFlow DataType
# ===----------------------------------------------------------------------===#


def read_data_types(path):
    """DataType enum values (name -> number) from types.proto."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"enum\s+DataType\s*\{(.*?)\}", text, re.S)
    if not m:
        raise SystemExit("error: no DataType enum in " + path)
    body = re.sub(r"//[^\n]*", "", m.group(1))
    return {k: int(v) for k, v in re.findall(r"\b(DT_\w+)\s*=\s*(\d+)", body)}


def dtype_short_name(name):
    return name[3:].lower() if name.startswith("DT_") else name.lower()


# ===----------------------------------------------------------------------===#
# OpDef -> ODS
# ===----------------------------------------------------------------------===#

CPP_KEYWORDS = set("""
alignas alignof and and_eq asm auto bitand bitor bool break case catch char
char8_t char16_t char32_t class compl concept const consteval constexpr
constinit const_cast continue co_await co_return co_yield decltype default
delete do double dynamic_cast else enum explicit export extern false float for
friend goto if inline int long mutable namespace new noexcept not not_eq
nullptr operator or or_eq private protected public register reinterpret_cast
requires return short signed sizeof static static_assert static_cast struct
switch template this thread_local throw true try typedef typeid typename union
unsigned using virtual void volatile wchar_t while xor xor_eq
""".split())

# Accessor stems (after camel-casing, compared case-insensitively) that the
# op class inherits from Op<> / OpState and the traits of node ops, or that
# the node-op conventions use (`ctls`, `ctl`). A data operand or result with
# such a name would hide the inherited method (getResult() hiding
# getResult(unsigned), ...), so it is renamed; an attr with one cannot be
# renamed, and the op is skipped.
RESERVED_STEMS = set(s.lower() for s in """
Operation OperationName Context Loc Location Name Dialect TypeID Attr Attrs
AttrDictionary AttrOfType Attributes AttributeNames Properties
PropertiesStorage PropertiesAsAttr PropertiesAsAttribute EmptyProperties
InherentAttr DiscardableAttr Operand Operands OperandTypes NumOperands Result
Results ResultTypes NumResults Region Regions NumRegions Successor
Successors NumSuccessors ParentOp
InterfaceFor AsOpaquePointer AsmResultNames CanonicalizationPatterns Effects
OperandSegmentSizes ResultSegmentSizes OperandSegmentSizeAttr
ResultSegmentSizeAttr ODSOperands ODSResults ODSOperandIndexAndLength
ODSResultIndexAndLength Ctl Ctls
""".split())
# getType() comes from OneTypedResult, i.e. only for ops whose one result is
# the control token (no data outputs).
RESERVED_STEMS_NO_OUTPUTS = {"type"}
RESERVED_RAW_NAMES = {"odsBuilder", "odsState", "resultTypes", "operands",
                      "attributes", "properties", "regions"}

IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def camel(name):
    """ODS accessor stem: llvm::convertToCamelFromSnakeCase(name, true)."""
    if not name:
        return name
    out = [name[0].upper() if name[0].islower() else name[0]]
    i = 1
    while i < len(name):
        c = name[i]
        if c == "_" and i != len(name) - 1 and name[i + 1].islower():
            out.append(name[i + 1].upper())
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def stems_of(name, kind):
    """Lower-cased accessor stems ODS generates for an operand/result/attr."""
    c = camel(name).lower()
    if kind == "attr":
        return {c, c + "attr", c + "attrname"}
    if kind == "operand":
        return {c, c + "mutable"}
    return {c}


def td_string(s):
    """A one-line TableGen string literal."""
    s = " ".join(s.split())
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def attr_value_text(av):
    """A short human-readable form of an AttrValue (defaults in docs)."""
    if av is None:
        return "?"
    for name, v in av.fields:
        if name == "s":
            return '"%s"' % v.value.encode("unicode_escape").decode("ascii")
        if name in ("i", "f"):
            return v.value
        if name == "b":
            return v.value
        if name == "type":
            return dtype_short_name(v.value)
        if name == "shape":
            if v.flag("unknown_rank"):
                return "<unknown rank>"
            dims = [d.scalar("size", "0") for d in v.all("dim")]
            return "[" + ", ".join(dims) + "]"
        if name == "tensor":
            return "<tensor>"
        if name == "func":
            return "func(%s)" % v.scalar("name", "")
        if name == "placeholder":
            return "$" + v.value
        if name == "list":
            items = []
            for k, x in v.fields:
                if k == "s":
                    items.append('"%s"' % x.value.encode(
                        "unicode_escape").decode("ascii"))
                elif k == "type":
                    items.append(dtype_short_name(x.value))
                elif isinstance(x, Scalar):
                    items.append(x.value)
                elif k == "shape":
                    items.append(attr_value_text(
                        _wrap("shape", x)))
                else:
                    items.append("<%s>" % k)
            return "[" + ", ".join(items) + "]"
    return "[]"  # an empty AttrValue: an empty list


def _wrap(name, value):
    m = Message()
    m.fields.append((name, value))
    return m


class SkipOp(Exception):
    pass


class OpGen:
    """Turns one OpDef into an ODS def."""

    def __init__(self, op, dtypes):
        self.op = op
        self.dtypes = dtypes
        self.name = op.scalar("name")
        self.inputs = op.all("input_arg")
        self.outputs = op.all("output_arg")
        self.attrs = op.all("attr")
        self.renames = []  # (kind, tf name, ods name)

    # --- attributes --------------------------------------------------------

    def allowed(self, attr, field):
        av = attr.get("allowed_values")
        if av is None:
            return None
        lst = av.get("list")
        if lst is None:
            return None
        vals = [v.value for v in lst.all(field)]
        return vals or None

    def attr_constraint(self, attr):
        t = attr.scalar("type")
        aname = attr.scalar("name")
        if t == "type":
            allowed = self.allowed(attr, "type")
            if allowed:
                nums = []
                for d in allowed:
                    if d not in self.dtypes:
                        raise SkipOp("attr %s allows unknown dtype %s" % (aname, d))
                    nums.append(self.dtypes[d])
                return "TFG_DTypeIn<[%s], %s>" % (
                    ", ".join(str(n) for n in nums),
                    td_string(", ".join(dtype_short_name(d) for d in allowed)))
            return "TypeAttr"
        if t == "int":
            if attr.flag("has_minimum"):
                return "TFG_IntMin<%d>" % int(attr.scalar("minimum", "0"))
            return "I64Attr"
        if t == "float":
            return "F32Attr"
        if t == "bool":
            return "BoolAttr"
        if t == "string":
            allowed = self.allowed(attr, "s")
            if allowed:
                for s in allowed:
                    if not re.match(r"^[\x20-\x7e]*$", s) or '"' in s or "\\" in s:
                        raise SkipOp("attr %s allows a string ODS cannot quote: %r"
                                     % (aname, s))
                return "TFG_StrIn<[%s]>" % ", ".join('"%s"' % s for s in allowed)
            return "StrAttr"
        simple = {
            "shape": "TFG_ShapeAttrC",
            "tensor": "TFG_TensorAttrC",
            "func": "TFG_FuncAttrC",
            "list(int)": "I64ArrayAttr",
            "list(float)": "F32ArrayAttr",
            "list(bool)": "BoolArrayAttr",
            "list(string)": "StrArrayAttr",
            "list(type)": "TypeArrayAttr",
            "list(shape)": "TFG_ShapeArrayAttr",
            "list(tensor)": "TFG_TensorArrayAttr",
            "list(func)": "TFG_FuncArrayAttr",
        }
        if t in simple:
            return simple[t]
        raise SkipOp("attr %s has unsupported type %r" % (aname, t))

    def attr_doc(self, attr):
        """`name: type-or-constraint [= default]` as in REGISTER_OP."""
        t = attr.scalar("type")
        aname = attr.scalar("name")
        desc = t
        if t == "type" and self.allowed(attr, "type"):
            desc = "{%s}" % ", ".join(dtype_short_name(d)
                                      for d in self.allowed(attr, "type"))
        elif t == "list(type)" and self.allowed(attr, "type"):
            desc = "list({%s})" % ", ".join(dtype_short_name(d)
                                            for d in self.allowed(attr, "type"))
        elif t == "string" and self.allowed(attr, "s"):
            desc = "{%s}" % ", ".join('"%s"' % s for s in self.allowed(attr, "s"))
        if attr.flag("has_minimum"):
            desc += " >= " + attr.scalar("minimum", "0")
        d = attr.get("default_value")
        if d is not None:
            desc += " = " + attr_value_text(d)
        return "%s: %s" % (aname, desc)

    # --- args --------------------------------------------------------------

    def arg_group(self, arg):
        if arg.scalar("number_attr"):
            return arg.scalar("number_attr")
        if arg.scalar("type_list_attr"):
            return "list:" + arg.scalar("type_list_attr")
        return ""

    def arg_doc(self, arg):
        if arg.scalar("number_attr"):
            t = "%s * %s" % (arg.scalar("number_attr"),
                             arg.scalar("type_attr") or
                             dtype_short_name(arg.scalar("type", "?")))
        elif arg.scalar("type_list_attr"):
            t = arg.scalar("type_list_attr")
        elif arg.scalar("type_attr"):
            t = arg.scalar("type_attr")
        else:
            t = dtype_short_name(arg.scalar("type", "?"))
        if arg.flag("is_ref"):
            t = "Ref(%s)" % t
        return "%s: %s" % (arg.scalar("name"), t)

    # --- names -------------------------------------------------------------

    def assign_names(self):
        """ODS names for the inputs and outputs; attribute names are fixed."""
        reserved = set(RESERVED_STEMS)
        if not self.outputs:
            reserved |= RESERVED_STEMS_NO_OUTPUTS
        used = set()
        for a in self.attrs:
            n = a.scalar("name")
            if not IDENT_RE.match(n) or n in CPP_KEYWORDS:
                raise SkipOp("attr name %r is not a usable C++ identifier" % n)
            stems = stems_of(n, "attr")
            if camel(n).lower() in reserved or n in RESERVED_RAW_NAMES:
                raise SkipOp("attr name %r clashes with an accessor of the op "
                             "class and attr names cannot be renamed" % n)
            if stems & used:
                raise SkipOp("attr name %r clashes with another attr" % n)
            used |= stems

        def pick(tfname, kind, suffix):
            cands = [tfname, tfname + "_" + suffix, tfname + "_" + suffix + "_"]
            for n in cands:
                if not IDENT_RE.match(n) or n in CPP_KEYWORDS:
                    continue
                if n in RESERVED_RAW_NAMES:
                    continue
                stems = stems_of(n, kind)
                if camel(n).lower() in reserved or stems & used:
                    continue
                used.update(stems)
                if n != tfname:
                    self.renames.append((kind, tfname, n))
                return n
            raise SkipOp("no usable ODS name for %s %r" % (kind, tfname))

        self.in_names = [pick(a.scalar("name"), "operand", "in")
                         for a in self.inputs]
        self.out_names = [pick(a.scalar("name"), "result", "out")
                          for a in self.outputs]

    # --- the def -----------------------------------------------------------

    def def_name(self):
        n = self.name.lstrip("_")
        if not IDENT_RE.match(n):
            raise SkipOp("op type is not an identifier")
        return "TFG_%sOp" % n

    def generate(self):
        self.assign_names()
        in_groups = [self.arg_group(a) for a in self.inputs]
        out_groups = [self.arg_group(a) for a in self.outputs]
        if sum(1 for g in out_groups if g) >= 2:
            raise SkipOp("it has %d variadic result groups" %
                         sum(1 for g in out_groups if g))
        n_variadic_in = sum(1 for g in in_groups if g) + 1  # + ctls
        traits = ["AttrSizedOperandSegments"] if n_variadic_in >= 2 else []

        args = []
        for arg, n, g in zip(self.inputs, self.in_names, in_groups):
            args.append("%s:$%s" % ("Variadic<TFG_Tensor>" if g else "TFG_Tensor", n))
        args.append("Variadic<TFG_Control>:$ctls")
        for attr in self.attrs:
            c = self.attr_constraint(attr)
            if attr.get("default_value") is not None:
                c = "OptionalAttr<%s>" % c
            args.append("%s:$%s" % (c, attr.scalar("name")))
        results = []
        for arg, n, g in zip(self.outputs, self.out_names, out_groups):
            results.append("%s:$%s" % ("Variadic<TFG_Tensor>" if g else "TFG_Tensor", n))
        results.append("TFG_Control:$ctl")

        summary = self.op.scalar("summary") or (
            "TensorFlow `%s` op, typed from its OpDef" % self.name)

        out = []
        trait_s = (", [%s]" % ", ".join(traits)) if traits else ""
        out.append('def %s : TFG_TypedNodeOp<"%s"%s> {' %
                   (self.def_name(), self.name, trait_s))
        out.append("  let summary = %s;" % td_string(summary))
        out.append("  let description = [{")
        out.extend(self.description_lines())
        out.append("  }];")
        out.extend(wrap_list("  let nodeArguments = (ins ", args, ");"))
        out.extend(wrap_list("  let results = (outs ", results, ");"))
        out.append("  let inputGroups = [%s];" %
                   ", ".join('"%s"' % g for g in in_groups))
        out.append("  let outputGroups = [%s];" %
                   ", ".join('"%s"' % g for g in out_groups))
        out.append("}")
        return "\n".join(out) + "\n"

    def description_lines(self):
        lines = []
        desc = self.op.scalar("description")
        if desc:
            lines.extend(desc.replace("}]", "} ]").splitlines())
            lines.append("")
        lines.append("TensorFlow op `%s`, from TensorFlow's op registry. Its OpDef:"
                     % self.name)
        lines.append("")
        lines.append("```")
        sig = []
        for a in self.inputs:
            sig.append("input   " + self.arg_doc(a))
        for a in self.outputs:
            sig.append("output  " + self.arg_doc(a))
        for a in self.attrs:
            sig.append("attr    " + self.attr_doc(a))
        lines.extend(sig if sig else ["(no inputs, outputs or attrs)"])
        lines.append("```")
        flags = [f for f in ("is_stateful", "is_commutative", "is_aggregate",
                             "allows_uninitialized_input",
                             "is_distributed_communication")
                 if self.op.flag(f)]
        if flags:
            lines.append("")
            lines.append("Flags: %s." % ", ".join(flags))
        dep = self.op.get("deprecation")
        if dep is not None:
            lines.append("")
            lines.append("Deprecated at GraphDef version %s: %s" % (
                dep.scalar("version", "?"),
                " ".join((dep.scalar("explanation") or "").split())))
        if self.renames:
            lines.append("")
            lines.append("ODS names that differ from the OpDef: %s." % ", ".join(
                "%s `%s` is `$%s`" % ("input" if k == "operand" else "output",
                                      tf, ods)
                for k, tf, ods in self.renames))
        res = []
        for l in lines:
            l = l.replace("}]", "} ]").rstrip()
            res.append(("    " + l) if l else "")
        return res


def wrap_list(head, items, tail, width=80):
    """`head item, item, ...tail` wrapped at `width`, continuation lines
    aligned after the opening parenthesis."""
    indent = " " * len(head)
    lines = []
    cur = head
    for i, item in enumerate(items):
        piece = item + ("," if i + 1 < len(items) else tail)
        if cur not in (head,) and len(cur) + 1 + len(piece) > width:
            lines.append(cur.rstrip())
            cur = indent + piece
        else:
            cur += ("" if cur == head else " ") + piece
    lines.append(cur)
    return lines


# ===----------------------------------------------------------------------===#
# Driver
# ===----------------------------------------------------------------------===#


def read_typed_ops(path):
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                names.extend(line.split())
    return names


def write_if_changed(path, data):
    """Writes `data` (str or bytes) to `path`; returns True if it changed."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)  # also replaces a read-only file
    return True


def rel(path):
    return os.path.relpath(path, REPO_ROOT)


def hand_written_op_types(path):
    """Op types (mnemonics) of the hand-written typed ops in `path`."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return set()
    return set(re.findall(r'TFG_TypedNodeOp<\s*"([^"]+)"', text))


def generate_td(ops_by_name, typed, dtypes, source_desc, hand_written=()):
    wanted = []
    seen = set()
    for n in typed:
        if n in seen:
            continue
        seen.add(n)
        if n in hand_written:
            note("%s is written by hand in %s; not generated" %
                 (n, rel(HAND_WRITTEN_TD)))
            continue
        if n not in ops_by_name:
            note("%s is not in the registry; no typed op" % n)
            continue
        wanted.append(n)
    defs = []
    def_names = {}
    for n in sorted(wanted):
        gen = OpGen(ops_by_name[n], dtypes)
        try:
            text = gen.generate()
            dn = gen.def_name()
            if dn in def_names:
                raise SkipOp("its def name %s is taken by %s" % (dn, def_names[dn]))
            def_names[dn] = n
        except SkipOp as e:
            note("skipped %s: %s" % (n, e))
            continue
        for kind, tf, ods in gen.renames:
            note("%s: %s %r is $%s" % (n, "input" if kind == "operand" else
                                       "output", tf, ods))
        defs.append(text)

    header = """\
//===- TFGGeneratedOps.td - Typed TensorFlow ops -----------*- tablegen -*-===//
//
// GENERATED FILE: DO NOT EDIT BY HAND.
//
// Generated by utils/generate_tfg_ops.py from TensorFlow's op registry
// (%s)
// for the op types listed in utils/typed_ops.txt.
// To change it, edit that list or the script and run
//   python3 utils/generate_tfg_ops.py [path/to/ops.pbtxt]
//
// %d typed ops. Operands: the OpDef's input args, then the control operands
// `ctls`; results: the output args, then the control token `ctl`; one
// attribute per OpDef attr, optional where the OpDef gives a default.
//
// Included from TFGOps.td, which defines TFG_TypedNodeOp.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_GENERATED_OPS_TD
#define TFG_GENERATED_OPS_TD

""" % (source_desc, len(defs))
    return header + "\n".join(defs) + "\n#endif // TFG_GENERATED_OPS_TD\n", len(defs)


def generate_stateless_list(ops, source_desc):
    """A C++ initializer list of the op types that are not `is_stateful`,
    sorted (byte order) for binary search."""
    names = sorted(op.scalar("name") for op in ops if not op.flag("is_stateful"))
    out = ["// Op types whose OpDef is not is_stateful, sorted (byte order).",
           "// GENERATED FILE: DO NOT EDIT BY HAND. Generated by",
           "// utils/generate_tfg_ops.py from %s" % source_desc,
           "// and lib/ImportExport/OpRegistry/extra_ops.pbtxt."]
    out.extend('"%s",' % n for n in names)
    return "\n".join(out) + "\n"


def read_category_seeds(path):
    """[(category, [op type...])] from utils/op_categories.txt, in order."""
    seeds = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            category, sep, names = line.partition(":")
            if not sep or not re.fullmatch(r"[A-Z][A-Za-z]*", category.strip()):
                raise SystemExit("error: %s:%d: expected 'Category: OpType...'"
                                 % (rel(path), lineno))
            seeds.append((category.strip(), names.split()))
    return seeds


def has_ref_arg(op):
    return any(arg.flag("is_ref")
               for field in ("input_arg", "output_arg") for arg in op.all(field))


def has_ref_input(op):
    return any(arg.flag("is_ref") for arg in op.all("input_arg"))


def generate_category_table(ops_by_name, seeds, source_desc):
    """A C++ initializer list of {op type, categories}, sorted (byte order)
    for binary search: the seeds, plus for each seed its ref-typed twin when
    the registry has one ("Ref" + name, with a ref input or output), plus
    RefInput for every op with a reference-typed input arg."""
    categories = {}
    for category, names in seeds:
        for name in names:
            twins = [name]
            ref = ops_by_name.get("Ref" + name)
            if ref is not None and has_ref_arg(ref):
                twins.append("Ref" + name)
            for n in twins:
                categories.setdefault(n, [])
                if category not in categories[n]:
                    categories[n].append(category)
    for name in sorted(ops_by_name):
        if has_ref_input(ops_by_name[name]):
            categories.setdefault(name, []).append("RefInput")
    out = ["// {op type, categories}, sorted by op type (byte order).",
           "// GENERATED FILE: DO NOT EDIT BY HAND. Generated by",
           "// utils/generate_tfg_ops.py from utils/op_categories.txt, and the",
           "// ref-typed twins and RefInput ops of %s" % source_desc,
           "// and lib/ImportExport/OpRegistry/extra_ops.pbtxt."]
    for name in sorted(categories):
        out.append('{"%s", %s},' % (name, " | ".join(
            "OpCategory::" + c for c in categories[name])))
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ops_pbtxt", nargs="?", default=DEFAULT_INPUT,
                    help="TensorFlow's ops.pbtxt (default: %(default)s)")
    ap.add_argument("--typed-ops", default=TYPED_OPS_LIST,
                    help="op types to generate typed ops for")
    args = ap.parse_args(argv)

    if not os.path.exists(args.ops_pbtxt):
        raise SystemExit("error: %s not found; pass the path of TensorFlow's "
                         "ops.pbtxt" % args.ops_pbtxt)
    with open(args.ops_pbtxt, "rb") as f:
        raw = f.read()
    digest = hashlib.sha256(raw).hexdigest()
    text = raw.decode("utf-8")
    oplist = parse_text_format(text)
    ops = oplist.all("op")
    for k, _ in oplist.fields:
        if k != "op":
            raise SystemExit("error: unexpected top-level field %r" % k)
    ops_by_name = {}
    for op in ops:
        name = op.scalar("name")
        if name in ops_by_name:
            raise SystemExit("error: op %s is defined twice" % name)
        ops_by_name[name] = op
    dtypes = read_data_types(TYPES_PROTO)

    # Sanity: writing back without dropping anything gives the input (modulo
    # comments and blank lines), so the parser lost nothing.
    def strip_comments(t):
        return "".join(l + "\n" for l in t.splitlines()
                       if l.strip() and not l.lstrip().startswith("#"))
    if write_text_format(oplist) != strip_comments(text):
        note("the input is not in protoc's layout; the registry copy is "
             "reformatted")

    source_desc = "ops.pbtxt, %d OpDefs, sha256 %s..." % (len(ops), digest[:16])

    td, n_typed = generate_td(ops_by_name, read_typed_ops(args.typed_ops),
                              dtypes, source_desc,
                              hand_written_op_types(HAND_WRITTEN_TD))
    changed = []
    if write_if_changed(OUT_TD, td):
        changed.append(OUT_TD)

    with open(EXTRA_OPS, encoding="utf-8") as f:
        extra_ops = parse_text_format(f.read()).all("op")
    stateless = generate_stateless_list(ops + extra_ops, source_desc)
    if write_if_changed(OUT_STATELESS, stateless):
        changed.append(OUT_STATELESS)
    all_ops = dict(ops_by_name)
    for op in extra_ops:
        all_ops.setdefault(op.scalar("name"), op)
    categories = generate_category_table(
        all_ops, read_category_seeds(CATEGORY_SEEDS), source_desc)
    if write_if_changed(OUT_CATEGORIES, categories):
        changed.append(OUT_CATEGORIES)

    registry = (
        "# TensorFlow's op registry (text-format tensorflow.OpList), %d OpDefs.\n"
        "# GENERATED FILE: DO NOT EDIT BY HAND. Generated by\n"
        "# utils/generate_tfg_ops.py from TensorFlow's ops.pbtxt (sha256\n"
        "# %s)\n"
        "# with the summary/description fields stripped. License: LICENSE.\n"
        % (len(ops), digest)) + write_text_format(oplist, drop=drop_doc_fields)
    out_registry = os.path.join(OUT_REGISTRY_DIR, "ops.pbtxt")
    if write_if_changed(out_registry, registry):
        changed.append(out_registry)

    license_in = os.path.join(os.path.dirname(os.path.abspath(args.ops_pbtxt)),
                              "LICENSE")
    if os.path.exists(license_in):
        with open(license_in, "rb") as f:
            if write_if_changed(os.path.join(OUT_REGISTRY_DIR, "LICENSE"), f.read()):
                changed.append(os.path.join(OUT_REGISTRY_DIR, "LICENSE"))
    else:
        note("no LICENSE next to %s; %s left as it is" %
             (args.ops_pbtxt, rel(os.path.join(OUT_REGISTRY_DIR, "LICENSE"))))

    print("%d OpDefs read, %d typed ops generated" % (len(ops), n_typed))
    for p in changed:
        print("wrote " + rel(p))
    if not changed:
        print("all outputs up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
