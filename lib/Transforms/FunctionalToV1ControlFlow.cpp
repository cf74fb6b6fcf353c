//===- FunctionalToV1ControlFlow.cpp - If/While to Switch/Merge loops -----===//

#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/FunctionInlining.h"
#include "TFG/Transforms/Utils/FunctionalControlFlow.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_FUNCTIONALTOV1CONTROLFLOW
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct FunctionalToV1ControlFlowPass
    : tfg::impl::FunctionalToV1ControlFlowBase<FunctionalToV1ControlFlowPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable functions(module);
    FunctionInliningLimits limits;
    limits.maxDepth = maxDepth;
    limits.maxInlinedNodes = maxNodes;
    // Calls first (tfg-inline-functions), so that the If/While nodes the
    // callees hold are in the graph; then the functional nodes.
    for (auto graph : module.getOps<GraphOp>())
      if (failed(inlineFunctionCalls(graph.getBlock(), functions, nullptr,
                                     limits)) ||
          failed(
              lowerFunctionalControlFlow(graph.getBlock(), functions, limits)))
        return signalPassFailure();
    if (!keepUnusedFunctions)
      eraseUnreferencedFunctions(module);
  }
};
} // namespace
