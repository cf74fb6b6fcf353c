//===- CPUPackGemv.cpp - One-row products with panel-packed weights -------===//
//
// The packing of a GEMV's constant weights into column panels, shared by
// tfg-cpu-vectorize-matmul (one thread) and tfg-cpu-parallelize (which
// splits the panels among threads).
//
//===----------------------------------------------------------------------===//

#include "CPUPackGemv.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectResourceBlobManager.h"

using namespace mlir;

namespace {

/// The values of a constant f32 tensor (inline or a resource blob), or
/// nothing when `v` is not one.
std::optional<SmallVector<float>> constantValues(Value v) {
  auto constant = v.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return std::nullopt;
  if (auto dense = dyn_cast<DenseFPElementsAttr>(constant.getValue())) {
    if (!dense.getElementType().isF32())
      return std::nullopt;
    return llvm::to_vector(dense.getValues<float>());
  }
  if (auto blob = dyn_cast<DenseF32ResourceElementsAttr>(constant.getValue()))
    if (std::optional<ArrayRef<float>> data = blob.tryGetAsArrayRef())
      return SmallVector<float>(*data);
  return std::nullopt;
}

} // namespace

/// Each column tile of the packed product streams one contiguous block of
/// weights instead of a strided window of every row.
linalg::GenericOp tfg::packConstantGemv(RewriterBase &rewriter,
                                        linalg::MatmulOp op) {
  if (!op.hasPureTensorSemantics() || op.hasUserDefinedMaps() ||
      op->getNumResults() != 1 ||
      llvm::any_of(op->getOperandTypes(), [](Type t) {
        auto shaped = cast<ShapedType>(t);
        return !shaped.getElementType().isF32() || !shaped.hasStaticShape();
      }))
    return {};
  auto lhsType = cast<RankedTensorType>(op.getInputs()[0].getType());
  auto rhsType = cast<RankedTensorType>(op.getInputs()[1].getType());
  int64_t k = rhsType.getDimSize(0), n = rhsType.getDimSize(1);
  if (lhsType.getDimSize(0) != 1 || n <= kGemvPanelColumns)
    return {};
  // The accumulator's start: a fill (the lowering's zero) carries over to
  // the panels; anything else would need packing too.
  auto fill = op.getOutputs()[0].getDefiningOp<linalg::FillOp>();
  if (!fill)
    return {};
  std::optional<SmallVector<float>> weights = constantValues(op.getInputs()[1]);
  if (!weights || static_cast<int64_t>(weights->size()) != k * n)
    return {};
  int64_t panels = llvm::divideCeil(n, kGemvPanelColumns);
  SmallVector<float> packed(panels * k * kGemvPanelColumns, 0.0f);
  for (int64_t row = 0; row < k; ++row)
    for (int64_t col = 0; col < n; ++col)
      packed[((col / kGemvPanelColumns) * k + row) * kGemvPanelColumns +
             col % kGemvPanelColumns] = (*weights)[row * n + col];

  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  Type f32 = rewriter.getF32Type();
  rewriter.setInsertionPoint(op);
  auto packedType = RankedTensorType::get({panels, k, kGemvPanelColumns}, f32);
  Value packedWeights = arith::ConstantOp::create(
      rewriter, loc, DenseElementsAttr::get(packedType, ArrayRef(packed)));
  auto resultType = RankedTensorType::get({1, panels, kGemvPanelColumns}, f32);
  Value init =
      tensor::EmptyOp::create(rewriter, loc, resultType.getShape(), f32);
  init = linalg::FillOp::create(rewriter, loc, fill.getInputs()[0], init)
             .getResult(0);
  // Loops (p, m, j, k): panel, row, column in the panel, reduction.
  AffineExpr p, m, j, r;
  bindDims(context, p, m, j, r);
  SmallVector<AffineMap> maps = AffineMap::inferFromExprList(
      ArrayRef<ArrayRef<AffineExpr>>{{m, r}, {p, r, j}, {m, p, j}}, context);
  SmallVector<utils::IteratorType> iterators(3, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto product = linalg::GenericOp::create(
      rewriter, loc, TypeRange{resultType},
      ValueRange{op.getInputs()[0], packedWeights}, ValueRange{init}, maps,
      iterators, [](OpBuilder &b, Location loc, ValueRange args) {
        Value mul = arith::MulFOp::create(b, loc, args[0], args[1]);
        linalg::YieldOp::create(
            b, loc, ValueRange{arith::AddFOp::create(b, loc, args[2], mul)});
      });
  product->setAttr(kPackedGemvMark, rewriter.getUnitAttr());
  Value flat = tensor::CollapseShapeOp::create(
      rewriter, loc, product.getResult(0),
      SmallVector<ReassociationIndices>{{0}, {1, 2}});
  Value result = tensor::ExtractSliceOp::create(
      rewriter, loc, flat,
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0),
                             rewriter.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1),
                             rewriter.getIndexAttr(n)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1),
                             rewriter.getIndexAttr(1)});
  rewriter.replaceOp(op, result);
  return product;
}
