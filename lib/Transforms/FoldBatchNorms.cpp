//===- FoldBatchNorms.cpp - Batch norms into convolution weights ----------===//
//
// tfg-fold-old-batch-norms and tfg-fold-batch-norms. The rewrites are the DRR
// patterns of Patterns/FoldOldBatchNorms.td and Patterns/FoldBatchNorms.td;
// this file holds the native helpers they call (which constants fold, and
// the folded values, computed in float as TensorFlow does) and the passes.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/PatternMatch.h"

#include <cmath>
#include <cstring>

namespace mlir::tfg {
#define GEN_PASS_DEF_FOLDBATCHNORMS
#define GEN_PASS_DEF_FOLDOLDBATCHNORMS
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Constant float values
//===----------------------------------------------------------------------===//

namespace {
/// A constant float tensor: its Const node's token (for naming new
/// constants after it), its shape and its values.
struct FloatConstant {
  Value token;
  SmallVector<int64_t> shape;
  SmallVector<float> values;
  int64_t size() const { return values.size(); }
};
} // namespace

/// The f32 constant `value` is, looking through Identity chains (`/read`).
static std::optional<FloatConstant> getFloatConstant(Value value) {
  for (int depth = 0; depth < 16; ++depth) {
    Operation *producer = value.getDefiningOp();
    if (!producer || !isNodeOp(producer))
      return std::nullopt;
    if (isa<IdentityOp>(producer)) {
      value = getDataOperands(producer)[0];
      continue;
    }
    ElementsAttr attr = getConstValue(value);
    if (!attr || !attr.getElementType().isF32())
      return std::nullopt;
    auto type = dyn_cast<RankedTensorType>(attr.getType());
    if (!type || !type.hasStaticShape())
      return std::nullopt;
    FloatConstant constant;
    constant.token = getControlToken(producer);
    constant.shape.assign(type.getShape().begin(), type.getShape().end());
    int64_t n = type.getNumElements();
    if (auto dense = dyn_cast<DenseFPElementsAttr>(attr)) {
      for (APFloat v : dense.getValues<APFloat>())
        constant.values.push_back(v.convertToFloat());
    } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
      AsmResourceBlob *blob = resource.getRawHandle().getBlob();
      if (!blob || blob->getData().size() != static_cast<size_t>(n) * 4)
        return std::nullopt;
      constant.values.resize(n);
      std::memcpy(constant.values.data(), blob->getData().data(), n * 4);
    } else {
      return std::nullopt;
    }
    if (static_cast<int64_t>(constant.values.size()) != n)
      return std::nullopt;
    return constant;
  }
  return std::nullopt;
}

static ElementsAttr makeFloatElements(ArrayRef<int64_t> shape,
                                      ArrayRef<float> values,
                                      MLIRContext *context) {
  auto type = RankedTensorType::get(shape, Float32Type::get(context));
  return DenseElementsAttr::get(type, values);
}

//===----------------------------------------------------------------------===//
// Conv-like nodes: how their weights map to output channels
//===----------------------------------------------------------------------===//

namespace {
struct ConvLike {
  Operation *node;
  FloatConstant weights;
  int64_t channels;    // output channels
  int64_t channelAxis; // of the output: -1 = last
  /// The output channel that weight element `i` contributes to.
  std::function<int64_t(int64_t)> channelOfWeight;
};
} // namespace

static std::optional<ConvLike> getConvLike(Operation *node) {
  if (!node || !isNodeOp(node))
    return std::nullopt;
  if (!isConvLike(node))
    return std::nullopt;
  std::optional<FloatConstant> weights =
      getFloatConstant(getDataOperands(node)[1]);
  if (!weights)
    return std::nullopt;
  ConvLike conv{node, *weights, 0, -1, nullptr};
  ArrayRef<int64_t> shape = conv.weights.shape;
  if (isa<MatMulOp>(node)) {
    if (shape.size() != 2)
      return std::nullopt;
    auto transposeB = node->getAttrOfType<BoolAttr>("transpose_b");
    if (transposeB && transposeB.getValue()) {
      int64_t k = shape[1];
      conv.channels = shape[0];
      conv.channelOfWeight = [k](int64_t i) { return i / k; };
    } else {
      int64_t n = shape[1];
      conv.channels = n;
      conv.channelOfWeight = [n](int64_t i) { return i % n; };
    }
    return conv;
  }
  if (shape.size() != 4)
    return std::nullopt;
  // Conv2D: HWIO, O outputs; depthwise: HWIM, output channel i * M + m;
  // Conv2DBackpropInput (transposed conv): HWIO of the forward conv, whose
  // input channels I are this node's outputs.
  if (isa<Conv2DBackpropInputOp>(node)) {
    int64_t c = shape[2], o = shape[3];
    conv.channels = c;
    conv.channelOfWeight = [c, o](int64_t i) { return (i / o) % c; };
  } else if (isa<Conv2DOp, DepthwiseConv2dNativeOp>(node)) {
    int64_t c = isa<Conv2DOp>(node) ? shape[3] : shape[2] * shape[3];
    conv.channels = c;
    conv.channelOfWeight = [c](int64_t i) { return i % c; };
  } else {
    return std::nullopt; // a conv-like op type without its typed op
  }
  auto format = node->getAttrOfType<StringAttr>("data_format");
  if (format && format.getValue() == "NCHW")
    conv.channelAxis = 1;
  return conv;
}

/// True if a constant of `shape` holds one value per channel of an output
/// whose channels lie on `channelAxis` (-1: last) of a rank-`rank` tensor,
/// or one value for all.
static bool isPerChannelShape(ArrayRef<int64_t> shape, int64_t channels,
                              int64_t channelAxis, int64_t rank) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  if (n == 1)
    return static_cast<int64_t>(shape.size()) <= rank;
  if (n != channels || static_cast<int64_t>(shape.size()) > rank)
    return false;
  // Right-aligned broadcasting: the channel dim must sit on the axis.
  int64_t axis = channelAxis < 0 ? rank - 1 : channelAxis;
  int64_t offset = rank - shape.size();
  for (auto [i, d] : llvm::enumerate(shape))
    if (d != 1 && static_cast<int64_t>(i) + offset != axis)
      return false;
  return true;
}

static int64_t rankOf(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type ? type.getRank() : -1;
}

namespace mlir::tfg {

bool isChannelScaleOf(Value scale, Value convToken) {
  Operation *node = getNodeOfToken(convToken);
  std::optional<ConvLike> conv = getConvLike(node);
  std::optional<FloatConstant> constant = getFloatConstant(scale);
  if (!conv || !constant)
    return false;
  int64_t rank = rankOf(node->getResult(0));
  if (rank < 0)
    rank = isa<MatMulOp>(node) ? 2 : 4;
  return isPerChannelShape(constant->shape, conv->channels, conv->channelAxis,
                           rank);
}

bool isChannelBiasOf(Value bias, Value biasAddToken, bool broadcast) {
  Operation *biasAdd = getNodeOfToken(biasAddToken);
  std::optional<FloatConstant> own =
      getFloatConstant(getDataOperands(biasAdd)[1]);
  std::optional<FloatConstant> constant = getFloatConstant(bias);
  if (!own || !constant || own->shape.size() != 1)
    return false;
  // A BiasAdd's own bias is 1-D and applies along the channel axis.
  if (!broadcast)
    return constant->shape.size() == 1 &&
           (constant->size() == own->size() || constant->size() == 1);
  auto format = biasAdd->getAttrOfType<StringAttr>("data_format");
  int64_t rank = rankOf(biasAdd->getResult(0));
  if (rank < 0)
    rank = 4;
  int64_t axis = format && format.getValue() == "NCHW" ? 1 : -1;
  return isPerChannelShape(constant->shape, own->size(), axis, rank);
}

Value createScaledWeights(PatternRewriter &rewriter, Value convToken,
                          Value scale) {
  ConvLike conv = *getConvLike(getNodeOfToken(convToken));
  FloatConstant factors = *getFloatConstant(scale);
  SmallVector<float> values(conv.weights.values);
  for (auto [i, v] : llvm::enumerate(values))
    v *= factors.size() == 1 ? factors.values[0]
                             : factors.values[conv.channelOfWeight(i)];
  return createConstNode(
      rewriter, conv.weights.token,
      makeFloatElements(conv.weights.shape, values, rewriter.getContext()),
      "_folded")[0];
}

Value createCombinedBias(PatternRewriter &rewriter, Value bias, Value other,
                         bool multiply) {
  FloatConstant base = *getFloatConstant(bias);
  FloatConstant factors = *getFloatConstant(other);
  SmallVector<float> values(base.values);
  for (auto [i, v] : llvm::enumerate(values)) {
    float f = factors.size() == 1 ? factors.values[0] : factors.values[i];
    v = multiply ? v * f : v + f;
  }
  return createConstNode(
      rewriter, base.token,
      makeFloatElements(base.shape, values, rewriter.getContext()),
      "_folded")[0];
}

Value createChannelBias(PatternRewriter &rewriter, Value convToken,
                        Value bias) {
  ConvLike conv = *getConvLike(getNodeOfToken(convToken));
  FloatConstant constant = *getFloatConstant(bias);
  SmallVector<float> values(conv.channels, constant.values[0]);
  if (constant.size() != 1)
    values.assign(constant.values.begin(), constant.values.end());
  return createConstNode(
      rewriter, constant.token,
      makeFloatElements({conv.channels}, values, rewriter.getContext()),
      "_bias")[0];
}

StringAttr getConvDataFormat(PatternRewriter &rewriter, Value convToken) {
  auto format =
      getNodeOfToken(convToken)->getAttrOfType<StringAttr>("data_format");
  return format ? format : rewriter.getStringAttr("NHWC");
}

//===----------------------------------------------------------------------===//
// Batch norms
//===----------------------------------------------------------------------===//

namespace {
struct BatchNormParams {
  FloatConstant gamma, beta, mean, variance;
  float epsilon;
  bool scaleAfterNormalization = true;
  bool nchw = false;
};
} // namespace

static bool isGlobalNormalization(Operation *bn) {
  return isa<BatchNormWithGlobalNormalizationOp>(bn);
}

static std::optional<BatchNormParams> getBatchNormParams(Operation *bn) {
  OperandRange inputs = getDataOperands(bn);
  BatchNormParams params;
  std::optional<FloatConstant> gamma, beta, mean, variance;
  if (isGlobalNormalization(bn)) {
    // t, m, v, beta, gamma
    mean = getFloatConstant(inputs[1]);
    variance = getFloatConstant(inputs[2]);
    beta = getFloatConstant(inputs[3]);
    gamma = getFloatConstant(inputs[4]);
    auto eps = bn->getAttrOfType<FloatAttr>("variance_epsilon");
    auto after = bn->getAttrOfType<BoolAttr>("scale_after_normalization");
    params.epsilon = eps ? eps.getValueAsDouble() : 0.0f;
    params.scaleAfterNormalization = after && after.getValue();
  } else {
    // x, scale, offset, mean, variance
    gamma = getFloatConstant(inputs[1]);
    beta = getFloatConstant(inputs[2]);
    mean = getFloatConstant(inputs[3]);
    variance = getFloatConstant(inputs[4]);
    auto eps = bn->getAttrOfType<FloatAttr>("epsilon");
    params.epsilon = eps ? eps.getValueAsDouble() : 0.0001f;
    auto format = bn->getAttrOfType<StringAttr>("data_format");
    if (format && format.getValue() != "NHWC" && format.getValue() != "NCHW")
      return std::nullopt;
    params.nchw = format && format.getValue() == "NCHW";
  }
  if (!gamma || !beta || !mean || !variance)
    return std::nullopt;
  int64_t c = gamma->size();
  for (const FloatConstant *p : {&*gamma, &*beta, &*mean, &*variance})
    if (p->shape.size() != 1 || p->size() != c)
      return std::nullopt;
  params.gamma = *gamma;
  params.beta = *beta;
  params.mean = *mean;
  params.variance = *variance;
  return params;
}

/// True for a FusedBatchNorm{,V2,V3} that normalizes with batch statistics.
static bool isTrainingBatchNorm(Operation *bn) {
  if (!isa<FusedBatchNormOp, FusedBatchNormV2Op, FusedBatchNormV3Op>(bn))
    return false;
  auto training = bn->getAttrOfType<BoolAttr>("is_training");
  return !training || training.getValue(); // TensorFlow's default: true
}

bool isFoldableBatchNorm(Value bnToken) {
  Operation *bn = getNodeOfToken(bnToken);
  if (isTrainingBatchNorm(bn))
    return false;
  for (Value result : getDataResults(bn).drop_front())
    if (!result.use_empty())
      return false;
  std::optional<BatchNormParams> params = getBatchNormParams(bn);
  if (!params)
    return false;
  // After a conv-like node, through at most one BiasAdd.
  Operation *producer = getDataOperands(bn)[0].getDefiningOp();
  if (isa_and_nonnull<BiasAddOp>(producer))
    producer = getDataOperands(producer)[0].getDefiningOp();
  std::optional<ConvLike> conv = getConvLike(producer);
  if (!conv || conv->channels != params->gamma.size())
    return false;
  // The batch norm's channel axis must be the conv's.
  return params->nchw == (conv->channelAxis == 1);
}

static SmallVector<float> computeScale(const BatchNormParams &p) {
  SmallVector<float> scale(p.gamma.size());
  for (int64_t i = 0, e = scale.size(); i < e; ++i) {
    // TensorFlow's fold_old_batch_norms, in float.
    scale[i] = 1.0f / std::sqrt(p.variance.values[i] + p.epsilon);
    if (p.scaleAfterNormalization)
      scale[i] *= p.gamma.values[i];
  }
  return scale;
}

Value createBatchNormScale(PatternRewriter &rewriter, Value bnToken) {
  BatchNormParams params = *getBatchNormParams(getNodeOfToken(bnToken));
  SmallVector<float> scale = computeScale(params);
  SmallVector<int64_t> shape{static_cast<int64_t>(scale.size())};
  if (params.nchw)
    shape.append({1, 1});
  return createConstNode(rewriter, bnToken,
                         makeFloatElements(shape, scale, rewriter.getContext()),
                         "/scale")[0];
}

Value createBatchNormOffset(PatternRewriter &rewriter, Value bnToken) {
  BatchNormParams params = *getBatchNormParams(getNodeOfToken(bnToken));
  SmallVector<float> scale = computeScale(params);
  SmallVector<float> offset(scale.size());
  for (int64_t i = 0, e = offset.size(); i < e; ++i)
    offset[i] = (-params.mean.values[i] * scale[i]) + params.beta.values[i];
  SmallVector<int64_t> shape{static_cast<int64_t>(offset.size())};
  return createConstNode(
      rewriter, bnToken,
      makeFloatElements(shape, offset, rewriter.getContext()), "/offset")[0];
}

StringAttr getBatchNormFormat(Value bnToken) {
  Operation *bn = getNodeOfToken(bnToken);
  auto format = bn->getAttrOfType<StringAttr>("data_format");
  return StringAttr::get(bn->getContext(), format && format.getValue() == "NCHW"
                                               ? "NCHW"
                                               : "NHWC");
}

} // namespace mlir::tfg

namespace fold_batch_norms {
#include "FoldBatchNorms.inc"
} // namespace fold_batch_norms
namespace fold_old_batch_norms {
#include "FoldOldBatchNorms.inc"
} // namespace fold_old_batch_norms

/// Applies `patterns` to every node and the nodes they create, then erases
/// what the rewrites left without users (the old weights, the batch norm's
/// statistics, intermediate nodes a later rewrite replaced: the Mul and
/// BiasAdd a batch norm became before they folded further).
static void applyFoldingPatterns(GraphOp graph,
                                 const FrozenRewritePatternSet &patterns) {
  SmallVector<Operation *> nodes;
  for (Operation &op : graph.getBlock())
    nodes.push_back(&op);
  GraphRewriteConfig config;
  config.scope = GraphRewriteConfig::Scope::CandidatesAndNewNodes;
  config.eraseOrphans = true;
  applyGraphRewrites(graph, nodes, patterns, config);
}

namespace {
struct FoldBatchNormsPass : tfg::impl::FoldBatchNormsBase<FoldBatchNormsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    fold_batch_norms::populateWithGenerated(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    applyFoldingPatterns(graph, patterns);
  }

  FrozenRewritePatternSet patterns;
};

struct FoldOldBatchNormsPass
    : tfg::impl::FoldOldBatchNormsBase<FoldOldBatchNormsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    fold_batch_norms::populateWithGenerated(set);
    fold_old_batch_norms::populateWithGenerated(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    // A batch norm in training mode normalizes with the statistics of the
    // batch it is fed: folding moving averages into the weights would
    // change what the graph computes.
    bool training = false;
    for (Operation &op : graph.getBlock())
      if (isTrainingBatchNorm(&op)) {
        op.emitError() << "tfg-fold-old-batch-norms: " << getNodeOpType(&op)
                       << " '" << getNodeName(&op)
                       << "' is in training mode (is_training=true): it "
                          "normalizes with batch statistics. Bind the "
                          "training flag (tfg-bind-placeholders) and run "
                          "tfg-eliminate-switch-merge first";
        training = true;
      }
    if (training)
      return signalPassFailure();
    applyFoldingPatterns(graph, patterns);
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
