//===- ExportDot.cpp - Draw the graph as a Graphviz DOT file --------------===//

#include "TFG/Analysis/GraphDot.h"
#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OutputFile.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/Support/FileUtilities.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_EXPORTDOT
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct ExportDotPass : tfg::impl::ExportDotBase<ExportDotPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (output.empty()) {
      module.emitError("tfg-export-dot: set output=FILE.dot (or output=- "
                       "for stdout)");
      return signalPassFailure();
    }
    DotOptions options;
    options.collapseConstants = collapseConstants;
    StringRef cluster = clusterByScope;
    if (cluster == "auto")
      options.clusterByScope = DotOptions::Clustering::Auto;
    else if (cluster == "true" || cluster == "1" || cluster == "always")
      options.clusterByScope = DotOptions::Clustering::Always;
    else if (cluster == "false" || cluster == "0" || cluster == "never")
      options.clusterByScope = DotOptions::Clustering::Never;
    else {
      module.emitError("tfg-export-dot: cluster-by-scope must be auto, true "
                       "or false, not '")
          << cluster << "'";
      return signalPassFailure();
    }
    options.maxScopeDepth = maxScopeDepth;
    options.maxNodes = maxNodes;
    options.title = title;

    GraphOp graph = getSingleGraph(module);
    if (!graph)
      return signalPassFailure();
    std::string text;
    llvm::raw_string_ostream os(text);
    if (failed(writeGraphDot(graph, os, options)))
      return signalPassFailure();
    std::string error;
    if (failed(writeOutputFile(
            output,
            [&](llvm::raw_ostream &os) {
              os << text;
              return success();
            },
            error))) {
      module.emitError("tfg-export-dot: ") << error;
      return signalPassFailure();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
