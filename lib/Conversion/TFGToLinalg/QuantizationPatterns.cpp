//===- QuantizationPatterns.cpp - Quantized tensors, Dequantize, FakeQuant ===//
//
// Quantized tensors (qint8, quint8, qint16, quint16, qint32) are carried as
// signless integers of their width holding the raw values; Dequantize,
// which knows its T, reads them as signed or unsigned. A quantized Const is
// a #tfg.tensor_proto (MLIR's dense elements cannot hold these dtypes): its
// TensorProto bytes are decoded here (dtype, tensor_shape, version_number,
// tensor_content or int_val; nothing else may be set). The FakeQuant ops of
// quantization-aware training round floats to the steps of a nudged range
// and stay float.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

/// Width and signedness of a quantized element type; 0 when not quantized.
std::pair<unsigned, bool> quantizedWidth(Type type) {
  if (isa<Qint8Type>(type))
    return {8, true};
  if (isa<Quint8Type>(type))
    return {8, false};
  if (isa<Qint16Type>(type))
    return {16, true};
  if (isa<Quint16Type>(type))
    return {16, false};
  if (isa<Qint32Type>(type))
    return {32, true};
  return {0, false};
}

/// A protobuf wire-format reader over a string.
struct WireReader {
  StringRef bytes;
  bool failed = false;
  bool done() const { return bytes.empty() || failed; }
  uint64_t varint() {
    uint64_t value = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      if (bytes.empty()) {
        failed = true;
        return 0;
      }
      uint8_t byte = bytes.front();
      bytes = bytes.drop_front();
      value |= uint64_t(byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return value;
    }
    failed = true;
    return 0;
  }
  StringRef lengthDelimited() {
    uint64_t length = varint();
    if (failed || length > bytes.size()) {
      failed = true;
      return {};
    }
    StringRef value = bytes.take_front(length);
    bytes = bytes.drop_front(length);
    return value;
  }
};

} // namespace

FailureOr<DenseElementsAttr>
lowering::decodeQuantizedConstant(Operation *node, TensorProtoAttr attr) {
  auto type = dyn_cast<RankedTensorType>(attr.getType());
  auto [width, isSigned] =
      quantizedWidth(type ? type.getElementType() : Type());
  if (!type || !type.hasStaticShape() || !width) {
    (void)nodeError(node, "its value (" + typeStr(attr.getType()) +
                              ") has no CPU representation (strings, resources "
                              "and variants are not lowered)");
    return failure();
  }
  WireReader reader{attr.getBytes()};
  StringRef content;
  SmallVector<int64_t> intVal;
  while (!reader.done()) {
    uint64_t key = reader.varint();
    unsigned field = key >> 3, wire = key & 7;
    if (field == 4 && wire == 2) {
      content = reader.lengthDelimited();
    } else if (field == 7 && wire == 2) { // packed int_val
      WireReader packed{reader.lengthDelimited()};
      while (!packed.done())
        intVal.push_back((int64_t)packed.varint());
      reader.failed |= packed.failed;
    } else if (field == 7 && wire == 0) {
      intVal.push_back((int64_t)reader.varint());
    } else if ((field == 1 || field == 3) && wire == 0) {
      reader.varint(); // dtype, version_number
    } else if (field == 2 && wire == 2) {
      reader.lengthDelimited(); // tensor_shape: the attr's type has it
    } else {
      reader.failed = true;
    }
  }
  int64_t count = type.getNumElements();
  auto storage = RankedTensorType::get(
      type.getShape(), IntegerType::get(node->getContext(), width));
  SmallVector<APInt> values;
  if (!content.empty()) {
    if ((int64_t)content.size() != count * (width / 8))
      reader.failed = true;
    for (int64_t i = 0; !reader.failed && i < count; ++i) {
      uint64_t raw = 0;
      for (unsigned b = 0; b < width / 8; ++b)
        raw |= uint64_t((uint8_t)content[i * (width / 8) + b]) << (8 * b);
      values.push_back(APInt(width, raw));
    }
  } else if (!intVal.empty() &&
             ((int64_t)intVal.size() == count || intVal.size() == 1)) {
    for (int64_t i = 0; i < count; ++i)
      values.push_back(APInt(width,
                             (uint64_t)intVal[intVal.size() == 1 ? 0 : i],
                             /*isSigned=*/true, /*implicitTrunc=*/true));
  } else if (content.empty() && intVal.empty()) {
    values.assign(count, APInt(width, 0)); // all zeros
  } else {
    reader.failed = true;
  }
  if (reader.failed) {
    (void)nodeError(node, "cannot decode its quantized TensorProto value");
    return failure();
  }
  return DenseElementsAttr::get(storage, values);
}

namespace {

/// Dequantize (MIN_COMBINED, MIN_FIRST, SCALED; scalar or per-axis ranges)
/// as TensorFlow's DequantizeOp computes it.
LogicalResult lowerDequantize(Operation *node, ValueRange data,
                              ConversionPatternRewriter &rewriter) {
  auto t = node->getAttrOfType<TypeAttr>("T");
  auto [width, isSigned] = quantizedWidth(t ? t.getValue() : Type());
  auto types = requireStaticOperands(node, data);
  if (failed(types))
    return failure();
  if (!width || !(*types)[0].getElementType().isInteger(width))
    return nodeError(node, "its input must be a quantized tensor of T");
  StringRef mode = "MIN_COMBINED";
  if (auto attr = node->getAttrOfType<StringAttr>("mode"))
    mode = attr.getValue();
  bool narrow = false;
  if (auto attr = node->getAttrOfType<BoolAttr>("narrow_range"))
    narrow = attr.getValue();
  Type outType = rewriter.getF32Type();
  if (auto attr = node->getAttrOfType<TypeAttr>("dtype"))
    outType = attr.getValue();
  RankedTensorType inType = (*types)[0];
  int64_t axis = intAttrOr(node, "axis", -1);
  Location loc = node->getLoc();
  Value minRange = data[1], maxRange = data[2];
  if (axis >= 0) { // per-channel ranges along `axis`
    if (axis >= inType.getRank())
      return nodeError(node, "axis out of range");
    SmallVector<int64_t> shape(inType.getRank() - axis, 1);
    shape[0] = inType.getDimSize(axis);
    minRange = reshapeTo(rewriter, loc, minRange, shape);
    maxRange = reshapeTo(rewriter, loc, maxRange, shape);
  } else if ((*types)[1].getNumElements() != 1 ||
             (*types)[2].getNumElements() != 1) {
    return nodeError(node,
                     "min_range and max_range must be scalars without an axis");
  } else {
    minRange = reshapeTo(rewriter, loc, minRange, {});
    maxRange = reshapeTo(rewriter, loc, maxRange, {});
  }
  double lowest = isSigned ? -std::ldexp(1.0, width - 1) : 0.0;
  double highest =
      isSigned ? std::ldexp(1.0, width - 1) - 1 : std::ldexp(1.0, width) - 1;
  bool isSignedT = isSigned;
  auto value = buildBroadcastingElementwise(
      node, rewriter, {data[0], minRange, maxRange}, outType,
      [&](OpBuilder &b, Location l, ValueRange a) -> Value {
        Type f32 = b.getF32Type();
        auto c = [&](double v) { return createScalar(b, l, f32, v); };
        Value q = castScalar(b, l, a[0], f32, /*isUnsignedFrom=*/!isSignedT);
        Value lo = castScalar(b, l, a[1], f32),
              hi = castScalar(b, l, a[2], f32);
        Value out;
        if (mode == "MIN_FIRST") {
          // QuantizedToFloat: scale = (max - min) / (2^bits - 1); the range
          // starts at min rounded to a multiple of the scale (std::round,
          // half away from zero), as MIN_FIRST quantization rounded it.
          Value scale =
              arith::DivFOp::create(b, l, arith::SubFOp::create(b, l, hi, lo),
                                    c(std::ldexp(1.0, width) - 1));
          Value minRounded = arith::MulFOp::create(
              b, l,
              math::RoundOp::create(b, l,
                                    arith::DivFOp::create(b, l, lo, scale)),
              scale);
          out = arith::AddFOp::create(
              b, l, minRounded,
              arith::MulFOp::create(
                  b, l, arith::SubFOp::create(b, l, q, c(lowest)), scale));
        } else if (mode == "SCALED") {
          double minOut = lowest + (narrow ? 1 : 0);
          Value scale = arith::DivFOp::create(b, l, hi, c(highest));
          if (isSignedT)
            scale = arith::MaximumFOp::create(
                b, l, arith::DivFOp::create(b, l, lo, c(minOut)), scale);
          out = arith::MulFOp::create(b, l, q, scale);
        } else { // MIN_COMBINED
          double halfRange = isSignedT ? (highest - lowest + 1) / 2 : 0;
          Value scale = arith::DivFOp::create(
              b, l, arith::SubFOp::create(b, l, hi, lo), c(highest - lowest));
          out = arith::AddFOp::create(
              b, l,
              arith::MulFOp::create(
                  b, l, arith::AddFOp::create(b, l, q, c(halfRange)), scale),
              lo);
        }
        return castScalar(b, l, out, outType);
      });
  if (failed(value))
    return failure();
  replaceNode(rewriter, node, *value);
  return success();
}

/// What TensorFlow's Nudge (fake_quant_ops_functor.h) derives from a
/// float range [min, max] and the quantized range [quantMin, quantMax]:
/// a range nudged so that real 0 is exactly a quantized value.
enum class Nudged { Min, Max, Scale, InvScale, QuantZero };

/// One of the nudged values of (min, max), in f32 operation by operation
/// as Nudge does. The zero point rounds half away from zero (std::round).
Value buildNudged(OpBuilder &b, Location l, Value min, Value max,
                  int64_t quantMin, int64_t quantMax, Nudged which) {
  auto c = [&](double v) { return createScalar(b, l, min.getType(), v); };
  Value quantMinF = c(quantMin), quantMaxF = c(quantMax);
  Value steps = arith::SubFOp::create(b, l, quantMaxF, quantMinF);
  Value width = arith::SubFOp::create(b, l, max, min);
  Value scale = arith::DivFOp::create(b, l, width, steps);
  // Computed again, not 1 / scale: that would round twice.
  Value invScale = arith::DivFOp::create(b, l, steps, width);
  if (which == Nudged::Scale)
    return scale;
  if (which == Nudged::InvScale)
    return invScale;
  Value zeroPointFromMin = arith::SubFOp::create(
      b, l, quantMinF, arith::DivFOp::create(b, l, min, scale));
  Value belowRange = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT,
                                           zeroPointFromMin, quantMinF);
  Value aboveRange = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT,
                                           zeroPointFromMin, quantMaxF);
  Value zeroPoint = arith::SelectOp::create(
      b, l, belowRange, quantMinF,
      arith::SelectOp::create(b, l, aboveRange, quantMaxF,
                              math::RoundOp::create(b, l, zeroPointFromMin)));
  Value nudgedMin = arith::MulFOp::create(
      b, l, arith::SubFOp::create(b, l, quantMinF, zeroPoint), scale);
  if (which == Nudged::Min)
    return nudgedMin;
  if (which == Nudged::Max)
    return arith::MulFOp::create(
        b, l, arith::SubFOp::create(b, l, quantMaxF, zeroPoint), scale);
  // QuantZero: the quantized value of real 0, floor(-nudged_min * inverse +
  // 0.5); the result is (q - quant_zero) * scale, so 0 stays exactly 0.
  return math::FloorOp::create(
      b, l,
      arith::AddFOp::create(
          b, l,
          arith::MulFOp::create(b, l, arith::NegFOp::create(b, l, nudgedMin),
                                invScale),
          c(0.5)));
}

/// FakeQuantWithMinMaxArgs (range from attrs), FakeQuantWithMinMaxVars
/// (scalar range tensors) and FakeQuantWithMinMaxVarsPerChannel (one range
/// per element of the last dimension), as TensorFlow's functors compute
/// them: x clamped to the nudged range, rounded half up to a step of the
/// scale. The nudged range is computed by the code from the range tensors
/// (a constant range folds to constants). A range of [0, 0] gives 0 (the
/// Vars kernels' special case).
LogicalResult lowerFakeQuant(Operation *node, ValueRange data,
                             ConversionPatternRewriter &rewriter) {
  StringRef opType = getNodeOpType(node);
  bool fromAttrs = opType == "FakeQuantWithMinMaxArgs";
  bool perChannel = opType == "FakeQuantWithMinMaxVarsPerChannel";
  auto types = requireStaticOperands(node, data);
  if (failed(types))
    return failure();
  for (RankedTensorType type : *types)
    if (!type.getElementType().isF32())
      return nodeError(node, "its inputs must be float32, not " +
                                 typeStr(type.getElementType()));
  int64_t numBits = intAttrOr(node, "num_bits", 8);
  if (numBits < 2 || numBits > 16)
    return nodeError(node, "num_bits must be between 2 and 16, inclusive (it "
                           "is " +
                               Twine(numBits) + ")");
  auto narrowRange = node->getAttrOfType<BoolAttr>("narrow_range");
  int64_t quantMin = narrowRange && narrowRange.getValue() ? 1 : 0;
  int64_t quantMax = (int64_t(1) << numBits) - 1;

  Location loc = node->getLoc();
  RankedTensorType inputType = (*types)[0];
  Type f32 = rewriter.getF32Type();
  Value min, max;
  if (fromAttrs) {
    auto attrOr = [&](StringRef name, double fallback) {
      auto attr = node->getAttrOfType<FloatAttr>(name);
      return attr ? attr.getValueAsDouble() : fallback;
    };
    float minValue = attrOr("min", -6), maxValue = attrOr("max", 6);
    if (!(minValue < maxValue))
      return nodeError(node, llvm::formatv("min has to be smaller than max, "
                                           "was: {0} >= {1}",
                                           minValue, maxValue));
    auto scalarType = RankedTensorType::get({}, f32);
    min = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(scalarType, minValue));
    max = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(scalarType, maxValue));
  } else {
    min = data[1];
    max = data[2];
    if (perChannel && inputType.getRank() == 0)
      return nodeError(node, "its input must have rank 1 or more");
    int64_t depth = inputType.getRank() ? inputType.getShape().back() : 0;
    for (auto [name, type] :
         {std::pair("min", (*types)[1]), std::pair("max", (*types)[2])}) {
      if (perChannel && (type.getRank() != 1 || type.getDimSize(0) != depth))
        return nodeError(node, Twine(name) + " has incorrect shape " +
                                   typeStr(type) + ", expected [" +
                                   Twine(depth) + "] (the last dimension)");
      if (!perChannel && type.getRank() != 0)
        return nodeError(node, Twine(name) + " must be a scalar, not " +
                                   typeStr(type));
    }
  }

  // The nudged range, one value per channel (or one), and where a channel's
  // range is [0, 0].
  ArrayRef<int64_t> rangeShape =
      cast<RankedTensorType>(min.getType()).getShape();
  auto nudged = [&](Nudged which) {
    return buildElementwise(rewriter, loc, {min, max}, rangeShape, f32,
                            [&](OpBuilder &b, Location l, ValueRange a) {
                              return buildNudged(b, l, a[0], a[1], quantMin,
                                                 quantMax, which);
                            });
  };
  SmallVector<Value> inputs{data[0],
                            nudged(Nudged::Min),
                            nudged(Nudged::Max),
                            nudged(Nudged::Scale),
                            nudged(Nudged::InvScale),
                            nudged(Nudged::QuantZero)};
  Value emptyRange;
  if (!fromAttrs) {
    emptyRange = buildElementwise(
        rewriter, loc, {min, max}, rangeShape, rewriter.getI1Type(),
        [&](OpBuilder &b, Location l, ValueRange a) -> Value {
          Value zero = createScalar(b, l, f32, 0);
          auto isZero = [&](Value v) {
            return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, v,
                                         zero);
          };
          return arith::AndIOp::create(b, l, isZero(a[0]), isZero(a[1]));
        });
    DenseElementsAttr constant = getConstantElements(emptyRange);
    if (constant && llvm::none_of(constant.getValues<bool>(),
                                  [](bool empty) { return empty; }))
      emptyRange = Value();
    else
      inputs.push_back(emptyRange);
  }
  Value result = buildElementwise(
      rewriter, loc, inputs, inputType.getShape(), f32,
      [&](OpBuilder &b, Location l, ValueRange a) -> Value {
        Value x = a[0], nudgedMin = a[1], nudgedMax = a[2], scale = a[3],
              invScale = a[4], quantZero = a[5];
        // cwiseMin(nudged_max).cwiseMax(nudged_min): std::min / std::max,
        // so a NaN x stays NaN.
        auto less = [&](Value p, Value q) {
          return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, p, q);
        };
        Value clamped =
            arith::SelectOp::create(b, l, less(nudgedMax, x), nudgedMax, x);
        clamped = arith::SelectOp::create(b, l, less(clamped, nudgedMin),
                                          nudgedMin, clamped);
        Value shifted = arith::SubFOp::create(b, l, clamped, nudgedMin);
        // The Vars kernel divides by the scale, the others multiply by its
        // inverse.
        Value steps =
            fromAttrs || perChannel
                ? Value(arith::MulFOp::create(b, l, shifted, invScale))
                : Value(arith::DivFOp::create(b, l, shifted, scale));
        Value rounded = math::FloorOp::create(
            b, l,
            arith::AddFOp::create(b, l,
                                  arith::SubFOp::create(b, l, steps, quantZero),
                                  createScalar(b, l, f32, 0.5)));
        Value out = arith::MulFOp::create(b, l, rounded, scale);
        if (emptyRange)
          out = arith::SelectOp::create(b, l, a[6], createScalar(b, l, f32, 0),
                                        out);
        return out;
      });
  replaceNode(rewriter, node, result);
  return success();
}

} // namespace

void lowering::populateQuantizationPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<NodeLowering>("Dequantize", context, lowerDequantize);
  for (StringRef opType : {"FakeQuantWithMinMaxArgs", "FakeQuantWithMinMaxVars",
                           "FakeQuantWithMinMaxVarsPerChannel"})
    patterns.add<NodeLowering>(opType, context, lowerFakeQuant);
}
