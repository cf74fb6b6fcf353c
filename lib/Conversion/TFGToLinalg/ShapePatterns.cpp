//===- ShapePatterns.cpp - Reshape, Transpose, Concat, slices, pads -------===//
//
// Shape manipulation as tensor ops (collapse/expand, extract/insert_slice,
// pad) and linalg.transpose; axis, permutation and slice operands must be
// constants. Reshape's shape and Range's bounds may be computed at run
// time (dynamic shapes); a dynamic dimension passes through the others
// where it is taken whole.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

using Rewriter = ConversionPatternRewriter;

#define REQUIRE_STATIC(types, node, values)                                    \
  auto types = requireStaticOperands(node, values);                            \
  if (failed(types))                                                           \
    return failure();
#define REQUIRE_RANKED(types, node, values)                                    \
  auto types = requireRankedOperands(node, values);                            \
  if (failed(types))                                                           \
    return failure();
#define REQUIRE_INTS(var, node, value, what)                                   \
  auto var = requireConstantInts(node, value, what);                           \
  if (failed(var))                                                             \
    return failure();

/// The sizes a shape operand (Reshape's shape, Fill's dims) asks for,
/// element by element: constants as attributes (also in `known`), elements
/// computed at run time as index values (nullopt in `known`); a dynamic
/// dimension of a tensor is read as tensor.dim of its root, so that
/// Reshape can tell it is the same dimension as its input's.
FailureOr<SmallVector<OpFoldResult>>
readShapeOperand(Operation *node, OpBuilder &b, Value shape, StringRef what,
                 SmallVectorImpl<std::optional<int64_t>> &known) {
  auto type = dyn_cast<RankedTensorType>(shape.getType());
  if (!type || !type.hasStaticShape() || type.getRank() > 1 ||
      !type.getElementType().isSignlessInteger() ||
      type.getNumElements() > kMaxFoldedElements) {
    (void)nodeError(node, "its " + what + " (" + typeStr(shape.getType()) +
                              ") must be an integer vector of static length");
    return failure();
  }
  Location loc = node->getLoc();
  SmallVector<Value> values;
  auto partial = getPartialConstantInts(shape, &values);
  if (succeeded(partial)) {
    known.assign(partial->begin(), partial->end());
  } else { // a tensor computed from data: read each element
    known.assign(type.getNumElements(), std::nullopt);
    values.clear();
    for (int64_t i = 0; i < type.getNumElements(); ++i) {
      SmallVector<Value> at;
      if (type.getRank() == 1)
        at.push_back(arith::ConstantIndexOp::create(b, loc, i));
      values.push_back(tensor::ExtractOp::create(b, loc, shape, at));
    }
  }
  SmallVector<OpFoldResult> sizes;
  for (auto [value, constant] : llvm::zip(values, known)) {
    if (constant) {
      sizes.push_back(b.getIndexAttr(*constant));
    } else if (std::optional<DimRoot> root = traceDimScalar(value)) {
      sizes.push_back(
          tensor::DimOp::create(b, loc, root->source, root->dim).getResult());
    } else {
      sizes.push_back(
          arith::IndexCastOp::create(b, loc, b.getIndexType(), value)
              .getResult());
    }
  }
  return sizes;
}

/// Replaces each run-time element of `sizes` (nullopt in `known`, not a
/// traced dimension) by `v == -1 ? elements(input) / product of the others
/// : v`, the others' -1 counting as 1 (TensorFlow allows one -1; a 0
/// product gives 0 rather than a division by zero).
void resolveRunTimeMinusOne(OpBuilder &b, Location loc, Value input,
                            ArrayRef<std::optional<int64_t>> known,
                            SmallVectorImpl<OpFoldResult> &sizes) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  SmallVector<int64_t> candidates;
  for (auto [i, constant] : llvm::enumerate(known))
    if (!constant && !traceDimScalar(cast<Value>(sizes[i])))
      candidates.push_back(i);
  if (candidates.empty())
    return;
  Value minusOne = index(-1);
  OpFoldResult total = b.getIndexAttr(1);
  for (OpFoldResult size : getMixedSizes(b, loc, input))
    total = mulSizes(b, loc, total, size);
  Value others = index(1);
  for (OpFoldResult size : sizes) {
    Value v = sizeValue(b, loc, size);
    Value isMinusOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, minusOne);
    others = arith::MulIOp::create(
        b, loc, others,
        arith::SelectOp::create(b, loc, isMinusOne, index(1), v));
  }
  Value safeOthers = arith::MaxSIOp::create(b, loc, others, index(1));
  Value inferred =
      arith::DivSIOp::create(b, loc, sizeValue(b, loc, total), safeOthers);
  for (int64_t i : candidates) {
    Value v = cast<Value>(sizes[i]);
    Value isMinusOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, minusOne);
    sizes[i] =
        arith::SelectOp::create(b, loc, isMinusOne, inferred, v).getResult();
  }
}

/// Reshape to a shape with run-time elements, or of an input with dynamic
/// dimensions: the constant elements stay static; -1 is static when the
/// shape's run-time elements are exactly the input's dynamic dimensions
/// (Flatten: Pack(Shape(x)[0], -1)), else computed at run time. A run-time
/// element that is not a dimension may itself be the -1 (a shape tensor
/// computed from data): each such element is `-1 ? elements / product of
/// the others : itself`.
LogicalResult lowerDynamicReshape(Operation *node, ValueRange data,
                                  Rewriter &rewriter) {
  Location loc = node->getLoc();
  auto inputType = cast<RankedTensorType>(data[0].getType());
  SmallVector<std::optional<int64_t>> known;
  auto sizes = readShapeOperand(node, rewriter, data[1], "shape", known);
  if (failed(sizes))
    return failure();
  int64_t unknown = -1, knownProduct = 1;
  SmallVector<DimRoot> askedRoots;
  bool allTraced = true;
  for (auto [i, constant] : llvm::enumerate(known)) {
    if (constant && *constant == -1) {
      if (unknown >= 0)
        return nodeError(node, "the shape has more than one -1");
      unknown = i;
    } else if (constant) {
      if (*constant < 0)
        return nodeError(node,
                         "the shape has a negative size " + Twine(*constant));
      knownProduct *= *constant;
    } else if (std::optional<DimRoot> root =
                   traceDimScalar(cast<Value>((*sizes)[i]))) {
      askedRoots.push_back(*root);
    } else {
      allTraced = false;
    }
  }
  if (unknown >= 0) {
    SmallVector<DimRoot> inputRoots;
    int64_t staticProduct = 1;
    for (int64_t d = 0; d < inputType.getRank(); ++d) {
      if (inputType.isDynamicDim(d))
        inputRoots.push_back(traceDim(data[0], d));
      else
        staticProduct *= inputType.getDimSize(d);
    }
    // The same dynamic dimensions on both sides (as multisets) cancel.
    bool same = allTraced && inputRoots.size() == askedRoots.size();
    for (const DimRoot &root : inputRoots) {
      auto it = llvm::find(askedRoots, root);
      if (it == askedRoots.end()) {
        same = false;
        break;
      }
      askedRoots.erase(it);
    }
    if (same) {
      if (knownProduct == 0 || staticProduct % knownProduct)
        return nodeError(node, "cannot reshape " + typeStr(inputType) +
                                   " to the requested shape");
      (*sizes)[unknown] = rewriter.getIndexAttr(staticProduct / knownProduct);
    } else {
      if (knownProduct == 0)
        return nodeError(node, "cannot infer -1 next to a size 0");
      OpFoldResult total = rewriter.getIndexAttr(1),
                   others = rewriter.getIndexAttr(1);
      for (OpFoldResult size : getMixedSizes(rewriter, loc, data[0]))
        total = mulSizes(rewriter, loc, total, size);
      for (auto [i, size] : llvm::enumerate(*sizes))
        if ((int64_t)i != unknown)
          others = mulSizes(rewriter, loc, others, size);
      (*sizes)[unknown] =
          arith::DivSIOp::create(rewriter, loc, sizeValue(rewriter, loc, total),
                                 sizeValue(rewriter, loc, others))
              .getResult();
    }
  } else if (!allTraced) {
    resolveRunTimeMinusOne(rewriter, loc, data[0], known, *sizes);
  }
  replaceNode(rewriter, node, reshapeTo(rewriter, loc, data[0], *sizes));
  return success();
}

LogicalResult lowerReshape(Operation *node, ValueRange data,
                           Rewriter &rewriter) {
  REQUIRE_RANKED(ranked, node, data.take_front(1));
  if (!(*ranked)[0].hasStaticShape() || !getConstantElements(data[1]))
    return lowerDynamicReshape(node, data, rewriter);
  REQUIRE_STATIC(types, node, data.take_front(1));
  REQUIRE_INTS(shape, node, data[1], "shape");
  int64_t total = (*types)[0].getNumElements(), known = 1, unknown = -1;
  for (auto [i, d] : llvm::enumerate(*shape)) {
    if (d == -1) {
      if (unknown >= 0)
        return nodeError(node, "the shape has more than one -1");
      unknown = i;
    } else {
      known *= d;
    }
  }
  if (unknown >= 0) {
    if (known == 0 || total % known)
      return nodeError(node, "cannot reshape " + typeStr((*types)[0]) +
                                 " to the requested shape");
    (*shape)[unknown] = total / known;
  } else if (known != total) {
    return nodeError(node, "cannot reshape " + typeStr((*types)[0]) + " (" +
                               Twine(total) + " elements) to " + Twine(known) +
                               " elements");
  }
  replaceNode(rewriter, node,
              reshapeTo(rewriter, node->getLoc(), data[0], *shape));
  return success();
}

LogicalResult lowerSqueeze(Operation *node, ValueRange data,
                           Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data);
  RankedTensorType type = (*types)[0];
  SmallVector<int64_t> axes;
  if (auto list = node->getAttrOfType<ArrayAttr>("squeeze_dims"))
    for (Attribute a : list) {
      auto axis =
          normalizeAxis(node, cast<IntegerAttr>(a).getInt(), type.getRank());
      if (failed(axis))
        return failure();
      // Whether a dynamic dimension is 1 is known only at run time.
      if (failed(requireStaticDims(node, data[0], {*axis}, "input 0")))
        return failure();
      if (type.getDimSize(*axis) != 1)
        return nodeError(node, "cannot squeeze dimension " + Twine(*axis) +
                                   " of " + typeStr(type));
      axes.push_back(*axis);
    }
  SmallVector<OpFoldResult> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    bool drop =
        axes.empty() ? type.getDimSize(d) == 1 : llvm::is_contained(axes, d);
    if (!drop)
      shape.push_back(dimSize(rewriter, node->getLoc(), data[0], d));
  }
  replaceNode(rewriter, node,
              reshapeTo(rewriter, node->getLoc(), data[0], shape));
  return success();
}

LogicalResult lowerExpandDims(Operation *node, ValueRange data,
                              Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data.take_front(1));
  REQUIRE_INTS(dim, node, data[1], "dim");
  RankedTensorType type = (*types)[0];
  if (dim->size() != 1)
    return nodeError(node, "dim must hold one value");
  auto axis = normalizeAxis(node, (*dim)[0], type.getRank() + 1);
  if (failed(axis))
    return failure();
  SmallVector<OpFoldResult> shape =
      getMixedSizes(rewriter, node->getLoc(), data[0]);
  shape.insert(shape.begin() + *axis, rewriter.getIndexAttr(1));
  replaceNode(rewriter, node,
              reshapeTo(rewriter, node->getLoc(), data[0], shape));
  return success();
}

LogicalResult lowerTranspose(Operation *node, ValueRange data,
                             Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data.take_front(1));
  REQUIRE_INTS(perm, node, data[1], "perm");
  int64_t rank = (*types)[0].getRank();
  SmallVector<bool> seen(rank, false);
  for (int64_t &p : *perm) {
    if (p < 0)
      p += rank;
    if (p < 0 || p >= rank || seen[p] || (int64_t)perm->size() != rank)
      return nodeError(node, "perm is not a permutation of the " + Twine(rank) +
                                 " dimensions");
    seen[p] = true;
  }
  replaceNode(rewriter, node,
              transpose(rewriter, node->getLoc(), data[0], *perm));
  return success();
}

LogicalResult concatValues(Operation *node, ValueRange values, int64_t rawAxis,
                           Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, values);
  int64_t rank = (*types)[0].getRank();
  auto axis = normalizeAxis(node, rawAxis, rank);
  if (failed(axis))
    return failure();
  // Dimensions other than the axis must agree; a dynamic one is taken to
  // agree (as in elementwise broadcasting).
  for (RankedTensorType type : *types)
    for (int64_t d = 0; d < rank; ++d)
      if (type.getRank() != rank ||
          (d != *axis && !type.isDynamicDim(d) &&
           !(*types)[0].isDynamicDim(d) &&
           type.getDimSize(d) != (*types)[0].getDimSize(d)))
        return nodeError(
            node, "inputs " + typeStr((*types)[0]) + " and " + typeStr(type) +
                      " do not concatenate along axis " + Twine(*axis));
  replaceNode(rewriter, node,
              concatenate(rewriter, node->getLoc(), values, *axis));
  return success();
}

LogicalResult lowerConcatV2(Operation *node, ValueRange data,
                            Rewriter &rewriter) {
  REQUIRE_INTS(axis, node, data.back(), "axis");
  return concatValues(node, data.drop_back(), (*axis)[0], rewriter);
}

LogicalResult lowerPack(Operation *node, ValueRange data, Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data);
  int64_t rank = (*types)[0].getRank();
  auto axis = normalizeAxis(node, intAttrOr(node, "axis", 0), rank + 1);
  if (failed(axis))
    return failure();
  SmallVector<Value> expanded;
  for (Value value : data) {
    SmallVector<OpFoldResult> shape =
        getMixedSizes(rewriter, node->getLoc(), value);
    shape.insert(shape.begin() + *axis, rewriter.getIndexAttr(1));
    expanded.push_back(reshapeTo(rewriter, node->getLoc(), value, shape));
  }
  return concatValues(node, expanded, *axis, rewriter);
}

/// The pieces of `value` along its static `axis` of the given sizes; the
/// other dimensions may be dynamic (taken whole).
SmallVector<Value> splitAlong(OpBuilder &b, Location loc, Value value,
                              int64_t axis, ArrayRef<int64_t> sizes) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> shape = getMixedSizes(b, loc, value);
  SmallVector<Value> pieces;
  int64_t offset = 0;
  for (int64_t size : sizes) {
    SmallVector<int64_t> offsets(type.getRank(), 0), strides(type.getRank(), 1);
    offsets[axis] = offset;
    shape[axis] = b.getIndexAttr(size);
    pieces.push_back(extractSlice(b, loc, value, offsets, shape, strides));
    offset += size;
  }
  return pieces;
}

LogicalResult lowerUnpack(Operation *node, ValueRange data,
                          Rewriter &rewriter) {
  REQUIRE_STATIC(types, node, data);
  RankedTensorType type = (*types)[0];
  auto axis = normalizeAxis(node, intAttrOr(node, "axis", 0), type.getRank());
  if (failed(axis))
    return failure();
  int64_t num = type.getDimSize(*axis);
  SmallVector<Value> pieces = splitAlong(rewriter, node->getLoc(), data[0],
                                         *axis, SmallVector<int64_t>(num, 1));
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + *axis);
  for (Value &piece : pieces)
    piece = reshapeTo(rewriter, node->getLoc(), piece, shape);
  replaceNode(rewriter, node, pieces);
  return success();
}

LogicalResult lowerSplit(Operation *node, ValueRange data, Rewriter &rewriter) {
  REQUIRE_INTS(dim, node, data[0], "split_dim");
  REQUIRE_RANKED(types, node, data.drop_front());
  RankedTensorType type = (*types)[0];
  auto axis = normalizeAxis(node, (*dim)[0], type.getRank());
  if (failed(axis))
    return failure();
  // The split dimension sizes the pieces; the others may be dynamic.
  if (failed(requireStaticDims(node, data[1], {*axis}, "input 1")))
    return failure();
  int64_t num = intAttrOr(node, "num_split", 1);
  if (num < 1 || type.getDimSize(*axis) % num)
    return nodeError(node, "dimension " + Twine(*axis) + " of " +
                               typeStr(type) + " does not split into " +
                               Twine(num) + " parts");
  replaceNode(
      rewriter, node,
      splitAlong(rewriter, node->getLoc(), data[1], *axis,
                 SmallVector<int64_t>(num, type.getDimSize(*axis) / num)));
  return success();
}

LogicalResult lowerSplitV(Operation *node, ValueRange data,
                          Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data.take_front(1));
  REQUIRE_INTS(sizes, node, data[1], "size_splits");
  REQUIRE_INTS(dim, node, data[2], "split_dim");
  RankedTensorType type = (*types)[0];
  auto axis = normalizeAxis(node, (*dim)[0], type.getRank());
  if (failed(axis))
    return failure();
  // The split dimension sizes the pieces; the others may be dynamic.
  if (failed(requireStaticDims(node, data[0], {*axis}, "input 0")))
    return failure();
  int64_t known = 0, unknown = -1;
  for (auto [i, s] : llvm::enumerate(*sizes)) {
    if (s < -1 || (s == -1 && unknown >= 0) ||
        s > type.getDimSize(*axis) - known)
      return nodeError(node, "size_splits must be sizes that fit in "
                             "dimension " +
                                 Twine(*axis) + " of " + typeStr(type) +
                                 ", with at most one -1");
    if (s == -1)
      unknown = i;
    else
      known += s;
  }
  if (unknown >= 0)
    (*sizes)[unknown] = type.getDimSize(*axis) - known;
  else if (known != type.getDimSize(*axis))
    return nodeError(node, "size_splits do not add up to the dimension");
  replaceNode(rewriter, node,
              splitAlong(rewriter, node->getLoc(), data[0], *axis, *sizes));
  return success();
}

/// Slice. Constant begin/size on a static dimension are checked as
/// TensorFlow does. A dynamic dimension is taken from a constant begin to
/// its end (size -1; a begin past the end gives an empty slice, where
/// TensorFlow rejects it). begin/size computed at run time are clamped
/// into the dimension, so that every read stays inside the tensor where
/// TensorFlow would reject the slice: a constant size keeps the result
/// dimension static and moves the begin back inside, a run-time size
/// gives a dynamic one (-1 at run time takes the rest).
LogicalResult lowerSlice(Operation *node, ValueRange data, Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data.take_front(1));
  RankedTensorType type = (*types)[0];
  Location loc = node->getLoc();
  SmallVector<std::optional<int64_t>> knownBegin, knownSize;
  auto begins = readShapeOperand(node, rewriter, data[1], "begin", knownBegin);
  if (failed(begins))
    return failure();
  auto sizes = readShapeOperand(node, rewriter, data[2], "size", knownSize);
  if (failed(sizes))
    return failure();
  if ((int64_t)knownBegin.size() != type.getRank() ||
      (int64_t)knownSize.size() != type.getRank())
    return nodeError(node, "begin and size must have one value per dimension");
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  auto clamp = [&](Value v, Value low, Value high) -> Value {
    return arith::MinSIOp::create(
        rewriter, loc, arith::MaxSIOp::create(rewriter, loc, v, low), high);
  };
  SmallVector<OpFoldResult> offsets, resultSizes;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    std::optional<int64_t> begin = knownBegin[d], size = knownSize[d];
    bool dynamicDim = type.isDynamicDim(d);
    if ((begin && *begin < 0) || (size && *size < -1))
      return nodeError(node, "slice out of bounds in dimension " + Twine(d));
    if (begin && size && !dynamicDim) {
      int64_t extent = *size == -1 ? type.getDimSize(d) - *begin : *size;
      if (extent < 0 || *begin + extent > type.getDimSize(d))
        return nodeError(node, "slice out of bounds in dimension " + Twine(d));
      offsets.push_back(rewriter.getIndexAttr(*begin));
      resultSizes.push_back(rewriter.getIndexAttr(extent));
      continue;
    }
    if (dynamicDim && size && *size != -1)
      return nodeError(node, "dimension " + Twine(d) + " of input 0 (" +
                                 typeStr(type) +
                                 ") is dynamic: a Slice takes it only from "
                                 "begin to its end (size -1), not " +
                                 Twine(*size) + " elements");
    Value dim = sizeValue(rewriter, loc, dimSize(rewriter, loc, data[0], d));
    if (size && *size != -1) {
      // A constant size within the static dimension: the begin moves back
      // inside, the size stays static.
      if (*size > type.getDimSize(d))
        return nodeError(node, "slice out of bounds in dimension " + Twine(d));
      offsets.push_back(clamp(cast<Value>((*begins)[d]), index(0),
                              index(type.getDimSize(d) - *size)));
      resultSizes.push_back(rewriter.getIndexAttr(*size));
      continue;
    }
    OpFoldResult offset =
        begin && *begin == 0
            ? OpFoldResult(rewriter.getIndexAttr(0))
            : OpFoldResult(
                  clamp(sizeValue(rewriter, loc, (*begins)[d]), index(0), dim));
    OpFoldResult extent;
    if (begin && *begin == 0 && size) {
      extent = dimSize(rewriter, loc, data[0], d); // all of it
    } else {
      Value rest = arith::SubIOp::create(rewriter, loc, dim,
                                         sizeValue(rewriter, loc, offset));
      if (size) {
        extent = rest;
      } else {
        Value asked = cast<Value>((*sizes)[d]);
        Value all = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq, asked, index(-1));
        extent = arith::SelectOp::create(rewriter, loc, all, rest,
                                         clamp(asked, index(0), rest))
                     .getResult();
      }
    }
    offsets.push_back(offset);
    resultSizes.push_back(extent);
  }
  // Constant offsets: extractSlice folds a slice of a constant or of a
  // shape known element by element (mtcnn's Slice(Shape(x), [3], [1])
  // before a Reshape) into its elements, which the Reshape then reads.
  SmallVector<int64_t> staticOffsets;
  for (OpFoldResult offset : offsets)
    if (std::optional<int64_t> value = getConstantIntValue(offset))
      staticOffsets.push_back(*value);
  if ((int64_t)staticOffsets.size() == type.getRank()) {
    SmallVector<int64_t> unit(type.getRank(), 1);
    replaceNode(
        rewriter, node,
        extractSlice(rewriter, loc, data[0], staticOffsets, resultSizes, unit));
    return success();
  }
  SmallVector<OpFoldResult> strides(type.getRank(), rewriter.getIndexAttr(1));
  replaceNode(rewriter, node,
              tensor::ExtractSliceOp::create(rewriter, loc, data[0], offsets,
                                             resultSizes, strides)
                  .getResult());
  return success();
}

/// StridedSlice with TensorFlow's mask semantics (begin/end/ellipsis/
/// new_axis/shrink_axis), as its ValidateStridedSliceOp canonicalizes them.
LogicalResult lowerStridedSlice(Operation *node, ValueRange data,
                                Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data.take_front(1));
  REQUIRE_INTS(sparseBegin, node, data[1], "begin");
  REQUIRE_INTS(sparseEnd, node, data[2], "end");
  REQUIRE_INTS(sparseStrides, node, data[3], "strides");
  RankedTensorType type = (*types)[0];
  int64_t rank = type.getRank();
  int64_t beginMask = intAttrOr(node, "begin_mask", 0);
  int64_t endMask = intAttrOr(node, "end_mask", 0);
  int64_t ellipsisMask = intAttrOr(node, "ellipsis_mask", 0);
  int64_t newAxisMask = intAttrOr(node, "new_axis_mask", 0);
  int64_t shrinkMask = intAttrOr(node, "shrink_axis_mask", 0);
  int64_t sparseDims = sparseBegin->size();
  if ((int64_t)sparseEnd->size() != sparseDims ||
      (int64_t)sparseStrides->size() != sparseDims)
    return nodeError(node, "begin, end and strides differ in length");
  if (!ellipsisMask) { // an implicit ellipsis at the end
    ellipsisMask = int64_t(1) << sparseDims;
    sparseBegin->push_back(0);
    sparseEnd->push_back(0);
    sparseStrides->push_back(1);
    ++sparseDims;
  }
  struct DenseDim {
    int64_t begin = 0, end = 0, stride = 1;
    bool beginMasked = false, endMasked = false, shrink = false;
  };
  SmallVector<DenseDim> dense(rank);
  const int64_t kNewAxis = -1;
  SmallVector<int64_t> finalDims; // dense index per final dim, or kNewAxis
  int64_t full = 0;
  for (int64_t i = 0; i < sparseDims; ++i) {
    if (ellipsisMask & (int64_t(1) << i)) {
      int64_t newAxesAfter = 0;
      for (int64_t j = i + 1; j < sparseDims; ++j)
        if (newAxisMask & (int64_t(1) << j))
          ++newAxesAfter;
      int64_t next = std::min(rank - (sparseDims - i) + 1 + newAxesAfter, rank);
      for (; full < next; ++full) {
        dense[full].beginMasked = dense[full].endMasked = true;
        finalDims.push_back(full);
      }
      continue;
    }
    if (newAxisMask & (int64_t(1) << i)) {
      finalDims.push_back(kNewAxis);
      continue;
    }
    if (full >= rank)
      return nodeError(node, "the slice has more dimensions than the input");
    DenseDim &d = dense[full];
    d.begin = (*sparseBegin)[i];
    d.end = (*sparseEnd)[i];
    d.stride = (*sparseStrides)[i];
    d.beginMasked = beginMask & (int64_t(1) << i);
    d.endMasked = endMask & (int64_t(1) << i);
    d.shrink = shrinkMask & (int64_t(1) << i);
    if (!d.shrink)
      finalDims.push_back(full);
    ++full;
  }
  SmallVector<int64_t> offsets, sizes, strides;
  // Per dimension: the run-time begin and size of a dynamic dimension
  // sliced in part (null when static or taken whole).
  SmallVector<Value> runTimeBegin(rank), runTimeSize(rank);
  Location loc = node->getLoc();
  bool anyNegative = false;
  for (int64_t i = 0; i < rank; ++i) {
    DenseDim &d = dense[i];
    int64_t n = type.getDimSize(i);
    if (d.stride == 0)
      return nodeError(node, "a stride is 0");
    if (type.isDynamicDim(i)) {
      // A dynamic dimension taken whole ([:] or [0:]) stays its own; a
      // part of it with a positive stride is canonicalized at run time as
      // TensorFlow does (negative begin/end count from the end, then
      // clamped into [0, n]); a shrink or a negative stride needs it
      // static.
      bool whole = !d.shrink && d.stride == 1 && d.endMasked &&
                   (d.beginMasked || d.begin == 0);
      if (!whole && (d.shrink || d.stride < 0))
        return requireStaticDims(node, data[0], {i}, "input 0");
      offsets.push_back(0);
      sizes.push_back(ShapedType::kDynamic);
      strides.push_back(d.stride);
      if (whole)
        continue;
      auto index = [&](int64_t v) -> Value {
        return arith::ConstantIndexOp::create(rewriter, loc, v);
      };
      Value size = sizeValue(rewriter, loc, dimSize(rewriter, loc, data[0], i));
      auto canonical = [&](int64_t x, bool masked, bool isEnd) -> Value {
        if (masked)
          return isEnd ? size : index(0);
        Value forward =
            x < 0 ? arith::AddIOp::create(rewriter, loc, size, index(x))
                        .getResult()
                  : index(x);
        return arith::MinSIOp::create(
            rewriter, loc,
            arith::MaxSIOp::create(rewriter, loc, forward, index(0)), size);
      };
      Value begin = canonical(d.begin, d.beginMasked, false);
      Value end = canonical(d.end, d.endMasked, true);
      Value extent = arith::DivSIOp::create(
          rewriter, loc,
          arith::AddIOp::create(
              rewriter, loc, arith::SubIOp::create(rewriter, loc, end, begin),
              index(d.stride - 1)),
          index(d.stride));
      runTimeBegin[i] = begin;
      runTimeSize[i] = arith::MaxSIOp::create(rewriter, loc, extent, index(0));
      continue;
    }
    int64_t begin, end;
    if (d.shrink) {
      begin = d.begin < 0 ? d.begin + n : d.begin;
      if (begin < 0 || begin >= n)
        return nodeError(node,
                         "shrink index out of bounds in dimension " + Twine(i));
      end = begin + 1;
      d.stride = 1;
    } else {
      auto canonical = [&](int64_t x, bool masked, bool isEnd) {
        if (masked)
          return d.stride > 0 ? (isEnd ? n : 0) : (isEnd ? -1 : n - 1);
        int64_t forward = x < 0 ? x + n : x;
        return d.stride > 0 ? std::clamp<int64_t>(forward, 0, n)
                            : std::clamp<int64_t>(forward, -1, n - 1);
      };
      begin = canonical(d.begin, d.beginMasked, false);
      end = canonical(d.end, d.endMasked, true);
    }
    int64_t size = d.stride > 0 ? (end - begin + d.stride - 1) / d.stride
                                : (begin - end - d.stride - 1) / -d.stride;
    offsets.push_back(begin);
    sizes.push_back(std::max<int64_t>(size, 0));
    strides.push_back(d.stride);
    anyNegative |= d.stride < 0;
  }
  SmallVector<OpFoldResult> mixedSizes;
  for (auto [i, size] : llvm::enumerate(sizes))
    mixedSizes.push_back(runTimeSize[i] ? OpFoldResult(runTimeSize[i])
                         : ShapedType::isDynamic(size)
                             ? dimSize(rewriter, loc, data[0], i)
                             : OpFoldResult(rewriter.getIndexAttr(size)));
  Value sliced;
  if (llvm::any_of(runTimeBegin, [](Value v) { return bool(v); })) {
    if (anyNegative)
      return nodeError(node, "a negative stride next to a part of a dynamic "
                             "dimension is not lowered");
    SmallVector<OpFoldResult> mixedOffsets, mixedStrides;
    for (int64_t i = 0; i < rank; ++i) {
      mixedOffsets.push_back(
          runTimeBegin[i] ? OpFoldResult(runTimeBegin[i])
                          : OpFoldResult(rewriter.getIndexAttr(offsets[i])));
      mixedStrides.push_back(rewriter.getIndexAttr(strides[i]));
    }
    sliced = tensor::ExtractSliceOp::create(
        rewriter, loc, data[0], mixedOffsets, mixedSizes, mixedStrides);
  } else if (!anyNegative) {
    sliced = extractSlice(rewriter, loc, data[0], offsets, mixedSizes, strides);
  } else { // out[i] = in[begin + i * stride]: an affine read map
    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < rank; ++i)
      exprs.push_back(getAffineDimExpr(i, context) * strides[i] + offsets[i]);
    Value init = createEmpty(rewriter, loc, mixedSizes, type.getElementType());
    sliced = linalg::GenericOp::create(
                 rewriter, loc, TypeRange{init.getType()}, ValueRange{data[0]},
                 ValueRange{init},
                 SmallVector<AffineMap>{
                     AffineMap::get(rank, 0, exprs, context),
                     AffineMap::getMultiDimIdentityMap(rank, context)},
                 SmallVector<utils::IteratorType>(
                     rank, utils::IteratorType::parallel),
                 [](OpBuilder &b, Location l, ValueRange args) {
                   linalg::YieldOp::create(b, l, args[0]);
                 })
                 .getResult(0);
  }
  SmallVector<OpFoldResult> finalShape;
  for (int64_t d : finalDims)
    finalShape.push_back(d == kNewAxis ? OpFoldResult(rewriter.getIndexAttr(1))
                                       : mixedSizes[d]);
  replaceNode(rewriter, node, reshapeTo(rewriter, loc, sliced, finalShape));
  return success();
}

FailureOr<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
readPaddings(Operation *node, Value paddings, int64_t rank) {
  auto values = requireConstantInts(node, paddings, "paddings");
  if (failed(values))
    return failure();
  if ((int64_t)values->size() != 2 * rank) {
    (void)nodeError(node, "paddings must be [" + Twine(rank) + ", 2]");
    return failure();
  }
  SmallVector<int64_t> low, high;
  for (int64_t d = 0; d < rank; ++d) {
    low.push_back((*values)[2 * d]);
    high.push_back((*values)[2 * d + 1]);
    if (low.back() < 0 || high.back() < 0) {
      (void)nodeError(node, "negative paddings are not lowered");
      return failure();
    }
  }
  return std::make_pair(low, high);
}

LogicalResult lowerPad(Operation *node, ValueRange data, Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data.take_front(1));
  auto pads = readPaddings(node, data[1], (*types)[0].getRank());
  if (failed(pads))
    return failure();
  Location loc = node->getLoc();
  Type elementType = (*types)[0].getElementType();
  Value padValue = createScalar(rewriter, loc, elementType, 0);
  if (data.size() > 2) { // PadV2's constant_values
    auto types2 = requireStaticOperands(node, data.drop_front(2));
    if (failed(types2))
      return failure();
    if ((*types2)[0].getNumElements() != 1)
      return nodeError(node, "constant_values must be a scalar");
    SmallVector<Value> zeros((*types2)[0].getRank(),
                             arith::ConstantIndexOp::create(rewriter, loc, 0));
    padValue = tensor::ExtractOp::create(rewriter, loc, data[2], zeros);
  }
  replaceNode(
      rewriter, node,
      padConstant(rewriter, loc, data[0], pads->first, pads->second, padValue));
  return success();
}

/// MirrorPad: out[o] = in[reflect(o - low)] per dimension. The paddings
/// are constants; a dynamic dimension's size is read at run time, where
/// the reflected index is also clamped into it (TensorFlow rejects
/// paddings larger than the dimension).
LogicalResult lowerMirrorPad(Operation *node, ValueRange data,
                             Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data.take_front(1));
  RankedTensorType type = (*types)[0];
  auto pads = readPaddings(node, data[1], type.getRank());
  if (failed(pads))
    return failure();
  bool symmetric =
      node->getAttrOfType<StringAttr>("mode").getValue() == "SYMMETRIC";
  Location loc = node->getLoc();
  SmallVector<OpFoldResult> shape;
  SmallVector<Value> dynamicSize(type.getRank());
  for (int64_t d = 0; d < type.getRank(); ++d) {
    OpFoldResult size = dimSize(rewriter, loc, data[0], d);
    shape.push_back(
        addSizes(rewriter, loc, size,
                 rewriter.getIndexAttr(pads->first[d] + pads->second[d])));
    if (type.isDynamicDim(d)) {
      dynamicSize[d] = sizeValue(rewriter, loc, size);
      continue;
    }
    int64_t limit = type.getDimSize(d) - (symmetric ? 0 : 1);
    if (pads->first[d] > limit || pads->second[d] > limit)
      return nodeError(node, "paddings too large for MirrorPad in dimension " +
                                 Twine(d));
  }
  Value input = data[0];
  Value result = buildElementwise(
      rewriter, loc, {}, shape, type.getElementType(),
      [&](OpBuilder &b, Location l, ValueRange) -> Value {
        SmallVector<Value> indices;
        for (int64_t d = 0; d < type.getRank(); ++d) {
          Value o = linalg::IndexOp::create(b, l, d);
          auto c = [&](int64_t v) {
            return arith::ConstantIndexOp::create(b, l, v);
          };
          Value i = arith::SubIOp::create(b, l, o, c(pads->first[d]));
          // i < 0: -i (REFLECT) or -i-1 (SYMMETRIC); i >= n: 2n-2-i or 2n-1-i.
          Value below =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i, c(0));
          Value fromBelow =
              arith::SubIOp::create(b, l, c(symmetric ? -1 : 0), i);
          if (!dynamicSize[d]) {
            int64_t n = type.getDimSize(d);
            Value above =
                arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, i, c(n));
            Value fromAbove =
                arith::SubIOp::create(b, l, c(2 * n - (symmetric ? 1 : 2)), i);
            i = arith::SelectOp::create(b, l, below, fromBelow, i);
            i = arith::SelectOp::create(b, l, above, fromAbove, i);
            indices.push_back(i);
            continue;
          }
          Value n = dynamicSize[d];
          Value above =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, i, n);
          Value fromAbove = arith::SubIOp::create(
              b, l,
              arith::SubIOp::create(b, l, arith::AddIOp::create(b, l, n, n),
                                    c(symmetric ? 1 : 2)),
              i);
          i = arith::SelectOp::create(b, l, below, fromBelow, i);
          i = arith::SelectOp::create(b, l, above, fromAbove, i);
          i = arith::MinSIOp::create(b, l,
                                     arith::MaxSIOp::create(b, l, i, c(0)),
                                     arith::SubIOp::create(b, l, n, c(1)));
          indices.push_back(i);
        }
        return tensor::ExtractOp::create(b, l, input, indices);
      });
  replaceNode(rewriter, node, result);
  return success();
}

/// Tile: [n0, n1] -> [1, n0, 1, n1] broadcast to [m0, n0, m1, n1] -> [m0*n0,
/// m1*n1]. A dynamic n stays dynamic (m * n at run time). Multiples
/// computed at run time (MTCNN tiles a 0 by Shape(scores)) make their
/// dimensions dynamic; a negative one is taken as 0 there (TensorFlow
/// rejects it).
LogicalResult lowerTile(Operation *node, ValueRange data, Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data.take_front(1));
  SmallVector<std::optional<int64_t>> known;
  auto multiples =
      readShapeOperand(node, rewriter, data[1], "multiples", known);
  if (failed(multiples))
    return failure();
  RankedTensorType type = (*types)[0];
  if ((int64_t)multiples->size() != type.getRank())
    return nodeError(node, "multiples must have one value per dimension");
  for (std::optional<int64_t> multiple : known)
    if (multiple && *multiple < 0)
      return nodeError(node,
                       "multiples has a negative value " + Twine(*multiple));
  Location loc = node->getLoc();
  SmallVector<OpFoldResult> interleaved, broadcast, result;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    OpFoldResult size = dimSize(rewriter, loc, data[0], d);
    OpFoldResult multiple = (*multiples)[d];
    if (!known[d] && !traceDimScalar(cast<Value>(multiple)))
      multiple = arith::MaxSIOp::create(
                     rewriter, loc, cast<Value>(multiple),
                     arith::ConstantIndexOp::create(rewriter, loc, 0))
                     .getResult();
    interleaved.append({rewriter.getIndexAttr(1), size});
    broadcast.append({multiple, size});
    result.push_back(mulSizes(rewriter, loc, multiple, size));
  }
  Value v = reshapeTo(rewriter, loc, data[0], interleaved);
  v = buildElementwise(
      rewriter, loc, v, broadcast, type.getElementType(),
      [](OpBuilder &, Location, ValueRange a) { return a[0]; });
  replaceNode(rewriter, node, reshapeTo(rewriter, loc, v, result));
  return success();
}

/// BroadcastTo a constant shape. A dynamic input dimension is not
/// broadcast (the elementwise rule): it takes the shape's size, which the
/// runner checks when it is an input's dimension.
LogicalResult lowerBroadcastTo(Operation *node, ValueRange data,
                               Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data.take_front(1));
  REQUIRE_INTS(shape, node, data[1], "shape");
  auto merged = broadcastShapes((*types)[0].getShape(), *shape);
  if (failed(merged) || ArrayRef(*merged) != ArrayRef(*shape))
    return nodeError(node,
                     typeStr((*types)[0]) + " does not broadcast to the shape");
  replaceNode(rewriter, node,
              buildElementwise(
                  rewriter, node->getLoc(), data[0], *shape,
                  (*types)[0].getElementType(),
                  [](OpBuilder &, Location, ValueRange a) { return a[0]; }));
  return success();
}

/// Fill: dims may be computed at run time (tf.zeros([batch, n]) of a
/// dynamic batch); their constant elements stay static.
LogicalResult lowerFill(Operation *node, ValueRange data, Rewriter &rewriter) {
  REQUIRE_STATIC(types, node, data.drop_front());
  SmallVector<std::optional<int64_t>> known;
  auto sizes = readShapeOperand(node, rewriter, data[0], "dims", known);
  if (failed(sizes))
    return failure();
  for (std::optional<int64_t> size : known)
    if (size && *size < 0)
      return nodeError(node, "dims has a negative size " + Twine(*size));
  if ((*types)[0].getNumElements() != 1)
    return nodeError(node, "value must be a scalar");
  replaceNode(rewriter, node,
              buildElementwise(
                  rewriter, node->getLoc(), data[1], *sizes,
                  (*types)[0].getElementType(),
                  [](OpBuilder &, Location, ValueRange a) { return a[0]; }));
  return success();
}

/// Range with bounds known only at run time: the size as TensorFlow's
/// kernel computes it (integers: (|limit - start| + |delta| - 1) / |delta|,
/// floats: ceil(|(limit - start) / delta|)), 0 when delta points away from
/// limit (TensorFlow rejects that), then start + i * delta.
LogicalResult lowerDynamicRange(Operation *node, ValueRange data,
                                Rewriter &rewriter) {
  auto types = requireStaticOperands(node, data.take_front(3));
  if (failed(types))
    return failure();
  for (RankedTensorType type : *types)
    if (type.getNumElements() != 1)
      return nodeError(node, "start, limit and delta must be scalars");
  Type elementType = (*types)[0].getElementType();
  if (!isa<FloatType>(elementType) && !elementType.isSignlessInteger())
    return nodeError(node, "dtype " + typeStr(elementType) + " is not lowered");
  Location loc = node->getLoc();
  auto scalar = [&](Value v) -> Value {
    SmallVector<Value> zeros(cast<RankedTensorType>(v.getType()).getRank(),
                             arith::ConstantIndexOp::create(rewriter, loc, 0));
    return tensor::ExtractOp::create(rewriter, loc, v, zeros);
  };
  Value start = scalar(data[0]), limit = scalar(data[1]),
        delta = scalar(data[2]);
  Type i64 = rewriter.getI64Type();
  Value count;
  if (isa<FloatType>(elementType)) {
    Value steps = math::CeilOp::create(
        rewriter, loc,
        math::AbsFOp::create(
            rewriter, loc,
            arith::DivFOp::create(
                rewriter, loc,
                arith::SubFOp::create(rewriter, loc, limit, start), delta)));
    Value forward = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OGE,
        arith::MulFOp::create(
            rewriter, loc, arith::SubFOp::create(rewriter, loc, limit, start),
            delta),
        createScalar(rewriter, loc, elementType, 0));
    count = arith::SelectOp::create(
        rewriter, loc, forward,
        arith::FPToSIOp::create(rewriter, loc, i64, steps),
        createScalar(rewriter, loc, i64, 0));
  } else {
    Value s = castScalar(rewriter, loc, start, i64),
          l = castScalar(rewriter, loc, limit, i64),
          d = castScalar(rewriter, loc, delta, i64);
    Value span = arith::SubIOp::create(rewriter, loc, l, s);
    Value absSpan = math::AbsIOp::create(rewriter, loc, span);
    Value absDelta = math::AbsIOp::create(rewriter, loc, d);
    Value steps = arith::DivSIOp::create(
        rewriter, loc,
        arith::SubIOp::create(
            rewriter, loc,
            arith::AddIOp::create(rewriter, loc, absSpan, absDelta),
            createScalar(rewriter, loc, i64, 1)),
        absDelta);
    Value zero = createScalar(rewriter, loc, i64, 0);
    Value forward = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, span,
                              zero),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, d,
                              zero));
    // delta 0: no elements (TensorFlow rejects it).
    Value nonZero =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, d, zero);
    count = arith::SelectOp::create(
        rewriter, loc, arith::AndIOp::create(rewriter, loc, forward, nonZero),
        steps, zero);
  }
  Value size =
      arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(), count);
  Value result = buildElementwise(
      rewriter, loc, {}, SmallVector<OpFoldResult>{size}, elementType,
      [&](OpBuilder &b, Location l, ValueRange) -> Value {
        Value i = linalg::IndexOp::create(b, l, 0);
        Value step = castScalar(b, l, arith::IndexCastOp::create(b, l, i64, i),
                                elementType);
        Value offset = isa<FloatType>(elementType)
                           ? Value(arith::MulFOp::create(b, l, step, delta))
                           : Value(arith::MulIOp::create(b, l, step, delta));
        return isa<FloatType>(elementType)
                   ? Value(arith::AddFOp::create(b, l, start, offset))
                   : Value(arith::AddIOp::create(b, l, start, offset));
      });
  replaceNode(rewriter, node, result);
  return success();
}

/// Range of constants is a constant.
LogicalResult lowerRange(Operation *node, ValueRange data, Rewriter &rewriter) {
  DenseElementsAttr start = getConstantElements(data[0]),
                    limit = getConstantElements(data[1]),
                    delta = getConstantElements(data[2]);
  if (!start || !limit || !delta)
    return lowerDynamicRange(node, data, rewriter);
  Type elementType = start.getElementType();
  auto scalarOf = [](DenseElementsAttr a) {
    return isa<FloatType>(a.getElementType())
               ? (*a.getValues<APFloat>().begin()).convertToDouble()
               : double((*a.getValues<APInt>().begin()).getSExtValue());
  };
  double s = scalarOf(start), l = scalarOf(limit), d = scalarOf(delta);
  if (d == 0)
    return nodeError(node, "delta is 0");
  int64_t count = isa<FloatType>(elementType)
                      ? (int64_t)std::ceil(std::abs((l - s) / d))
                      : ((int64_t)std::abs(l - s) + (int64_t)std::abs(d) - 1) /
                            (int64_t)std::abs(d);
  if ((l - s) * d < 0)
    count = 0;
  auto type = RankedTensorType::get({count}, elementType);
  DenseElementsAttr value;
  if (isa<FloatType>(elementType)) {
    SmallVector<APFloat> values;
    for (int64_t i = 0; i < count; ++i) {
      APFloat v(s + i * d);
      bool lost;
      v.convert(cast<FloatType>(elementType).getFloatSemantics(),
                APFloat::rmNearestTiesToEven, &lost);
      values.push_back(v);
    }
    value = DenseElementsAttr::get(type, values);
  } else {
    SmallVector<APInt> values;
    for (int64_t i = 0; i < count; ++i)
      values.push_back(APInt(elementType.getIntOrFloatBitWidth(),
                             (int64_t)(s + i * d), true));
    value = DenseElementsAttr::get(type, values);
  }
  replaceNode(
      rewriter, node,
      arith::ConstantOp::create(rewriter, node->getLoc(), value).getResult());
  return success();
}

/// DepthToSpace / SpaceToDepth (NHWC) as reshape + transpose + reshape.
template <bool ToSpace>
LogicalResult lowerDepthSpace(Operation *node, ValueRange data,
                              Rewriter &rewriter) {
  REQUIRE_RANKED(types, node, data);
  RankedTensorType type = (*types)[0];
  if (auto format = node->getAttrOfType<StringAttr>("data_format");
      format && format.getValue() != "NHWC")
    return nodeError(node, "only NHWC is lowered");
  int64_t bs = intAttrOr(node, "block_size", 2);
  ArrayRef<int64_t> s = type.getShape();
  if (type.getRank() != 4)
    return nodeError(node, "the input must be 4-D");
  // The batch may be dynamic, and DepthToSpace's height and width (they
  // only grow); the depth is split into blocks, and SpaceToDepth's height
  // and width must divide by the block, so they stay static.
  SmallVector<int64_t> mustBeStatic = {3};
  if (!ToSpace)
    mustBeStatic.append({1, 2});
  if (failed(requireStaticDims(node, data[0], mustBeStatic, "input 0")))
    return failure();
  Location loc = node->getLoc();
  OpFoldResult n = dimSize(rewriter, loc, data[0], 0);
  auto size = [&](int64_t v) -> OpFoldResult {
    return rewriter.getIndexAttr(v);
  };
  Value v;
  if (ToSpace) {
    if (s[3] % (bs * bs))
      return nodeError(node, "depth is not divisible by block_size^2");
    int64_t c = s[3] / (bs * bs);
    OpFoldResult h = dimSize(rewriter, loc, data[0], 1),
                 w = dimSize(rewriter, loc, data[0], 2);
    v = reshapeTo(
        rewriter, loc, data[0],
        SmallVector<OpFoldResult>{n, h, w, size(bs), size(bs), size(c)});
    v = transpose(rewriter, loc, v, {0, 1, 3, 2, 4, 5});
    v = reshapeTo(rewriter, loc, v,
                  SmallVector<OpFoldResult>{
                      n, mulSizes(rewriter, loc, h, size(bs)),
                      mulSizes(rewriter, loc, w, size(bs)), size(c)});
  } else {
    if (s[1] % bs || s[2] % bs)
      return nodeError(node, "height/width are not divisible by block_size");
    v = reshapeTo(rewriter, loc, data[0],
                  SmallVector<OpFoldResult>{n, size(s[1] / bs), size(bs),
                                            size(s[2] / bs), size(bs),
                                            size(s[3])});
    v = transpose(rewriter, loc, v, {0, 1, 3, 2, 4, 5});
    v = reshapeTo(rewriter, loc, v,
                  SmallVector<OpFoldResult>{n, size(s[1] / bs), size(s[2] / bs),
                                            size(bs * bs * s[3])});
  }
  replaceNode(rewriter, node, v);
  return success();
}

LogicalResult lowerSpaceToBatchND(Operation *node, ValueRange data,
                                  Rewriter &rewriter) {
  REQUIRE_STATIC(types, node, data.take_front(1));
  REQUIRE_INTS(block, node, data[1], "block_shape");
  RankedTensorType type = (*types)[0];
  int64_t m = block->size(), rank = type.getRank();
  auto pads = requireConstantInts(node, data[2], "paddings");
  if (failed(pads) || (int64_t)pads->size() != 2 * m || rank < m + 1)
    return failed(pads) ? failure()
                        : nodeError(node, "paddings must be [M, 2]");
  SmallVector<int64_t> low(rank, 0), high(rank, 0);
  for (int64_t i = 0; i < m; ++i) {
    low[1 + i] = (*pads)[2 * i];
    high[1 + i] = (*pads)[2 * i + 1];
  }
  Location loc = node->getLoc();
  Value v = padConstant(rewriter, loc, data[0], low, high,
                        createScalar(rewriter, loc, type.getElementType(), 0));
  ArrayRef<int64_t> p = cast<RankedTensorType>(v.getType()).getShape();
  SmallVector<int64_t> split{p[0]}, perm, result;
  int64_t blocks = 1;
  for (int64_t i = 0; i < m; ++i) {
    if (p[1 + i] % (*block)[i])
      return nodeError(node, "padded dimension not divisible by the block");
    split.append({p[1 + i] / (*block)[i], (*block)[i]});
    blocks *= (*block)[i];
  }
  for (int64_t d = m + 1; d < rank; ++d)
    split.push_back(p[d]);
  for (int64_t i = 0; i < m; ++i)
    perm.push_back(2 + 2 * i);
  perm.push_back(0);
  for (int64_t i = 0; i < m; ++i)
    perm.push_back(1 + 2 * i);
  for (int64_t d = 2 * m + 1; d < (int64_t)split.size(); ++d)
    perm.push_back(d);
  result.push_back(p[0] * blocks);
  for (int64_t i = 0; i < m; ++i)
    result.push_back(p[1 + i] / (*block)[i]);
  for (int64_t d = m + 1; d < rank; ++d)
    result.push_back(p[d]);
  v = reshapeTo(rewriter, loc, v, split);
  v = transpose(rewriter, loc, v, perm);
  replaceNode(rewriter, node, reshapeTo(rewriter, loc, v, result));
  return success();
}

LogicalResult lowerBatchToSpaceND(Operation *node, ValueRange data,
                                  Rewriter &rewriter) {
  REQUIRE_STATIC(types, node, data.take_front(1));
  REQUIRE_INTS(block, node, data[1], "block_shape");
  REQUIRE_INTS(crops, node, data[2], "crops");
  RankedTensorType type = (*types)[0];
  ArrayRef<int64_t> s = type.getShape();
  int64_t m = block->size(), rank = type.getRank();
  int64_t blocks = 1;
  for (int64_t b : *block)
    blocks *= b;
  if ((int64_t)crops->size() != 2 * m || s[0] % blocks)
    return nodeError(
        node, "crops must be [M, 2] and the batch divisible by the blocks");
  int64_t n = s[0] / blocks;
  SmallVector<int64_t> split(block->begin(), block->end()), perm{m}, result{n};
  split.push_back(n);
  for (int64_t d = 1; d < rank; ++d)
    split.push_back(s[d]);
  for (int64_t i = 0; i < m; ++i) {
    perm.append({m + 1 + i, i});
    result.push_back(s[1 + i] * (*block)[i]);
  }
  for (int64_t d = 2 * m + 1; d < (int64_t)split.size(); ++d)
    perm.push_back(d);
  for (int64_t d = m + 1; d < rank; ++d)
    result.push_back(s[d]);
  Location loc = node->getLoc();
  Value v = reshapeTo(rewriter, loc, data[0], split);
  v = transpose(rewriter, loc, v, perm);
  v = reshapeTo(rewriter, loc, v, result);
  SmallVector<int64_t> offsets(rank, 0), sizes(result), strides(rank, 1);
  for (int64_t i = 0; i < m; ++i) {
    offsets[1 + i] = (*crops)[2 * i];
    sizes[1 + i] -= (*crops)[2 * i] + (*crops)[2 * i + 1];
  }
  replaceNode(rewriter, node,
              extractSlice(rewriter, loc, v, offsets, sizes, strides));
  return success();
}

} // namespace

void lowering::populateShapePatterns(RewritePatternSet &patterns) {
  MLIRContext *c = patterns.getContext();
  const std::pair<StringRef, NodeLoweringFn> lowerings[] = {
      {"Reshape", lowerReshape},
      {"Squeeze", lowerSqueeze},
      {"ExpandDims", lowerExpandDims},
      {"Transpose", lowerTranspose},
      {"ConcatV2", lowerConcatV2},
      {"Pack", lowerPack},
      {"Unpack", lowerUnpack},
      {"Split", lowerSplit},
      {"SplitV", lowerSplitV},
      {"Slice", lowerSlice},
      {"StridedSlice", lowerStridedSlice},
      {"Pad", lowerPad},
      {"PadV2", lowerPad},
      {"MirrorPad", lowerMirrorPad},
      {"Tile", lowerTile},
      {"BroadcastTo", lowerBroadcastTo},
      {"Fill", lowerFill},
      {"Range", lowerRange},
      {"DepthToSpace", lowerDepthSpace<true>},
      {"SpaceToDepth", lowerDepthSpace<false>},
      {"SpaceToBatchND", lowerSpaceToBatchND},
      {"BatchToSpaceND", lowerBatchToSpaceND},
  };
  for (auto [name, fn] : lowerings)
    patterns.add<NodeLowering>(name, c, fn);
}
