//===- RemoveDropout.cpp - Dropout that keeps everything ------------------===//
//
// The rewrites are the DRR patterns of Patterns/RemoveDropout.td; this file
// holds their noise constraint and the pass, which offers the candidates
// and erases what the rewrites leave without users.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_REMOVEDROPOUT
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

/// `value` without the forwarding nodes (Identity...) in front of it.
static Value skipIdentities(Value value) {
  for (int depth = 0; depth < 16; ++depth) {
    Operation *producer = value.getDefiningOp();
    if (!isForwarding(producer))
      return value;
    value = getDataOperands(producer)[0];
  }
  return value;
}

/// The node producing `value` if it is an `OpTy`, else null.
template <typename OpTy> static Operation *getProducerOfType(Value value) {
  return dyn_cast_or_null<OpTy>(value.getDefiningOp());
}

/// True when noise drawn in the shape `shape` (a RandomUniform's input)
/// broadcasts into x: `Shape(x)`, or a constant shape that x's type does not
/// contradict (no more dimensions than x, each 1 or x's size where known).
/// TensorFlow requires a noise shape that broadcasts to x; what the types
/// cannot tell is taken on trust, a shape computed otherwise is not.
static bool isNoiseShapeOf(Value shape, Value x) {
  shape = skipIdentities(shape);
  if (Operation *shapeOf = getProducerOfType<ShapeOp>(shape))
    return skipIdentities(getDataOperands(shapeOf)[0]) == skipIdentities(x);
  auto dims = dyn_cast_or_null<DenseIntElementsAttr>(getConstValue(shape));
  if (!dims || dims.getType().getRank() != 1)
    return false;
  auto xType = dyn_cast<RankedTensorType>(x.getType());
  if (!xType)
    return true;
  int64_t rank = xType.getRank();
  int64_t noiseRank = dims.getNumElements();
  if (noiseRank > rank)
    return false;
  for (auto [i, dim] : llvm::enumerate(dims.getValues<APInt>())) {
    int64_t size = dim.getSExtValue();
    int64_t xSize = xType.getDimSize(rank - noiseRank + i);
    if (size != 1 && !ShapedType::isDynamic(xSize) && size != xSize)
      return false;
  }
  return true;
}

namespace mlir::tfg {
/// Uniform noise in [0, 1) of a shape x broadcasts to: a RandomUniform, or
/// `RandomUniform * (max - min) + min` (tf.random_uniform's spelling, Mul and
/// Add operands in either order) with max - min exactly 1 and min exactly 0.
static bool isUnitNoiseFor(Value noise, Value x) {
  noise = skipIdentities(noise);
  Operation *producer = noise.getDefiningOp();
  if (isa_and_nonnull<AddOp, AddV2Op>(producer)) {
    OperandRange terms = getDataOperands(producer);
    for (unsigned i = 0; i < 2; ++i) {
      Operation *scale = getProducerOfType<MulOp>(skipIdentities(terms[i]));
      if (!scale || !isScalarFloatEqualTo(terms[1 - i], 0.0))
        continue;
      OperandRange factors = getDataOperands(scale);
      for (unsigned j = 0; j < 2; ++j) {
        Operation *uniform =
            getProducerOfType<RandomUniformOp>(skipIdentities(factors[j]));
        if (uniform && isScalarFloatEqualTo(factors[1 - j], 1.0))
          return isNoiseShapeOf(getDataOperands(uniform)[0], x);
      }
    }
    return false;
  }
  if (isa_and_nonnull<RandomUniformOp>(producer))
    return isNoiseShapeOf(getDataOperands(producer)[0], x);
  return false;
}
} // namespace mlir::tfg

namespace {
#include "RemoveDropout.inc"
} // namespace

namespace {
struct RemoveDropoutPass : tfg::impl::RemoveDropoutBase<RemoveDropoutPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateWithGenerated(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    FailureOr<llvm::StringSet<>> kept =
        getKeptNodeNames(graph, keep, "tfg-remove-dropout");
    if (failed(kept))
      return signalPassFailure();

    // A dropout's root is a Mul or a SelectV2. One nobody consumes is an
    // output and keeps its name.
    Block &block = graph.getBlock();
    SmallVector<Operation *> candidates;
    for (Operation &op : block) {
      if (isa<MulOp, SelectV2Op>(op) && !op.use_empty() &&
          !kept->contains(getNodeName(&op)))
        candidates.push_back(&op);
    }
    if (candidates.empty())
      return;

    // Not converging only means some candidates stay. The RandomUniform,
    // Floor, Consts, ... the dropouts alone used go; a kept node (a
    // signature's keep_prob input) stays even when the dropouts were its
    // only users.
    GraphRewriteConfig config;
    config.eraseOrphans = true;
    config.keep = &*kept;
    applyGraphRewrites(graph, candidates, patterns, config);
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
