#!/usr/bin/env python3
"""Fails when the files of a library folder include each other in a circle.

Usage: utils/check-layers.py FOLDER [--public DIR] [--include-root ROOT]
                             [--allow-header-only]
       utils/check-layers.py --self-test

A "file" here is a unit: X.cpp together with the X.h that declares what it
defines (a private header in FOLDER, or with --public, a public header in
DIR). Unit A depends on unit B when a file of A includes B's header with
#include "...", which is what A needs to call B. A circle of such
dependencies (A -> B -> A) is a call circle between files, and the check
prints it and fails. Includes are resolved against FOLDER and, given, ROOT
(the include root public headers are spelled against, e.g. include/ for
"TFG/ImportExport/Import.h"); includes of anything outside the library
(MLIR, protobuf, other TFG libraries) are ignored.

Since a unit is named by its header, the check relies on the convention that
a header declares only what its own .cpp defines: a header that declares the
functions of several .cpp files would hide their circles. So a private
header of FOLDER without a .cpp of the same name fails the check too, unless
--allow-header-only is given. (Public headers may be implemented elsewhere:
include/TFG/ImportExport/Import.h is implemented by ModelReader.cpp.)
"""

import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def unit_of(path):
    return os.path.splitext(os.path.basename(path))[0]


def collect(folder, public):
    """The library's files: {real path: unit}."""
    files = {}
    for directory, exts in ((folder, ('.cpp', '.h')), (public, ('.h',))):
        if not directory:
            continue
        for name in sorted(os.listdir(directory)):
            path = os.path.join(directory, name)
            if os.path.isfile(path) and name.endswith(exts):
                files[os.path.realpath(path)] = unit_of(name)
    return files


def dependencies(folder, public, include_root):
    """{unit: {unit it includes: (including file, included path)}}."""
    files = collect(folder, public)
    roots = [r for r in (folder, include_root) if r]
    graph = {unit: {} for unit in files.values()}
    for path, unit in files.items():
        base = os.path.dirname(path)
        with open(path, encoding='utf-8', errors='replace') as f:
            for line in f:
                m = INCLUDE.match(line)
                if not m:
                    continue
                for root in [base] + roots:
                    target = os.path.realpath(os.path.join(root, m.group(1)))
                    if target in files:
                        if files[target] != unit:
                            graph[unit].setdefault(
                                files[target],
                                (os.path.basename(path), m.group(1)))
                        break
    return graph


def find_cycle(graph):
    """A list of units forming a circle (first == last), or None."""
    state = {}
    for root in sorted(graph):
        if root in state:
            continue
        stack = [(root, iter(sorted(graph[root])))]
        state[root] = 'open'
        while stack:
            unit, edges = stack[-1]
            nxt = next(edges, None)
            if nxt is None:
                state[unit] = 'done'
                stack.pop()
                continue
            if state.get(nxt) == 'open':
                path = [u for u, _ in stack]
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                state[nxt] = 'open'
                stack.append((nxt, iter(sorted(graph[nxt]))))
    return None


def headers_without_source(folder):
    names = os.listdir(folder)
    return sorted(n for n in names if n.endswith('.h') and
                  unit_of(n) + '.cpp' not in names)


def check(folder, public=None, include_root=None, allow_header_only=False,
          out=sys.stdout):
    if not allow_header_only:
        lonely = headers_without_source(folder)
        if lonely:
            print('FAIL: %s: private headers without a .cpp of their own '
                  '(a header declares what its own .cpp defines, or it can '
                  'hide a circle): %s' % (folder, ', '.join(lonely)), file=out)
            return False
    graph = dependencies(folder, public, include_root)
    cycle = find_cycle(graph)
    if cycle:
        print('FAIL: include/call circle between the files of %s:' % folder,
              file=out)
        for a, b in zip(cycle, cycle[1:]):
            src, inc = graph[a][b]
            print('  %s -> %s   (%s includes "%s")' % (a, b, src, inc),
                  file=out)
        return False
    edges = sum(len(v) for v in graph.values())
    print('layers check: OK (%s: %d files, %d dependencies, no circle)' %
          (folder, len(graph), edges), file=out)
    return True


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        def write(name, includes):
            with open(os.path.join(tmp, name), 'w') as f:
                f.writelines('#include "%s"\n' % i for i in includes)
        write('A.h', [])
        write('A.cpp', ['A.h', 'B.h', 'mlir/IR/Diagnostics.h'])
        write('B.h', [])
        write('B.cpp', ['B.h'])
        write('Diagnostics.cpp', [])
        sink = open(os.devnull, 'w')
        assert check(tmp, out=sink), 'an acyclic folder failed'
        write('B.cpp', ['B.h', 'C.h'])
        write('C.h', ['A.h'])
        assert not check(tmp, out=sink), 'a circle B -> C -> A -> B passed'
        write('C.h', [])
        assert not check(tmp, out=sink), 'C.h without C.cpp passed'
        assert check(tmp, allow_header_only=True, out=sink), \
            '--allow-header-only failed an acyclic folder'
        sink.close()
    print('layers check self-test: OK')
    return True


def main(argv):
    if argv == ['--self-test']:
        return 0 if self_test() else 1
    args = {'--public': None, '--include-root': None}
    allow_header_only = '--allow-header-only' in argv
    argv = [a for a in argv if a != '--allow-header-only']
    positional = []
    it = iter(argv)
    for arg in it:
        if arg in args:
            args[arg] = next(it, None)
        else:
            positional.append(arg)
    if len(positional) != 1 or not os.path.isdir(positional[0]):
        print(__doc__, file=sys.stderr)
        return 2
    ok = check(positional[0], args['--public'], args['--include-root'],
               allow_header_only)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
