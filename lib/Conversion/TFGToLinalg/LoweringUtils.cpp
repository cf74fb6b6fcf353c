//===- LoweringUtils.cpp - Helpers shared by the TFG lowering patterns ----===//

#include "LoweringUtils.h"

#include "TFG/Conversion/Passes.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Matchers.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

LogicalResult lowering::nodeError(Operation *node, const Twine &message) {
  return node->emitError() << "node '" << getNodeName(node) << "' ("
                           << getNodeOpType(node) << "): " << message;
}

static thread_local llvm::StringMap<SmallVector<Type>> *activeShapeLog =
    nullptr;

lowering::ScopedShapeLog::ScopedShapeLog(
    llvm::StringMap<SmallVector<Type>> *log)
    : previous(activeShapeLog) {
  activeShapeLog = log;
}
lowering::ScopedShapeLog::~ScopedShapeLog() { activeShapeLog = previous; }

void lowering::replaceNode(ConversionPatternRewriter &rewriter, Operation *node,
                           ValueRange data) {
  if (activeShapeLog) {
    SmallVector<Type> &types = (*activeShapeLog)[getNodeName(node)];
    types.clear();
    for (Value v : data)
      types.push_back(v.getType());
  }
  SmallVector<Value> replacements(data.begin(), data.end());
  replacements.push_back(Value()); // the control token
  rewriter.replaceOp(node, replacements);
}

RankedTensorType lowering::getStaticType(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.hasStaticShape() ? type : RankedTensorType();
}

FailureOr<SmallVector<RankedTensorType>>
lowering::requireRankedOperands(Operation *node, ValueRange operands) {
  SmallVector<RankedTensorType> types;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type) {
      (void)nodeError(node, "the rank of input " + Twine(i) + " (" +
                                typeStr(operand.getType()) +
                                ") is unknown: it cannot be inferred from the "
                                "input shapes");
      return failure();
    }
    types.push_back(type);
  }
  return types;
}

/// The error for dimension `dim` of `what` being dynamic.
static LogicalResult dynamicDimError(Operation *node, const Twine &what,
                                     Type type, int64_t dim) {
  return nodeError(node, "dimension " + Twine(dim) + " of " + what + " (" +
                             typeStr(type) +
                             ") is dynamic, and this op's lowering needs it "
                             "static (give the input shapes, or compile "
                             "without dynamic dimensions)");
}

FailureOr<SmallVector<RankedTensorType>>
lowering::requireStaticOperands(Operation *node, ValueRange operands) {
  auto types = requireRankedOperands(node, operands);
  if (failed(types))
    return failure();
  for (auto [i, type] : llvm::enumerate(*types))
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d)) {
        (void)dynamicDimError(node, "input " + Twine(i), type, d);
        return failure();
      }
  return types;
}

LogicalResult lowering::requireStaticDims(Operation *node, Value value,
                                          ArrayRef<int64_t> dims,
                                          StringRef what) {
  auto type = cast<RankedTensorType>(value.getType());
  for (int64_t d : dims)
    if (type.isDynamicDim(d))
      return dynamicDimError(node, what, type, d);
  return success();
}

DimRoot lowering::traceDim(Value tensor, int64_t dim) {
  while (Operation *op = tensor.getDefiningOp()) {
    if (auto empty = dyn_cast<tensor::EmptyOp>(op)) {
      if (std::optional<DimRoot> root =
              traceDimScalar(empty.getDynamicSize(dim)))
        return *root;
      break;
    }
    if (auto cast = dyn_cast<tensor::CastOp>(op)) {
      if (!cast.getSource().getType().isDynamicDim(dim))
        break;
      tensor = cast.getSource();
      continue;
    }
    if (auto pad = dyn_cast<tensor::PadOp>(op)) {
      if (pad.getStaticLow()[dim] != 0 || pad.getStaticHigh()[dim] != 0)
        break;
      tensor = pad.getSource();
      continue;
    }
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
      auto result = cast<OpResult>(tensor);
      if (!dps.hasPureTensorSemantics() ||
          result.getResultNumber() >= (unsigned)dps.getNumDpsInits())
        break;
      tensor = dps.getDpsInitOperand(result.getResultNumber())->get();
      continue;
    }
    break;
  }
  return {tensor, dim};
}

std::optional<DimRoot> lowering::traceDimScalar(Value scalar) {
  while (scalar) {
    Operation *op = scalar.getDefiningOp();
    if (!op)
      return std::nullopt;
    if (auto dim = dyn_cast<tensor::DimOp>(op)) {
      std::optional<int64_t> index = dim.getConstantIndex();
      if (!index)
        return std::nullopt;
      return traceDim(dim.getSource(), *index);
    }
    // Casts between integer widths keep a size (Cast of a Shape element).
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp, arith::TruncIOp>(op)) {
      scalar = op->getOperand(0);
      continue;
    }
    if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
      auto elements =
          extract.getTensor().getDefiningOp<tensor::FromElementsOp>();
      if (!elements || elements.getType().getNumElements() != 1)
        return std::nullopt;
      scalar = elements.getElements()[0];
      continue;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

OpFoldResult lowering::dimSize(OpBuilder &b, Location loc, Value tensor,
                               int64_t dim) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(dim))
    return b.getIndexAttr(type.getDimSize(dim));
  DimRoot root = traceDim(tensor, dim);
  return tensor::DimOp::create(b, loc, root.source, root.dim).getResult();
}

/// The function `b` builds in.
static func::FuncOp enclosingFunc(OpBuilder &b) {
  Block *block = b.getInsertionBlock();
  Operation *parent = block ? block->getParentOp() : nullptr;
  if (!parent)
    return {};
  if (auto func = dyn_cast<func::FuncOp>(parent))
    return func;
  return parent->getParentOfType<func::FuncOp>();
}

/// The argument number of `value` in `func`, or -1.
static int64_t argumentOf(func::FuncOp func, Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !func || func.getBody().empty() ||
      arg.getOwner() != &func.getBody().front())
    return -1;
  return arg.getArgNumber();
}

void lowering::recordRunTimeDimCheck(OpBuilder &b, Location loc, DimRoot a,
                                     std::optional<DimRoot> other,
                                     int64_t size) {
  if (other && *other == a)
    return;
  func::FuncOp func = enclosingFunc(b);
  int64_t argA = argumentOf(func, a.source);
  int64_t argB = other ? argumentOf(func, other->source) : -1;
  if (argA < 0 || (other && argB < 0))
    return;
  // The node being lowered: the rewriter builds right before it.
  std::string node;
  Block *block = b.getInsertionBlock();
  if (b.getInsertionPoint() != block->end() &&
      isNodeOp(&*b.getInsertionPoint()))
    node = getNodeName(&*b.getInsertionPoint()).str();
  loc->walk([&](Location l) {
    if (auto name = dyn_cast<NameLoc>(l); name && node.empty())
      node = name.getName().str();
    return WalkResult::advance();
  });
  SmallVector<Attribute> checks;
  int64_t values[] = {argA, a.dim, argB, other ? other->dim : size};
  if (auto list = func->getAttrOfType<ArrayAttr>(kRunTimeDimChecks))
    for (Attribute check : list) {
      auto fields = cast<ArrayAttr>(check).getValue().drop_front();
      if (llvm::equal(fields, values, [](Attribute f, int64_t v) {
            return cast<IntegerAttr>(f).getInt() == v;
          }))
        return; // already checked (for another node)
      checks.push_back(check);
    }
  checks.push_back(
      b.getArrayAttr({b.getStringAttr(node), b.getI64IntegerAttr(argA),
                      b.getI64IntegerAttr(a.dim), b.getI64IntegerAttr(argB),
                      b.getI64IntegerAttr(other ? other->dim : size)}));
  func->setAttr(kRunTimeDimChecks, b.getArrayAttr(checks));
}

SmallVector<OpFoldResult> lowering::getMixedSizes(OpBuilder &b, Location loc,
                                                  Value tensor) {
  SmallVector<OpFoldResult> sizes;
  int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
  for (int64_t d = 0; d < rank; ++d)
    sizes.push_back(dimSize(b, loc, tensor, d));
  return sizes;
}

SmallVector<int64_t> lowering::staticShapeOf(ArrayRef<OpFoldResult> sizes) {
  SmallVector<int64_t> shape;
  for (OpFoldResult size : sizes)
    shape.push_back(getConstantIntValue(size).value_or(ShapedType::kDynamic));
  return shape;
}

Value lowering::sizeValue(OpBuilder &b, Location loc, OpFoldResult size) {
  if (std::optional<int64_t> value = getConstantIntValue(size))
    return arith::ConstantIndexOp::create(b, loc, *value);
  return cast<Value>(size);
}

OpFoldResult lowering::mulSizes(OpBuilder &b, Location loc, OpFoldResult x,
                                OpFoldResult y) {
  std::optional<int64_t> cx = getConstantIntValue(x),
                         cy = getConstantIntValue(y);
  if (cx && cy)
    return b.getIndexAttr(*cx * *cy);
  if (cx == 1)
    return y;
  if (cy == 1)
    return x;
  return arith::MulIOp::create(b, loc, sizeValue(b, loc, x),
                               sizeValue(b, loc, y))
      .getResult();
}

OpFoldResult lowering::addSizes(OpBuilder &b, Location loc, OpFoldResult x,
                                OpFoldResult y) {
  std::optional<int64_t> cx = getConstantIntValue(x),
                         cy = getConstantIntValue(y);
  if (cx && cy)
    return b.getIndexAttr(*cx + *cy);
  if (cx == 0)
    return y;
  if (cy == 0)
    return x;
  return arith::AddIOp::create(b, loc, sizeValue(b, loc, x),
                               sizeValue(b, loc, y))
      .getResult();
}

/// The integer value of a constant scalar (index or int), if it is one.
static std::optional<int64_t> constantScalarInt(Value scalar) {
  APInt value;
  if (!matchPattern(scalar, m_ConstantInt(&value)))
    return std::nullopt;
  return scalar.getType().isInteger(1) ? value.getZExtValue()
                                       : value.getSExtValue();
}

FailureOr<SmallVector<std::optional<int64_t>>>
lowering::getPartialConstantInts(Value value, SmallVectorImpl<Value> *values) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape() || type.getRank() > 1 ||
      !type.getElementType().isIntOrIndex())
    return failure();
  SmallVector<std::optional<int64_t>> result;
  if (DenseElementsAttr constant = getConstantElements(value)) {
    for (const APInt &v : constant.getValues<APInt>())
      result.push_back(type.getElementType().isInteger(1) ? v.getZExtValue()
                                                          : v.getSExtValue());
    if (values)
      values->assign(result.size(), Value());
    return result;
  }
  auto elements = value.getDefiningOp<tensor::FromElementsOp>();
  if (!elements)
    return failure();
  if (values)
    values->assign(elements.getElements().begin(),
                   elements.getElements().end());
  for (Value element : elements.getElements())
    result.push_back(constantScalarInt(element));
  return result;
}

DenseElementsAttr lowering::getConstantElements(Value value) {
  DenseElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)))
    return attr;
  return {};
}

FailureOr<SmallVector<int64_t>>
lowering::requireConstantInts(Operation *node, Value value, StringRef what) {
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr || !attr.getElementType().isInteger()) {
    (void)nodeError(node, "its " + what +
                              " must be a constant integer tensor (computed "
                              "from static shapes), but it is not");
    return failure();
  }
  SmallVector<int64_t> values;
  for (const APInt &v : attr.getValues<APInt>())
    values.push_back(attr.getElementType().isInteger(1) ? v.getZExtValue()
                                                        : v.getSExtValue());
  return values;
}

FailureOr<int64_t> lowering::normalizeAxis(Operation *node, int64_t axis,
                                           int64_t rank) {
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1)) {
    (void)nodeError(node, "axis " + Twine(axis) + " is out of range for rank " +
                              Twine(rank));
    return failure();
  }
  return axis < 0 ? axis + rank : axis;
}

FailureOr<SmallVector<int64_t>> lowering::broadcastShapes(ArrayRef<int64_t> a,
                                                          ArrayRef<int64_t> b) {
  SmallVector<int64_t> result;
  if (!mlir::OpTrait::util::getBroadcastedShape(a, b, result))
    return failure();
  return result;
}

Value lowering::createEmpty(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                            Type elementType) {
  return tensor::EmptyOp::create(b, loc, shape, elementType);
}

Value lowering::createEmpty(OpBuilder &b, Location loc,
                            const SmallVectorImpl<OpFoldResult> &sizes,
                            Type elementType) {
  return tensor::EmptyOp::create(b, loc, sizes, elementType);
}

Value lowering::createScalar(OpBuilder &b, Location loc, Type type,
                             double value) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(floatType, value));
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
}

Value lowering::createFilled(OpBuilder &b, Location loc,
                             ArrayRef<int64_t> shape, Value scalar) {
  Value empty = createEmpty(b, loc, shape, scalar.getType());
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

Value lowering::createFilled(OpBuilder &b, Location loc,
                             const SmallVectorImpl<OpFoldResult> &sizes,
                             Value scalar) {
  Value empty = createEmpty(b, loc, sizes, scalar.getType());
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

Value lowering::createLowest(OpBuilder &b, Location loc, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(floatType, -std::numeric_limits<double>::infinity()));
  unsigned width = type.getIntOrFloatBitWidth();
  return arith::ConstantOp::create(
      b, loc,
      b.getIntegerAttr(type, width == 1 ? APInt(1, 0)
                                        : APInt::getSignedMinValue(width)));
}

Value lowering::createHighest(OpBuilder &b, Location loc, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(floatType, std::numeric_limits<double>::infinity()));
  unsigned width = type.getIntOrFloatBitWidth();
  return arith::ConstantOp::create(
      b, loc,
      b.getIntegerAttr(type, width == 1 ? APInt(1, 1)
                                        : APInt::getSignedMaxValue(width)));
}

Attribute lowering::foldScalarBody(OpBuilder &b, Location loc,
                                   ArrayRef<Attribute> args, ScalarBody body) {
  // A plain builder: the ops are scratch, not for a rewriter to track.
  Block scratch;
  OpBuilder builder(b.getContext());
  builder.setInsertionPointToStart(&scratch);
  SmallVector<Value> values;
  for (Attribute a : args)
    values.push_back(
        arith::ConstantOp::create(builder, loc, cast<TypedAttr>(a)));
  Value result = body(builder, loc, values);
  llvm::DenseMap<Value, Attribute> known;
  for (Operation &op : scratch) {
    SmallVector<Attribute> operands;
    for (Value v : op.getOperands())
      operands.push_back(known.lookup(v));
    SmallVector<OpFoldResult> results;
    Attribute constant;
    if (matchPattern(&op, m_Constant(&constant))) {
      known[op.getResult(0)] = constant;
      continue;
    }
    if (failed(op.fold(operands, results)) ||
        results.size() != op.getNumResults())
      return {};
    for (auto [r, folded] : llvm::zip(op.getResults(), results))
      known[r] = isa<Attribute>(folded) ? cast<Attribute>(folded)
                                        : known.lookup(cast<Value>(folded));
  }
  Attribute folded = known.lookup(result);
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(scratch)))
    op.erase();
  return folded;
}

Value lowering::buildElementwise(OpBuilder &b, Location loc, ValueRange inputs,
                                 ArrayRef<int64_t> resultShape,
                                 Type resultElementType, ScalarBody body) {
  // A dynamic result dimension is as large as an input that has it dynamic
  // (a dynamic dimension does not broadcast; see broadcastShapes).
  int64_t rank = resultShape.size();
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < rank; ++d) {
    // What the code assumes of the inputs' dynamic dimensions here (they
    // are not broadcast), checked before each run when they are the
    // function's argument dimensions.
    std::optional<DimRoot> first;
    for (Value input : inputs) {
      auto type = cast<RankedTensorType>(input.getType());
      int64_t at = d - (rank - type.getRank());
      if (at < 0 || !type.isDynamicDim(at))
        continue;
      DimRoot root = traceDim(input, at);
      if (!ShapedType::isDynamic(resultShape[d]))
        recordRunTimeDimCheck(b, loc, root, std::nullopt, resultShape[d]);
      else if (first)
        recordRunTimeDimCheck(b, loc, *first, root);
      else
        first = root;
    }
    if (!ShapedType::isDynamic(resultShape[d])) {
      sizes.push_back(b.getIndexAttr(resultShape[d]));
      continue;
    }
    OpFoldResult size;
    for (Value input : inputs) {
      auto type = cast<RankedTensorType>(input.getType());
      int64_t at = d - (rank - type.getRank());
      if (at >= 0 && type.isDynamicDim(at)) {
        size = dimSize(b, loc, input, at);
        break;
      }
    }
    assert(size && "a dynamic result dimension that no input has");
    sizes.push_back(size);
  }
  return buildElementwise(b, loc, inputs, sizes, resultElementType, body);
}

/// Elementwise ops on small tensors whose elements are known one by one
/// (constants, tensor.from_elements: shape arithmetic on dynamic shapes)
/// are scalar code per element, gathered by tensor.from_elements, so that
/// the elements that are constants stay visible to Reshape; null when an
/// input is neither.
static Value buildElementwiseByElement(OpBuilder &b, Location loc,
                                       ValueRange inputs,
                                       RankedTensorType resultType,
                                       ScalarBody body) {
  if (inputs.empty() || !resultType.hasStaticShape() ||
      resultType.getNumElements() > kMaxFoldedElements)
    return {};
  // Each input's elements: an attribute or a value.
  SmallVector<SmallVector<Attribute>> constants;
  SmallVector<SmallVector<Value>> values;
  bool anyValue = false;
  for (Value input : inputs) {
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<Attribute> attrs;
    SmallVector<Value> elementValues;
    if (DenseElementsAttr c = getConstantElements(input)) {
      if (c.isSplat())
        attrs.assign(type.getNumElements(), c.getSplatValue<Attribute>());
      else
        attrs.assign(c.getValues<Attribute>().begin(),
                     c.getValues<Attribute>().end());
      elementValues.assign(attrs.size(), Value());
    } else if (auto elements = input.getDefiningOp<tensor::FromElementsOp>()) {
      for (Value element : elements.getElements()) {
        Attribute attr;
        if (!matchPattern(element, m_Constant(&attr)))
          attr = {};
        attrs.push_back(attr);
        elementValues.push_back(element);
        anyValue |= !attr;
      }
    } else {
      return {};
    }
    constants.push_back(std::move(attrs));
    values.push_back(std::move(elementValues));
  }
  if (!anyValue)
    return {}; // all constants: the constant folding does it
  int64_t rank = resultType.getRank();
  SmallVector<int64_t> index(rank, 0);
  SmallVector<Value> results;
  for (int64_t n = 0; n < resultType.getNumElements(); ++n) {
    SmallVector<Attribute> argAttrs;
    SmallVector<Value> args;
    bool allConstant = true;
    for (auto [i, input] : llvm::enumerate(inputs)) {
      auto type = cast<RankedTensorType>(input.getType());
      int64_t offset = rank - type.getRank(), linear = 0;
      for (int64_t d = 0; d < type.getRank(); ++d)
        linear = linear * type.getDimSize(d) +
                 (type.getDimSize(d) == 1 ? 0 : index[d + offset]);
      Attribute attr = constants[i][linear];
      allConstant &= bool(attr);
      argAttrs.push_back(attr);
      args.push_back(
          attr ? Value(arith::ConstantOp::create(b, loc, cast<TypedAttr>(attr)))
               : values[i][linear]);
    }
    Attribute folded =
        allConstant ? foldScalarBody(b, loc, argAttrs, body) : Attribute();
    if (folded && isa<TypedAttr>(folded) &&
        cast<TypedAttr>(folded).getType() == resultType.getElementType())
      results.push_back(
          arith::ConstantOp::create(b, loc, cast<TypedAttr>(folded)));
    else
      results.push_back(body(b, loc, args));
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < resultType.getDimSize(d))
        break;
      index[d] = 0;
    }
  }
  return tensor::FromElementsOp::create(b, loc, resultType, results);
}

Value lowering::buildElementwise(
    OpBuilder &b, Location loc, ValueRange inputs,
    const SmallVectorImpl<OpFoldResult> &resultSizes, Type resultElementType,
    ScalarBody body) {
  SmallVector<int64_t> resultShape = staticShapeOf(resultSizes);
  // Small constant inputs (shape arithmetic) give a constant: shapes,
  // axes and sizes computed from static shapes must stay constants.
  auto resultType = RankedTensorType::get(resultShape, resultElementType);
  SmallVector<DenseElementsAttr> constants;
  for (Value input : inputs)
    if (DenseElementsAttr c = getConstantElements(input))
      constants.push_back(c);
  if (!inputs.empty() && constants.size() == inputs.size() &&
      resultType.hasStaticShape() &&
      resultType.getNumElements() <= kMaxFoldedElements) {
    SmallVector<SmallVector<Attribute>> all;
    for (DenseElementsAttr c : constants)
      all.push_back(SmallVector<Attribute>(c.getValues<Attribute>()));
    SmallVector<Attribute> results;
    int64_t rank = resultShape.size();
    SmallVector<int64_t> index(rank, 0);
    for (int64_t n = 0; n < resultType.getNumElements(); ++n) {
      SmallVector<Attribute> args;
      for (auto [c, elements] : llvm::zip(constants, all)) {
        auto type = cast<RankedTensorType>(c.getType());
        int64_t offset = rank - type.getRank(), linear = 0;
        for (int64_t d = 0; d < type.getRank(); ++d)
          linear = linear * type.getDimSize(d) +
                   (type.getDimSize(d) == 1 ? 0 : index[d + offset]);
        args.push_back(elements[c.isSplat() ? 0 : linear]);
      }
      Attribute value = foldScalarBody(b, loc, args, body);
      if (!value || !isa<TypedAttr>(value) ||
          cast<TypedAttr>(value).getType() != resultElementType)
        break;
      results.push_back(value);
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++index[d] < resultShape[d])
          break;
        index[d] = 0;
      }
    }
    if ((int64_t)results.size() == resultType.getNumElements())
      return arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(resultType, results));
  }
  if (Value byElement =
          buildElementwiseByElement(b, loc, inputs, resultType, body))
    return byElement;
  int64_t rank = resultShape.size();
  MLIRContext *context = b.getContext();
  SmallVector<Value> operands;
  SmallVector<AffineMap> maps;
  for (Value input : inputs) {
    auto type = cast<RankedTensorType>(input.getType());
    int64_t offset = rank - type.getRank();
    SmallVector<AffineExpr> exprs;
    SmallVector<int64_t> kept;
    SmallVector<ReassociationIndices> groups;
    ReassociationIndices current;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      current.push_back(d);
      if (type.getDimSize(d) == 1 && resultShape[d + offset] != 1)
        continue; // broadcast: collapsed into a neighbouring group
      exprs.push_back(getAffineDimExpr(d + offset, context));
      kept.push_back(type.getDimSize(d));
      groups.push_back(current);
      current.clear();
    }
    if (!current.empty() && !groups.empty())
      groups.back().append(current.begin(), current.end());
    if ((int64_t)kept.size() != type.getRank())
      input = tensor::CollapseShapeOp::create(
          b, loc, RankedTensorType::get(kept, type.getElementType()), input,
          groups);
    operands.push_back(input);
    maps.push_back(AffineMap::get(rank, 0, exprs, context));
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, context));
  Value init = createEmpty(b, loc, resultSizes, resultElementType);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, operands, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value result = body(nb, nloc, args.drop_back());
        linalg::YieldOp::create(nb, nloc, result);
      });
  return generic.getResult(0);
}

FailureOr<Value> lowering::buildBroadcastingElementwise(Operation *node,
                                                        OpBuilder &b,
                                                        ValueRange inputs,
                                                        Type resultElementType,
                                                        ScalarBody body) {
  auto types = requireRankedOperands(node, inputs);
  if (failed(types))
    return failure();
  SmallVector<int64_t> shape;
  for (RankedTensorType type : *types) {
    auto merged = broadcastShapes(shape, type.getShape());
    if (failed(merged)) {
      (void)nodeError(node, "input shapes " + typeStr((*types)[0]) + " and " +
                                typeStr(type) + " do not broadcast");
      return failure();
    }
    shape = *merged;
  }
  return buildElementwise(b, node->getLoc(), inputs, shape, resultElementType,
                          body);
}

Value lowering::castScalar(OpBuilder &b, Location loc, Value value, Type to,
                           bool isUnsignedFrom) {
  Type from = value.getType();
  if (from == to)
    return value;
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
  if (to.isInteger(1)) {
    if (fromFloat)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                   createScalar(b, loc, from, 0));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value,
                                 createScalar(b, loc, from, 0));
  }
  if (fromFloat && toFloat)
    return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
               ? Value(arith::ExtFOp::create(b, loc, to, value))
               : Value(arith::TruncFOp::create(b, loc, to, value));
  if (!fromFloat && toFloat)
    return isUnsignedFrom || from.isInteger(1)
               ? Value(arith::UIToFPOp::create(b, loc, to, value))
               : Value(arith::SIToFPOp::create(b, loc, to, value));
  if (fromFloat)
    return arith::FPToSIOp::create(b, loc, to, value);
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  if (fromWidth < toWidth)
    return isUnsignedFrom || fromWidth == 1
               ? Value(arith::ExtUIOp::create(b, loc, to, value))
               : Value(arith::ExtSIOp::create(b, loc, to, value));
  return arith::TruncIOp::create(b, loc, to, value);
}

FailureOr<Value> lowering::applyActivation(OpBuilder &b, Location loc,
                                           StringRef name, Value x,
                                           double leakyAlpha) {
  Type type = x.getType();
  Value zero = createScalar(b, loc, type, 0);
  if (name == "Relu")
    return Value(arith::MaximumFOp::create(b, loc, x, zero));
  if (name == "Relu6")
    return Value(arith::MinimumFOp::create(
        b, loc, arith::MaximumFOp::create(b, loc, x, zero),
        createScalar(b, loc, type, 6)));
  if (name == "Elu") {
    Value negative = math::ExpM1Op::create(b, loc, x);
    Value positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
    return Value(arith::SelectOp::create(b, loc, positive, x, negative));
  }
  if (name == "LeakyRelu") {
    Value scaled = arith::MulFOp::create(
        b, loc, x, createScalar(b, loc, type, leakyAlpha));
    Value positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
    return Value(arith::SelectOp::create(b, loc, positive, x, scaled));
  }
  if (name == "Sigmoid") {
    Value one = createScalar(b, loc, type, 1);
    Value expNeg =
        math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
    return Value(arith::DivFOp::create(
        b, loc, one, arith::AddFOp::create(b, loc, one, expNeg)));
  }
  if (name == "Tanh")
    return Value(math::TanhOp::create(b, loc, x));
  return failure();
}

Value lowering::reshapeTo(OpBuilder &b, Location loc, Value value,
                          ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  if (type == resultType)
    return value;
  if (DenseElementsAttr constant = getConstantElements(value))
    return arith::ConstantOp::create(b, loc, constant.reshape(resultType));
  if (auto elements = value.getDefiningOp<tensor::FromElementsOp>())
    return tensor::FromElementsOp::create(b, loc, resultType,
                                          elements.getElements());
  if (auto groups = getReassociationIndicesForReshape(type, resultType)) {
    if (type.getRank() > resultType.getRank())
      return tensor::CollapseShapeOp::create(b, loc, resultType, value,
                                             *groups);
    return tensor::ExpandShapeOp::create(b, loc, resultType, value, *groups);
  }
  // Through 1-D: collapse everything, then expand to the new shape.
  auto flatType =
      RankedTensorType::get({type.getNumElements()}, type.getElementType());
  Value flat = value;
  if (type.getRank() != 1) {
    ReassociationIndices all;
    for (int64_t d = 0; d < type.getRank(); ++d)
      all.push_back(d);
    SmallVector<ReassociationIndices> groups;
    if (!all.empty())
      groups.push_back(all);
    flat = tensor::CollapseShapeOp::create(b, loc, flatType, value, groups);
  }
  if (resultType.getRank() == 1)
    return flat;
  ReassociationIndices all;
  for (int64_t d = 0; d < resultType.getRank(); ++d)
    all.push_back(d);
  SmallVector<ReassociationIndices> groups;
  if (!all.empty())
    groups.push_back(all);
  return tensor::ExpandShapeOp::create(b, loc, resultType, flat, groups);
}

/// Whether collapsing or expanding `from` into `to` by `groups` is the
/// reshape wanted (`sizes` are `to`'s): every group's static dimensions
/// multiply to the same number on both sides, and a group with dynamic
/// dimensions has one on each side, the same one (same root), unless it
/// is the only group with dynamic dimensions (then the element count,
/// which the caller guarantees, makes it right).
static bool groupsKeepElements(Value from, RankedTensorType to,
                               ArrayRef<OpFoldResult> sizes,
                               ArrayRef<ReassociationIndices> groups,
                               bool collapse) {
  auto fromType = cast<RankedTensorType>(from.getType());
  RankedTensorType big = collapse ? fromType : to,
                   small = collapse ? to : fromType;
  int64_t dynamicGroups = 0;
  bool allMatched = true;
  for (auto [i, group] : llvm::enumerate(groups)) {
    int64_t product = 1, dynamic = 0, dynamicDim = -1;
    for (int64_t d : group) {
      if (big.isDynamicDim(d)) {
        ++dynamic;
        dynamicDim = d;
      } else {
        product *= big.getDimSize(d);
      }
    }
    bool smallDynamic = small.isDynamicDim(i);
    if (!dynamic && !smallDynamic) {
      if (product != small.getDimSize(i))
        return false;
      continue;
    }
    if (!smallDynamic || dynamic == 0)
      return false;
    ++dynamicGroups;
    // The same dimension on both sides: a dynamic dimension of `from` and
    // the size asked for it trace to the same root, and the static rest
    // is 1.
    int64_t askedIndex = collapse ? (int64_t)i : dynamicDim;
    Value asked = dyn_cast<Value>(sizes[askedIndex]);
    std::optional<DimRoot> askedRoot =
        asked ? traceDimScalar(asked) : std::nullopt;
    bool same = dynamic == 1 && product == 1 && askedRoot &&
                *askedRoot == traceDim(from, collapse ? dynamicDim : i);
    allMatched &= same;
  }
  return dynamicGroups <= 1 || allMatched;
}

Value lowering::reshapeTo(OpBuilder &b, Location loc, Value value,
                          const SmallVectorImpl<OpFoldResult> &sizes) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape = staticShapeOf(sizes);
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  if (type.hasStaticShape() && resultType.hasStaticShape())
    return reshapeTo(b, loc, value, shape);
  // The same shape, each dynamic size that of the value's own dimension.
  if (type == resultType &&
      llvm::all_of(llvm::seq<int64_t>(0, type.getRank()), [&](int64_t d) {
        if (!type.isDynamicDim(d))
          return true;
        auto size = dyn_cast<Value>(sizes[d]);
        std::optional<DimRoot> root =
            size ? traceDimScalar(size) : std::nullopt;
        return root && *root == traceDim(value, d);
      }))
    return value;
  if (auto groups = getReassociationIndicesForReshape(type, resultType)) {
    bool collapse = type.getRank() > resultType.getRank();
    if (type.getRank() != resultType.getRank() &&
        groupsKeepElements(value, resultType, sizes, *groups, collapse)) {
      if (collapse)
        return tensor::CollapseShapeOp::create(b, loc, resultType, value,
                                               *groups);
      // LLVM 22's expand-strided-metadata crashes on an expand_shape group
      // with more than one dynamic dimension (llvm-project #186830, fixed
      // in 23): such a group takes tensor.reshape below.
      bool oneDynamicPerGroup = llvm::all_of(*groups, [&](const auto &group) {
        return llvm::count_if(group, [&](int64_t d) {
                 return resultType.isDynamicDim(d);
               }) <= 1;
      });
      if (oneDynamicPerGroup)
        return tensor::ExpandShapeOp::create(b, loc, resultType, value, *groups,
                                             sizes);
    }
  }
  // Any reshape: tensor.reshape with the sizes as a shape tensor.
  SmallVector<Value> sizeValues;
  for (OpFoldResult size : sizes)
    sizeValues.push_back(sizeValue(b, loc, size));
  Value shapeTensor = tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({(int64_t)sizes.size()}, b.getIndexType()),
      sizeValues);
  return tensor::ReshapeOp::create(b, loc, resultType, value, shapeTensor);
}

Value lowering::transpose(OpBuilder &b, Location loc, Value value,
                          ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(value.getType());
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(perm))
    identity &= (int64_t)i == p;
  if (identity)
    return value;
  SmallVector<OpFoldResult> sizes;
  for (int64_t p : perm)
    sizes.push_back(dimSize(b, loc, value, p));
  Value init = createEmpty(b, loc, sizes, type.getElementType());
  return linalg::TransposeOp::create(b, loc, value, init, perm).getResult()[0];
}

FailureOr<lowering::WindowDim>
lowering::computeWindowDim(Operation *node, StringRef padding, int64_t inSize,
                           int64_t kernel, int64_t stride, int64_t dilation,
                           int64_t explicitBefore, int64_t explicitAfter) {
  if (stride < 1 || dilation < 1) {
    (void)nodeError(node, "strides and dilations must be positive");
    return failure();
  }
  int64_t effective = (kernel - 1) * dilation + 1;
  WindowDim dim;
  if (padding == "SAME") {
    dim.outSize = (inSize + stride - 1) / stride;
    int64_t total =
        std::max<int64_t>((dim.outSize - 1) * stride + effective - inSize, 0);
    dim.padBefore = total / 2;
    dim.padAfter = total - dim.padBefore;
  } else if (padding == "VALID" || padding == "EXPLICIT") {
    if (padding == "EXPLICIT") {
      dim.padBefore = explicitBefore;
      dim.padAfter = explicitAfter;
    }
    int64_t padded = inSize + dim.padBefore + dim.padAfter;
    if (padded < effective) {
      (void)nodeError(node, "the window (" + Twine(effective) +
                                ") is larger than the padded input (" +
                                Twine(padded) + ")");
      return failure();
    }
    dim.outSize = (padded - effective) / stride + 1;
  } else {
    (void)nodeError(node, "padding '" + padding + "' is not lowered");
    return failure();
  }
  return dim;
}

Value lowering::padConstant(OpBuilder &b, Location loc, Value value,
                            ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                            Value padValue) {
  if (llvm::all_of(low, [](int64_t v) { return v == 0; }) &&
      llvm::all_of(high, [](int64_t v) { return v == 0; }))
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d)
    shape.push_back(type.isDynamicDim(d)
                        ? ShapedType::kDynamic
                        : type.getDimSize(d) + low[d] + high[d]);
  SmallVector<OpFoldResult> lowOfr, highOfr;
  for (int64_t v : low)
    lowOfr.push_back(b.getIndexAttr(v));
  for (int64_t v : high)
    highOfr.push_back(b.getIndexAttr(v));
  return tensor::PadOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      lowOfr, highOfr, padValue);
}

FailureOr<MixedWindowDim> lowering::computeMixedWindowDim(
    Operation *node, OpBuilder &b, Location loc, StringRef padding,
    OpFoldResult inSize, int64_t kernel, int64_t stride, int64_t dilation,
    int64_t explicitBefore, int64_t explicitAfter) {
  if (std::optional<int64_t> staticSize = getConstantIntValue(inSize)) {
    auto dim = computeWindowDim(node, padding, *staticSize, kernel, stride,
                                dilation, explicitBefore, explicitAfter);
    if (failed(dim))
      return failure();
    return MixedWindowDim{b.getIndexAttr(dim->padBefore),
                          b.getIndexAttr(dim->padAfter),
                          b.getIndexAttr(dim->outSize)};
  }
  // The checks of the static case that do not need the size.
  if (failed(computeWindowDim(node, padding, (kernel - 1) * dilation + 1,
                              kernel, stride, dilation, explicitBefore,
                              explicitAfter)))
    return failure();
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value in = sizeValue(b, loc, inSize), zero = index(0);
  int64_t effective = (kernel - 1) * dilation + 1;
  MixedWindowDim dim;
  if (padding == "SAME") {
    // Sizes are non-negative, so ceil(in / stride) is (in + stride - 1) /
    // stride.
    Value out = arith::DivUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, in, index(stride - 1)),
        index(stride));
    Value needed = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc,
                              arith::SubIOp::create(b, loc, out, index(1)),
                              index(stride)),
        index(effective));
    Value total = arith::MaxSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, needed, in), zero);
    Value before = arith::DivUIOp::create(b, loc, total, index(2));
    dim.padBefore = before;
    dim.padAfter = arith::SubIOp::create(b, loc, total, before).getResult();
    dim.outSize = out;
    return dim;
  }
  dim.padBefore = b.getIndexAttr(explicitBefore);
  dim.padAfter = b.getIndexAttr(explicitAfter);
  Value padded =
      arith::AddIOp::create(b, loc, in, index(explicitBefore + explicitAfter));
  Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, padded,
                                     index(effective));
  Value out = arith::AddIOp::create(
      b, loc,
      arith::DivUIOp::create(
          b, loc,
          arith::SubIOp::create(
              b, loc, arith::MaxSIOp::create(b, loc, padded, index(effective)),
              index(effective)),
          index(stride)),
      index(1));
  dim.outSize = arith::SelectOp::create(b, loc, fits, out, zero).getResult();
  return dim;
}

Value lowering::padConstantMixed(OpBuilder &b, Location loc, Value value,
                                 ArrayRef<OpFoldResult> low,
                                 ArrayRef<OpFoldResult> high, Value padValue) {
  SmallVector<int64_t> staticLow, staticHigh;
  for (auto [l, h] : llvm::zip_equal(low, high)) {
    std::optional<int64_t> cl = getConstantIntValue(l),
                           ch = getConstantIntValue(h);
    if (!cl || !ch)
      break;
    staticLow.push_back(*cl);
    staticHigh.push_back(*ch);
  }
  if (staticLow.size() == low.size())
    return padConstant(b, loc, value, staticLow, staticHigh, padValue);
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    std::optional<int64_t> cl = getConstantIntValue(low[d]),
                           ch = getConstantIntValue(high[d]);
    shape.push_back(type.isDynamicDim(d) || !cl || !ch
                        ? ShapedType::kDynamic
                        : type.getDimSize(d) + *cl + *ch);
  }
  return tensor::PadOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value, low,
      high, padValue);
}

DenseIntElementsAttr lowering::i64Elements(OpBuilder &b,
                                           ArrayRef<int64_t> values) {
  return DenseIntElementsAttr::get(
      RankedTensorType::get({(int64_t)values.size()}, b.getI64Type()), values);
}

FailureOr<Value> lowering::applyFusedOps(Operation *node, OpBuilder &b, Value x,
                                         ValueRange args, int64_t channelDim) {
  SmallVector<StringRef> fused;
  if (auto list = node->getAttrOfType<ArrayAttr>("fused_ops"))
    for (Attribute a : list)
      fused.push_back(cast<StringAttr>(a).getValue());
  double epsilon = 0.0001, alpha = 0.2;
  if (auto attr = node->getAttrOfType<FloatAttr>("epsilon"))
    epsilon = attr.getValueAsDouble();
  if (auto attr = node->getAttrOfType<FloatAttr>("leakyrelu_alpha"))
    alpha = attr.getValueAsDouble();
  if (fused.empty())
    return x;
  auto type = cast<RankedTensorType>(x.getType());
  Location loc = node->getLoc();
  // The per-channel operands, shaped to broadcast along channelDim.
  auto types = requireStaticOperands(node, args);
  if (failed(types))
    return failure();
  SmallVector<Value> inputs{x};
  for (auto [arg, argType] : llvm::zip(args, *types)) {
    if (argType.getRank() == 1 && channelDim != type.getRank() - 1) {
      SmallVector<int64_t> shape(type.getRank() - channelDim, 1);
      shape[0] = argType.getDimSize(0);
      inputs.push_back(reshapeTo(b, loc, arg, shape));
    } else {
      inputs.push_back(arg);
    }
  }
  SmallVector<int64_t> shape(type.getShape());
  for (Value v : ArrayRef(inputs).drop_front()) {
    auto merged =
        broadcastShapes(shape, cast<RankedTensorType>(v.getType()).getShape());
    if (failed(merged) || ArrayRef(*merged) != type.getShape()) {
      (void)nodeError(node, "fused operand " + typeStr(v.getType()) +
                                " does not broadcast to " + typeStr(type));
      return failure();
    }
  }
  StringRef base = fused[0];
  size_t needed = base == "BiasAdd" ? 1 : base == "FusedBatchNorm" ? 4 : 0;
  StringRef activationName = fused.size() > 1 ? fused[1] : "";
  if (needed == 0 || fused.size() > 2 ||
      args.size() != needed + (activationName == "Prelu" ? 1 : 0)) {
    std::string list;
    for (StringRef f : fused)
      list += (list.empty() ? "" : ",") + f.str();
    (void)nodeError(node, "fused_ops [" + list + "] with " +
                              Twine(args.size()) + " args is not lowered");
    return failure();
  }
  if (!activationName.empty() && activationName != "Prelu" &&
      !llvm::is_contained(
          {"Relu", "Relu6", "Elu", "LeakyRelu", "Sigmoid", "Tanh"},
          activationName)) {
    (void)nodeError(node,
                    "fused activation '" + activationName + "' is not lowered");
    return failure();
  }
  return buildElementwise(
      b, loc, inputs, type.getShape(), type.getElementType(),
      [&](OpBuilder &nb, Location l, ValueRange a) -> Value {
        Value y;
        if (base == "BiasAdd") {
          y = arith::AddFOp::create(nb, l, a[0], a[1]);
        } else { // (x - mean) * rsqrt(var + eps) * scale + offset
          Value eps = createScalar(nb, l, a[0].getType(), epsilon);
          Value inv = math::RsqrtOp::create(
              nb, l, arith::AddFOp::create(nb, l, a[4], eps));
          Value centered = arith::SubFOp::create(nb, l, a[0], a[3]);
          y = arith::AddFOp::create(
              nb, l,
              arith::MulFOp::create(
                  nb, l, arith::MulFOp::create(nb, l, centered, inv), a[1]),
              a[2]);
        }
        if (activationName.empty())
          return y;
        if (activationName == "Prelu") {
          Value negative =
              arith::CmpFOp::create(nb, l, arith::CmpFPredicate::OLT, y,
                                    createScalar(nb, l, y.getType(), 0));
          return arith::SelectOp::create(
              nb, l, negative, arith::MulFOp::create(nb, l, a[needed + 1], y),
              y);
        }
        return *applyActivation(nb, l, activationName, y, alpha);
      });
}

void lowering::addNodeLowering(RewritePatternSet &patterns, StringRef opType,
                               NodeLoweringFn fn) {
  MLIRContext *context = patterns.getContext();
  if (RegisteredOperationName::lookup(("tfg." + opType).str(), context))
    patterns.add<NodeLowering>(opType, context, fn);
  else
    patterns.add<GenericNodeLowering>(opType, context, fn);
}

int64_t lowering::intAttrOr(Operation *node, StringRef name, int64_t fallback) {
  if (auto attr = node->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return fallback;
}

/// The elements of a small static tensor known one by one (a constant or
/// tensor.from_elements), as scalar values created at `b`; empty when it is
/// neither.
static SmallVector<Value> knownElements(OpBuilder &b, Location loc,
                                        Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.hasStaticShape() || type.getNumElements() > kMaxFoldedElements)
    return {};
  if (auto elements = value.getDefiningOp<tensor::FromElementsOp>())
    return SmallVector<Value>(elements.getElements());
  SmallVector<Value> result;
  if (DenseElementsAttr constant = getConstantElements(value))
    for (int64_t i = 0; i < type.getNumElements(); ++i)
      result.push_back(arith::ConstantOp::create(
          b, loc,
          cast<TypedAttr>(constant.isSplat()
                              ? constant.getSplatValue<Attribute>()
                              : constant.getValues<Attribute>()[i])));
  return result;
}

Value lowering::extractSlice(OpBuilder &b, Location loc, Value value,
                             ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                             ArrayRef<int64_t> strides) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == sizes &&
      llvm::all_of(offsets, [](int64_t v) { return v == 0; }))
    return value;
  auto resultType = RankedTensorType::get(sizes, type.getElementType());
  auto pick = [&](auto all, auto build) {
    SmallVector<std::decay_t<decltype(all[0])>> picked;
    SmallVector<int64_t> index(sizes.size(), 0);
    for (int64_t n = 0; n < resultType.getNumElements(); ++n) {
      int64_t linear = 0;
      for (size_t d = 0; d < sizes.size(); ++d)
        linear =
            linear * type.getDimSize(d) + offsets[d] + index[d] * strides[d];
      picked.push_back(all[linear]);
      for (int64_t d = (int64_t)sizes.size() - 1; d >= 0; --d) {
        if (++index[d] < sizes[d])
          break;
        index[d] = 0;
      }
    }
    return build(picked);
  };
  if (DenseElementsAttr constant = getConstantElements(value);
      constant && resultType.getNumElements() <= kMaxFoldedElements &&
      (constant.isSplat() ||
       constant.getNumElements() <= 16 * kMaxFoldedElements)) {
    // Shape arithmetic on constants stays constant (shapes must be static).
    SmallVector<Attribute> all(constant.getValues<Attribute>());
    if (constant.isSplat())
      all.assign(type.getNumElements(), all[0]);
    return pick(all, [&](ArrayRef<Attribute> picked) -> Value {
      return arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(resultType, picked));
    });
  }
  if (auto elements = value.getDefiningOp<tensor::FromElementsOp>();
      elements && resultType.getNumElements() <= kMaxFoldedElements) {
    // ... and on shapes known element by element, element by element.
    SmallVector<Value> all(elements.getElements());
    return pick(all, [&](ArrayRef<Value> picked) -> Value {
      return tensor::FromElementsOp::create(b, loc, resultType, picked);
    });
  }
  return tensor::ExtractSliceOp::create(b, loc, resultType, value, ValueRange{},
                                        ValueRange{}, ValueRange{}, offsets,
                                        sizes, strides);
}

Value lowering::extractSlice(OpBuilder &b, Location loc, Value value,
                             ArrayRef<int64_t> offsets,
                             const SmallVectorImpl<OpFoldResult> &sizes,
                             ArrayRef<int64_t> strides) {
  SmallVector<int64_t> shape = staticShapeOf(sizes);
  if (!ShapedType::isDynamicShape(shape))
    return extractSlice(b, loc, value, offsets, shape, strides);
  auto type = cast<RankedTensorType>(value.getType());
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  SmallVector<OpFoldResult> offsetsOfr, stridesOfr;
  for (int64_t v : offsets)
    offsetsOfr.push_back(b.getIndexAttr(v));
  for (int64_t v : strides)
    stridesOfr.push_back(b.getIndexAttr(v));
  return tensor::ExtractSliceOp::create(b, loc, resultType, value, offsetsOfr,
                                        sizes, stridesOfr);
}

Value lowering::concatenate(OpBuilder &b, Location loc, ValueRange values,
                            int64_t axis) {
  if (values.size() == 1)
    return values[0];
  auto first = cast<RankedTensorType>(values[0].getType());
  SmallVector<OpFoldResult> sizes = getMixedSizes(b, loc, values[0]);
  sizes[axis] = b.getIndexAttr(0);
  for (Value v : values)
    sizes[axis] = addSizes(b, loc, sizes[axis], dimSize(b, loc, v, axis));
  SmallVector<int64_t> shape = staticShapeOf(sizes);
  auto resultType = RankedTensorType::get(shape, first.getElementType());
  SmallVector<DenseElementsAttr> constants;
  for (Value v : values)
    if (DenseElementsAttr c = getConstantElements(v))
      constants.push_back(c);
  bool small = resultType.hasStaticShape() &&
               resultType.getNumElements() <= kMaxFoldedElements;
  // Slabs of each input in turn, for every index before the axis.
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  if (constants.size() == values.size() && small) {
    SmallVector<SmallVector<Attribute>> all;
    for (DenseElementsAttr c : constants)
      all.push_back(SmallVector<Attribute>(c.getValues<Attribute>()));
    SmallVector<Attribute> joined;
    for (int64_t o = 0; o < outer; ++o)
      for (auto [c, elements] : llvm::zip(constants, all)) {
        int64_t slab = c.getNumElements() / std::max<int64_t>(outer, 1);
        for (int64_t i = 0; i < slab; ++i)
          joined.push_back(elements[c.isSplat() ? 0 : o * slab + i]);
      }
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(resultType, joined));
  }
  if (small && llvm::any_of(values, [](Value v) {
        return v.getDefiningOp<tensor::FromElementsOp>();
      })) {
    // Shapes known element by element (Pack of a dynamic batch and -1)
    // stay so: Reshape reads their constant elements.
    // A small computed piece next to them (boolean_mask's Pack(Prod(...))
    // between slices of a Shape) is read element by element, so that the
    // known elements around it stay visible.
    SmallVector<SmallVector<Value>> all;
    for (Value v : values) {
      all.push_back(knownElements(b, loc, v));
      auto pieceType = cast<RankedTensorType>(v.getType());
      constexpr int64_t kMaxExtractedElements = 16;
      if (all.back().empty() && pieceType.hasStaticShape() &&
          pieceType.getNumElements() <= kMaxExtractedElements) {
        ArrayRef<int64_t> pieceShape = pieceType.getShape();
        for (int64_t i = 0; i < pieceType.getNumElements(); ++i) {
          SmallVector<Value> at(pieceShape.size());
          int64_t rest = i;
          for (int64_t d = (int64_t)pieceShape.size() - 1; d >= 0; --d) {
            at[d] =
                arith::ConstantIndexOp::create(b, loc, rest % pieceShape[d]);
            rest /= pieceShape[d];
          }
          all.back().push_back(tensor::ExtractOp::create(b, loc, v, at));
        }
      }
      if (all.back().empty() &&
          cast<RankedTensorType>(v.getType()).getNumElements() != 0)
        all.clear();
      if (all.empty())
        break;
    }
    if (all.size() == values.size()) {
      SmallVector<Value> joined;
      for (int64_t o = 0; o < outer; ++o)
        for (const SmallVector<Value> &elements : all) {
          int64_t slab = elements.size() / std::max<int64_t>(outer, 1);
          for (int64_t i = 0; i < slab; ++i)
            joined.push_back(elements[o * slab + i]);
        }
      return tensor::FromElementsOp::create(b, loc, resultType, joined);
    }
  }
  Value result = createEmpty(b, loc, sizes, first.getElementType());
  OpFoldResult offset = b.getIndexAttr(0);
  for (Value v : values) {
    // An empty piece inserts nothing (and its offset may be the end, which
    // insert_slice's verifier rejects: boolean_mask's shape[2:] of a
    // matrix).
    if (llvm::is_contained(cast<RankedTensorType>(v.getType()).getShape(), 0))
      continue;
    SmallVector<OpFoldResult> offsets(shape.size(), b.getIndexAttr(0)),
        strides(shape.size(), b.getIndexAttr(1));
    offsets[axis] = offset;
    SmallVector<OpFoldResult> pieceSizes = getMixedSizes(b, loc, v);
    result = tensor::InsertSliceOp::create(b, loc, v, result, offsets,
                                           pieceSizes, strides);
    offset = addSizes(b, loc, offset, pieceSizes[axis]);
  }
  return result;
}
