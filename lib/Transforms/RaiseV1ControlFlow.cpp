//===- RaiseV1ControlFlow.cpp - v1 loops and conds to While/If ------------===//

#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/RaiseControlFlow.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_RAISEV1CONTROLFLOW
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct RaiseV1ControlFlowPass
    : tfg::impl::RaiseV1ControlFlowBase<RaiseV1ControlFlowPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable functions(module);
    // The functions there are now: those the raising adds are raised as
    // they are built.
    SmallVector<Block *> blocks;
    for (auto graph : module.getOps<GraphOp>())
      blocks.push_back(&graph.getBlock());
    for (auto func : module.getOps<FuncOp>())
      blocks.push_back(&func.getBlock());
    for (Block *block : blocks)
      if (failed(raiseV1ControlFlow(*block, functions)))
        return signalPassFailure();
  }
};
} // namespace
