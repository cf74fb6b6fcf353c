//===- CPUConvertToLLVM.cpp - The loop code to the LLVM dialect at once ---===//
//
// The CPU pipeline's last conversion: vector, ub, memref, math, arith, cf,
// func, index and OpenMP to the LLVM dialect. Upstream, each is a pass of
// its own (convert-vector-to-llvm, ..., convert-func-to-llvm, then
// reconcile-unrealized-casts), and each applies a conversion to the whole
// module: legality checks, pattern lookups and a verification of the module
// a dozen times over, about 1 s of a 5 s compile on the bigger models
// (docs/design.md, "Compile time"). Here it is one conversion with all
// their patterns, after the vector lowering that convert-vector-to-llvm
// does first. Both run on the functions in parallel; the conversion keeps
// on one thread, before the bodies, only what reads or writes the module's
// symbol table (docs/design.md, "The conversion on both cores").
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <atomic>

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUCONVERTTOLLVM
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// convert-vector-to-llvm's first step with the pipeline's options
/// (contractions as outer products, element-wise transposes, 32-bit mask
/// indices): vector ops to the few that have an LLVM lowering. Rewrites
/// within a function only, so functions can go in parallel.
FrozenRewritePatternSet vectorLoweringPatterns(MLIRContext *context) {
  RewritePatternSet patterns(context);
  vector::populateVectorToVectorCanonicalizationPatterns(patterns);
  vector::populateVectorBitCastLoweringPatterns(patterns);
  vector::populateVectorBroadcastLoweringPatterns(patterns);
  vector::populateVectorContractLoweringPatterns(
      patterns, vector::VectorContractLowering::OuterProduct);
  vector::populateVectorMaskOpLoweringPatterns(patterns);
  vector::populateVectorShapeCastLoweringPatterns(patterns);
  vector::populateVectorInterleaveLoweringPatterns(patterns);
  vector::populateVectorTransposeLoweringPatterns(
      patterns, vector::VectorTransposeLowering::EltWise);
  // Transfers of rank > 1 were unrolled by convert-vector-to-scf.
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  vector::populateVectorMaskMaterializationPatterns(
      patterns, /*force32BitVectorIndices=*/true);
  vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
  vector::populateVectorStepLoweringPatterns(patterns);
  vector::populateVectorRankReducingFMAPattern(patterns);
  vector::populateVectorGatherLoweringPatterns(patterns);
  vector::populateVectorFromElementsUnrollPatterns(patterns);
  vector::populateVectorToElementsUnrollPatterns(patterns);
  return FrozenRewritePatternSet(std::move(patterns));
}

/// The body ops whose lowering adds to the module's symbol table or looks
/// it up through the pass's SymbolTableCollection, whose caches are not
/// thread-safe: memref.alloc/dealloc/copy (malloc, free, memrefCopy),
/// func.call (the callee's calling convention, by the collection), cf.assert
/// (abort and its message), vector.print (the print functions) and every op
/// a math-to-libm pattern rewrites (the libm declaration; math-to-llvm takes
/// most of them first, but which one wins is the driver's choice). Read off
/// the upstream pattern sources (LLVM 22): the others (arith, index, ub,
/// cf branches, the remaining memref and vector ops, OpenMP's region ops,
/// memref.get_global's addressof by name) build only inside their function.
DenseSet<OperationName> serialOps(MLIRContext *context) {
  DenseSet<OperationName> names;
  for (StringRef name :
       {memref::AllocOp::getOperationName(),
        memref::DeallocOp::getOperationName(),
        memref::CopyOp::getOperationName(), func::CallOp::getOperationName(),
        cf::AssertOp::getOperationName(), vector::PrintOp::getOperationName()})
    names.insert(OperationName(name, context));
  RewritePatternSet libm(context);
  populateMathToLibmConversionPatterns(libm);
  for (const std::unique_ptr<RewritePattern> &pattern :
       libm.getNativePatterns())
    if (std::optional<OperationName> root = pattern->getRootKind())
      names.insert(*root);
  return names;
}

/// Whether `op` is converted in the serial step: one of `serialOps`, or any
/// op on unranked memrefs (their descriptors are copied through malloc and
/// free when they cross a call or a return).
bool isSerial(Operation *op, const DenseSet<OperationName> &serialOps) {
  if (serialOps.contains(op->getName()))
    return true;
  auto unranked = [](Type type) { return isa<UnrankedMemRefType>(type); };
  return llvm::any_of(op->getOperandTypes(), unranked) ||
         llvm::any_of(op->getResultTypes(), unranked);
}

/// Whether `op` is inside (not at) a function of `module`: step 2's part.
bool isInFunctionBody(ModuleOp module, Operation *op) {
  Operation *top = module.getBody()->findAncestorOpInBlock(*op);
  return top && top != op && isa<FunctionOpInterface>(top);
}

struct CPUConvertToLLVMPass
    : tfg::impl::CPUConvertToLLVMBase<CPUConvertToLLVMPass> {
  LogicalResult initialize(MLIRContext *context) override {
    vectorPatterns = vectorLoweringPatterns(context);
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    // The greedy driver's result does not depend on the other functions;
    // like the upstream pass, it is best effort (what does not converge is
    // left to the conversion, which reports what it cannot lower).
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    parallelForEach(context, funcs, [&](func::FuncOp func) {
      (void)applyPatternsGreedily(func, vectorPatterns);
    });

    // The type converter as convert-func-to-llvm and finalize-memref-to-llvm
    // make theirs: index width from the data layout (64 bits without one).
    const auto &dataLayouts = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(context, dataLayouts.getAtOrAbove(module));
    if (auto layout = module->getAttrOfType<StringAttr>(
            LLVM::LLVMDialect::getDataLayoutAttrName()))
      options.dataLayout = llvm::DataLayout(layout.getValue());
    LLVMTypeConverter converter(context, options, &dataLayouts);

    RewritePatternSet patterns(context);
    SymbolTableCollection symbolTables;
    vector::populateVectorTransferLoweringPatterns(patterns);
    populateVectorToLLVMConversionPatterns(
        converter, patterns, /*reassociateFPReductions=*/false,
        /*force32BitVectorIndices=*/true, /*useVectorAlignment=*/false);
    // The vector lowering builds some vectors up from ub.poison.
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                   &symbolTables);
    // LLVM's intrinsics where it has them (exp, sqrt, floor, ...: the
    // higher benefit), libm calls for the rest (tanh, erf), vectors of
    // those a lane at a time: what convert-math-to-llvm then
    // convert-math-to-libm leave.
    populateMathToLLVMConversionPatterns(converter, patterns,
                                         /*approximateLog1p=*/true,
                                         /*benefit=*/2);
    populateMathToLibmConversionPatterns(patterns, /*benefit=*/1);
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns, &symbolTables);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    populateOpenMPToLLVMConversionPatterns(converter, patterns);

    // Everything must end in the LLVM dialect: an op that no pattern lowers
    // is an error here, not an unknown op for the translation to trip on.
    LLVMConversionTarget target(*context);
    target.addLegalOp<ModuleOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return false; });
    // OpenMP ops stay, once their regions and operands are LLVM's.
    target.addLegalOp<omp::BarrierOp, omp::FlushOp, omp::TaskwaitOp,
                      omp::TaskyieldOp, omp::TerminatorOp>();
    configureOpenMPToLLVMConversionLegality(target, converter);
    FrozenRewritePatternSet frozenPatterns(std::move(patterns));

    // 1. One thread: what belongs to the module, and every op whose lowering
    // reads or writes the module's symbol table. The function ops become
    // llvm.func first (their bodies' returns read the llvm.func for its
    // calling convention), with casts at the entry blocks' arguments that
    // step 2 resolves; the globals and the other ops at the top level; and,
    // inside the bodies, the ops of `serialOps` in the order the module has
    // them, so that the declarations they add (malloc, free, libm
    // functions) are made in the same order as by one conversion of the
    // module. The rest of the bodies is legal here.
    DenseSet<OperationName> serial = serialOps(context);
    ConversionTarget moduleTarget(*context);
    moduleTarget.addLegalDialect<LLVM::LLVMDialect>();
    moduleTarget.addLegalOp<ModuleOp>();
    // Whether an op below the top level is in a function: always, unless
    // a top-level op other than a function has regions (an OpenMP
    // declaration, say), whose ops are then converted here.
    bool onlyFunctionsHaveRegions =
        llvm::all_of(*module.getBody(), [](Operation &op) {
          return op.getNumRegions() == 0 || isa<FunctionOpInterface>(op);
        });
    moduleTarget.markUnknownOpDynamicallyLegal(
        [&](Operation *op) -> std::optional<bool> {
          if (op->getParentOp() == module.getOperation() ||
              (!onlyFunctionsHaveRegions && !isInFunctionBody(module, op)))
            return target.isLegal(op).has_value();
          return !isSerial(op, serial);
        });
    if (failed(applyPartialConversion(module, moduleTarget, frozenPatterns)))
      return signalPassFailure();

    // 2. The function bodies, one conversion each, on the context's threads.
    // What is left in them reads nothing outside its function but the type
    // converter (its caches are locked), the patterns and the target (both
    // immutable); none of their patterns makes an op of `serialOps` (which
    // would then touch the module from a thread).
    SmallVector<LLVM::LLVMFuncOp> bodies;
    for (auto func : module.getOps<LLVM::LLVMFuncOp>())
      if (!func.isExternal())
        bodies.push_back(func);
    std::atomic<bool> anyFailed = false;
    {
      // Diagnostics in the order of the functions, whatever the threads
      // do; emitted when it goes.
      ParallelDiagnosticHandler diagnostics(context);
      parallelFor(context, 0, bodies.size(), [&](size_t i) {
        diagnostics.setOrderIDForThread(i);
        if (failed(convertBody(bodies[i], target, frozenPatterns)))
          anyFailed = true;
        diagnostics.eraseOrderIDForThread();
      });
    }
    if (anyFailed)
      return signalPassFailure();

    // What step 1 left outside the functions (casts in a global's
    // initializer, say).
    SmallVector<UnrealizedConversionCastOp> casts;
    for (Operation &op : *module.getBody())
      if (!isa<FunctionOpInterface>(op))
        op.walk(
            [&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    if (failed(reconcileCasts(casts)))
      signalPassFailure();
  }

  /// Step 2 for one function: the conversion of its body, the loop
  /// annotations moved to where the translation reads them, the casts
  /// reconciled. Touches nothing outside `func`.
  static LogicalResult convertBody(LLVM::LLVMFuncOp func,
                                   const ConversionTarget &target,
                                   const FrozenRewritePatternSet &patterns) {
    if (failed(applyPartialConversion(func, target, patterns)))
      return failure();

    // A loop's annotation (tfg::keepLoopRolled) reaches the latch branch as
    // the discardable attribute scf-to-cf gives cf.br, which the branch
    // lowering copies as it is; the translation to LLVM IR reads the
    // branch's own loop_annotation.
    SmallVector<UnrealizedConversionCastOp> casts;
    func.walk([&](Operation *op) {
      if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op)) {
        casts.push_back(cast);
        return;
      }
      auto annotation = op->getDiscardableAttr("llvm.loop_annotation");
      if (!annotation)
        return;
      op->removeDiscardableAttr("llvm.loop_annotation");
      auto loop = dyn_cast<LLVM::LoopAnnotationAttr>(annotation);
      if (auto br = dyn_cast<LLVM::BrOp>(op); br && loop)
        br.setLoopAnnotationAttr(loop);
      else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op); condBr && loop)
        condBr.setLoopAnnotationAttr(loop);
    });
    // A function is isolated from above: its casts convert its own values.
    return reconcileCasts(casts);
  }

  /// The casts between the source and LLVM types that the patterns put in
  /// cancel out pairwise; one that does not is a value whose type has no
  /// LLVM form.
  static LogicalResult
  reconcileCasts(ArrayRef<UnrealizedConversionCastOp> casts) {
    SmallVector<UnrealizedConversionCastOp> left;
    reconcileUnrealizedCasts(casts, &left);
    for (UnrealizedConversionCastOp cast : left)
      cast.emitError() << "a cast from " << cast.getOperandTypes() << " to "
                       << cast.getResultTypes()
                       << " is left after the conversion to the LLVM dialect "
                          "(a value whose type has no LLVM form)";
    return success(left.empty());
  }

  FrozenRewritePatternSet vectorPatterns;
};

} // namespace
