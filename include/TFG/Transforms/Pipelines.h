//===- Pipelines.h - Passes that run other passes ---------------*- C++ -*-===//

#ifndef TFG_TRANSFORMS_PIPELINES_H
#define TFG_TRANSFORMS_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

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

/// Parses `pipeline` and runs it on `module` through `runPipeline` (a
/// pass's own runPipeline, so that it nests in the pass manager). Errors
/// name `pass`.
LogicalResult
runNestedPipeline(Pass &pass, llvm::StringRef pipeline, ModuleOp module,
                  function_ref<LogicalResult(OpPassManager &, Operation *)>
                      runPipeline);

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_PIPELINES_H
