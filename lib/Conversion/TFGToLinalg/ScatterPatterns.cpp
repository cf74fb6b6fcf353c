//===- ScatterPatterns.cpp - OneHot, SparseToDense
//-------------------------===//
//
// Dense tensors written at the positions an index tensor names. OneHot
// compares each output position with its index (one linalg.generic);
// SparseToDense fills the default and stores each listed value in a
// sequential scf.for (the list is in no particular order, and a repeated
// index keeps its last value, as TensorFlow's ToDense does).
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

bool isIndexType(Type type) {
  return type.isSignlessInteger() && !type.isInteger(1);
}

/// Index values as i64, sign-extended (TensorFlow's int8/int32 indices are
/// signed).
Value toI64(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isInteger(64))
    return v;
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
}

std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    text += (i ? "," : "") + std::to_string(d);
  return text + "]";
}

/// OneHot: out[..., j, ...] = indices[..., ...] == j ? on_value : off_value,
/// j running along `axis` (-1: a new last dimension) over [0, depth). A
/// negative or too large index matches no j: its row is all off_value, as
/// in TensorFlow.
LogicalResult lowerOneHot(Operation *node, ValueRange data,
                          ConversionPatternRewriter &rewriter) {
  auto types = requireStaticOperands(node, data);
  if (failed(types))
    return failure();
  RankedTensorType indicesType = (*types)[0];
  if (!isIndexType(indicesType.getElementType()))
    return nodeError(node, "indices of dtype " +
                               typeStr(indicesType.getElementType()) +
                               " are not lowered");
  if ((*types)[1].getRank() != 0)
    return nodeError(node,
                     "depth must be a scalar, not " + typeStr((*types)[1]));
  auto depthValues = requireConstantInts(node, data[1], "depth");
  if (failed(depthValues))
    return failure();
  int64_t depth = depthValues->front();
  if (depth < 0)
    return nodeError(node, "depth must be non-negative, got: " + Twine(depth));
  for (auto [i, name] : {std::pair(2, "on_value"), std::pair(3, "off_value")})
    if ((*types)[i].getRank() != 0)
      return nodeError(node, Twine(name) + " must be a scalar, not " +
                                 typeStr((*types)[i]));
  Type elementType = (*types)[2].getElementType();
  if ((*types)[3].getElementType() != elementType)
    return nodeError(node, "on_value " + typeStr((*types)[2]) +
                               " and off_value " + typeStr((*types)[3]) +
                               " differ in dtype");
  int64_t rank = indicesType.getRank() + 1;
  int64_t axis = intAttrOr(node, "axis", -1);
  if (axis != -1 && (axis < 0 || axis >= rank))
    return nodeError(node, "axis must be -1 or in [0, " + Twine(rank) +
                               "), not " + Twine(axis));
  if (axis == -1)
    axis = rank - 1;

  SmallVector<int64_t> shape(indicesType.getShape());
  shape.insert(shape.begin() + axis, depth);
  MLIRContext *context = rewriter.getContext();
  SmallVector<AffineExpr> indexExprs;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis)
      indexExprs.push_back(getAffineDimExpr(d, context));
  AffineMap scalarMap = AffineMap::get(rank, 0, {}, context);
  SmallVector<AffineMap> maps{AffineMap::get(rank, 0, indexExprs, context),
                              scalarMap, scalarMap,
                              AffineMap::getMultiDimIdentityMap(rank, context)};
  Location loc = node->getLoc();
  Value init = createEmpty(rewriter, loc, shape, elementType);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{init.getType()},
      ValueRange{data[0], data[2], data[3]}, ValueRange{init}, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value position = arith::IndexCastOp::create(
            b, l, b.getI64Type(), linalg::IndexOp::create(b, l, axis));
        Value hot = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                          toI64(b, l, args[0]), position);
        linalg::YieldOp::create(
            b, l, Value(arith::SelectOp::create(b, l, hot, args[1], args[2])));
      });
  replaceNode(rewriter, node, generic.getResult(0));
  return success();
}

/// Checks constant sparse indices as TensorFlow's SparseToDense does: in
/// bounds always, strictly increasing in row-major order when
/// `validate_indices`.
LogicalResult checkConstantIndices(Operation *node, DenseElementsAttr indices,
                                   int64_t numDims, ArrayRef<int64_t> shape,
                                   bool validateOrder) {
  SmallVector<int64_t> all;
  for (const APInt &v : indices.getValues<APInt>())
    all.push_back(v.getSExtValue());
  ArrayRef<int64_t> previous;
  for (int64_t n = 0; numDims && n < (int64_t)all.size() / numDims; ++n) {
    ArrayRef<int64_t> index = ArrayRef(all).slice(n * numDims, numDims);
    std::string where =
        "indices[" + std::to_string(n) + "] = " + shapeString(index);
    for (int64_t d = 0; d < numDims; ++d)
      if (index[d] < 0 || index[d] >= shape[d])
        return nodeError(node, where + " is out of bounds: need 0 <= index < " +
                                   shapeString(shape));
    if (validateOrder && !previous.empty()) {
      if (index == previous)
        return nodeError(node, where + " is repeated");
      if (std::lexicographical_compare(index.begin(), index.end(),
                                       previous.begin(), previous.end()))
        return nodeError(node, where + " is out of order (validate_indices "
                                       "wants them sorted)");
    }
    previous = index;
  }
  return success();
}

/// SparseToDense(sparse_indices, output_shape, sparse_values,
/// default_value). sparse_indices is a scalar (one index), a vector (one
/// index per element, for a 1-D output) or a matrix [N, rank]; values are
/// one scalar for all or one per index. TensorFlow fails on an index out of
/// bounds (and, with validate_indices, on unsorted or repeated indices):
/// constant indices are checked while lowering with the same messages;
/// indices that are computed cannot fail at run time, so an index out of
/// bounds is skipped, and a repeated one keeps the last value.
LogicalResult lowerSparseToDense(Operation *node, ValueRange data,
                                 ConversionPatternRewriter &rewriter) {
  auto types = requireStaticOperands(node, data);
  if (failed(types))
    return failure();
  RankedTensorType indicesType = (*types)[0], valuesType = (*types)[2];
  if (!isIndexType(indicesType.getElementType()))
    return nodeError(node, "sparse_indices of dtype " +
                               typeStr(indicesType.getElementType()) +
                               " are not lowered");
  if (indicesType.getRank() > 2)
    return nodeError(node,
                     "sparse_indices should be a scalar, vector, or matrix, "
                     "not " +
                         typeStr(indicesType));
  int64_t numElems = indicesType.getRank() > 0 ? indicesType.getDimSize(0) : 1;
  int64_t numDims = indicesType.getRank() > 1 ? indicesType.getDimSize(1) : 1;
  if ((*types)[1].getRank() > 1)
    return nodeError(node, "output_shape should be a vector, not " +
                               typeStr((*types)[1]));
  auto shape = requireConstantInts(node, data[1], "output_shape");
  if (failed(shape))
    return failure();
  if ((int64_t)shape->size() != numDims)
    return nodeError(node, "output_shape has " + Twine(shape->size()) +
                               " elements, but the indices have " +
                               Twine(numDims) + " dimensions");
  for (int64_t d : *shape)
    if (d < 0)
      return nodeError(node, "output_shape " + shapeString(*shape) +
                                 " has a negative dimension");
  if (valuesType.getRank() != 0 &&
      (valuesType.getRank() != 1 || valuesType.getDimSize(0) != numElems))
    return nodeError(node, "sparse_values " + typeStr(valuesType) +
                               " should be a scalar or have " +
                               Twine(numElems) + " elements");
  if ((*types)[3].getRank() != 0)
    return nodeError(node, "default_value should be a scalar, not " +
                               typeStr((*types)[3]));
  Type elementType = valuesType.getElementType();
  if ((*types)[3].getElementType() != elementType)
    return nodeError(node, "default_value " + typeStr((*types)[3]) +
                               " and sparse_values " + typeStr(valuesType) +
                               " differ in dtype");
  if (!isa<FloatType>(elementType) && !elementType.isSignlessInteger())
    return nodeError(node, "dtype " + typeStr(elementType) + " is not lowered");
  auto validate = node->getAttrOfType<BoolAttr>("validate_indices");
  if (DenseElementsAttr constant = getConstantElements(data[0]))
    if (failed(checkConstantIndices(node, constant, numDims, *shape,
                                    !validate || validate.getValue())))
      return failure();

  Location loc = node->getLoc();
  auto index = [&](OpBuilder &b, Location l, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, l, v);
  };
  Value defaultValue =
      tensor::ExtractOp::create(rewriter, loc, data[3], ValueRange{});
  Value dense = createFilled(rewriter, loc, *shape, defaultValue);
  Value indices = reshapeTo(rewriter, loc, data[0], {numElems, numDims});
  Value sharedValue;
  if (valuesType.getRank() == 0)
    sharedValue =
        tensor::ExtractOp::create(rewriter, loc, data[2], ValueRange{});
  auto loop = scf::ForOp::create(
      rewriter, loc, index(rewriter, loc, 0), index(rewriter, loc, numElems),
      index(rewriter, loc, 1), ValueRange{dense},
      [&](OpBuilder &b, Location l, Value n, ValueRange carried) {
        SmallVector<Value> coordinates;
        Value inBounds;
        for (int64_t d = 0; d < numDims; ++d) {
          Value coordinate =
              toI64(b, l,
                    tensor::ExtractOp::create(b, l, indices,
                                              ValueRange{n, index(b, l, d)}));
          Value zero = createScalar(b, l, b.getI64Type(), 0);
          Value size = createScalar(b, l, b.getI64Type(), (*shape)[d]);
          Value ok = arith::AndIOp::create(
              b, l,
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, coordinate,
                                    zero),
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, coordinate,
                                    size));
          inBounds = inBounds ? arith::AndIOp::create(b, l, inBounds, ok) : ok;
          coordinates.push_back(
              arith::IndexCastOp::create(b, l, b.getIndexType(), coordinate));
        }
        if (!inBounds)
          inBounds = arith::ConstantIntOp::create(b, l, 1, 1);
        auto store = scf::IfOp::create(
            b, l, inBounds,
            [&](OpBuilder &tb, Location tl) {
              Value value = sharedValue ? sharedValue
                                        : tensor::ExtractOp::create(
                                              tb, tl, data[2], ValueRange{n});
              Value written = tensor::InsertOp::create(tb, tl, value,
                                                       carried[0], coordinates);
              scf::YieldOp::create(tb, tl, written);
            },
            [&](OpBuilder &eb, Location el) {
              scf::YieldOp::create(eb, el, carried[0]);
            });
        scf::YieldOp::create(b, l, store.getResult(0));
      });
  replaceNode(rewriter, node, loop.getResult(0));
  return success();
}

} // namespace

void lowering::populateScatterPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<NodeLowering>("OneHot", context, lowerOneHot);
  patterns.add<NodeLowering>("SparseToDense", context, lowerSparseToDense);
}
