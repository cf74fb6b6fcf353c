//===- EmbedPreprocessing.cpp - Input normalization in the graph ----------===//
//
// tfg-embed-preprocessing. The pass checks its options against the input
// Placeholder and decides what to embed; the DRR patterns of
// Patterns/EmbedPreprocessing.td rewrite it. The native helpers here read
// the decision, which the pass hands to the patterns as its pass state.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_EMBEDPREPROCESSING
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// What to embed before the input Placeholder: {dtype, shape, mean, scale,
/// [size, align_corners, half_pixel_centers]}.
struct PreprocessingDecision {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PreprocessingDecision)
  Operation *input = nullptr;
  DictionaryAttr values;
};
} // namespace

namespace mlir::tfg {

/// The decision for the node of `token`, or null when it is not the input.
DictionaryAttr getEmbeddedPreprocessing(Value token) {
  Operation *node = getNodeOfToken(token);
  auto *decision = getGraphRewriteState<PreprocessingDecision>(node);
  return decision && decision->input == node ? decision->values
                                             : DictionaryAttr();
}

bool embedsResize(Value token) {
  DictionaryAttr recorded = getEmbeddedPreprocessing(token);
  return recorded && recorded.get("size");
}

TypeAttr getRawInputDType(Value token) {
  return getEmbeddedPreprocessing(token).getAs<TypeAttr>("dtype");
}

ShapeAttr getRawInputShape(Value token) {
  return getEmbeddedPreprocessing(token).getAs<ShapeAttr>("shape");
}

Type getRawInputType(Value token, bool asFloat) {
  DictionaryAttr recorded = getEmbeddedPreprocessing(token);
  Type dtype = asFloat ? Float32Type::get(token.getContext())
                       : recorded.getAs<TypeAttr>("dtype").getValue();
  ShapeAttr shape = recorded.getAs<ShapeAttr>("shape");
  if (shape.getUnranked())
    return UnrankedTensorType::get(dtype);
  SmallVector<int64_t> dims;
  for (int64_t d : shape.getDims())
    dims.push_back(d < 0 ? ShapedType::kDynamic : d);
  return RankedTensorType::get(dims, dtype);
}

Value createPreprocessingConst(PatternRewriter &rewriter, Value token,
                               StringRef key, StringRef suffix) {
  auto value = getEmbeddedPreprocessing(token).getAs<ElementsAttr>(key);
  return createConstNode(rewriter, token, value, suffix)[0];
}

BoolAttr getPreprocessingFlag(Value token, StringRef key) {
  return getEmbeddedPreprocessing(token).getAs<BoolAttr>(key);
}

} // namespace mlir::tfg

namespace embed_preprocessing {
#include "EmbedPreprocessing.inc"
} // namespace embed_preprocessing

/// TensorFlow's dtype spelling ("uint8", "float", ...) of a numeric type
/// that Cast can turn into float; null otherwise.
static Type parseNumericDType(MLIRContext *context, StringRef name) {
  for (int dtype :
       {DT_UINT8, DT_INT8, DT_UINT16, DT_INT16, DT_INT32, DT_INT64, DT_UINT32,
        DT_UINT64, DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE}) {
    StringRef full = dataTypeName(dtype);
    if (full.consume_front("DT_") && full.equals_insensitive(name))
      return dataTypeToType(context, dtype);
  }
  return {};
}

namespace {
struct EmbedPreprocessingPass
    : tfg::impl::EmbedPreprocessingBase<EmbedPreprocessingPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    embed_preprocessing::populateWithGenerated(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  /// The mean or scale option as a float constant: a scalar for one value
  /// (or none: `fallback`), else one value per channel.
  FailureOr<ElementsAttr> getChannelValues(Operation *node, StringRef option,
                                           ArrayRef<double> values,
                                           double fallback, int64_t channels) {
    MLIRContext *context = node->getContext();
    if (values.size() <= 1) {
      float value = values.empty() ? fallback : values.front();
      return ElementsAttr(DenseElementsAttr::get(
          RankedTensorType::get({}, Float32Type::get(context)), value));
    }
    if (channels < 0)
      return node->emitError()
             << "tfg-embed-preprocessing: " << option << " has "
             << values.size() << " values, but the number of channels of "
             << "Placeholder '" << getNodeName(node)
             << "' (its last dimension) is unknown";
    if (static_cast<int64_t>(values.size()) != channels)
      return node->emitError()
             << "tfg-embed-preprocessing: " << option << " has "
             << values.size() << " values, but Placeholder '"
             << getNodeName(node) << "' has " << channels << " channels";
    SmallVector<float> floats(values.begin(), values.end());
    return ElementsAttr(DenseElementsAttr::get(
        RankedTensorType::get({channels}, Float32Type::get(context)),
        ArrayRef(floats)));
  }

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    MLIRContext *context = &getContext();
    if (input.empty()) {
      graph.emitError("tfg-embed-preprocessing: no input given (input=NAME)");
      return signalPassFailure();
    }
    StringRef inputName = nodeNameOfTensor(input);
    Operation *node = nullptr;
    for (Operation &op : graph.getBlock())
      if (getNodeName(&op) == inputName) {
        node = &op;
        break;
      }
    if (!node) {
      graph.emitError() << "tfg-embed-preprocessing: no node named '"
                        << inputName << "' in the graph";
      return signalPassFailure();
    }
    if (!isa<PlaceholderOp>(node)) {
      node->emitError() << "tfg-embed-preprocessing: node '" << inputName
                        << "' is a " << getNodeOpType(node)
                        << ", not a Placeholder";
      return signalPassFailure();
    }
    auto inputDType = node->getAttrOfType<TypeAttr>("dtype");
    if (!inputDType || !inputDType.getValue().isF32()) {
      StringRef dtypeName =
          inputDType ? dataTypeName(typeToDataType(inputDType.getValue()))
                     : StringRef();
      dtypeName.consume_front("DT_");
      node->emitError() << "tfg-embed-preprocessing: Placeholder '" << inputName
                        << "' has dtype "
                        << (dtypeName.empty() ? "unknown" : dtypeName.lower())
                        << ": the normalized image must be float";
      return signalPassFailure();
    }
    Type rawDType = parseNumericDType(context, dtype);
    if (!rawDType) {
      node->emitError() << "tfg-embed-preprocessing: dtype '" << dtype
                        << "' is not a numeric TensorFlow dtype (uint8, "
                        << "int8, uint16, int16, int32, int64, half, "
                        << "bfloat16, float, double)";
      return signalPassFailure();
    }

    // The raw input's shape: the old one; with resize, any height and width.
    auto shape = node->getAttrOfType<ShapeAttr>("shape");
    bool unranked = !shape || shape.getUnranked();
    SmallVector<int64_t> dims;
    if (!unranked)
      dims.assign(shape.getDims().begin(), shape.getDims().end());
    int64_t channels = !unranked && !dims.empty() ? dims.back() : -1;
    if (channels < 0)
      channels = -1;

    SmallVector<NamedAttribute> recorded;
    if (!resize.empty()) {
      auto [heightText, widthText] = StringRef(resize).split('x');
      int64_t height = 0, width = 0;
      if (heightText.trim().getAsInteger(10, height) ||
          widthText.trim().getAsInteger(10, width) || height <= 0 ||
          width <= 0) {
        node->emitError() << "tfg-embed-preprocessing: resize '" << resize
                          << "' is not HxW (two positive sizes, e.g. 224x224)";
        return signalPassFailure();
      }
      if (unranked || dims.size() != 4) {
        node->emitError() << "tfg-embed-preprocessing: resize needs a 4-D "
                          << "NHWC input, Placeholder '" << inputName
                          << "' has shape "
                          << (shape ? shape
                                    : ShapeAttr::get(context, {}, true));
        return signalPassFailure();
      }
      if ((dims[1] >= 0 && dims[1] != height) ||
          (dims[2] >= 0 && dims[2] != width)) {
        node->emitError() << "tfg-embed-preprocessing: resize " << height << "x"
                          << width << " does not match Placeholder '"
                          << inputName << "', whose height x width is "
                          << dims[1] << "x" << dims[2];
        return signalPassFailure();
      }
      dims[1] = dims[2] = -1;
      int32_t hw[2] = {static_cast<int32_t>(height),
                       static_cast<int32_t>(width)};
      recorded.emplace_back(
          StringAttr::get(context, "size"),
          DenseElementsAttr::get(
              RankedTensorType::get({2}, IntegerType::get(context, 32)),
              ArrayRef(hw)));
      recorded.emplace_back(StringAttr::get(context, "align_corners"),
                            BoolAttr::get(context, alignCorners));
      recorded.emplace_back(StringAttr::get(context, "half_pixel_centers"),
                            BoolAttr::get(context, halfPixelCenters));
    }

    FailureOr<ElementsAttr> meanValue =
        getChannelValues(node, "mean", mean, 0.0, channels);
    if (failed(meanValue))
      return signalPassFailure();
    FailureOr<ElementsAttr> scaleValue =
        getChannelValues(node, "scale", scale, 1.0, channels);
    if (failed(scaleValue))
      return signalPassFailure();

    recorded.emplace_back(StringAttr::get(context, "dtype"),
                          TypeAttr::get(rawDType));
    recorded.emplace_back(StringAttr::get(context, "shape"),
                          ShapeAttr::get(context, dims, unranked));
    recorded.emplace_back(StringAttr::get(context, "mean"), *meanValue);
    recorded.emplace_back(StringAttr::get(context, "scale"), *scaleValue);
    PreprocessingDecision decision{node,
                                   DictionaryAttr::get(context, recorded)};
    GraphRewriteConfig config;
    GraphRewriteResult result =
        applyGraphRewrites(graph, {node}, patterns, config.withState(decision));
    if (!result.allCandidatesErased) {
      node->emitError() << "tfg-embed-preprocessing: Placeholder '" << inputName
                        << "' was not rewritten";
      return signalPassFailure();
    }
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
