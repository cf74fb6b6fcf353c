//===- EliminateSwitchMerge.cpp - Constant-predicate control flow ---------===//
//
// Deadness is data: DeadnessAnalysis (TensorFlow executor semantics)
// decides which values are dead once predicates are constant; the rewrites
// are DRR patterns (Patterns/EliminateSwitchMerge.td) and a PDLL pattern
// (Patterns/EliminateSwitchMerge.pdll) that ask it through the pass state.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/DeadnessAnalysis.h"
#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_ELIMINATESWITCHMERGE
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// What the patterns ask about, decided from the deadness analysis before
/// any rewrite (a rewrite changes the inputs a later match would look at:
/// a forwarded Switch makes a Merge's dead input live). Keyed by the
/// candidates, which the driver alone visits.
struct SwitchMergeDecisions {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SwitchMergeDecisions)
  llvm::DenseSet<Operation *> deadNodes;
  /// Live Switch -> its dead output.
  llvm::DenseMap<Operation *, unsigned> deadSwitchOutputs;
  /// Live Merge -> its only live data input.
  llvm::DenseMap<Operation *, unsigned> liveMergeInputs;
};
} // namespace

static const SwitchMergeDecisions &getDecisions(Operation *node) {
  return getGraphRewriteStateOrEmpty<SwitchMergeDecisions>(node);
}

namespace mlir::tfg {
/// The Switch of `switchToken` is live and one of its outputs is dead.
static bool hasDeadOutput(Value switchToken) {
  Operation *node = getNodeOfToken(switchToken);
  return getDecisions(node).deadSwitchOutputs.contains(node);
}

/// The Merge of `mergeToken` has one live data input, not a back edge.
static bool hasOneLiveInput(Value mergeToken) {
  Operation *merge = getNodeOfToken(mergeToken);
  return getDecisions(merge).liveMergeInputs.contains(merge);
}

static unsigned getLiveMergeInputIndex(Operation *merge) {
  return getDecisions(merge).liveMergeInputs.lookup(merge);
}

/// The data input the Merge forwards.
static Value getLiveMergeInput(Value mergeToken) {
  Operation *merge = getNodeOfToken(mergeToken);
  return getDataOperands(merge)[getLiveMergeInputIndex(merge)];
}

/// Const(K), K the live input's index, for the Merge's `value_index` when
/// something uses it; otherwise (nothing to replace) the live input itself.
static Value createMergeValueIndex(PatternRewriter &rewriter,
                                   Value mergeToken) {
  Operation *merge = getNodeOfToken(mergeToken);
  if (merge->getResult(1).use_empty())
    return getLiveMergeInput(mergeToken);
  unsigned index = getLiveMergeInputIndex(merge);
  auto value =
      DenseElementsAttr::get(RankedTensorType::get({}, rewriter.getI32Type()),
                             rewriter.getI32IntegerAttr(index));
  return createConstNode(rewriter, mergeToken, value, "/value_index")[0];
}
} // namespace mlir::tfg

namespace {
#include "EliminateSwitchMerge.inc"
#include "EliminateSwitchMergePDLL.h.inc"
} // namespace

namespace {
struct EliminateSwitchMergePass
    : tfg::impl::EliminateSwitchMergeBase<EliminateSwitchMergePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateWithGenerated(set);
    populateGeneratedPDLLPatterns(set);
    set.getPDLPatterns().registerConstraintFunction(
        "IsDead", [](PatternRewriter &, Operation *node) {
          return success(getDecisions(node).deadNodes.contains(node));
        });
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    const auto &deadness = getAnalysis<DeadnessAnalysis>();
    SwitchMergeDecisions decisions;
    SmallVector<Operation *> candidates;
    for (Operation &op : graph.getBlock()) {
      if (deadness.isDead(&op)) {
        decisions.deadNodes.insert(&op);
      } else if (std::optional<unsigned> output =
                     deadness.getDeadSwitchOutput(&op)) {
        decisions.deadSwitchOutputs[&op] = *output;
      } else if (std::optional<unsigned> input =
                     deadness.getOnlyLiveMergeInput(&op)) {
        decisions.liveMergeInputs[&op] = *input;
      } else {
        continue;
      }
      candidates.push_back(&op);
    }

    // What is left (a dead node a loop's live Merge still lists) stays, as
    // it was.
    GraphRewriteConfig config;
    applyGraphRewrites(graph, candidates, patterns,
                       config.withState(decisions));
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
