//===- OptimizeForInference.cpp - The whole inference surgery --------------===//
//
// One pass that runs the training-graph surgery in the order that lets each
// step see the previous one's result: binding makes predicates constant,
// which kills branches, which exposes batch norms and dropout to fold.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Pipelines.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_OPTIMIZEFORINFERENCE
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

std::string tfg::buildOptimizeForInferencePipeline(
    const OptimizeForInferencePipelineOptions &options) {
  std::string inputs = llvm::join(options.inputs, ",");
  std::string outputs = llvm::join(options.outputs, ",");
  auto with = [](StringRef pass, SmallVector<std::string> opts) {
    llvm::erase_if(opts, [](const std::string &o) {
      return o.empty() || o.back() == '=';
    });
    return opts.empty() ? pass.str()
                        : (pass + "{" + llvm::join(opts, " ") + "}").str();
  };
  SmallVector<std::string> passes;
  if (!options.checkpoint.empty())
    passes.push_back(with("tfg-freeze-variables",
                          {"checkpoint=\"" + options.checkpoint + "\"",
                           "outputs=" + outputs}));
  passes.push_back(with("tfg-strip-unused-nodes",
                        {"inputs=" + inputs, "outputs=" + outputs}));
  passes.push_back(with("tfg-bind-placeholders",
                        {"bindings=" + llvm::join(options.bindings, ","),
                         "inputs=" + inputs}));
  passes.push_back("tfg-eliminate-switch-merge");
  passes.push_back("tfg-remove-dropout");
  passes.push_back(with("tfg-remove-nodes", {"keep=" + outputs,
                                             "absorb-output-identities=true"}));
  passes.push_back("tfg-fold-constants{ignore-errors=true}");
  if (options.foldBatchNorms) {
    passes.push_back("tfg-fold-old-batch-norms");
    passes.push_back("tfg-fold-batch-norms");
    passes.push_back("tfg-fold-constants{ignore-errors=true}");
  }
  passes.push_back(with("tfg-merge-duplicate-nodes", {"keep=" + outputs}));
  passes.push_back(with("tfg-strip-unused-nodes", {"outputs=" + outputs}));
  if (options.quantizeWeights)
    passes.push_back("tfg-quantize-weights");
  passes.push_back("tfg-sort-by-execution-order");
  return llvm::join(passes, ",");
}

namespace {
struct OptimizeForInferencePass
    : mlir::tfg::impl::OptimizeForInferenceBase<OptimizeForInferencePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    GraphOp graph = getSingleGraph(module);
    if (!graph)
      return signalPassFailure();
    OptimizeForInferencePipelineOptions options;
    options.checkpoint = checkpoint;
    options.inputs.assign(inputs.begin(), inputs.end());
    options.bindings.assign(bind.begin(), bind.end());
    options.foldBatchNorms = foldBatchNorms;
    options.quantizeWeights = quantizeWeights;
    // Fix the outputs once: later steps must not re-infer them from a graph
    // that earlier steps already changed.
    if (outputs.empty() && checkpoint.empty()) {
      auto roots =
          resolveOutputNodes(graph, {}, "tfg-optimize-for-inference");
      if (failed(roots))
        return signalPassFailure();
      for (Operation *root : *roots)
        options.outputs.push_back(getNodeName(root).str());
    } else {
      options.outputs.assign(outputs.begin(), outputs.end());
    }
    std::string pipeline = buildOptimizeForInferencePipeline(options);
    if (printPipeline)
      llvm::errs() << "tfg-optimize-for-inference: " << pipeline << "\n";
    auto run = [&](OpPassManager &pm, Operation *op) {
      return runPipeline(pm, op);
    };
    if (failed(runNestedPipeline(*this, pipeline, module, run)))
      signalPassFailure();
  }
};
} // namespace
