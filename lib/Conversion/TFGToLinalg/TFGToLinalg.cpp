//===- TFGToLinalg.cpp - The tfg-convert-to-linalg pass -------------------===//
//
// Runs the per-family lowering patterns (one file each in this folder) as a
// full dialect conversion of a func.func built by tfg-graph-to-func. Before
// converting, every node without a lowering is listed in one error.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"
#include "TFG/Conversion/Passes.h"
#include "TFG/Dialect/IR/OpCategories.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CONVERTTFGTOLINALG
#define GEN_PASS_DEF_INFERSHAPES
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// func.return takes the lowered values; the function type is
/// updated to match after the conversion.
struct ReturnLowering : OpConversionPattern<func::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

/// A lowered value: a ranked tensor of a builtin element type that no TFG
/// node produces. Its dimensions are static except where the result size
/// depends on the data (NonMaxSuppression's indices), so the shape alone does
/// not tell a lowered value from a node's; a `variant` list or `resource`
/// handle is not lowered yet.
static bool isLoweredValue(Value value) {
  Operation *def = value.getDefiningOp();
  auto ranked = dyn_cast<RankedTensorType>(value.getType());
  return ranked && !isa<VariantType, ResourceType>(ranked.getElementType()) &&
         !(def && isa<TFGDialect>(def->getDialect()));
}

/// One error listing the op types without a lowering and their nodes.
LogicalResult checkEverythingLowers(func::FuncOp func,
                                    RewritePatternSet &patterns) {
  llvm::DenseSet<OperationName> lowered;
  // Op types of generic nodes that lower: a GenericNodeLowering's debug name.
  llvm::StringSet<> loweredGeneric;
  for (const auto &pattern : patterns.getNativePatterns())
    if (std::optional<OperationName> root = pattern->getRootKind()) {
      lowered.insert(*root);
      if (root->getStringRef() == GenericOp::getOperationName())
        loweredGeneric.insert(pattern->getDebugName());
    }
  llvm::MapVector<StringRef, SmallVector<StringRef>> blocked;
  func.walk([&](Operation *op) {
    if (!isNodeOp(op))
      return;
    // Generic nodes lower when a GenericNodeLowering names their op type,
    // and functional control flow (its list-typed operands are why the
    // importer keeps it generic).
    bool lowers = isa<GenericOp>(op)
                      ? isFunctionalControlFlow(op) ||
                            loweredGeneric.contains(getNodeOpType(op))
                      : lowered.contains(op->getName());
    if (!lowers)
      blocked[getNodeOpType(op)].push_back(getNodeName(op));
  });
  if (blocked.empty())
    return success();
  std::string list;
  size_t nodes = 0;
  for (auto &[type, names] : blocked) {
    nodes += names.size();
    list += "\n  " + type.str() + ": " +
            llvm::join(ArrayRef(names).take_front(8), ", ") +
            (names.size() > 8 ? ", ... (" + std::to_string(names.size()) + ")"
                              : std::string());
  }
  return func.emitError() << "cannot lower " << nodes << " node"
                          << (nodes == 1 ? "" : "s") << " of " << blocked.size()
                          << " op type" << (blocked.size() == 1 ? "" : "s")
                          << " without a CPU lowering (v1 control flow, "
                             "string ops and training ops like "
                             "BroadcastGradientArgs are not lowered):"
                          << list;
}

} // namespace

LogicalResult lowering::lowerTFGNodes(func::FuncOp func,
                                      ConversionConfig config) {
  MLIRContext *context = func.getContext();
  RewritePatternSet patterns(context);
  lowering::populateConstantPatterns(patterns);
  lowering::populateElementwisePatterns(patterns);
  lowering::populateConvolutionPatterns(patterns);
  lowering::populateMatMulPatterns(patterns);
  lowering::populatePoolingPatterns(patterns);
  lowering::populateReductionPatterns(patterns);
  lowering::populateShapePatterns(patterns);
  lowering::populateResizePatterns(patterns);
  lowering::populateGatherPatterns(patterns);
  lowering::populateNormalizationPatterns(patterns);
  lowering::populateRandomPatterns(patterns);
  lowering::populateQuantizationPatterns(patterns);
  lowering::populateControlFlowPatterns(patterns);
  lowering::populateScatterPatterns(patterns);
  lowering::populateTopKPatterns(patterns);
  lowering::populateTensorListPatterns(patterns);
  lowering::populateNonMaxSuppressionPatterns(patterns);
  patterns.add<ReturnLowering>(context);

  if (failed(checkEverythingLowers(func, patterns)))
    return failure();

  ConversionTarget target(*context);
  target.addLegalDialect<arith::ArithDialect, linalg::LinalgDialect,
                         math::MathDialect, scf::SCFDialect,
                         tensor::TensorDialect, func::FuncDialect>();
  target.addIllegalDialect<TFGDialect>();
  // A growing TensorArray's flow bundles its data and lengths
  // (TensorListPatterns.cpp); its readers take the bundle apart again.
  target.addLegalOp<UnrealizedConversionCastOp>();
  // Returning lowered values, whose shapes may be dynamic; a TFG node's
  // result (even of a ranked type) is not lowered yet.
  target.addDynamicallyLegalOp<func::ReturnOp>([](func::ReturnOp op) {
    return llvm::all_of(op.getOperands(), isLoweredValue);
  });
  // A pattern that fails explains why, naming the node; the driver's
  // generic "failed to legalize" that follows would only repeat it.
  bool explained = false;
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Error)
      return failure();
    if (explained && StringRef(diag.str()).starts_with("failed to legalize"))
      return success();
    explained = true;
    return failure();
  });
  if (failed(applyFullConversion(func, target, std::move(patterns), config)))
    return failure();
  func.walk([&](func::ReturnOp ret) {
    func.setType(FunctionType::get(context, func.getArgumentTypes(),
                                   ret.getOperandTypes()));
  });
  return success();
}

namespace {

/// The functions a lowering pass converts: every func.func but the library
/// bodies that functional control flow calls (lowered with each call).
SmallVector<func::FuncOp> functionsToLower(ModuleOp module) {
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func->hasAttr(attrs::kFunctionBody) && !func.isExternal())
      funcs.push_back(func);
  return funcs;
}

void eraseFunctionBodies(ModuleOp module) {
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (func->hasAttr(attrs::kFunctionBody))
      func.erase();
}

/// A growing TensorArray's flow is its data and lengths bundled
/// (TensorListPatterns.cpp), which a function cannot return: the graph
/// outputs an array's contents instead.
LogicalResult refuseArrayOutputs(func::FuncOp func) {
  WalkResult walk = func.walk([&](func::ReturnOp ret) {
    for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
      if (!lowering::isGrowingArray(v.getType()))
        continue;
      auto name = func.getResultAttrOfType<StringAttr>(i, attrs::kName);
      func.emitError() << "output '" << (name ? name.getValue() : "")
                       << "' is a growing TensorArray's flow, not a tensor: "
                          "output the array's contents (TensorArrayConcatV3, "
                          "TensorArrayGatherV3)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// A module pass, not a function pass: If/While/Case nodes lower their
/// branch and body functions, which are the function's siblings.
struct ConvertTFGToLinalgPass
    : tfg::impl::ConvertTFGToLinalgBase<ConvertTFGToLinalgPass> {
  void runOnOperation() override {
    for (func::FuncOp func : functionsToLower(getOperation()))
      if (failed(lowering::lowerTFGNodes(func)) ||
          failed(refuseArrayOutputs(func)))
        return signalPassFailure();
    eraseFunctionBodies(getOperation());
  }
};

struct InferShapesPass : tfg::impl::InferShapesBase<InferShapesPass> {
  void runOnOperation() override {
    // Lower a copy of the module and read the static types off the
    // replacements.
    ModuleOp module = getOperation();
    OwningOpRef<ModuleOp> scratch = cast<ModuleOp>(module->clone());
    for (auto [func, copy] :
         llvm::zip(functionsToLower(module), functionsToLower(*scratch))) {
      llvm::StringMap<SmallVector<Type>> types;
      {
        lowering::ScopedShapeLog log(&types);
        if (failed(lowering::lowerTFGNodes(copy)))
          return signalPassFailure();
      }
      writeBack(func, types);
    }
  }

  void writeBack(func::FuncOp func,
                 const llvm::StringMap<SmallVector<Type>> &types) {
    func.walk([&](Operation *op) {
      if (!isNodeOp(op))
        return;
      auto it = types.find(getNodeName(op));
      if (it == types.end())
        return;
      for (auto [result, type] : llvm::zip(getDataResults(op), it->second))
        if (auto ranked = dyn_cast_or_null<RankedTensorType>(type))
          if (!ranked.getEncoding() && isa<TensorType>(result.getType()) &&
              cast<TensorType>(result.getType()).getElementType() ==
                  ranked.getElementType() &&
              succeeded(verifyCompatibleShape(result.getType(), ranked)))
            // Only a refinement: a lowered representation of another shape
            // (a TensorArray's scalar flow carries the whole array) is not
            // the node's shape.
            result.setType(ranked);
    });
    for (Operation &op : func.getBody().front())
      if (auto ret = dyn_cast<func::ReturnOp>(op))
        func.setType(FunctionType::get(&getContext(), func.getArgumentTypes(),
                                       ret.getOperandTypes()));
  }
};

} // namespace
