//===- tfg-dot.cpp - Draw a TensorFlow graph with Graphviz ----------------===//
//
//   tfg-dot model.pb -o model.dot && dot -Tsvg model.dot -o model.svg
//   tfg-dot optimized.pb --diff-against=model.pb -o diff.dot
//
// Reads any model format TFG imports (or a .mlir file holding a tfg.graph)
// and writes the graph as Graphviz DOT (see TFG/Analysis/GraphDot.h). One
// of the two inputs may be `-`, stdin; each is read exactly once, and an
// empty one is an error unless --allow-empty-input.
// With --diff-against, colours what changed since the other graph: removed
// nodes red and dashed, added green, changed orange. On any error nothing
// is written and the exit status is 1.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphDot.h"
#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/Dialect/IR/OutputFile.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Diagnostics.h"
#include "TFG/ImportExport/Import.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

#include "ToolCommandLine.h"

#include <limits>

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string>
    inputPath(cl::Positional, cl::Required,
              cl::desc("<model: pb, pbtxt, meta, "
                       "SavedModel, model.json, mlir; - for stdin>"));
static cl::opt<std::string> outputPath("o", cl::desc("Output DOT file"),
                                       cl::value_desc("file"), cl::init("-"));
static cl::opt<std::string>
    diffAgainst("diff-against",
                cl::desc("Colour what changed since this model (the graph "
                         "before a pipeline ran)"),
                cl::value_desc("model"));
static cl::opt<bool> noCollapseConstants(
    "no-collapse-constants",
    cl::desc("Draw Const nodes as boxes (default: small points)"));
static cl::opt<tfg::DotOptions::Clustering> clusterByScope(
    "cluster-by-scope", cl::desc("Group nodes into boxes by name scope"),
    cl::init(tfg::DotOptions::Clustering::Auto),
    cl::values(
        clEnumValN(tfg::DotOptions::Clustering::Auto, "auto",
                   "when the graph has more than 50 nodes"),
        clEnumValN(tfg::DotOptions::Clustering::Always, "always", "always"),
        clEnumValN(tfg::DotOptions::Clustering::Never, "never", "never")));
static cl::opt<unsigned> maxScopeDepth("max-scope-depth",
                                       cl::desc("Deepest scope nesting"),
                                       cl::init(4));
static cl::opt<unsigned>
    maxNodes("max-nodes",
             cl::desc("Fail when there are more nodes than this (0: no limit)"),
             cl::init(5000));
static cl::opt<std::string> title("title", cl::desc("Title of the picture"));
static cl::opt<bool> allowEmptyInput(
    "allow-empty-input",
    cl::desc("Accept an empty input as an empty graph (by default it is an "
             "error: usually a missing or truncated file)"));

/// Any model format, or MLIR (by its name or its first bytes).
static OwningOpRef<ModuleOp> load(StringRef path, MLIRContext &context) {
  tfg::NodeDiagnosticHandler handler(&context, llvm::errs());
  tfg::ImportOptions options;
  // Plain attributes, so that equal tensors of two graphs compare equal.
  options.resourceThresholdBytes = std::numeric_limits<int64_t>::max();
  options.allowEmptyInput = allowEmptyInput;
  return tfg::importModelFile(path, &context, options);
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  tfgtool::parseToolCommandLine(
      argc, argv,
      "Draws a TensorFlow graph as Graphviz DOT (render: dot -Tsvg)\n");
  // Stdin can be read once: a second `-` would see it empty.
  if (inputPath == "-" && diffAgainst == "-") {
    llvm::errs() << "tfg-dot: error: the model and --diff-against cannot both "
                    "be stdin ('-')\n";
    return 1;
  }
  // The importers' own context (one thread: its uniquers without locks).
  tfg::ImportContext importContext(/*threads=*/1);
  MLIRContext &context = importContext.get();

  OwningOpRef<ModuleOp> module = load(inputPath, context);
  if (!module)
    return 1;
  OwningOpRef<ModuleOp> beforeModule;
  if (!diffAgainst.empty()) {
    beforeModule = load(diffAgainst, context);
    if (!beforeModule)
      return 1;
  }

  tfg::NodeDiagnosticHandler handler(&context, llvm::errs());
  tfg::GraphOp graph = tfg::getSingleGraph(*module);
  if (!graph)
    return 1;
  tfg::DotOptions options;
  options.collapseConstants = !noCollapseConstants;
  options.clusterByScope = clusterByScope;
  options.maxScopeDepth = maxScopeDepth;
  options.maxNodes = maxNodes;
  options.title = title;
  if (beforeModule) {
    options.before = tfg::getSingleGraph(*beforeModule);
    if (!options.before)
      return 1;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  if (failed(tfg::writeGraphDot(graph, os, options)))
    return 1;

  std::string error;
  if (failed(tfg::writeOutputFile(
          outputPath,
          [&](llvm::raw_ostream &os) {
            os << text;
            return success();
          },
          error))) {
    llvm::errs() << "tfg-dot: error: " << error << "\n";
    return 1;
  }
  return 0;
}
