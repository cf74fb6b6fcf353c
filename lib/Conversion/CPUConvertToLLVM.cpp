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
// does first, run on the functions in parallel.
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
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Threading.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // A loop's annotation (tfg::keepLoopRolled) reaches the latch branch as
    // the discardable attribute scf-to-cf gives cf.br, which the branch
    // lowering copies as it is; the translation to LLVM IR reads the
    // branch's own loop_annotation.
    module.walk([](Operation *op) {
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

    // The casts between the source and LLVM types that the patterns put in
    // cancel out pairwise; one that does not is a value whose type has no
    // LLVM form.
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk(
        [&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    SmallVector<UnrealizedConversionCastOp> left;
    reconcileUnrealizedCasts(casts, &left);
    if (left.empty())
      return;
    for (UnrealizedConversionCastOp cast : left)
      cast.emitError() << "a cast from " << cast.getOperandTypes() << " to "
                       << cast.getResultTypes()
                       << " is left after the conversion to the LLVM dialect "
                          "(a value whose type has no LLVM form)";
    signalPassFailure();
  }

  FrozenRewritePatternSet vectorPatterns;
};

} // namespace
