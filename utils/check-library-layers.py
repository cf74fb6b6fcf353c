#!/usr/bin/env python3
"""The project's library layers, derived from the CMake link lines.

Reads every CMakeLists.txt under lib/ and tools/, collects which TFG
library or tool links which TFG library, and checks that
  * the graph has no cycle, and
  * every link goes down the layer order below (a library never links one
    of its own layer or above), and
  * every `#include "TFG/..."` in a target's sources names a header of the
    target itself or of a target it links (directly or not): no layer
    reaches up through a header.
Prints the layer table in markdown. With --check FILE, FILE (docs/design.md)
must hold that very table between the markers
  <!-- layers:begin -->  and  <!-- layers:end -->
and --update FILE rewrites it there.

  utils/check-library-layers.py [--root DIR] [--check FILE | --update FILE]
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Bottom to top. A target may link only targets of lower layers. Names not
# listed are an error: a new library must be placed here on purpose.
LAYERS = [
    ("schema", ["TFGProto"]),
    ("dialect, checkpoint reader", ["TFGDialect", "TFGCheckpoint"]),
    ("analysis, import/export", ["TFGAnalysis", "TFGImportExport"]),
    ("rewrite utilities", ["TFGTransformUtils"]),
    ("passes", ["TFGTransforms"]),
    ("conversion (CPU lowering)", ["TFGConversion"]),
    ("pipelines", ["TFGPipelines"]),
    ("runner", ["TFGRunner"]),
    ("plugin, tools", ["TFGPlugin", "tfg-opt", "tfg-translate", "tfg-run",
                       "tfg-dot", "tfg-graph-diff", "tfg-checkpoint"]),
]
RANK = {name: i for i, (_, names) in enumerate(LAYERS) for name in names}

DEFINE = re.compile(
    r"\b(add_mlir_dialect_library|add_mlir_library|add_llvm_library|add_library|add_llvm_executable)"
    r"\(\s*([A-Za-z0-9_-]+)([^)]*)\)", re.S)
LINK = re.compile(r"\btarget_link_libraries\(\s*([A-Za-z0-9_-]+)([^)]*)\)", re.S)


def tfg_names(text):
    return [w for w in re.findall(r"[A-Za-z0-9_:-]+", text)
            if re.fullmatch(r"TFG[A-Za-z]+", w)]


def read_graph(root):
    """{target: (folder, set of TFG targets it links)} from CMakeLists.txt."""
    graph = {}
    for top in ("lib", "tools"):
        for folder, _, files in os.walk(os.path.join(root, top)):
            if "CMakeLists.txt" not in files:
                continue
            text = open(os.path.join(folder, "CMakeLists.txt")).read()
            text = re.sub(r"#[^\n]*", "", text)
            rel = os.path.relpath(folder, root)
            for kind, name, body in DEFINE.findall(text):
                deps = set()
                if "LINK_LIBS" in body:
                    deps |= set(tfg_names(body.split("LINK_LIBS", 1)[1]))
                graph.setdefault(name, (rel, set()))[1].update(deps)
            for name, body in LINK.findall(text):
                if name in graph:
                    graph[name][1].update(tfg_names(body))
    return {n: (f, {d for d in deps if d in graph and d != n})
            for n, (f, deps) in graph.items()}


# Which target a header belongs to, by include path prefix (longest first).
HEADER_OWNERS = [
    ("TFG/Transforms/Utils/", "TFGTransformUtils"),
    ("TFG/Transforms/", "TFGTransforms"),
    ("TFG/Dialect/", "TFGDialect"),
    ("TFG/Analysis/", "TFGAnalysis"),
    ("TFG/ImportExport/proto/", "TFGProto"),
    ("TFG/ImportExport/", "TFGImportExport"),
    ("TFG/Checkpoint/", "TFGCheckpoint"),
    ("TFG/Conversion/", "TFGConversion"),
    ("TFG/Pipelines/", "TFGPipelines"),
    ("TFG/Runner/", "TFGRunner"),
]
INCLUDE = re.compile(r'^\s*#\s*include\s+"(TFG/[^"]+)"', re.M)


def reachable(graph, name):
    seen, todo = set(), [name]
    while todo:
        node = todo.pop()
        if node in seen or node not in graph:
            continue
        seen.add(node)
        todo.extend(graph[node][1])
    return seen


def check_includes(root, graph):
    """Errors for headers a target includes from a target it does not link."""
    owner_of_folder = {}
    for name, (folder, _) in graph.items():
        if name != "TFGProto" or folder not in owner_of_folder:
            owner_of_folder[folder] = name
    errors = []
    for folder, name in sorted(owner_of_folder.items()):
        allowed = reachable(graph, name)
        for sub, dirs, files in os.walk(os.path.join(root, folder)):
            rel = os.path.relpath(sub, root)
            if rel != folder and rel in owner_of_folder:
                dirs[:] = []
                continue
            for file in sorted(files):
                if not file.endswith((".cpp", ".h", ".inc")):
                    continue
                path = os.path.join(sub, file)
                for header in INCLUDE.findall(open(path, errors="replace").read()):
                    owner = next((t for p, t in HEADER_OWNERS
                                  if header.startswith(p)), None)
                    if owner and owner in graph and owner not in allowed:
                        errors.append(f"{os.path.relpath(path, root)} ({name}) "
                                      f"includes {header} of {owner}, which "
                                      f"{name} does not link")
    return errors


def find_cycle(graph):
    state, stack = {}, []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph[node][1]):
            if state.get(dep) == 1:
                return stack[stack.index(dep):] + [dep]
            if dep not in state:
                cycle = visit(dep)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def check(graph):
    errors = []
    cycle = find_cycle(graph)
    if cycle:
        errors.append("link cycle: " + " -> ".join(cycle))
    for name, (folder, deps) in sorted(graph.items()):
        if name not in RANK:
            errors.append(f"{name} ({folder}) has no layer in "
                          "utils/check-library-layers.py")
            continue
        for dep in sorted(deps):
            if dep in RANK and RANK[dep] >= RANK[name]:
                errors.append(f"{name} ({folder}) links {dep}, which is not "
                              "below it")
    return errors


def table(graph):
    lines = ["| layer | target | folder | links (TFG) |", "|---|---|---|---|"]
    for layer, names in reversed(LAYERS):
        for name in names:
            if name in graph:
                folder, deps = graph[name]
                links = ", ".join(sorted(deps, key=lambda d: (-RANK.get(d, 0), d)))
                lines.append(f"| {layer} | `{name}` | `{folder}` | {links or '—'} |")
    return "\n".join(lines) + "\n"


def main(argv):
    root = ROOT
    if len(argv) >= 3 and argv[1] == "--root":
        root = argv[2]
        argv = argv[:1] + argv[3:]
    graph = read_graph(root)
    errors = check(graph) + check_includes(root, graph)
    for error in errors:
        print("check-library-layers: error: " + error, file=sys.stderr)
    text = table(graph)
    begin, end = "<!-- layers:begin -->\n", "<!-- layers:end -->"
    if len(argv) == 3 and argv[1] in ("--check", "--update"):
        doc = open(argv[2]).read()
        if begin not in doc or end not in doc:
            print(f"check-library-layers: error: {argv[2]} has no "
                  "layers:begin/end markers", file=sys.stderr)
            return 1
        head, rest = doc.split(begin, 1)
        _, tail = rest.split(end, 1)
        wanted = head + begin + text + end + tail
        if argv[1] == "--update":
            open(argv[2], "w").write(wanted)
        elif wanted != doc:
            print(f"check-library-layers: error: the layer table in {argv[2]} "
                  "is out of date; run utils/check-library-layers.py --update "
                  f"{argv[2]}", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
