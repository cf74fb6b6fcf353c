//===- Pipelines.h - Passes that run other passes ---------------*- C++ -*-===//

#ifndef TFG_TRANSFORMS_PIPELINES_H
#define TFG_TRANSFORMS_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::tfg {

/// TensorFlow transform_graph's `--transforms` string (with its `--inputs`
/// and `--outputs`) as a textual TFG pass pipeline, without the
/// `builtin.module(...)` wrapper. Fails with `error` set on an unknown
/// transform or parameter, or bad syntax.
FailureOr<std::string> translateTransformGraph(llvm::StringRef transforms,
                                               llvm::ArrayRef<std::string> inputs,
                                               llvm::ArrayRef<std::string> outputs,
                                               std::string &error);

/// What tfg-optimize-for-inference runs.
struct OptimizeForInferencePipelineOptions {
  std::string checkpoint; // freeze first when set
  llvm::SmallVector<std::string> inputs, outputs, bindings;
  bool foldBatchNorms = true;
  bool quantizeWeights = false;
};

/// The textual pipeline (no `builtin.module(...)` wrapper) of the whole
/// inference surgery, in order: [freeze] strip → bind → Switch/Merge →
/// dropout → remove-nodes → fold constants → fold batch norms → fold
/// constants → merge duplicates → strip → [quantize] → sort.
std::string
buildOptimizeForInferencePipeline(const OptimizeForInferencePipelineOptions &options);

/// Parses `pipeline` and runs it on `module` through `runPipeline` (a
/// pass's own runPipeline, so that it nests in the pass manager). Errors
/// name `pass`.
LogicalResult
runNestedPipeline(Pass &pass, llvm::StringRef pipeline, ModuleOp module,
                  function_ref<LogicalResult(OpPassManager &, Operation *)>
                      runPipeline);

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_PIPELINES_H
