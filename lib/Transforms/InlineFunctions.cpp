//===- InlineFunctions.cpp - Flatten function calls into the graph --------===//

#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/FunctionInlining.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_INLINEFUNCTIONS
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct InlineFunctionsPass
    : tfg::impl::InlineFunctionsBase<InlineFunctionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable functions(module);
    FunctionInliningLimits limits;
    limits.maxDepth = maxDepth;
    limits.maxInlinedNodes = maxNodes;
    for (auto graph : module.getOps<GraphOp>())
      if (failed(inlineFunctionCalls(graph.getBlock(), functions, nullptr,
                                     limits)))
        return signalPassFailure();
    // Then the functions the graph still refers to (While and If bodies);
    // the others are left alone: they are dropped below or kept as they
    // are.
    llvm::StringSet<> referenced = getReferencedFunctions(module);
    for (auto func : module.getOps<FuncOp>())
      if (referenced.contains(func.getSymName()) &&
          failed(inlineFunctionCalls(func.getBlock(), functions, func, limits)))
        return signalPassFailure();
    if (!keepUnusedFunctions)
      eraseUnreferencedFunctions(module);
  }
};
} // namespace
