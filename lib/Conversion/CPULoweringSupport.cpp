//===- CPULoweringSupport.cpp - The CPU lowering's helpers ----------------===//
//
// The two small passes the CPU lowering pipeline runs that have no options
// and no use on their own (so they are not registered), the dialects the
// lowering creates, and the registration of the conversion passes. The
// pipeline that strings them together is in lib/Pipelines.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/InitAllExtensions.h"

namespace mlir::tfg {
namespace {
#define GEN_PASS_REGISTRATION
#include "TFG/Conversion/Passes.h.inc"

/// Marks the function for ExecutionEngine's C interface
/// (`_mlir_ciface_<name>`: results through a pointer, memrefs by pointer).
struct EmitCInterfacePass
    : PassWrapper<EmitCInterfacePass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(EmitCInterfacePass)
  void runOnOperation() override {
    getOperation()->setAttr("llvm.emit_c_interface",
                            UnitAttr::get(&getContext()));
  }
};

/// Strided memref.copy (padding, slices) as linalg.copy, hence as loops
/// that LLVM vectorizes, instead of a call to the runtime's element-by-
/// element memrefCopy. Contiguous copies stay memcpy.
struct StridedCopyToLoopsPass
    : PassWrapper<StridedCopyToLoopsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StridedCopyToLoopsPass)
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect>();
  }
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      auto source = cast<MemRefType>(copy.getSource().getType());
      auto target = cast<MemRefType>(copy.getTarget().getType());
      if (!source.getLayout().isIdentity() || !target.getLayout().isIdentity())
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};
} // namespace

std::unique_ptr<Pass> createEmitCInterfacePass() {
  return std::make_unique<EmitCInterfacePass>();
}

std::unique_ptr<Pass> createStridedCopyToLoopsPass() {
  return std::make_unique<StridedCopyToLoopsPass>();
}

void registerLoweringDialects(DialectRegistry &registry) {
  registry
      .insert<vector::VectorDialect, arith::ArithDialect,
              bufferization::BufferizationDialect, func::FuncDialect,
              linalg::LinalgDialect, LLVM::LLVMDialect, math::MathDialect,
              memref::MemRefDialect, scf::SCFDialect, tensor::TensorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerTilingInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  // The CPU kernel passes hoist each accumulator's vector read/write pair
  // out of the reduction loops (hoistLoopInvariantSubsets), which sees
  // only ops with a SubsetOpInterface: without these models (tfg-opt has
  // them through registerAllDialects) the hoisting did nothing in tfg-run.
  vector::registerSubsetOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  // The ownership-based deallocation frees a block's buffers at its
  // terminator, which it handles through these models where the terminator
  // is neither a branch nor a region terminator: scf.forall's
  // scf.forall.in_parallel. Without them (tfg-opt has them through
  // registerAllDialects) it skipped that terminator silently, and every
  // buffer allocated in a parallel chunk (the dynamic-size tiles of an
  // uneven split) leaked once per chunk per run at --threads > 1. The
  // arith model gives arith.select of buffers its ownership, cf's
  // cf.cond_br its.
  arith::registerBufferDeallocationOpInterfaceExternalModels(registry);
  cf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  scf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  registerAllExtensions(registry);
}

void registerTFGConversionPasses() { registerTFGLoweringPasses(); }

} // namespace mlir::tfg
