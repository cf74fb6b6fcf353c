//===- SortByExecutionOrder.cpp - Inputs before their consumers -----------===//
//
// A pure reordering: getExecutionOrder (GraphQueries) computes the order,
// the pass moves the nodes.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Transforms/Passes.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_SORTBYEXECUTIONORDER
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct SortByExecutionOrderPass
    : tfg::impl::SortByExecutionOrderBase<SortByExecutionOrderPass> {
  using Base::Base;

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    FailureOr<SmallVector<Operation *>> order =
        getExecutionOrder(graph, "tfg-sort-by-execution-order");
    if (failed(order))
      return signalPassFailure();
    // Moving every node to the end in the new order; an op that is already
    // where it belongs ends up where it was.
    Block &block = graph.getBlock();
    bool sorted = llvm::equal(*order, llvm::make_pointer_range(block));
    if (sorted)
      return markAllAnalysesPreserved();
    for (Operation *op : *order)
      op->moveBefore(&block, block.end());
  }
};
} // namespace
