//===- OptimizeForInference.cpp - The whole inference surgery -------------===//
//
// One pass that runs the training-graph surgery in the order that lets each
// step see the previous one's result: binding makes predicates constant,
// which kills branches, which exposes batch norms and dropout to fold. The
// steps are buildOptimizeForInferencePipeline's; the pass exists because
// the outputs they keep are chosen from the graph, before the first step.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Pipelines/Pipelines.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_OPTIMIZEFORINFERENCE
#include "TFG/Pipelines/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct OptimizeForInferencePass
    : mlir::tfg::impl::OptimizeForInferenceBase<OptimizeForInferencePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    GraphOp graph = getSingleGraph(module);
    if (!graph)
      return signalPassFailure();
    OptimizeForInferenceOptions options;
    options.checkpoint = checkpoint;
    options.inputs.assign(inputs.begin(), inputs.end());
    options.bind.assign(bind.begin(), bind.end());
    options.foldBatchNorms = foldBatchNorms;
    options.quantizeWeights = quantizeWeights;
    // Fix the outputs once: later steps must not re-infer them from a graph
    // that earlier steps already changed.
    if (outputs.empty() && checkpoint.empty()) {
      auto roots = resolveOutputNodes(graph, {}, "tfg-optimize-for-inference");
      if (failed(roots))
        return signalPassFailure();
      for (Operation *root : *roots)
        options.outputs.push_back(getNodeName(root).str());
    } else {
      options.outputs.assign(outputs.begin(), outputs.end());
    }
    OpPassManager pm(ModuleOp::getOperationName());
    buildOptimizeForInferencePipeline(pm, options);
    if (printPipeline) {
      llvm::errs() << "tfg-optimize-for-inference: ";
      printPipelinePasses(pm, llvm::errs());
      llvm::errs() << "\n";
    }
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }
};
} // namespace
