//===- tfg-graph-diff.cpp - Are two GraphDefs the same graph? -------------===//
//
//   tfg-graph-diff a.pb b.pbtxt
//
// Exit 0 and print "equal" when the graphs are semantically equal (see
// GraphCompare.h), exit 1 listing the differences otherwise, 2 on errors
// (diff's convention: an error must not read as "different"). One of the
// two may be `-`, stdin; an empty input is an error unless
// --allow-empty-input.
//
//===----------------------------------------------------------------------===//

#include "TFG/ImportExport/GraphCompare.h"

#include "graph.pb.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include "ToolCommandLine.h"

namespace cl = llvm::cl;

static cl::opt<std::string> first(cl::Positional, cl::Required,
                                  cl::desc("<first GraphDef> (- for stdin)"));
static cl::opt<std::string> second(cl::Positional, cl::Required,
                                   cl::desc("<second GraphDef>"));
static cl::opt<bool> allowEmptyInput(
    "allow-empty-input",
    cl::desc("Accept an empty input as an empty graph (by default it is an "
             "error: usually a missing or truncated file)"));
static cl::opt<unsigned>
    maxDiffs("max-differences", cl::desc("Differences to list"), cl::init(20));

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  tfgtool::parseToolCommandLine(
      argc, argv,
      "Compares two GraphDefs up to node order, control-input order, "
      "default-valued attrs and tensor encoding\n",
      /*errorStatus=*/2);
  // Stdin can be read once: a second `-` would see it empty.
  if (first == "-" && second == "-") {
    llvm::errs() << "tfg-graph-diff: error: only one of the two GraphDefs can "
                    "be stdin ('-')\n";
    return 2;
  }
  tensorflow::GraphDef a, b;
  std::string error;
  for (auto [path, graph] :
       {std::make_pair(&first, &a), std::make_pair(&second, &b)}) {
    if (!mlir::tfg::readGraphDefFile(*path, *graph, error, allowEmptyInput)) {
      llvm::errs() << (*path == "-" ? std::string("<stdin>") : *path)
                   << ": error: " << error << "\n";
      return 2;
    }
  }
  std::vector<std::string> diffs = mlir::tfg::compareGraphDefs(a, b, maxDiffs);
  if (diffs.empty()) {
    llvm::outs() << "equal (" << a.node_size() << " nodes)\n";
    return 0;
  }
  for (const std::string &d : diffs)
    llvm::outs() << d << "\n";
  return 1;
}
