//===- Pipelines.h - Every TFG pipeline, as typed builders ------*- C++ -*-===//
//
// One builder function per pipeline, each adding passes made from their
// generated option structs to an OpPassManager: no pipeline text is built
// and parsed again. Each is registered under a name (registerTFGPipelines)
// or run by a pass of TFG/Pipelines/Passes.td when it needs the graph or a
// language of its own to be built.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_PIPELINES_PIPELINES_H
#define TFG_PIPELINES_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::tfg {

#define GEN_PASS_DECL
#include "TFG/Pipelines/Passes.h.inc"

//===----------------------------------------------------------------------===//
// Graph surgery (on a builtin.module holding a tfg.graph)
//===----------------------------------------------------------------------===//

/// The whole inference surgery, in order: [freeze] strip -> bind ->
/// Switch/Merge -> dropout -> remove-nodes -> fold constants -> [fold batch
/// norms -> fold constants] -> merge duplicates -> strip -> [quantize] ->
/// sort. `options.outputs` are used as given (empty: each step infers its
/// own); `printPipeline` is the pass's and ignored here.
void buildOptimizeForInferencePipeline(
    OpPassManager &pm, const OptimizeForInferenceOptions &options);

/// TensorFlow transform_graph's `--transforms` spelling (with its
/// `--inputs` and `--outputs`) as the TFG passes that do the same, added to
/// `pm` in order. Fails with `error` set, adding nothing, on an unknown
/// transform or parameter, a bad value, or bad syntax.
LogicalResult buildTransformGraphPipeline(OpPassManager &pm,
                                          const TransformGraphOptions &options,
                                          std::string &error);

/// `pm`'s passes as pipeline text, without the `builtin.module(...)`
/// anchor: what the `print-pipeline` options print, and what
/// `--pass-pipeline` / tfg-run's `--pipeline` take back.
void printPipelinePasses(OpPassManager &pm, llvm::raw_ostream &os);

//===----------------------------------------------------------------------===//
// CPU lowering (tfg.graph -> func.func -> linalg -> LLVM dialect)
//===----------------------------------------------------------------------===//

/// Options of the whole CPU lowering (those of tfg-graph-to-func).
struct LowerToLLVMOptions {
  llvm::SmallVector<std::string> inputs, inputShapes, outputs;
  int64_t batchSize = 1;
  /// Unknown input dimensions stay dynamic (tfg-graph-to-func dynamic-dims).
  bool dynamicDims = false;
  std::string funcName = "main";
  /// Threads of the compiled code (buildLinalgToLLVMPipeline's); 1: serial.
  unsigned threads = 1;
};

/// Graph -> func.func -> linalg/tensor/arith/math on tensors. What
/// `--tfg-lower-to-linalg` runs.
void buildLowerToLinalgPipeline(OpPassManager &pm,
                                const LowerToLLVMOptions &options);

/// Upstream bufferization and conversion of a tensor-level function
/// (linalg, tensor, arith, math) to the LLVM dialect. With `threads` > 1,
/// the heavy ops run in `threads` chunks on OpenMP threads
/// (tfg-cpu-parallelize, then OpenMP): the code calls libomp's __kmpc_*
/// functions, which the JIT must resolve. `threads` = 1 adds no pass.
void buildLinalgToLLVMPipeline(OpPassManager &pm, unsigned threads = 1);

/// The whole CPU lowering: buildLowerToLinalgPipeline, then
/// buildLinalgToLLVMPipeline; the function gets `llvm.emit_c_interface`.
/// What `--tfg-lower-to-llvm` runs.
void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options);

/// Registers the passes of TFG/Pipelines/Passes.td
/// (tfg-optimize-for-inference, tfg-transform-graph) and the named
/// pipelines tfg-optimize-for-inference-pipeline, tfg-lower-to-linalg and
/// tfg-lower-to-llvm. The passes they run are registered by
/// registerTFGPasses / registerTFGConversionPasses.
void registerTFGPipelines();

} // namespace mlir::tfg

#endif // TFG_PIPELINES_PIPELINES_H
