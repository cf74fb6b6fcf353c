//===- QuantizeWeights.cpp - Float weights stored in 8 bits ---------------===//
//
// tfg-quantize-weights. The rewrites are the DRR patterns of
// Patterns/QuantizeWeights.td (mode=tensorflow) and
// Patterns/QuantizeWeightsPerChannel.td (mode=int8-per-channel); this file
// holds the native helpers they call (which Consts qualify, the quantized
// bytes, computed with TensorFlow's float rules) and the pass.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/TensorProto.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <limits>

namespace mlir::tfg {
#define GEN_PASS_DEF_QUANTIZEWEIGHTS
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

static constexpr StringLiteral kModeTensorFlow = "tensorflow";
static constexpr StringLiteral kModeInt8PerChannel = "int8-per-channel";

//===----------------------------------------------------------------------===//
// The Const being quantized
//===----------------------------------------------------------------------===//

namespace {
struct FloatWeights {
  Operation *node;
  RankedTensorType type;
  SmallVector<float> values;
};
} // namespace

/// The values of the f32 Const whose token is `token`, if they are all
/// finite and the shape is static.
static std::optional<FloatWeights> getFloatWeights(Value token) {
  Operation *node = getNodeOfToken(token);
  auto value = node->getAttrOfType<ElementsAttr>("value");
  if (!value)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  std::optional<SmallVector<float>> values = getFloatElements(value);
  if (!values ||
      llvm::any_of(*values, [](float v) { return !std::isfinite(v); }))
    return std::nullopt;
  return FloatWeights{node, type, std::move(*values)};
}

//===----------------------------------------------------------------------===//
// mode=tensorflow: quint8 + Dequantize(MIN_FIRST), as quantize_weights
//===----------------------------------------------------------------------===//

namespace {
struct QuantizationRange {
  float min, max;
};
} // namespace

/// TensorFlow's quantize_weights range, quirks included: the running max
/// starts at numeric_limits<float>::min() (the smallest positive float, not
/// the lowest), so a tensor without positive values gets max = 1.18e-38;
/// the range is widened to include 0; min == max is moved apart (which,
/// given the first two rules, cannot happen, but TensorFlow has the code).
static QuantizationRange getTensorFlowRange(ArrayRef<float> values) {
  float min = std::numeric_limits<float>::max();
  float max = std::numeric_limits<float>::min();
  for (float value : values) {
    min = std::min(min, value);
    max = std::max(max, value);
  }
  min = std::min(min, 0.0f);
  max = std::max(0.0f, max);
  if (min == max) {
    if (std::abs(min) < 0.000001f)
      max = min + 1.0f;
    else if (min > 0)
      max = 2.0f * min;
    else
      max = min / 2.0f;
  }
  return {min, max};
}

/// TensorFlow's FloatToQuantized<quint8> (quantization_utils.h), which
/// FloatTensorToQuantizedInPlace applies per element: the range is widened
/// by 256/255 in double, values are scaled in double and rounded half away
/// from zero, relative to the rounded scaled minimum, then clamped.
static void quantizeToQuint8(ArrayRef<float> values, QuantizationRange range,
                             MutableArrayRef<uint8_t> out) {
  if (range.min == range.max) {
    std::fill(out.begin(), out.end(), 0);
    return;
  }
  const int64_t numberOfSteps = 256;
  const double rangeAdjust = numberOfSteps / (numberOfSteps - 1.0);
  // The subtraction is in float, as in TensorFlow.
  const float rangeWidth = range.max - range.min;
  const double rangeScale = numberOfSteps / (rangeWidth * rangeAdjust);
  const double roundedMin = std::round(range.min * rangeScale);
  for (auto [value, q] : llvm::zip_equal(values, out)) {
    auto quantized =
        static_cast<int64_t>(std::round(value * rangeScale) - roundedMin);
    q = static_cast<uint8_t>(std::clamp<int64_t>(quantized, 0, 255));
  }
}

namespace mlir::tfg {

bool isQuantizableFloatConst(Value token) {
  return getFloatWeights(token).has_value();
}

Value createMinFirstQuantizedConst(PatternRewriter &rewriter, Value token) {
  FloatWeights weights = *getFloatWeights(token);
  QuantizationRange range = getTensorFlowRange(weights.values);
  std::string bytes(weights.values.size(), '\0');
  quantizeToQuint8(
      weights.values, range,
      MutableArrayRef<uint8_t>(reinterpret_cast<uint8_t *>(bytes.data()),
                               bytes.size()));
  auto type = RankedTensorType::get(weights.type.getShape(),
                                    Quint8Type::get(rewriter.getContext()));
  TensorProtoAttr value = getTensorProtoAttr(type, bytes);
  return createConstNodeNamed(
      rewriter, token, value,
      (getNodeName(weights.node) + "_quantized_const").str())[0];
}

Value createMinFirstRangeConst(PatternRewriter &rewriter, Value token,
                               bool max) {
  FloatWeights weights = *getFloatWeights(token);
  QuantizationRange range = getTensorFlowRange(weights.values);
  auto type = RankedTensorType::get({}, rewriter.getF32Type());
  auto value = DenseElementsAttr::get(type, max ? range.max : range.min);
  return createConstNodeNamed(
      rewriter, token, cast<TypedAttr>(value),
      (getNodeName(weights.node) + (max ? "_quantized_max" : "_quantized_min"))
          .str())[0];
}

} // namespace mlir::tfg

//===----------------------------------------------------------------------===//
// mode=int8-per-channel: symmetric int8 per output channel, Cast + Mul
//===----------------------------------------------------------------------===//

namespace {
/// Which axes of a weights tensor index the consumer's output channels: the
/// contiguous axes [begin, end), each channel's scale broadcasts over the
/// axes after them.
struct ChannelAxes {
  int64_t begin, end, rank;
  bool operator==(const ChannelAxes &other) const {
    return begin == other.begin && end == other.end && rank == other.rank;
  }
};
} // namespace

/// The channel axes of the weights that `user` takes as operand
/// `operandIndex`, or nullopt if that is not a weights operand of a
/// conv-like or matmul node.
static std::optional<ChannelAxes> getChannelAxesOfUse(Operation *user,
                                                      unsigned operandIndex) {
  if (operandIndex != 1)
    return std::nullopt;
  // Conv2D: HWIO, O outputs. Depthwise: HWIM, output channel i * M + m.
  // Conv2DBackpropInput: H W C_out C_in, its output has C_out channels.
  auto matMulAxes = [](Operation *matMul) -> std::optional<ChannelAxes> {
    auto transposeB = matMul->getAttrOfType<BoolAttr>("transpose_b");
    return transposeB && transposeB.getValue() ? ChannelAxes{0, 1, 2}
                                               : ChannelAxes{1, 2, 2};
  };
  return llvm::TypeSwitch<Operation *, std::optional<ChannelAxes>>(user)
      .Case<Conv2DOp, FusedConv2DOp>(
          [](Operation *) { return ChannelAxes{3, 4, 4}; })
      .Case<DepthwiseConv2dNativeOp, FusedDepthwiseConv2dNativeOp>(
          [](Operation *) { return ChannelAxes{2, 4, 4}; })
      .Case<Conv2DBackpropInputOp>(
          [](Operation *) { return ChannelAxes{2, 3, 4}; })
      .Case<MatMulOp, FusedMatMulOp>(matMulAxes)
      .Default([](Operation *) { return std::nullopt; });
}

/// The channel axes on which every data use of the Const `node` (through
/// Identity chains, e.g. `w/read`) agrees; nullopt when some use is not a
/// weights operand (or an Identity that may be a graph output), or the uses
/// disagree, or there is none.
static std::optional<ChannelAxes> getChannelAxes(Operation *node) {
  std::optional<ChannelAxes> axes;
  SmallVector<Value> worklist{node->getResult(0)};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<IdentityOp>(user)) {
        // An Identity nobody reads may be fetched: a graph output.
        if (user->getResult(0).use_empty())
          return std::nullopt;
        worklist.push_back(user->getResult(0));
        continue;
      }
      std::optional<ChannelAxes> useAxes =
          getChannelAxesOfUse(user, use.getOperandNumber());
      if (!useAxes || (axes && !(*axes == *useAxes)))
        return std::nullopt;
      axes = useAxes;
    }
  }
  return axes;
}

namespace {
struct ChannelQuantization {
  SmallVector<int64_t> scaleShape;
  SmallVector<float> scales;  // per channel
  SmallVector<int8_t> values; // per weight
};
} // namespace

/// The channel axes of `weights`, if they are weights (see getChannelAxes)
/// of the rank their users expect, with no empty dimension.
static std::optional<ChannelAxes>
getWeightsChannelAxes(const FloatWeights &weights) {
  std::optional<ChannelAxes> axes = getChannelAxes(weights.node);
  if (!axes || weights.type.getRank() != axes->rank ||
      weights.type.getNumElements() == 0)
    return std::nullopt;
  return axes;
}

static ChannelQuantization quantizePerChannel(const FloatWeights &weights,
                                              ChannelAxes axes) {
  ArrayRef<int64_t> shape = weights.type.getShape();
  ChannelQuantization result;
  int64_t channels = 1, inner = 1;
  for (int64_t axis = axes.begin; axis < axes.end; ++axis) {
    channels *= shape[axis];
    result.scaleShape.push_back(shape[axis]);
  }
  for (int64_t axis = axes.end; axis < axes.rank; ++axis) {
    inner *= shape[axis];
    result.scaleShape.push_back(1);
  }
  auto channelOf = [&](size_t i) { return (i / inner) % channels; };
  SmallVector<float> maxAbs(channels, 0.0f);
  for (auto [i, w] : llvm::enumerate(weights.values))
    maxAbs[channelOf(i)] = std::max(maxAbs[channelOf(i)], std::abs(w));
  result.scales.resize(channels);
  for (int64_t c = 0; c < channels; ++c)
    result.scales[c] = maxAbs[c] / 127.0f;
  result.values.resize(weights.values.size());
  for (auto [i, w] : llvm::enumerate(weights.values)) {
    float scale = result.scales[channelOf(i)];
    // An all-zero channel has scale 0: its values are 0 whatever q is.
    float q = scale == 0.0f ? 0.0f : std::round(w / scale);
    result.values[i] = static_cast<int8_t>(std::clamp(q, -127.0f, 127.0f));
  }
  return result;
}

namespace mlir::tfg {

bool isChannelWeightsConst(Value token) {
  std::optional<FloatWeights> weights = getFloatWeights(token);
  return weights && getWeightsChannelAxes(*weights).has_value();
}

Value createInt8WeightsConst(PatternRewriter &rewriter, Value token) {
  FloatWeights weights = *getFloatWeights(token);
  ChannelQuantization quantized =
      quantizePerChannel(weights, *getWeightsChannelAxes(weights));
  auto type = RankedTensorType::get(weights.type.getShape(),
                                    rewriter.getIntegerType(8));
  auto value = DenseElementsAttr::get(type, ArrayRef(quantized.values));
  return createConstNodeNamed(
      rewriter, token, cast<TypedAttr>(value),
      (getNodeName(weights.node) + "_quantized_const").str())[0];
}

Value createChannelScaleConst(PatternRewriter &rewriter, Value token) {
  FloatWeights weights = *getFloatWeights(token);
  ChannelQuantization quantized =
      quantizePerChannel(weights, *getWeightsChannelAxes(weights));
  auto type =
      RankedTensorType::get(quantized.scaleShape, rewriter.getF32Type());
  auto value = DenseElementsAttr::get(type, ArrayRef(quantized.scales));
  return createConstNodeNamed(
      rewriter, token, cast<TypedAttr>(value),
      (getNodeName(weights.node) + "_quantized_scale").str())[0];
}

} // namespace mlir::tfg

namespace quantize_weights {
#include "QuantizeWeights.inc"
} // namespace quantize_weights
namespace quantize_weights_per_channel {
#include "QuantizeWeightsPerChannel.inc"
} // namespace quantize_weights_per_channel

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct QuantizeWeightsPass
    : tfg::impl::QuantizeWeightsBase<QuantizeWeightsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet tensorflow(context), perChannel(context);
    quantize_weights::populateWithGenerated(tensorflow);
    quantize_weights_per_channel::populateWithGenerated(perChannel);
    tensorflowPatterns = FrozenRewritePatternSet(std::move(tensorflow));
    perChannelPatterns = FrozenRewritePatternSet(std::move(perChannel));
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool tensorflowMode = mode == kModeTensorFlow;
    if (!tensorflowMode && mode != kModeInt8PerChannel) {
      module.emitError() << "tfg-quantize-weights: unknown mode '" << mode
                         << "' (expected " << kModeTensorFlow << " or "
                         << kModeInt8PerChannel << ")";
      return signalPassFailure();
    }
    GraphOp graph = getSingleGraph(module);
    if (!graph)
      return signalPassFailure();
    Block &block = graph.getBlock();

    // Candidates: float Consts large enough. Whether and how each is
    // rewritten is the patterns' business.
    NodeNameTable names(block);
    SmallVector<StringRef> suffixes =
        tensorflowMode
            ? SmallVector<StringRef>{"_quantized_const", "_quantized_min",
                                     "_quantized_max"}
            : SmallVector<StringRef>{"_quantized_const", "_quantized_scale",
                                     "_quantized_cast"};
    SmallVector<Operation *> candidates;
    bool nameClash = false;
    for (Operation &op : block) {
      if (!isa<ConstOp>(op))
        continue;
      auto value = op.getAttrOfType<ElementsAttr>("value");
      if (!value || !value.getElementType().isF32() ||
          !value.getShapedType().hasStaticShape() ||
          value.getNumElements() < static_cast<int64_t>(minimumSize))
        continue;
      // The new nodes are named exactly as TensorFlow names them; a graph
      // that already has such a name (quantized before?) is not guessed at.
      for (StringRef suffix : suffixes) {
        std::string name = (getNodeName(&op) + suffix).str();
        if (names.names().contains(name)) {
          op.emitError() << "tfg-quantize-weights: cannot quantize Const '"
                         << getNodeName(&op) << "': the graph already has a "
                         << "node named '" << name << "'";
          nameClash = true;
        }
      }
      candidates.push_back(&op);
    }
    if (nameClash)
      return signalPassFailure();

    applyGraphRewrites(graph, candidates,
                       tensorflowMode ? tensorflowPatterns
                                      : perChannelPatterns);
  }

  FrozenRewritePatternSet tensorflowPatterns, perChannelPatterns;
};
} // namespace
