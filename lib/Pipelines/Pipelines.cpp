//===- Pipelines.cpp - Every TFG pipeline builder -------------------------===//
//
// The graph surgery and the CPU lowering as C++ builders that add passes
// made from their option structs, and their registration under a name.
// transform_graph's builder lives with its parser, in TransformGraph.cpp.
//
//===----------------------------------------------------------------------===//

#include "TFG/Pipelines/Pipelines.h"
#include "TFG/Conversion/Passes.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tfg {
namespace {
#define GEN_PASS_REGISTRATION
#include "TFG/Pipelines/Passes.h.inc"

/// tfg-optimize-for-inference's options but print-pipeline (use
/// --dump-pass-pipeline), as a named pipeline's.
struct OptimizeForInferencePipelineOptions
    : PassPipelineOptions<OptimizeForInferencePipelineOptions> {
  ListOption<std::string> inputs{*this, "inputs",
                                 llvm::cl::desc("Input node names")};
  ListOption<std::string> outputs{
      *this, "outputs", llvm::cl::desc("Output node names (required)")};
  ListOption<std::string> bind{
      *this, "bind",
      llvm::cl::desc("Placeholders to bind, name=value (training=false)")};
  Option<std::string> checkpoint{
      *this, "checkpoint",
      llvm::cl::desc("Freeze variables from this checkpoint first")};
  Option<bool> foldBatchNorms{
      *this, "fold-batch-norms",
      llvm::cl::desc("Fold batch norms into convolution / matmul weights"),
      llvm::cl::init(true)};
  Option<bool> quantizeWeights{
      *this, "quantize",
      llvm::cl::desc("Quantize large float weights (tfg-quantize-weights)"),
      llvm::cl::init(false)};

  OptimizeForInferenceOptions get() const {
    OptimizeForInferenceOptions o;
    o.inputs.assign(inputs.begin(), inputs.end());
    o.outputs.assign(outputs.begin(), outputs.end());
    o.bind.assign(bind.begin(), bind.end());
    o.checkpoint = checkpoint;
    o.foldBatchNorms = foldBatchNorms;
    o.quantizeWeights = quantizeWeights;
    return o;
  }
};

/// tfg-lower-to-linalg's and tfg-lower-to-llvm's options.
struct LowerToLLVMPipelineOptions
    : PassPipelineOptions<LowerToLLVMPipelineOptions> {
  ListOption<std::string> inputs{*this, "inputs", llvm::cl::desc("Fed nodes")};
  ListOption<std::string> inputShapes{
      *this, "input-shapes", llvm::cl::desc("name:1x224x224x3 per input")};
  ListOption<std::string> outputs{*this, "outputs",
                                  llvm::cl::desc("Output tensors")};
  Option<int64_t> batchSize{*this, "batch-size",
                            llvm::cl::desc("Unknown batch dimension"),
                            llvm::cl::init(1)};
  Option<bool> dynamicDims{
      *this, "dynamic-dims",
      llvm::cl::desc("Keep unknown input dimensions dynamic"),
      llvm::cl::init(false)};
  Option<std::string> funcName{*this, "func-name",
                               llvm::cl::desc("Function name"),
                               llvm::cl::init("main")};
  Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Threads of the heavy ops (OpenMP; 1: serial code)"),
      llvm::cl::init(1)};
  LowerToLLVMOptions get() const {
    LowerToLLVMOptions o;
    o.inputs.assign(inputs.begin(), inputs.end());
    o.inputShapes.assign(inputShapes.begin(), inputShapes.end());
    o.outputs.assign(outputs.begin(), outputs.end());
    o.batchSize = batchSize;
    o.dynamicDims = dynamicDims;
    o.funcName = funcName;
    o.threads = threads;
    return o;
  }
};
} // namespace

void buildOptimizeForInferencePipeline(
    OpPassManager &pm, const OptimizeForInferenceOptions &options) {
  // TF2 models compute inside the function library: flatten it first, so
  // that every later step sees the whole computation.
  pm.addPass(createInlineFunctions());
  // TF1 reference-typed leftovers (RefSwitch, a read AssignSub) become value
  // ops before freezing replaces the variables they refer to.
  pm.addPass(createRepairRefOps());
  if (!options.checkpoint.empty()) {
    FreezeVariablesOptions freeze;
    freeze.checkpoint = options.checkpoint;
    freeze.outputs = options.outputs;
    pm.addPass(createFreezeVariables(freeze));
  }
  StripUnusedNodesOptions strip;
  strip.inputs = options.inputs;
  strip.outputs = options.outputs;
  pm.addPass(createStripUnusedNodes(strip));
  BindPlaceholdersOptions bind;
  bind.bindings = options.bind;
  bind.inputs = options.inputs;
  pm.addPass(createBindPlaceholders(bind));
  pm.addPass(createEliminateSwitchMerge());
  pm.addPass(createRemoveDropout());
  RemoveNodesOptions removeNodes;
  removeNodes.keep = options.outputs;
  removeNodes.absorbOutputIdentities = true;
  pm.addPass(createRemoveNodes(removeNodes));
  // What binding and branch elimination left constant is folded even where
  // some node cannot be (a warning): the surgery goes on.
  FoldConstantsOptions foldConstants;
  foldConstants.ignoreErrors = true;
  pm.addPass(createFoldConstants(foldConstants));
  if (options.foldBatchNorms) {
    pm.addPass(createFoldOldBatchNorms());
    pm.addPass(createFoldBatchNorms());
    pm.addPass(createFoldConstants(foldConstants));
  }
  MergeDuplicateNodesOptions merge;
  merge.keep = options.outputs;
  pm.addPass(createMergeDuplicateNodes(merge));
  StripUnusedNodesOptions stripAgain;
  stripAgain.outputs = options.outputs;
  pm.addPass(createStripUnusedNodes(stripAgain));
  if (options.quantizeWeights)
    pm.addPass(createQuantizeWeights());
  pm.addPass(createSortByExecutionOrder());
}

void printPipelinePasses(OpPassManager &pm, llvm::raw_ostream &os) {
  llvm::interleave(
      pm.getPasses(), os, [&](Pass &pass) { pass.printAsTextualPipeline(os); },
      ",");
}

void buildLowerToLinalgPipeline(OpPassManager &pm,
                                const LowerToLLVMOptions &options) {
  // TF1 graphs spell loops and conditionals in v1 control flow; the
  // lowering takes functional While/If (a no-op on graphs without them).
  pm.addPass(createRaiseV1ControlFlow());
  GraphToFuncOptions graphToFunc;
  graphToFunc.inputs = options.inputs;
  graphToFunc.inputShapes = options.inputShapes;
  graphToFunc.outputs = options.outputs;
  graphToFunc.batchSize = options.batchSize;
  graphToFunc.dynamicDims = options.dynamicDims;
  graphToFunc.funcName = options.funcName;
  pm.addPass(createGraphToFunc(graphToFunc));
  pm.addPass(createConvertTFGToLinalg());
  pm.addPass(createCanonicalizerPass());
}

void buildLinalgToLLVMPipeline(OpPassManager &pm, unsigned threads) {
  pm.addNestedPass<func::FuncOp>(createEmitCInterfacePass());
  // Convolutions read their input unpadded: before the chunking, so that
  // the border pieces are ops of their own and every chunk of the interior
  // is the same kernel.
  pm.addNestedPass<func::FuncOp>(createCPUFoldConvPadding());
  // Threads: heavy ops split into scf.forall chunks before the register
  // blocking (which then tiles each chunk), the other ops after the
  // elementwise fusion (one parallel loop per fused op); OpenMP after
  // bufferization. Nothing is added for one thread; the pass rejects 0 and
  // absurd counts.
  CPUParallelizeOptions parallelize;
  parallelize.threads = threads;
  // Inside the one parallel region of tfg-cpu-merge-parallel-regions a
  // split op costs a barrier, not a fork and a join: smaller ops are worth
  // splitting (a deep 1x1 layer's bias and activation at 7x7x1024, a
  // depthwise layer's border column), each some microseconds of one core.
  parallelize.minIterations = 1 << 14;
  if (threads != 1)
    pm.addNestedPass<func::FuncOp>(createCPUParallelize(parallelize));
  // Convolutions of dynamic spatial size (--dynamic-shapes) as loops of
  // static tiles, which the kernel pass then register-blocks.
  CPUTileDynamicConvolutionsOptions dynamicConvs;
  dynamicConvs.threads = threads;
  pm.addNestedPass<func::FuncOp>(
      createCPUTileDynamicConvolutions(dynamicConvs));
  pm.addNestedPass<func::FuncOp>(createCPUVectorizeConvolutions());
  pm.addNestedPass<func::FuncOp>(createCPUVectorizeMatmul());
  pm.addNestedPass<func::FuncOp>(createCPUVectorizePooling());
  pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createCPUWriteTilesInPlace());
  pm.addNestedPass<func::FuncOp>(createCPULoopOrder());
  pm.addNestedPass<func::FuncOp>(createLinalgFoldUnitExtentDimsPass());
  pm.addNestedPass<func::FuncOp>(createLinalgElementwiseOpFusionPass());
  if (threads > 1) {
    parallelize.generic = true;
    pm.addNestedPass<func::FuncOp>(createCPUParallelize(parallelize));
  }
  // Reductions over the innermost dimensions as vector rows: after the
  // chunking, so that each thread's chunk of rows is vectorized alike.
  pm.addNestedPass<func::FuncOp>(createCPUVectorizeReductions());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // A loop body (scf.while of a TensorFlow While) yields new tensors, not
  // its arguments updated in place; the deallocation pipeline frees them.
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::BufferDeallocationPipelineOptions dealloc;
  bufferization::buildBufferDeallocationPipeline(pm, dealloc);
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addNestedPass<func::FuncOp>(createStridedCopyToLoopsPass());
  {
    VectorTransferToSCFOptions toSCF;
    toSCF.unroll = true;
    pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass(toSCF));
  }
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // LLVM's compile time grows faster than linearly with a function's size.
  // Before OpenMP: a parallel loop is outlined whole, and its OpenMP region is
  // then made inside the outlined function.
  pm.addPass(createCPUOutlineLoopNests());
  // One arena per call for the intermediate buffers, after the outlining
  // (which marks distinct allocations' pointers noalias; planned buffers
  // used by one call still never overlap) and before OpenMP and the
  // control-flow lowering (the plan reads liveness off scf regions).
  pm.addPass(createCPUPlanMemory());
  if (threads > 1) {
    pm.addPass(createForallToParallelLoopPass());
    ConvertSCFToOpenMPPassOptions openMP;
    openMP.numThreads = threads;
    pm.addPass(createConvertSCFToOpenMPPass(openMP));
    // It wraps each loop body in memref.alloca_scope, which must stay one
    // block (the control-flow lowering would split it); the canonicalizer
    // inlines the scopes, as the bodies hold no alloca.
    pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
    // One fork for a run of nests instead of one each (barriers between
    // them), the serial nests between them in omp.single.
    pm.addPass(createCPUMergeParallelRegions());
  }
  // Layers of one shape that read different weights: one function, which
  // LLVM compiles once. After the merge, which changes a nest by what is
  // next to its one call.
  pm.addPass(createCPUShareIdenticalNests());
  // To the LLVM dialect. The steps before the conversion rewrite one
  // function at a time: nested, so that the context's threads take the
  // functions (the outlining made one per loop nest) in parallel.
  {
    OpPassManager &funcs = pm.nest<func::FuncOp>();
    funcs.addPass(createLowerAffinePass());
    funcs.addPass(createSCFToControlFlowPass());
    funcs.addPass(memref::createExpandStridedMetadataPass());
    funcs.addPass(createLowerAffinePass());
    // f32 exp as a polynomial (vectorizes; LLVM's exp would be a libm call
    // a lane); the conversion then makes intrinsics of the math functions
    // LLVM has (sqrt, rsqrt, floor, ...), libm calls of the rest (tanh,
    // erf).
    funcs.addPass(createCPUApproximateExp());
  }
  // One conversion for vector, memref, math, arith, cf, func, ub and
  // OpenMP, not a pass (a walk and a verification of the module) each.
  pm.addPass(createCPUConvertToLLVM());
  pm.addPass(createCPUKeepOutlined());
  // The memory descriptors' insertvalue/extractvalue chains and the
  // repeated constants of the conversion fold away here (blazeface-front:
  // 161 000 lines of LLVM dialect become 87 000), which the translation to
  // LLVM IR would otherwise carry. Per function, in parallel; without the
  // region simplification (block merging after the control-flow lowering),
  // which changed no corpus model's code and cost a third of the pass.
  // (The config's traversal is bottom-up, where the pass's option defaults
  // to top-down; the corpus' code is the same either way.)
  GreedyRewriteConfig canonicalize;
  canonicalize.setRegionSimplificationLevel(
      GreedySimplifyRegionLevel::Disabled);
  pm.addNestedPass<LLVM::LLVMFuncOp>(createCanonicalizerPass(canonicalize));
}

void buildLowerToLLVMPipeline(OpPassManager &pm,
                              const LowerToLLVMOptions &options) {
  buildLowerToLinalgPipeline(pm, options);
  buildLinalgToLLVMPipeline(pm, options.threads);
}

void registerTFGPipelines() {
  registerTFGPipelinePasses();
  // Not PassPipelineRegistration: its builder cannot fail, and without
  // outputs this pipeline would let every step infer its own from a graph
  // the previous steps changed (tfg-optimize-for-inference fixes them from
  // the graph first; a pipeline is built before there is a graph).
  registerPassPipeline(
      "tfg-optimize-for-inference-pipeline",
      "tfg-optimize-for-inference's steps for given outputs, as a pipeline "
      "(--dump-pass-pipeline shows them)",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        OptimizeForInferencePipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (options.outputs.empty())
          return errorHandler("tfg-optimize-for-inference-pipeline needs "
                              "outputs=...; tfg-optimize-for-inference "
                              "finds them in the graph");
        buildOptimizeForInferencePipeline(pm, options.get());
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optionsHandler) {
        optionsHandler(OptimizeForInferencePipelineOptions());
      });
  PassPipelineRegistration<LowerToLLVMPipelineOptions>(
      "tfg-lower-to-linalg",
      "tfg-graph-to-func, then tfg-convert-to-linalg: the graph as a "
      "function on static-shaped tensors in linalg/tensor/arith/math",
      [](OpPassManager &pm, const LowerToLLVMPipelineOptions &options) {
        buildLowerToLinalgPipeline(pm, options.get());
      });
  PassPipelineRegistration<LowerToLLVMPipelineOptions>(
      "tfg-lower-to-llvm",
      "The CPU lowering: tfg-lower-to-linalg, bufferization, loops, and the "
      "LLVM dialect (ready for mlir::ExecutionEngine)",
      [](OpPassManager &pm, const LowerToLLVMPipelineOptions &options) {
        buildLowerToLLVMPipeline(pm, options.get());
      });
}

} // namespace mlir::tfg
