//===- BindPlaceholders.cpp - Placeholders become constants ---------------===//
//
// The pass parses the bindings and hands them to the DRR patterns of
// Patterns/BindPlaceholders.td as its pass state; the patterns rewrite.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_BINDPLACEHOLDERS
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// What the patterns rewrite, decided by the pass from its options.
struct PlaceholderBindings {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PlaceholderBindings)
  /// Bound placeholder -> its value, filled to its shape.
  llvm::DenseMap<Operation *, ElementsAttr> values;
  /// PlaceholderWithDefault nodes that are neither bound nor graph inputs.
  llvm::DenseSet<Operation *> takeDefault;
};
} // namespace

static const PlaceholderBindings &getBindings(Operation *node) {
  return getGraphRewriteStateOrEmpty<PlaceholderBindings>(node);
}

namespace mlir::tfg {
/// The value the placeholder of `token` is bound to, or null.
static ElementsAttr getBoundValue(Value token) {
  Operation *node = getNodeOfToken(token);
  return getBindings(node).values.lookup(node);
}

/// The PlaceholderWithDefault of `token` forwards its default.
static bool takesDefault(Value token) {
  Operation *node = getNodeOfToken(token);
  return getBindings(node).takeDefault.contains(node);
}

/// Const(bound value) with the node's name, device and control inputs, for
/// the pattern to replace the node with.
static ResultRange createBoundConstNode(RewriterBase &rewriter, Value token) {
  SmallVector<Value> controls(getControlOperands(getNodeOfToken(token)));
  return createConstNode(rewriter, token, getBoundValue(token), "", controls);
}
} // namespace mlir::tfg

namespace {
#include "BindPlaceholders.inc"
} // namespace

/// `text` as a value of `elementType`, or a null attribute.
static TypedAttr parseScalar(StringRef text, Type elementType) {
  text = text.trim();
  MLIRContext *context = elementType.getContext();
  if (elementType.isInteger(1)) {
    if (text == "true" || text == "True" || text == "1")
      return BoolAttr::get(context, true);
    if (text == "false" || text == "False" || text == "0")
      return BoolAttr::get(context, false);
    return {};
  }
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    double value;
    if (text.getAsDouble(value))
      return {};
    APFloat converted(value);
    bool losesInfo;
    converted.convert(floatType.getFloatSemantics(),
                      APFloat::rmNearestTiesToEven, &losesInfo);
    return FloatAttr::get(floatType, converted);
  }
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    APInt value;
    if (text.getAsInteger(10, value))
      return {};
    unsigned width = intType.getWidth();
    bool isUnsigned = intType.isUnsigned();
    if (value.getSignificantBits() > width + (isUnsigned ? 1 : 0) ||
        (isUnsigned && value.isNegative()))
      return {};
    return IntegerAttr::get(intType, value.sextOrTrunc(width));
  }
  return {};
}

namespace {
struct BindPlaceholdersPass
    : tfg::impl::BindPlaceholdersBase<BindPlaceholdersPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateWithGenerated(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  /// Binds `node` to the value `text` filled to its shape; false after a
  /// diagnostic naming the node.
  bool bind(Operation *node, StringRef text, PlaceholderBindings &decided) {
    auto dtype = node->getAttrOfType<TypeAttr>("dtype");
    if (!dtype) {
      node->emitError() << "tfg-bind-placeholders: node '" << getNodeName(node)
                        << "' has no dtype";
      return false;
    }
    TypedAttr scalar = parseScalar(text, dtype.getValue());
    if (!scalar) {
      node->emitError() << "tfg-bind-placeholders: '" << text
                        << "' is not a value of dtype " << dtype.getValue()
                        << " (binding for node '" << getNodeName(node) << "')";
      return false;
    }
    // Unknown rank (`tf.placeholder(tf.bool)`): a scalar, what such flags
    // are fed. Otherwise the value fills the static shape.
    SmallVector<int64_t> dims;
    auto shape = node->getAttrOfType<ShapeAttr>("shape");
    if (shape && !shape.getUnranked()) {
      for (int64_t d : shape.getDims()) {
        if (d < 0) {
          node->emitError()
              << "tfg-bind-placeholders: node '" << getNodeName(node)
              << "' has shape with unknown dimensions; only a fully known "
                 "shape (or a scalar) can be filled with one value";
          return false;
        }
        dims.push_back(d);
      }
    }
    auto type = RankedTensorType::get(dims, dtype.getValue());
    decided.values[node] = DenseElementsAttr::get(type, scalar);
    return true;
  }

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    llvm::StringMap<Operation *> placeholders;
    // The two op types the patterns bind (BindPlaceholders.td).
    for (Operation &op : graph.getBlock())
      if (isa<PlaceholderOp, PlaceholderWithDefaultOp>(op))
        placeholders[getNodeName(&op)] = &op;
    llvm::StringSet<> inputNames;
    for (const std::string &input : inputs)
      inputNames.insert(nodeNameOfTensor(input));

    PlaceholderBindings decided;
    SmallVector<Operation *> candidates;
    llvm::StringSet<> bound;
    for (const std::string &binding : bindings) {
      auto [name, value] = StringRef(binding).split('=');
      if (value.empty() && !StringRef(binding).contains('=')) {
        graph.emitError() << "tfg-bind-placeholders: binding '" << binding
                          << "' is not name=value";
        return signalPassFailure();
      }
      name = nodeNameOfTensor(name.trim());
      Operation *node = placeholders.lookup(name);
      if (!node) {
        graph.emitError() << "tfg-bind-placeholders: no Placeholder or "
                             "PlaceholderWithDefault named '"
                          << name << "'";
        return signalPassFailure();
      }
      if (!bind(node, value, decided))
        return signalPassFailure();
      bound.insert(name);
      candidates.push_back(node);
    }
    for (auto &entry : placeholders) {
      Operation *node = entry.second;
      if (isa<PlaceholderWithDefaultOp>(node) &&
          !bound.contains(entry.first()) &&
          !inputNames.contains(entry.first())) {
        decided.takeDefault.insert(node);
        candidates.push_back(node);
      }
    }

    // A default that cannot be forwarded (it carries a Switch output's
    // deadness to control users) stays a PlaceholderWithDefault.
    GraphRewriteConfig config;
    applyGraphRewrites(graph, candidates, patterns, config.withState(decided));
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
