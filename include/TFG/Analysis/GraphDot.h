//===- GraphDot.h - A tfg.graph as a Graphviz DOT picture -------*- C++ -*-===//
//
// writeGraphDot() draws a tfg.graph as a Graphviz `digraph`: one box per node
// (op type and name), solid data edges (labelled ":N" for output N > 0),
// dashed control edges. Used by the tfg-export-dot pass and tfg-dot.
//
// With DotOptions::before set, the picture is a diff of `before` -> `graph`,
// nodes matched by name: removed nodes (drawn from `before`) are red and
// dashed, added nodes green, changed nodes (same name, other op type, attrs,
// device or inputs) orange; edges that only one side has are coloured alike.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_ANALYSIS_GRAPHDOT_H
#define TFG_ANALYSIS_GRAPHDOT_H

#include "TFG/Dialect/IR/TFG.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::tfg {

struct DotOptions {
  enum class Clustering { Auto, Always, Never };

  /// Const nodes become small points (with their short name beside them)
  /// instead of boxes, so that weights do not clutter the picture.
  bool collapseConstants = true;
  /// Group nodes into `subgraph cluster_*` boxes by name scope (the node
  /// name before its last '/'), nested for nested scopes. Auto: only when
  /// the graph has more than `autoClusterThreshold` nodes.
  Clustering clusterByScope = Clustering::Auto;
  unsigned autoClusterThreshold = 50;
  /// Scopes deeper than this are drawn inside their ancestor at this depth.
  unsigned maxScopeDepth = 4;
  /// Fail (with a diagnostic) rather than draw more nodes than this (the
  /// graph's plus, in diff mode, the removed ones); 0: no limit.
  unsigned maxNodes = 5000;
  /// The picture's title; empty: none.
  std::string title;
  /// Diff mode: the graph before a pipeline ran (null: no diff).
  GraphOp before = nullptr;
};

/// Writes `graph` as DOT to `os`. Fails, after a diagnostic on the graph and
/// before writing anything, when it has more than `maxNodes` nodes.
LogicalResult writeGraphDot(GraphOp graph, llvm::raw_ostream &os,
                            const DotOptions &options = {});

/// `text` as the contents of a double-quoted DOT string (label escapes:
/// backslash and quote escaped, newlines as \n), without the quotes.
std::string escapeDotString(llvm::StringRef text);

} // namespace mlir::tfg

#endif // TFG_ANALYSIS_GRAPHDOT_H
