//===- TensorListPatterns.cpp - TensorList and TensorArrayV3 --------------===//
//
// Loop state (docs/design.md, "Loop state"). A TensorList (TF2: a variant
// value, each op takes a list and gives a new one) and the contents of a
// TensorArrayV3 (TF1: a resource handle plus a float "flow" scalar that every
// access takes in and gives out) are both lowered to one tensor
// [num_elements, element...]. For a TensorArray the flow carries that
// tensor: every access already threads the flow, so ordering the accesses
// and carrying the contents through a While loop is what the flow does
// anyway, and the handle is left with nothing to do (a dummy scalar).
//
// Everything is static: num_elements (and a TensorArray's size) must be
// constants, and the element shape is the op's element_shape when fully
// known, else the shape of what is written first. A list whose element
// shape is not known yet is an "unset list" (kUnsetListEncoding): it holds
// no data, and the first SetItem / Write / Scatter / Split / PushBack turns
// it into zeros with the item inserted (TensorFlow reads unset elements as
// zeros). A While loop whose body writes an unset list is lowered again with
// the written type, starting from zeros (ControlFlowPatterns.cpp).
//
// Indices that are constants are checked (an error naming the node); run-time
// indices are clamped into range (TensorFlow's kernels fail instead), as
// Gather's are.
//
// Growing TensorArrays (dynamic_size = true) are the exception: their
// elements may differ in dimension 0 and their number is known at run time
// only, so they are carried as two tensors, the elements joined along
// dimension 0 (data) and each element's length (lengths); see "Growing
// TensorArrays" in docs/design.md and the lowerGrowing* functions.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

bool lowering::isUnsetList(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  auto encoding =
      ranked ? dyn_cast_or_null<StringAttr>(ranked.getEncoding()) : nullptr;
  return encoding && encoding.getValue() == kUnsetListEncoding;
}

static RankedTensorType getUnsetListType(MLIRContext *context, int64_t length,
                                         Type elementType) {
  return RankedTensorType::get({length}, elementType,
                               StringAttr::get(context, kUnsetListEncoding));
}

RankedTensorType lowering::refineUnsetList(Type loopType, Type written) {
  auto unset = dyn_cast<RankedTensorType>(loopType);
  auto list = dyn_cast<RankedTensorType>(written);
  if (!isUnsetList(unset) || !list || isUnsetList(list) ||
      !list.hasStaticShape() || list.getRank() < 1 ||
      list.getDimSize(0) != unset.getDimSize(0) ||
      list.getElementType() != unset.getElementType())
    return {};
  return list;
}

Value lowering::createZeroList(OpBuilder &b, Location loc,
                               RankedTensorType type) {
  return createFilled(b, loc, type.getShape(),
                      createScalar(b, loc, type.getElementType(), 0));
}

static bool hasEncoding(Type type, StringRef name) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  auto encoding =
      ranked ? dyn_cast_or_null<StringAttr>(ranked.getEncoding()) : nullptr;
  return encoding && encoding.getValue() == name;
}

bool lowering::isGrowingArray(Type type) {
  return hasEncoding(type, kGrowingArrayEncoding) ||
         hasEncoding(type, kUnsetGrowingArrayEncoding);
}

bool lowering::isUnsetGrowingArray(Type type) {
  return hasEncoding(type, kUnsetGrowingArrayEncoding);
}

static RankedTensorType withoutEncoding(RankedTensorType type) {
  return RankedTensorType::get(type.getShape(), type.getElementType());
}

static RankedTensorType lengthsType(MLIRContext *context) {
  return RankedTensorType::get({ShapedType::kDynamic},
                               IntegerType::get(context, 64));
}

SmallVector<Type, 2> lowering::growingArrayPartTypes(Type type) {
  auto ranked = cast<RankedTensorType>(type);
  return {withoutEncoding(ranked), lengthsType(type.getContext())};
}

Value lowering::bundleGrowingArray(OpBuilder &b, Location loc, Value data,
                                   Value lengths, bool unset) {
  auto dataType = cast<RankedTensorType>(data.getType());
  auto type =
      RankedTensorType::get(dataType.getShape(), dataType.getElementType(),
                            b.getStringAttr(unset ? kUnsetGrowingArrayEncoding
                                                  : kGrowingArrayEncoding));
  return UnrealizedConversionCastOp::create(b, loc, TypeRange{type},
                                            ValueRange{data, lengths})
      .getResult(0);
}

FailureOr<std::pair<Value, Value>> lowering::unbundleGrowingArray(Value value) {
  auto cast = value.getDefiningOp<UnrealizedConversionCastOp>();
  if (!cast || !isGrowingArray(value.getType()) || cast.getNumOperands() != 2)
    return failure();
  return std::make_pair(cast.getOperand(0), cast.getOperand(1));
}

Type lowering::joinLoweredTypes(Type a, Type b) {
  if (a == b)
    return a;
  if (RankedTensorType list = refineUnsetList(a, b))
    return list;
  if (RankedTensorType list = refineUnsetList(b, a))
    return list;
  auto ra = dyn_cast<RankedTensorType>(a);
  auto rb = dyn_cast<RankedTensorType>(b);
  if (!ra || !rb || ra.getElementType() != rb.getElementType())
    return {};
  // An array nothing was written to yet takes the written representation.
  if (isUnsetGrowingArray(ra) && isGrowingArray(rb))
    return rb;
  if (isUnsetGrowingArray(rb) && isGrowingArray(ra))
    return ra;
  if (ra.getEncoding() != rb.getEncoding() || ra.getRank() != rb.getRank() ||
      isUnsetList(ra) || isUnsetGrowingArray(ra))
    return {};
  SmallVector<int64_t> shape;
  for (auto [x, y] : llvm::zip(ra.getShape(), rb.getShape()))
    shape.push_back(x == y ? x : ShapedType::kDynamic);
  return RankedTensorType::get(shape, ra.getElementType(), ra.getEncoding());
}

Value lowering::castToJoinedType(OpBuilder &b, Location loc, Value value,
                                 Type type) {
  if (value.getType() == type)
    return value;
  auto target = cast<RankedTensorType>(type);
  if (isUnsetList(value.getType()))
    return createZeroList(b, loc, target);
  if (isGrowingArray(value.getType())) {
    auto parts = unbundleGrowingArray(value);
    assert(succeeded(parts) && "a growing array is always bundled");
    RankedTensorType dataType = withoutEncoding(target);
    Value data = parts->first;
    if (isUnsetGrowingArray(value.getType())) {
      // No element was written: zero rows of the written rank.
      SmallVector<int64_t> empty;
      for (int64_t d : dataType.getShape())
        empty.push_back(ShapedType::isDynamic(d) ? 0 : d);
      empty[0] = 0;
      data = createEmpty(b, loc, empty, dataType.getElementType());
    }
    if (data.getType() != dataType)
      data = tensor::CastOp::create(b, loc, dataType, data);
    return bundleGrowingArray(b, loc, data, parts->second,
                              isUnsetGrowingArray(target));
  }
  return tensor::CastOp::create(b, loc, target, value);
}

namespace {

/// A shape as TensorFlow's element_shape gives it: nullopt is an unknown
/// rank, -1 an unknown dimension.
using PartialShape = std::optional<SmallVector<int64_t>>;

bool isFullyKnown(const PartialShape &shape) {
  return shape && llvm::all_of(*shape, [](int64_t d) { return d >= 0; });
}

bool isCompatible(const PartialShape &shape, ArrayRef<int64_t> actual) {
  if (!shape)
    return true;
  if (shape->size() != actual.size())
    return false;
  for (auto [want, have] : llvm::zip(*shape, actual))
    if (want >= 0 && !ShapedType::isDynamic(have) && want != have)
      return false;
  return true;
}

std::string shapeStr(const PartialShape &shape) {
  if (!shape)
    return "<unknown rank>";
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(*shape))
    text += (i ? "," : "") + (d < 0 ? std::string("?") : std::to_string(d));
  return text + "]";
}

/// An element_shape operand: a constant scalar -1 (unknown rank) or vector
/// (-1 unknown dims). A shape that is not a constant is unknown: the
/// written items still give it.
PartialShape shapeOperand(Value value) {
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr || !attr.getElementType().isInteger() ||
      attr.getType().getRank() > 1)
    return std::nullopt;
  SmallVector<int64_t> dims;
  for (const APInt &v : attr.getValues<APInt>())
    dims.push_back(v.getSExtValue());
  if (attr.getType().getRank() == 0)
    return std::nullopt; // a scalar is -1: unknown rank
  return dims;
}

PartialShape shapeAttr(Operation *node, StringRef name) {
  auto attr = dyn_cast_or_null<ShapeAttr>(node->getAttr(name));
  if (!attr || attr.getUnranked())
    return std::nullopt;
  return SmallVector<int64_t>(attr.getDims());
}

Type dtypeAttr(Operation *node, StringRef name) {
  auto attr = dyn_cast_or_null<TypeAttr>(node->getAttr(name));
  return attr ? attr.getValue() : Type();
}

/// A lowered list operand: a static tensor of rank >= 1 (or an unset list).
FailureOr<RankedTensorType> requireList(Operation *node, Value list,
                                        StringRef what) {
  auto ranked = dyn_cast<RankedTensorType>(list.getType());
  if (!ranked || ranked.getRank() < 1)
    return nodeError(node, "its " + what + " is " + typeStr(list.getType()) +
                               ", not a list (a TensorList or a "
                               "TensorArray's flow)");
  // A loop whose body changes a list's length (PushBack) or its elements'
  // shape gives it dynamic dimensions (ControlFlowPatterns.cpp).
  if (ranked.isDynamicDim(0))
    return nodeError(node, "its " + what + " is " + typeStr(ranked) +
                               ": a list whose length changes at run time "
                               "(PushBack in a loop) is not lowered");
  if (!ranked.hasStaticShape())
    return nodeError(node, "its " + what + " is " + typeStr(ranked) +
                               ": a list whose element shape changes at run "
                               "time is not lowered");
  return ranked;
}

ArrayRef<int64_t> elementShapeOf(RankedTensorType list) {
  return list.getShape().drop_front();
}

RankedTensorType listType(int64_t length, ArrayRef<int64_t> element,
                          Type elementType) {
  SmallVector<int64_t> shape{length};
  shape.append(element.begin(), element.end());
  return RankedTensorType::get(shape, elementType);
}

/// The sizes come from the graph: a list whose element count does not fit
/// in int64 is refused rather than typed.
LogicalResult checkListSize(Operation *node, int64_t length,
                            const PartialShape &element) {
  if (!isFullyKnown(element))
    return success();
  int64_t count = length;
  for (int64_t d : *element)
    if (llvm::MulOverflow(count, d, count))
      return nodeError(node, "a list of " + Twine(length) +
                                 " elements of shape " + shapeStr(element) +
                                 " is too large");
  return success();
}

/// A fresh list: zeros when the element shape is fully known, else unset.
Value createList(OpBuilder &b, Location loc, int64_t length,
                 const PartialShape &element, Type elementType) {
  if (isFullyKnown(element))
    return createZeroList(b, loc, listType(length, *element, elementType));
  return tensor::EmptyOp::create(
      b, loc, getUnsetListType(b.getContext(), length, elementType).getShape(),
      elementType, StringAttr::get(b.getContext(), kUnsetListEncoding));
}

/// The list an item of `itemShape` is written into: `list` itself, or zeros
/// when it is unset; an error when the shapes differ.
FailureOr<Value> listForWrite(Operation *node, OpBuilder &b, Value list,
                              ArrayRef<int64_t> itemShape) {
  auto type = cast<RankedTensorType>(list.getType());
  if (isUnsetList(type)) {
    if (failed(checkListSize(node, type.getDimSize(0),
                             SmallVector<int64_t>(itemShape))))
      return failure();
    return createZeroList(
        b, node->getLoc(),
        listType(type.getDimSize(0), itemShape, type.getElementType()));
  }
  if (elementShapeOf(type) != itemShape)
    return nodeError(node,
                     "writes an element of shape " +
                         shapeStr(SmallVector<int64_t>(itemShape)) +
                         " into a list of elements of shape " +
                         shapeStr(SmallVector<int64_t>(elementShapeOf(type))) +
                         " (a list holds one element shape)");
  return list;
}

/// A scalar integer operand as an `index` in [0, size): a constant is
/// checked (error naming the node), a run-time value is clamped.
FailureOr<Value> elementIndex(Operation *node, OpBuilder &b, Value index,
                              int64_t size, StringRef what) {
  Location loc = node->getLoc();
  RankedTensorType type = getStaticType(index);
  if (!type || type.getNumElements() != 1 ||
      !isa<IntegerType>(type.getElementType()))
    return nodeError(node, "its " + what + " is " + typeStr(index.getType()) +
                               ", not an integer scalar");
  if (size == 0)
    return nodeError(node, "indexes a list of 0 elements");
  if (DenseElementsAttr constant = getConstantElements(index)) {
    int64_t i = (*constant.getValues<APInt>().begin()).getSExtValue();
    if (i < 0 || i >= size)
      return nodeError(node, what + " " + Twine(i) +
                                 " is out of range for a list of " +
                                 Twine(size) + " elements");
    return Value(arith::ConstantIndexOp::create(b, loc, i));
  }
  SmallVector<Value> at(type.getRank(),
                        arith::ConstantIndexOp::create(b, loc, 0));
  Value raw = tensor::ExtractOp::create(b, loc, index, at);
  Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), raw);
  i = arith::MaxSIOp::create(b, loc, i,
                             arith::ConstantIndexOp::create(b, loc, 0));
  return Value(arith::MinSIOp::create(
      b, loc, i, arith::ConstantIndexOp::create(b, loc, size - 1)));
}

/// Checks every constant index of a vector operand, clamps the rest (one
/// `index` value per position, read inside a loop by `indexAt`).
LogicalResult checkConstantIndices(Operation *node, Value indices,
                                   int64_t size) {
  DenseElementsAttr constant = getConstantElements(indices);
  if (!constant)
    return success();
  for (const APInt &v : constant.getValues<APInt>())
    if (v.getSExtValue() < 0 || v.getSExtValue() >= size)
      return nodeError(node, "index " + Twine(v.getSExtValue()) +
                                 " is out of range for a list of " +
                                 Twine(size) + " elements");
  return success();
}

Value clampedIndexAt(OpBuilder &b, Location loc, Value indices, Value k,
                     int64_t size) {
  Value raw = tensor::ExtractOp::create(b, loc, indices, ValueRange{k});
  Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), raw);
  i = arith::MaxSIOp::create(b, loc, i,
                             arith::ConstantIndexOp::create(b, loc, 0));
  return arith::MinSIOp::create(
      b, loc, i, arith::ConstantIndexOp::create(b, loc, size - 1));
}

/// Offsets/sizes/strides of element `index` (one row) of `list`.
void rowSlice(OpBuilder &b, RankedTensorType list, OpFoldResult index,
              SmallVectorImpl<OpFoldResult> &offsets,
              SmallVectorImpl<OpFoldResult> &sizes,
              SmallVectorImpl<OpFoldResult> &strides) {
  offsets.assign(list.getRank(), b.getIndexAttr(0));
  offsets[0] = index;
  sizes.assign({b.getIndexAttr(1)});
  for (int64_t d : elementShapeOf(list))
    sizes.push_back(b.getIndexAttr(d));
  strides.assign(list.getRank(), b.getIndexAttr(1));
}

Value getRow(OpBuilder &b, Location loc, Value list, OpFoldResult index) {
  auto type = cast<RankedTensorType>(list.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  rowSlice(b, type, index, offsets, sizes, strides);
  auto rowType =
      RankedTensorType::get(elementShapeOf(type), type.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, rowType, list, offsets, sizes,
                                        strides);
}

Value setRow(OpBuilder &b, Location loc, Value list, OpFoldResult index,
             Value item) {
  auto type = cast<RankedTensorType>(list.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  rowSlice(b, type, index, offsets, sizes, strides);
  return tensor::InsertSliceOp::create(b, loc, item, list, offsets, sizes,
                                       strides);
}

/// An element of an unset list: zeros of the fully known `element` shape
/// (TensorFlow's zeros for unset elements), else an error.
FailureOr<Value> unsetElements(Operation *node, OpBuilder &b, int64_t count,
                               bool leading, const PartialShape &element,
                               Type elementType) {
  if (!isFullyKnown(element))
    return nodeError(node, "reads a list that nothing was written to, and "
                           "its element shape " +
                               shapeStr(element) +
                               " is not fully known (unset elements read as "
                               "zeros of a known shape)");
  SmallVector<int64_t> shape;
  if (leading)
    shape.push_back(count);
  shape.append(element->begin(), element->end());
  return createFilled(b, node->getLoc(), shape,
                      createScalar(b, node->getLoc(), elementType, 0));
}

Value intConstant(OpBuilder &b, Location loc, ArrayRef<int64_t> values,
                  ArrayRef<int64_t> shape, Type elementType) {
  auto type = RankedTensorType::get(shape, elementType);
  SmallVector<APInt> ints;
  for (int64_t v : values)
    ints.push_back(APInt(elementType.getIntOrFloatBitWidth(), v,
                         /*isSigned=*/true));
  return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(type, ints));
}

FailureOr<int64_t> constantCount(Operation *node, Value value, StringRef what) {
  auto values = requireConstantInts(node, value, what);
  if (failed(values))
    return failure();
  if (values->size() != 1 || (*values)[0] < 0)
    return nodeError(node, "its " + what +
                               " must be one non-negative "
                               "integer");
  return (*values)[0];
}

//===----------------------------------------------------------------------===//
// Shared by both families
//===----------------------------------------------------------------------===//

/// list[index] = item (TensorListSetItem, TensorArrayWriteV3).
FailureOr<Value> writeItem(Operation *node, OpBuilder &b, Value list,
                           Value index, Value item) {
  auto type = requireList(node, list, "list");
  RankedTensorType itemType = getStaticType(item);
  if (failed(type))
    return failure();
  if (!itemType)
    return nodeError(node, "its item " + typeStr(item.getType()) +
                               " has no static shape");
  if (itemType.getElementType() != type->getElementType())
    return nodeError(node, "writes " + typeStr(itemType) + " into a list of " +
                               typeStr(type->getElementType()));
  auto at = elementIndex(node, b, index, type->getDimSize(0), "index");
  if (failed(at))
    return failure();
  auto target = listForWrite(node, b, list, itemType.getShape());
  if (failed(target))
    return failure();
  return setRow(b, node->getLoc(), *target, *at, item);
}

/// list[index] (TensorListGetItem, TensorArrayReadV3); `element` is the
/// op's own element shape, for a list nothing was written to.
FailureOr<Value> readItem(Operation *node, OpBuilder &b, Value list,
                          Value index, const PartialShape &element) {
  auto type = requireList(node, list, "list");
  if (failed(type))
    return failure();
  auto at = elementIndex(node, b, index, type->getDimSize(0), "index");
  if (failed(at))
    return failure();
  if (isUnsetList(*type))
    return unsetElements(node, b, 1, /*leading=*/false, element,
                         type->getElementType());
  return getRow(b, node->getLoc(), list, *at);
}

/// The whole list as a tensor (TensorListStack); `element` as for readItem.
FailureOr<Value> stackList(Operation *node, OpBuilder &b, Value list,
                           const PartialShape &element) {
  auto type = requireList(node, list, "list");
  if (failed(type))
    return failure();
  if (isUnsetList(*type))
    return unsetElements(node, b, type->getDimSize(0), /*leading=*/true,
                         element, type->getElementType());
  if (!isCompatible(element, elementShapeOf(*type)))
    return nodeError(node, "its element_shape " + shapeStr(element) +
                               " does not match the list's elements " +
                               typeStr(*type));
  return list;
}

/// list[indices[k]] for every k (TensorArrayGatherV3): a loop over k.
FailureOr<Value> gatherItems(Operation *node, OpBuilder &b, Value list,
                             Value indices, const PartialShape &element) {
  auto type = requireList(node, list, "list");
  if (failed(type))
    return failure();
  RankedTensorType indicesType = getStaticType(indices);
  if (!indicesType || indicesType.getRank() != 1 ||
      !isa<IntegerType>(indicesType.getElementType()))
    return nodeError(node, "its indices are " + typeStr(indices.getType()) +
                               ", not a vector of integers");
  int64_t n = type->getDimSize(0), k = indicesType.getDimSize(0);
  if (k > 0 && n == 0)
    return nodeError(node, "gathers from a list of 0 elements");
  if (failed(checkConstantIndices(node, indices, n)))
    return failure();
  if (isUnsetList(*type))
    return unsetElements(node, b, k, /*leading=*/true, element,
                         type->getElementType());
  Location loc = node->getLoc();
  RankedTensorType resultType =
      listType(k, elementShapeOf(*type), type->getElementType());
  Value init =
      createEmpty(b, loc, resultType.getShape(), resultType.getElementType());
  auto loop = scf::ForOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, 0),
      arith::ConstantIndexOp::create(b, loc, k),
      arith::ConstantIndexOp::create(b, loc, 1), ValueRange{init},
      [&](OpBuilder &nb, Location l, Value iv, ValueRange acc) {
        Value at = clampedIndexAt(nb, l, indices, iv, n);
        Value row = getRow(nb, l, list, at);
        scf::YieldOp::create(nb, l, setRow(nb, l, acc[0], iv, row));
      });
  return loop.getResult(0);
}

/// list[indices[k]] = value[k] for every k (TensorArrayScatterV3).
FailureOr<Value> scatterItems(Operation *node, OpBuilder &b, Value list,
                              Value indices, Value value) {
  auto type = requireList(node, list, "list");
  if (failed(type))
    return failure();
  RankedTensorType indicesType = getStaticType(indices);
  RankedTensorType valueType = getStaticType(value);
  if (!indicesType || indicesType.getRank() != 1 ||
      !isa<IntegerType>(indicesType.getElementType()))
    return nodeError(node, "its indices are " + typeStr(indices.getType()) +
                               ", not a vector of integers");
  int64_t n = type->getDimSize(0), k = indicesType.getDimSize(0);
  if (!valueType || valueType.getRank() < 1 || valueType.getDimSize(0) != k)
    return nodeError(node, "its value " + typeStr(value.getType()) +
                               " does not have one row per index (" + Twine(k) +
                               ")");
  if (valueType.getElementType() != type->getElementType())
    return nodeError(node, "writes " + typeStr(valueType) + " into a list of " +
                               typeStr(type->getElementType()));
  if (k > 0 && n == 0)
    return nodeError(node, "scatters into a list of 0 elements");
  if (failed(checkConstantIndices(node, indices, n)))
    return failure();
  auto target = listForWrite(node, b, list, valueType.getShape().drop_front());
  if (failed(target))
    return failure();
  Location loc = node->getLoc();
  auto loop = scf::ForOp::create(
      b, loc, arith::ConstantIndexOp::create(b, loc, 0),
      arith::ConstantIndexOp::create(b, loc, k),
      arith::ConstantIndexOp::create(b, loc, 1), ValueRange{*target},
      [&](OpBuilder &nb, Location l, Value iv, ValueRange acc) {
        Value at = clampedIndexAt(nb, l, indices, iv, n);
        Value row = getRow(nb, l, value, iv);
        scf::YieldOp::create(nb, l, setRow(nb, l, acc[0], at, row));
      });
  return loop.getResult(0);
}

//===----------------------------------------------------------------------===//
// TensorList (TF2)
//===----------------------------------------------------------------------===//

Type listDtype(Operation *node) { return dtypeAttr(node, "element_dtype"); }

/// TensorListReserve(element_shape, num_elements).
LogicalResult lowerReserve(Operation *node, ValueRange data,
                           ConversionPatternRewriter &rewriter) {
  auto n = constantCount(node, data[1], "num_elements");
  if (failed(n))
    return failure();
  Type dtype = listDtype(node);
  if (!dtype)
    return nodeError(node, "needs a type attr 'element_dtype'");
  PartialShape element = shapeOperand(data[0]);
  if (failed(checkListSize(node, *n, element)))
    return failure();
  replaceNode(rewriter, node,
              createList(rewriter, node->getLoc(), *n, element, dtype));
  return success();
}

/// EmptyTensorList(element_shape, max_num_elements): a list of 0 elements
/// that PushBack grows (statically).
LogicalResult lowerEmptyList(Operation *node, ValueRange data,
                             ConversionPatternRewriter &rewriter) {
  Type dtype = listDtype(node);
  if (!dtype)
    return nodeError(node, "needs a type attr 'element_dtype'");
  replaceNode(
      rewriter, node,
      createList(rewriter, node->getLoc(), 0, shapeOperand(data[0]), dtype));
  return success();
}

/// TensorListFromTensor(tensor, element_shape): the tensor's rows.
LogicalResult lowerFromTensor(Operation *node, ValueRange data,
                              ConversionPatternRewriter &rewriter) {
  RankedTensorType type = getStaticType(data[0]);
  if (!type || type.getRank() < 1)
    return nodeError(node, "its tensor " + typeStr(data[0].getType()) +
                               " is not a static tensor of rank >= 1");
  PartialShape element = shapeOperand(data[1]);
  if (!isCompatible(element, elementShapeOf(type)))
    return nodeError(node, "its element_shape " + shapeStr(element) +
                               " does not match the rows of " + typeStr(type));
  replaceNode(rewriter, node, data[0]);
  return success();
}

LogicalResult lowerSetItem(Operation *node, ValueRange data,
                           ConversionPatternRewriter &rewriter) {
  auto resize = dyn_cast_or_null<BoolAttr>(
      node->getAttr("resize_if_index_out_of_bounds"));
  if (resize && resize.getValue() && !getConstantElements(data[1]))
    return nodeError(node, "resize_if_index_out_of_bounds with a run-time "
                           "index makes the list's length dynamic");
  auto list = writeItem(node, rewriter, data[0], data[1], data[2]);
  if (failed(list))
    return failure();
  replaceNode(rewriter, node, *list);
  return success();
}

LogicalResult lowerGetItem(Operation *node, ValueRange data,
                           ConversionPatternRewriter &rewriter) {
  auto item = readItem(node, rewriter, data[0], data[1], shapeOperand(data[2]));
  if (failed(item))
    return failure();
  replaceNode(rewriter, node, *item);
  return success();
}

LogicalResult lowerStack(Operation *node, ValueRange data,
                         ConversionPatternRewriter &rewriter) {
  auto type = requireList(node, data[0], "input_handle");
  if (failed(type))
    return failure();
  int64_t expected = intAttrOr(node, "num_elements", -1);
  if (expected >= 0 && expected != type->getDimSize(0))
    return nodeError(node, "num_elements is " + Twine(expected) +
                               " but the list has " +
                               Twine(type->getDimSize(0)) + " elements");
  auto stacked = stackList(node, rewriter, data[0], shapeOperand(data[1]));
  if (failed(stacked))
    return failure();
  replaceNode(rewriter, node, *stacked);
  return success();
}

/// Replaces `node` by the (static) element count of `list`, an int32
/// scalar: TensorListLength and TensorArraySizeV3.
LogicalResult replaceByListLength(Operation *node, Value list,
                                  StringRef operand,
                                  ConversionPatternRewriter &rewriter) {
  auto type = requireList(node, list, operand);
  if (failed(type))
    return failure();
  replaceNode(rewriter, node,
              intConstant(rewriter, node->getLoc(), {type->getDimSize(0)}, {},
                          rewriter.getI32Type()));
  return success();
}

LogicalResult lowerLength(Operation *node, ValueRange data,
                          ConversionPatternRewriter &rewriter) {
  return replaceByListLength(node, data[0], "input_handle", rewriter);
}

LogicalResult lowerElementShape(Operation *node, ValueRange data,
                                ConversionPatternRewriter &rewriter) {
  auto type = requireList(node, data[0], "input_handle");
  if (failed(type))
    return failure();
  if (isUnsetList(*type))
    return nodeError(node, "asks the element shape of a list that nothing "
                           "was written to and whose element_shape is not "
                           "fully known");
  Type shapeType = dtypeAttr(node, "shape_type");
  if (!shapeType || !isa<IntegerType>(shapeType))
    shapeType = rewriter.getI32Type();
  ArrayRef<int64_t> element = elementShapeOf(*type);
  replaceNode(rewriter, node,
              intConstant(rewriter, node->getLoc(), element,
                          {(int64_t)element.size()}, shapeType));
  return success();
}

/// TensorListPushBack: a list one longer. Its length is static where the
/// graph is straight-line; inside a loop body the list grows every
/// iteration, so the While lowering makes its length dynamic, which the
/// list ops refuse (requireList).
LogicalResult lowerPushBack(Operation *node, ValueRange data,
                            ConversionPatternRewriter &rewriter) {
  auto type = requireList(node, data[0], "input_handle");
  RankedTensorType itemType = getStaticType(data[1]);
  if (failed(type))
    return failure();
  if (!itemType)
    return nodeError(node, "its tensor " + typeStr(data[1].getType()) +
                               " has no static shape");
  auto list = listForWrite(node, rewriter, data[0], itemType.getShape());
  if (failed(list))
    return failure();
  Location loc = node->getLoc();
  SmallVector<int64_t> rowShape{1};
  rowShape.append(itemType.getShape().begin(), itemType.getShape().end());
  Value row = reshapeTo(rewriter, loc, data[1], rowShape);
  replaceNode(rewriter, node,
              concatenate(rewriter, loc, {*list, row}, /*axis=*/0));
  return success();
}

/// TensorListPopBack(input_handle, element_shape) -> (list, last element).
LogicalResult lowerPopBack(Operation *node, ValueRange data,
                           ConversionPatternRewriter &rewriter) {
  auto type = requireList(node, data[0], "input_handle");
  if (failed(type))
    return failure();
  int64_t n = type->getDimSize(0);
  if (n == 0)
    return nodeError(node, "pops from a list of 0 elements");
  Location loc = node->getLoc();
  if (isUnsetList(*type)) {
    auto item = unsetElements(node, rewriter, 1, /*leading=*/false,
                              shapeOperand(data[1]), type->getElementType());
    if (failed(item))
      return failure();
    Value rest =
        tensor::EmptyOp::create(rewriter, loc, SmallVector<int64_t>{n - 1},
                                type->getElementType(), type->getEncoding());
    replaceNode(rewriter, node, {rest, *item});
    return success();
  }
  SmallVector<int64_t> offsets(type->getRank(), 0), sizes(type->getShape()),
      strides(type->getRank(), 1);
  sizes[0] = n - 1;
  Value rest = extractSlice(rewriter, loc, data[0], offsets, sizes, strides);
  Value item = getRow(rewriter, loc, data[0], rewriter.getIndexAttr(n - 1));
  replaceNode(rewriter, node, {rest, item});
  return success();
}

//===----------------------------------------------------------------------===//
// Growing TensorArrays (dynamic_size = true): data + lengths
//===----------------------------------------------------------------------===//

Value indexConstant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// The parts of a growing array operand, or an error naming the node.
FailureOr<std::pair<Value, Value>> growingParts(Operation *node, Value flow) {
  auto parts = unbundleGrowingArray(flow);
  if (failed(parts))
    return nodeError(node, "its flow " + typeStr(flow.getType()) +
                               " does not come from a growing TensorArray");
  return parts;
}

/// A scalar integer operand as an `index`, negative values taken as 0
/// (TensorFlow fails on a negative index).
FailureOr<Value> nonNegativeIndex(Operation *node, OpBuilder &b, Value index) {
  auto type = dyn_cast<RankedTensorType>(index.getType());
  if (!type || !type.hasStaticShape() || type.getNumElements() != 1 ||
      !isa<IntegerType>(type.getElementType()))
    return nodeError(node, "its index is " + typeStr(index.getType()) +
                               ", not an integer scalar");
  Location loc = node->getLoc();
  SmallVector<Value> at(type.getRank(), indexConstant(b, loc, 0));
  Value raw = tensor::ExtractOp::create(b, loc, index, at);
  Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), raw);
  return Value(arith::MaxSIOp::create(b, loc, i, indexConstant(b, loc, 0)));
}

Value lengthAt(OpBuilder &b, Location loc, Value lengths, Value j) {
  Value raw = tensor::ExtractOp::create(b, loc, lengths, ValueRange{j});
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), raw);
}

/// Where element `i` starts in the data (the sum of the lengths before it)
/// and its length (0 when i is past the end): one pass over the lengths.
std::pair<Value, Value> elementSpan(OpBuilder &b, Location loc, Value lengths,
                                    Value i) {
  Value zero = indexConstant(b, loc, 0);
  Value n = tensor::DimOp::create(b, loc, lengths, 0);
  auto loop = scf::ForOp::create(
      b, loc, zero, n, indexConstant(b, loc, 1), ValueRange{zero, zero},
      [&](OpBuilder &nb, Location l, Value j, ValueRange acc) {
        Value length = lengthAt(nb, l, lengths, j);
        Value before =
            arith::CmpIOp::create(nb, l, arith::CmpIPredicate::ult, j, i);
        Value at = arith::CmpIOp::create(nb, l, arith::CmpIPredicate::eq, j, i);
        Value offset = arith::AddIOp::create(
            nb, l, acc[0],
            arith::SelectOp::create(nb, l, before, length,
                                    indexConstant(nb, l, 0)));
        Value own = arith::SelectOp::create(nb, l, at, length, acc[1]);
        scf::YieldOp::create(nb, l, ValueRange{offset, own});
      });
  return {loop.getResult(0), loop.getResult(1)};
}

/// Rows [offset, offset + count) of `data`, its other dimensions `rest`.
Value dataRows(OpBuilder &b, Location loc, Value data, OpFoldResult offset,
               OpFoldResult count, ArrayRef<OpFoldResult> rest) {
  SmallVector<OpFoldResult> offsets(rest.size() + 1, b.getIndexAttr(0));
  offsets[0] = offset;
  SmallVector<OpFoldResult> sizes{count};
  sizes.append(rest.begin(), rest.end());
  SmallVector<OpFoldResult> strides(sizes.size(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, data, offsets, sizes, strides);
}

Value insertRows(OpBuilder &b, Location loc, Value rows, Value into,
                 OpFoldResult offset) {
  auto type = cast<RankedTensorType>(rows.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  offsets[0] = offset;
  SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
  return tensor::InsertSliceOp::create(b, loc, rows, into, offsets,
                                       getMixedSizes(b, loc, rows), strides);
}

/// The dimensions after the first of `value`.
SmallVector<OpFoldResult> restSizes(OpBuilder &b, Location loc, Value value) {
  SmallVector<OpFoldResult> sizes = getMixedSizes(b, loc, value);
  sizes.erase(sizes.begin());
  return sizes;
}

/// TensorArrayV3 with dynamic_size: `size` unwritten elements (length 0),
/// no rows.
LogicalResult lowerGrowingArray(Operation *node, int64_t size, Type dtype,
                                const PartialShape &element,
                                ConversionPatternRewriter &rewriter) {
  Location loc = node->getLoc();
  if (element && element->empty())
    return nodeError(node, "dynamic_size is true and the elements are "
                           "scalars: a growing array is carried as its "
                           "elements joined along dimension 0, which needs "
                           "elements of rank >= 1");
  SmallVector<int64_t> empty{0}, shape{ShapedType::kDynamic};
  if (element)
    for (int64_t d : ArrayRef<int64_t>(*element).drop_front()) {
      empty.push_back(d < 0 ? 0 : d);
      shape.push_back(d < 0 ? ShapedType::kDynamic : d);
    }
  Value data = createEmpty(rewriter, loc, empty, dtype);
  if (element)
    data = tensor::CastOp::create(rewriter, loc,
                                  RankedTensorType::get(shape, dtype), data);
  Value lengths = createZeroList(
      rewriter, loc, RankedTensorType::get({size}, rewriter.getI64Type()));
  lengths = tensor::CastOp::create(rewriter, loc,
                                   lengthsType(rewriter.getContext()), lengths);
  Value handle = intConstant(rewriter, loc, {0}, {}, rewriter.getI32Type());
  replaceNode(rewriter, node,
              {handle, bundleGrowingArray(rewriter, loc, data, lengths,
                                          /*unset=*/!element)});
  return success();
}

/// Write(index, value) into a growing array: element `index` becomes
/// `value`, the array grows to index + 1 elements when it is shorter (the
/// elements between unwritten), and the data takes the value's rows in
/// the element's place. In the TF1 idiom (index = the loop counter) this
/// appends.
LogicalResult lowerGrowingWrite(Operation *node, ValueRange data,
                                ConversionPatternRewriter &rewriter) {
  auto parts = growingParts(node, data[3]);
  if (failed(parts))
    return failure();
  auto [oldData, lengths] = *parts;
  Value value = data[2];
  auto valueType = dyn_cast<RankedTensorType>(value.getType());
  auto dataType = cast<RankedTensorType>(oldData.getType());
  if (!valueType || valueType.getRank() < 1)
    return nodeError(node, "writes " + typeStr(value.getType()) +
                               " into a growing TensorArray (dynamic_size "
                               "= true), which holds elements of rank >= 1 "
                               "(joined along dimension 0)");
  if (valueType.getElementType() != dataType.getElementType())
    return nodeError(node, "writes " + typeStr(valueType) +
                               " into an array of " +
                               typeStr(dataType.getElementType()));
  bool unset = isUnsetGrowingArray(data[3].getType());
  if (!unset) {
    bool compatible = dataType.getRank() == valueType.getRank();
    for (int64_t d = 1; compatible && d < valueType.getRank(); ++d)
      compatible = dataType.isDynamicDim(d) || valueType.isDynamicDim(d) ||
                   dataType.getDimSize(d) == valueType.getDimSize(d);
    if (!compatible)
      return nodeError(node, "writes " + typeStr(valueType) +
                                 " into a growing array of elements " +
                                 typeStr(withoutEncoding(dataType)) +
                                 ": its elements may differ in dimension 0 "
                                 "only");
  }
  Location loc = node->getLoc();
  if (!unset) {
    // The array's static dimensions hold for every element (TensorFlow
    // checks a write against the array's element shape): a value dynamic
    // there takes them, so that the array keeps its static type.
    SmallVector<int64_t> shape(valueType.getShape());
    for (int64_t d = 1; d < valueType.getRank(); ++d)
      if (!dataType.isDynamicDim(d))
        shape[d] = dataType.getDimSize(d);
    auto refined = RankedTensorType::get(shape, valueType.getElementType());
    if (refined != valueType) {
      value = tensor::CastOp::create(rewriter, loc, refined, value);
      valueType = refined;
    }
  }
  auto index = nonNegativeIndex(node, rewriter, data[1]);
  if (failed(index))
    return failure();
  Value i = *index;
  SmallVector<OpFoldResult> rest = restSizes(rewriter, loc, value);
  if (unset) {
    // No rows yet, of the value's rank. Dimension 0 is dynamic like every
    // array's (a static 0 would make the slices below invalid IR once
    // their offsets fold to constants).
    SmallVector<int64_t> empty{0}, shape{ShapedType::kDynamic};
    for (int64_t d : valueType.getShape().drop_front()) {
      empty.push_back(ShapedType::isDynamic(d) ? 0 : d);
      shape.push_back(d);
    }
    oldData = tensor::CastOp::create(
        rewriter, loc, RankedTensorType::get(shape, valueType.getElementType()),
        createEmpty(rewriter, loc, empty, valueType.getElementType()));
  }
  Value one = indexConstant(rewriter, loc, 1);
  Value n = tensor::DimOp::create(rewriter, loc, lengths, 0);
  Value rows = sizeValue(rewriter, loc, dimSize(rewriter, loc, value, 0));
  auto [offset, replaced] = elementSpan(rewriter, loc, lengths, i);
  // The lengths: element i is the value's rows, the others are kept, the
  // new ones between the old end and i are unwritten (0).
  Value newCount = arith::MaxUIOp::create(
      rewriter, loc, n, arith::AddIOp::create(rewriter, loc, i, one));
  Value rowsI64 =
      arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), rows);
  auto newLengths = tensor::GenerateOp::create(
      rewriter, loc, lengthsType(rewriter.getContext()), ValueRange{newCount},
      [&](OpBuilder &b, Location l, ValueRange at) {
        Value j = at[0];
        Value isI = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, j, i);
        Value old =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, j, n);
        auto kept = scf::IfOp::create(
            b, l, old,
            [&](OpBuilder &tb, Location tl) {
              Value v =
                  tensor::ExtractOp::create(tb, tl, lengths, ValueRange{j});
              scf::YieldOp::create(tb, tl, v);
            },
            [&](OpBuilder &eb, Location el) {
              scf::YieldOp::create(
                  eb, el, ValueRange{createScalar(eb, el, eb.getI64Type(), 0)});
            });
        Value v =
            arith::SelectOp::create(b, l, isI, rowsI64, kept.getResult(0));
        tensor::YieldOp::create(b, l, v);
      });
  // The data: the rows before element i, the value, the rows after it.
  Value oldRows = tensor::DimOp::create(rewriter, loc, oldData, 0);
  Value after = arith::AddIOp::create(rewriter, loc, offset, replaced);
  Value tailRows = arith::SubIOp::create(rewriter, loc, oldRows, after);
  Value newRows = arith::AddIOp::create(
      rewriter, loc, arith::SubIOp::create(rewriter, loc, oldRows, replaced),
      rows);
  SmallVector<OpFoldResult> newSizes{newRows};
  newSizes.append(rest.begin(), rest.end());
  Value result =
      createEmpty(rewriter, loc, newSizes, valueType.getElementType());
  result = insertRows(
      rewriter, loc,
      dataRows(rewriter, loc, oldData, rewriter.getIndexAttr(0), offset, rest),
      result, rewriter.getIndexAttr(0));
  result = insertRows(rewriter, loc, value, result, offset);
  result = insertRows(
      rewriter, loc, dataRows(rewriter, loc, oldData, after, tailRows, rest),
      result, arith::AddIOp::create(rewriter, loc, offset, rows).getResult());
  // Dimension 0 is the array's row count, always dynamic.
  SmallVector<int64_t> shape(
      cast<RankedTensorType>(result.getType()).getShape());
  shape[0] = ShapedType::kDynamic;
  auto resultType = RankedTensorType::get(shape, valueType.getElementType());
  if (result.getType() != resultType)
    result = tensor::CastOp::create(rewriter, loc, resultType, result);
  replaceNode(rewriter, node,
              bundleGrowingArray(rewriter, loc, result, newLengths,
                                 /*unset=*/false));
  return success();
}

/// Read(index): the element's rows (none when index is past the end, where
/// TensorFlow fails).
LogicalResult lowerGrowingRead(Operation *node, ValueRange data,
                               ConversionPatternRewriter &rewriter) {
  auto parts = growingParts(node, data[2]);
  if (failed(parts))
    return failure();
  if (isUnsetGrowingArray(data[2].getType()))
    return nodeError(node, "reads a growing TensorArray that nothing was "
                           "written to (its element shape is not known)");
  auto index = nonNegativeIndex(node, rewriter, data[1]);
  if (failed(index))
    return failure();
  Location loc = node->getLoc();
  auto [offset, length] = elementSpan(rewriter, loc, parts->second, *index);
  replaceNode(rewriter, node,
              dataRows(rewriter, loc, parts->first, offset, length,
                       restSizes(rewriter, loc, parts->first)));
  return success();
}

/// Size: the number of elements, written or not.
LogicalResult lowerGrowingSize(Operation *node, Value flow,
                               ConversionPatternRewriter &rewriter) {
  auto parts = growingParts(node, flow);
  if (failed(parts))
    return failure();
  Location loc = node->getLoc();
  Value n = tensor::DimOp::create(rewriter, loc, parts->second, 0);
  Value size =
      arith::IndexCastOp::create(rewriter, loc, rewriter.getI32Type(), n);
  replaceNode(rewriter, node,
              tensor::FromElementsOp::create(
                  rewriter, loc, RankedTensorType::get({}, size.getType()),
                  ValueRange{size})
                  .getResult());
  return success();
}

/// Concat: the data and the lengths are exactly its two outputs.
LogicalResult lowerGrowingConcat(Operation *node, Value flow,
                                 ConversionPatternRewriter &rewriter) {
  auto parts = growingParts(node, flow);
  if (failed(parts))
    return failure();
  auto [value, lengths] = *parts;
  PartialShape except0 = shapeAttr(node, "element_shape_except0");
  Location loc = node->getLoc();
  if (isUnsetGrowingArray(flow.getType())) {
    // Nothing written: zero rows of the declared shape.
    if (!isFullyKnown(except0))
      return nodeError(node, "concatenates a growing TensorArray that "
                             "nothing was written to, and its "
                             "element_shape_except0 " +
                                 shapeStr(except0) + " is not fully known");
    SmallVector<int64_t> empty{0};
    empty.append(except0->begin(), except0->end());
    value = createEmpty(rewriter, loc, empty, elementTypeOf(value));
  } else if (!isCompatible(except0, cast<RankedTensorType>(value.getType())
                                        .getShape()
                                        .drop_front()))
    return nodeError(node, "its element_shape_except0 " + shapeStr(except0) +
                               " does not match the array's elements " +
                               typeStr(value.getType()));
  else if (except0) {
    // Dimensions the op knows and the array's type does not.
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape(type.getShape());
    for (auto [d, known] : llvm::enumerate(*except0))
      if (known >= 0)
        shape[d + 1] = known;
    auto refined = RankedTensorType::get(shape, type.getElementType());
    if (refined != type)
      value = tensor::CastOp::create(rewriter, loc, refined, value);
  }
  replaceNode(rewriter, node, {value, lengths});
  return success();
}

/// Gather(indices): the elements at `indices` stacked ([k, rows, rest]).
/// TensorFlow requires the gathered elements to have one shape; their rows
/// are those of the first one gathered, and a shorter element (which
/// TensorFlow rejects) reads zeros past its end rather than another
/// element's rows.
LogicalResult lowerGrowingGather(Operation *node, Value indices, Value flow,
                                 ConversionPatternRewriter &rewriter) {
  auto parts = growingParts(node, flow);
  if (failed(parts))
    return failure();
  auto indicesType = dyn_cast<RankedTensorType>(indices.getType());
  if (!indicesType || indicesType.getRank() != 1 ||
      !isa<IntegerType>(indicesType.getElementType()))
    return nodeError(node, "its indices are " + typeStr(indices.getType()) +
                               ", not a vector of integers");
  Location loc = node->getLoc();
  auto [data, lengths] = *parts;
  Type dtype = elementTypeOf(data);
  OpFoldResult k = dimSize(rewriter, loc, indices, 0);
  if (isUnsetGrowingArray(flow.getType())) {
    PartialShape element = shapeAttr(node, "element_shape");
    if (!isFullyKnown(element))
      return nodeError(node, "gathers from a growing TensorArray that "
                             "nothing was written to, and its element_shape " +
                                 shapeStr(element) + " is not fully known");
    SmallVector<OpFoldResult> sizes{k};
    for (int64_t d : *element)
      sizes.push_back(rewriter.getIndexAttr(d));
    replaceNode(rewriter, node,
                createFilled(rewriter, loc, sizes,
                             createScalar(rewriter, loc, dtype, 0)));
    return success();
  }
  Value zero = indexConstant(rewriter, loc, 0);
  Value one = indexConstant(rewriter, loc, 1);
  Value n = tensor::DimOp::create(rewriter, loc, lengths, 0);
  Value last = arith::SubIOp::create(rewriter, loc, n, one);
  auto clamped = [&](OpBuilder &b, Location l, Value at) {
    Value raw = tensor::ExtractOp::create(b, l, indices, ValueRange{at});
    Value j = arith::IndexCastOp::create(b, l, b.getIndexType(), raw);
    j = arith::MaxSIOp::create(b, l, j, indexConstant(b, l, 0));
    return arith::MinSIOp::create(b, l, j, last).getResult();
  };
  // Where each element starts: an exclusive prefix sum of the lengths.
  auto starts = scf::ForOp::create(
      rewriter, loc, zero, n, one,
      ValueRange{createEmpty(rewriter, loc,
                             SmallVector<OpFoldResult>{OpFoldResult(n)},
                             rewriter.getIndexType()),
                 zero},
      [&](OpBuilder &b, Location l, Value j, ValueRange acc) {
        Value set =
            tensor::InsertOp::create(b, l, acc[1], acc[0], ValueRange{j});
        Value next =
            arith::AddIOp::create(b, l, acc[1], lengthAt(b, l, lengths, j));
        scf::YieldOp::create(b, l, ValueRange{set, next});
      });
  Value startOf = starts.getResult(0);
  Value kValue = sizeValue(rewriter, loc, k);
  Value any = arith::AndIOp::create(
      rewriter, loc,
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt, kValue,
                            zero),
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt, n, zero));
  auto rowsOfFirst = scf::IfOp::create(
      rewriter, loc, any,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(
            b, l,
            lengthAt(b, l, lengths, clamped(b, l, indexConstant(b, l, 0))));
      },
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, ValueRange{indexConstant(b, l, 0)});
      });
  Value rows = rowsOfFirst.getResult(0);
  auto dataType = cast<RankedTensorType>(data.getType());
  SmallVector<int64_t> shape{ShapedType::kDynamic, ShapedType::kDynamic};
  shape[0] = indicesType.getDimSize(0);
  shape.append(dataType.getShape().begin() + 1, dataType.getShape().end());
  SmallVector<Value> dynamicSizes;
  if (ShapedType::isDynamic(shape[0]))
    dynamicSizes.push_back(kValue);
  dynamicSizes.push_back(rows);
  for (int64_t d = 1; d < dataType.getRank(); ++d)
    if (dataType.isDynamicDim(d))
      dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, data, d));
  auto gathered = tensor::GenerateOp::create(
      rewriter, loc, RankedTensorType::get(shape, dtype), dynamicSizes,
      [&](OpBuilder &b, Location l, ValueRange at) {
        Value j = clamped(b, l, at[0]);
        Value inside = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                             at[1], lengthAt(b, l, lengths, j));
        auto element = scf::IfOp::create(
            b, l, inside,
            [&](OpBuilder &tb, Location tl) {
              Value start =
                  tensor::ExtractOp::create(tb, tl, startOf, ValueRange{j});
              SmallVector<Value> from{
                  arith::AddIOp::create(tb, tl, start, at[1]).getResult()};
              from.append(at.begin() + 2, at.end());
              scf::YieldOp::create(
                  tb, tl,
                  tensor::ExtractOp::create(tb, tl, data, from).getResult());
            },
            [&](OpBuilder &eb, Location el) {
              scf::YieldOp::create(eb, el,
                                   ValueRange{createScalar(eb, el, dtype, 0)});
            });
        tensor::YieldOp::create(b, l, element.getResult(0));
      });
  replaceNode(rewriter, node, gathered.getResult());
  return success();
}

LogicalResult refuseGrowing(Operation *node, StringRef what) {
  return nodeError(node, what + " a growing TensorArray (dynamic_size = "
                                "true) is not lowered (Write, Read, Gather, "
                                "Concat and Size are)");
}

//===----------------------------------------------------------------------===//
// TensorArrayV3 (TF1): the flow is the list
//===----------------------------------------------------------------------===//

/// TensorArrayV3(size) -> (handle, flow). The handle carries nothing (every
/// access takes the flow too): a scalar placeholder value, so that it can
/// still pass through loops and branches as TensorFlow's graphs pass it.
LogicalResult lowerTensorArray(Operation *node, ValueRange data,
                               ConversionPatternRewriter &rewriter) {
  auto size = constantCount(node, data[0], "size");
  if (failed(size))
    return failure();
  Type dtype = dtypeAttr(node, "dtype");
  if (!dtype)
    return nodeError(node, "needs a type attr 'dtype'");
  PartialShape element = shapeAttr(node, "element_shape");
  auto dynamic = dyn_cast_or_null<BoolAttr>(node->getAttr("dynamic_size"));
  if (dynamic && dynamic.getValue())
    return lowerGrowingArray(node, *size, dtype, element, rewriter);
  if (failed(checkListSize(node, *size, element)))
    return failure();
  Location loc = node->getLoc();
  Value handle = intConstant(rewriter, loc, {0}, {}, rewriter.getI32Type());
  Value flow = createList(rewriter, loc, *size, element, dtype);
  replaceNode(rewriter, node, {handle, flow});
  return success();
}

/// TensorArrayWriteV3(handle, index, value, flow_in) -> flow_out.
LogicalResult lowerArrayWrite(Operation *node, ValueRange data,
                              ConversionPatternRewriter &rewriter) {
  if (isGrowingArray(data[3].getType()))
    return lowerGrowingWrite(node, data, rewriter);
  auto flow = writeItem(node, rewriter, data[3], data[1], data[2]);
  if (failed(flow))
    return failure();
  replaceNode(rewriter, node, *flow);
  return success();
}

/// TensorArrayReadV3(handle, index, flow_in) -> value.
LogicalResult lowerArrayRead(Operation *node, ValueRange data,
                             ConversionPatternRewriter &rewriter) {
  if (isGrowingArray(data[2].getType()))
    return lowerGrowingRead(node, data, rewriter);
  auto item = readItem(node, rewriter, data[2], data[1], std::nullopt);
  if (failed(item))
    return failure();
  replaceNode(rewriter, node, *item);
  return success();
}

/// TensorArrayGatherV3(handle, indices, flow_in) -> value.
LogicalResult lowerArrayGather(Operation *node, ValueRange data,
                               ConversionPatternRewriter &rewriter) {
  if (isGrowingArray(data[2].getType()))
    return lowerGrowingGather(node, data[1], data[2], rewriter);
  auto value = gatherItems(node, rewriter, data[2], data[1],
                           shapeAttr(node, "element_shape"));
  if (failed(value))
    return failure();
  replaceNode(rewriter, node, *value);
  return success();
}

/// TensorArrayScatterV3(handle, indices, value, flow_in) -> flow_out.
LogicalResult lowerArrayScatter(Operation *node, ValueRange data,
                                ConversionPatternRewriter &rewriter) {
  if (isGrowingArray(data[3].getType()))
    return refuseGrowing(node, "scattering into");
  auto flow = scatterItems(node, rewriter, data[3], data[1], data[2]);
  if (failed(flow))
    return failure();
  replaceNode(rewriter, node, *flow);
  return success();
}

/// TensorArraySizeV3(handle, flow_in) -> size.
LogicalResult lowerArraySize(Operation *node, ValueRange data,
                             ConversionPatternRewriter &rewriter) {
  if (isGrowingArray(data[1].getType()))
    return lowerGrowingSize(node, data[1], rewriter);
  return replaceByListLength(node, data[1], "flow_in", rewriter);
}

/// TensorArrayConcatV3(handle, flow_in) -> (value, lengths): the elements
/// joined along their first dimension; every length is that dimension.
LogicalResult lowerArrayConcat(Operation *node, ValueRange data,
                               ConversionPatternRewriter &rewriter) {
  if (isGrowingArray(data[1].getType()))
    return lowerGrowingConcat(node, data[1], rewriter);
  auto type = requireList(node, data[1], "flow_in");
  if (failed(type))
    return failure();
  if (isUnsetList(*type))
    return nodeError(node, "concatenates an array that nothing was written "
                           "to (its element shape is not known)");
  if (type->getRank() < 2)
    return nodeError(node, "concatenates scalars: elements must have rank "
                           ">= 1");
  Location loc = node->getLoc();
  int64_t n = type->getDimSize(0), rows = type->getDimSize(1);
  SmallVector<int64_t> shape{n * rows};
  shape.append(type->getShape().begin() + 2, type->getShape().end());
  Value value = reshapeTo(rewriter, loc, data[1], shape);
  SmallVector<int64_t> lengths(n, rows);
  Value lengthsValue =
      intConstant(rewriter, loc, lengths, {n}, rewriter.getI64Type());
  replaceNode(rewriter, node, {value, lengthsValue});
  return success();
}

/// TensorArraySplitV3(handle, value, lengths, flow_in) -> flow_out:
/// element t is rows [sum(lengths[:t]), +lengths[t]) of value. One list has
/// one element shape, so the lengths must all be equal.
LogicalResult lowerArraySplit(Operation *node, ValueRange data,
                              ConversionPatternRewriter &rewriter) {
  if (isGrowingArray(data[3].getType()))
    return refuseGrowing(node, "splitting into");
  auto type = requireList(node, data[3], "flow_in");
  RankedTensorType valueType = getStaticType(data[1]);
  if (failed(type))
    return failure();
  if (!valueType || valueType.getRank() < 1)
    return nodeError(node, "its value " + typeStr(data[1].getType()) +
                               " is not a static tensor of rank >= 1");
  if (valueType.getElementType() != type->getElementType())
    return nodeError(node, "writes " + typeStr(valueType) +
                               " into an array of " +
                               typeStr(type->getElementType()));
  auto lengths = requireConstantInts(node, data[2], "lengths");
  if (failed(lengths))
    return failure();
  int64_t count = lengths->size(), n = type->getDimSize(0);
  if (count > n)
    return nodeError(node, "splits into " + Twine(count) +
                               " elements, the array has " + Twine(n));
  int64_t rows = count ? lengths->front() : 0, total = 0;
  for (int64_t length : *lengths) {
    if (length != rows)
      return nodeError(node, "lengths differ: an array of elements of "
                             "different shapes has no static shape");
    total += length;
  }
  if (total != valueType.getDimSize(0))
    return nodeError(node, "lengths sum to " + Twine(total) + " but value " +
                               typeStr(valueType) + " has " +
                               Twine(valueType.getDimSize(0)) + " rows");
  SmallVector<int64_t> element{rows};
  element.append(valueType.getShape().begin() + 1, valueType.getShape().end());
  auto target = listForWrite(node, rewriter, data[3], element);
  if (failed(target))
    return failure();
  Location loc = node->getLoc();
  SmallVector<int64_t> split{count};
  split.append(element);
  Value parts = reshapeTo(rewriter, loc, data[1], split);
  SmallVector<int64_t> offsets(split.size(), 0), strides(split.size(), 1);
  Value flow = tensor::InsertSliceOp::create(
      rewriter, loc, parts, *target, ValueRange{}, ValueRange{}, ValueRange{},
      offsets, split, strides);
  replaceNode(rewriter, node, flow);
  return success();
}

/// TensorArrayCloseV3(handle): nothing to free.
LogicalResult lowerArrayClose(Operation *node, ValueRange,
                              ConversionPatternRewriter &rewriter) {
  replaceNode(rewriter, node, {});
  return success();
}

} // namespace

void lowering::populateTensorListPatterns(RewritePatternSet &patterns) {
  const std::pair<StringRef, NodeLoweringFn> lowerings[] = {
      {"TensorListReserve", lowerReserve},
      {"EmptyTensorList", lowerEmptyList},
      {"TensorListFromTensor", lowerFromTensor},
      {"TensorListSetItem", lowerSetItem},
      {"TensorListGetItem", lowerGetItem},
      {"TensorListStack", lowerStack},
      {"TensorListLength", lowerLength},
      {"TensorListElementShape", lowerElementShape},
      {"TensorListPushBack", lowerPushBack},
      {"TensorListPopBack", lowerPopBack},
      {"TensorArrayV3", lowerTensorArray},
      {"TensorArrayWriteV3", lowerArrayWrite},
      {"TensorArrayReadV3", lowerArrayRead},
      {"TensorArrayGatherV3", lowerArrayGather},
      {"TensorArrayScatterV3", lowerArrayScatter},
      {"TensorArraySizeV3", lowerArraySize},
      {"TensorArrayConcatV3", lowerArrayConcat},
      {"TensorArraySplitV3", lowerArraySplit},
      {"TensorArrayCloseV3", lowerArrayClose},
  };
  for (auto [name, fn] : lowerings)
    addNodeLowering(patterns, name, fn);
}
