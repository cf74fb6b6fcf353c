#!/bin/bash
# Copies the measured tables of bench/results.md into docs/performance.md:
# every section `<!-- bench:NAME begin --> ... <!-- bench:NAME end -->` of
# the results replaces the section of the same name in the doc. A section
# the doc lacks is an error (the doc says where each table goes); one the
# results lack is left as it is, with a note.
#   bench/publish-results.sh [RESULTS_MD] [DOC_MD]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
results=${1:-$root/bench/results.md}
doc=${2:-$root/docs/performance.md}
for f in "$results" "$doc"; do
  [ -f "$f" ] || { echo "publish-results: $f does not exist" >&2; exit 1; }
done
python3 - "$results" "$doc" <<'EOF'
import re
import sys

results_path, doc_path = sys.argv[1:3]
SECTION = re.compile(r"<!-- bench:([A-Za-z0-9_-]+) begin -->\n.*?<!-- bench:\1 end -->",
                     re.S)
results = {m.group(1): m.group(0) for m in SECTION.finditer(open(results_path).read())}
doc = open(doc_path).read()
in_doc = [m.group(1) for m in SECTION.finditer(doc)]
missing = sorted(set(results) - set(in_doc))
if missing:
    sys.exit("publish-results: %s has no section for %s (add the markers "
             "where the table belongs)" % (doc_path, ", ".join(missing)))
doc = SECTION.sub(lambda m: results.get(m.group(1), m.group(0)), doc)
open(doc_path, "w").write(doc)
for name in in_doc:
    print("publish-results: %s %s" % (name, "updated" if name in results
                                        else "kept (not in %s)" % results_path))
EOF
