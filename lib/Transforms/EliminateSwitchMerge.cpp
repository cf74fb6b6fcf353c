//===- EliminateSwitchMerge.cpp - Constant-predicate control flow ---------===//
//
// Deadness is data: a forward analysis with TensorFlow executor semantics
// decides which values are dead once predicates are constant; the rewrites
// are DRR patterns (Patterns/EliminateSwitchMerge.td) and a PDLL pattern
// (Patterns/EliminateSwitchMerge.pdll) that act on what it recorded.
//
//===----------------------------------------------------------------------===//

#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/GraphQueries.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/RewriteUtils.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_ELIMINATESWITCHMERGE
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

static constexpr llvm::StringLiteral kDead = "tfg.dead";
static constexpr llvm::StringLiteral kDeadOutput = "tfg.dead_output";
static constexpr llvm::StringLiteral kLiveInput = "tfg.live_input";

namespace mlir::tfg {
/// The data input a Merge marked `tfg.live_input` forwards.
static Value getLiveMergeInput(Value mergeToken) {
  Operation *merge = getNodeOfToken(mergeToken);
  auto index = merge->getAttrOfType<IntegerAttr>(kLiveInput);
  return getDataOperands(merge)[index.getInt()];
}

/// Const(K), K the live input's index, for the Merge's `value_index` when
/// something uses it; otherwise (nothing to replace) the live input itself.
static Value createMergeValueIndex(PatternRewriter &rewriter,
                                   Value mergeToken) {
  Operation *merge = getNodeOfToken(mergeToken);
  if (merge->getResult(1).use_empty())
    return getLiveMergeInput(mergeToken);
  auto index = merge->getAttrOfType<IntegerAttr>(kLiveInput);
  auto value = DenseElementsAttr::get(
      RankedTensorType::get({}, rewriter.getI32Type()),
      rewriter.getI32IntegerAttr(index.getInt()));
  return createConstNode(rewriter, mergeToken, value, "/value_index")[0];
}
} // namespace mlir::tfg

namespace {
#include "EliminateSwitchMerge.inc"
#include "EliminateSwitchMergePDLL.h.inc"
} // namespace

/// The value of a bool predicate when it is a constant, looking through
/// forwarding nodes (Identity...) and Switch data outputs (which forward
/// their input).
static std::optional<bool> getConstantPredicate(Value value) {
  for (int depth = 0; depth < 64; ++depth) {
    if (std::optional<bool> constant = getConstSplatBool(value))
      return constant;
    Operation *producer = value.getDefiningOp();
    if (!producer || !isNodeOp(producer))
      return std::nullopt;
    if (isForwarding(producer) ||
        (isSwitchLike(producer) && value != getControlToken(producer)))
      value = getDataOperands(producer)[0];
    else
      return std::nullopt;
  }
  return std::nullopt;
}

namespace {
/// Which values never get computed, by TensorFlow's executor rules: the
/// untaken output of a Switch with a constant predicate is dead; a node
/// with a dead data or control input is dead (all its outputs and its
/// token); a Merge is dead only when all its data inputs are. A control
/// edge from a Switch carries the Switch node's deadness, not an output's.
/// Optimistic on cycles (loops stay live unless dead from outside).
class DeadnessAnalysis {
public:
  explicit DeadnessAnalysis(Block &graph) {
    SmallVector<Operation *> worklist;
    for (Operation &op : graph) {
      if (!isSwitchLike(&op))
        continue;
      std::optional<bool> predicate =
          getConstantPredicate(getDataOperands(&op)[1]);
      if (!predicate)
        continue;
      markDead(op.getResult(*predicate ? 0 : 1), worklist);
    }
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (deadNodes.contains(op) || !isNodeOp(op))
        continue;
      bool dead;
      if (isMergeLike(op))
        dead = llvm::all_of(getDataOperands(op),
                            [&](Value v) { return isDead(v); });
      else
        dead = llvm::any_of(op->getOperands(),
                            [&](Value v) { return isDead(v); });
      if (!dead)
        continue;
      deadNodes.insert(op);
      for (Value result : op->getResults())
        markDead(result, worklist);
    }
  }

  bool isDead(Value value) const { return deadValues.contains(value); }
  bool isDead(Operation *node) const { return deadNodes.contains(node); }

private:
  void markDead(Value value, SmallVectorImpl<Operation *> &worklist) {
    if (!deadValues.insert(value).second)
      return;
    for (Operation *user : value.getUsers())
      worklist.push_back(user);
  }

  llvm::DenseSet<Value> deadValues;
  llvm::DenseSet<Operation *> deadNodes;
};

struct EliminateSwitchMergePass
    : tfg::impl::EliminateSwitchMergeBase<EliminateSwitchMergePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateWithGenerated(set);
    populateGeneratedPDLLPatterns(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    Block &block = graph.getBlock();
    DeadnessAnalysis deadness(block);

    // Record the analysis on the nodes for the patterns.
    SmallVector<Operation *> candidates;
    Builder builder(&getContext());
    for (Operation &op : block) {
      if (deadness.isDead(&op)) {
        op.setAttr(kDead, builder.getUnitAttr());
        candidates.push_back(&op);
        continue;
      }
      if (isSwitchLike(&op)) {
        for (unsigned i = 0; i < 2; ++i)
          if (deadness.isDead(op.getResult(i))) {
            op.setAttr(kDeadOutput, builder.getI32IntegerAttr(i));
            candidates.push_back(&op);
          }
      } else if (isMergeLike(&op)) {
        SmallVector<unsigned> live;
        for (auto [i, input] : llvm::enumerate(getDataOperands(&op)))
          if (!deadness.isDead(input))
            live.push_back(i);
        if (live.size() != 1 || live.size() == getDataOperands(&op).size())
          continue;
        // A loop's back edge is not a value to forward: the Merge would
        // become a cycle without it.
        Operation *producer = getDataOperands(&op)[live[0]].getDefiningOp();
        if (producer && isNextIterationLike(producer))
          continue;
        op.setAttr(kLiveInput, builder.getI32IntegerAttr(live[0]));
        candidates.push_back(&op);
      }
    }

    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    config.enableFolding(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    NodeNameTable names(block); // one name lookup per created node
    (void)applyOpPatternsGreedily(candidates, patterns, config);

    // What is left (a dead node a loop's live Merge still lists) stays, as
    // it was.
    for (Operation &op : block) {
      op.removeAttr(kDead);
      op.removeAttr(kDeadOutput);
      op.removeAttr(kLiveInput);
    }
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
