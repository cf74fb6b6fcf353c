//===- LoweringUtils.cpp - Helpers shared by the TFG lowering patterns ----===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Matchers.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

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
lowering::requireStaticOperands(Operation *node, ValueRange operands) {
  SmallVector<RankedTensorType> types;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    RankedTensorType type = getStaticType(operand);
    if (!type) {
      (void)nodeError(node, "the shape of input " + Twine(i) + " (" +
                                typeStr(operand.getType()) +
                                ") is not static: it cannot be inferred "
                                "from the input shapes");
      return failure();
    }
    types.push_back(type);
  }
  return types;
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
  // Small constant inputs (shape arithmetic) give a constant: shapes,
  // axes and sizes computed from static shapes must stay constants.
  auto resultType = RankedTensorType::get(resultShape, resultElementType);
  SmallVector<DenseElementsAttr> constants;
  for (Value input : inputs)
    if (DenseElementsAttr c = getConstantElements(input))
      constants.push_back(c);
  if (!inputs.empty() && constants.size() == inputs.size() &&
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
  Value init = createEmpty(b, loc, resultShape, resultElementType);
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
  auto types = requireStaticOperands(node, inputs);
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

Value lowering::transpose(OpBuilder &b, Location loc, Value value,
                          ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(perm)) {
    shape.push_back(type.getDimSize(p));
    identity &= (int64_t)i == p;
  }
  if (identity)
    return value;
  Value init = createEmpty(b, loc, shape, type.getElementType());
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
    shape.push_back(type.getDimSize(d) + low[d] + high[d]);
  SmallVector<OpFoldResult> lowOfr, highOfr;
  for (int64_t v : low)
    lowOfr.push_back(b.getIndexAttr(v));
  for (int64_t v : high)
    highOfr.push_back(b.getIndexAttr(v));
  return tensor::PadOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      lowOfr, highOfr, padValue);
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

Value lowering::extractSlice(OpBuilder &b, Location loc, Value value,
                             ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                             ArrayRef<int64_t> strides) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == sizes &&
      llvm::all_of(offsets, [](int64_t v) { return v == 0; }))
    return value;
  auto resultType = RankedTensorType::get(sizes, type.getElementType());
  if (DenseElementsAttr constant = getConstantElements(value);
      constant && resultType.getNumElements() <= kMaxFoldedElements &&
      (constant.isSplat() ||
       constant.getNumElements() <= 16 * kMaxFoldedElements)) {
    // Shape arithmetic on constants stays constant (shapes must be static).
    SmallVector<Attribute> all(constant.getValues<Attribute>());
    SmallVector<Attribute> picked;
    SmallVector<int64_t> index(sizes.size(), 0);
    for (int64_t n = 0; n < resultType.getNumElements(); ++n) {
      int64_t linear = 0;
      for (size_t d = 0; d < sizes.size(); ++d)
        linear =
            linear * type.getDimSize(d) + offsets[d] + index[d] * strides[d];
      picked.push_back(all[constant.isSplat() ? 0 : linear]);
      for (int64_t d = (int64_t)sizes.size() - 1; d >= 0; --d) {
        if (++index[d] < sizes[d])
          break;
        index[d] = 0;
      }
    }
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(resultType, picked));
  }
  return tensor::ExtractSliceOp::create(b, loc, resultType, value, ValueRange{},
                                        ValueRange{}, ValueRange{}, offsets,
                                        sizes, strides);
}

Value lowering::concatenate(OpBuilder &b, Location loc, ValueRange values,
                            int64_t axis) {
  if (values.size() == 1)
    return values[0];
  auto first = cast<RankedTensorType>(values[0].getType());
  SmallVector<int64_t> shape(first.getShape());
  shape[axis] = 0;
  for (Value v : values)
    shape[axis] += cast<RankedTensorType>(v.getType()).getDimSize(axis);
  auto resultType = RankedTensorType::get(shape, first.getElementType());
  SmallVector<DenseElementsAttr> constants;
  for (Value v : values)
    if (DenseElementsAttr c = getConstantElements(v))
      constants.push_back(c);
  if (constants.size() == values.size() &&
      resultType.getNumElements() <= kMaxFoldedElements) {
    // Slabs of each input in turn, for every index before the axis.
    int64_t outer = 1;
    for (int64_t d = 0; d < axis; ++d)
      outer *= shape[d];
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
  Value result = createEmpty(b, loc, shape, first.getElementType());
  int64_t offset = 0;
  for (Value v : values) {
    auto type = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> offsets(shape.size(), 0), strides(shape.size(), 1);
    offsets[axis] = offset;
    result = tensor::InsertSliceOp::create(b, loc, v, result, ValueRange{},
                                           ValueRange{}, ValueRange{}, offsets,
                                           type.getShape(), strides);
    offset += type.getDimSize(axis);
  }
  return result;
}
