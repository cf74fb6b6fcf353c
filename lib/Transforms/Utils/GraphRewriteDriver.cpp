//===- GraphRewriteDriver.cpp - Applying patterns to a tfg.graph ----------===//

#include "TFG/Transforms/Utils/GraphRewriteDriver.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Mutex.h"

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Open applications, by graph block
//===----------------------------------------------------------------------===//

namespace {
/// What the native helpers of one running application may ask for.
struct OpenApplication {
  NodeNameTable *names;
  TypeID stateID;
  void *state;
  /// An application of a nested pipeline on the same block (none today,
  /// but passes may nest) hides the outer one until it ends.
  OpenApplication *outer;
};

/// The applications running now. DRR's native calls receive only the
/// rewriter and values, so the graph block is the one key they can give.
/// Keyed by block, guarded by a lock: a pass manager may run passes on
/// different graphs on different threads.
class OpenApplications {
public:
  static OpenApplications &get() {
    static OpenApplications instance;
    return instance;
  }
  void open(Block *block, OpenApplication &app) {
    llvm::sys::SmartScopedLock<true> lock(mutex);
    OpenApplication *&slot = byBlock[block];
    app.outer = slot;
    slot = &app;
  }
  void close(Block *block, OpenApplication &app) {
    llvm::sys::SmartScopedLock<true> lock(mutex);
    if (app.outer)
      byBlock[block] = app.outer;
    else
      byBlock.erase(block);
  }
  OpenApplication *lookup(Block *block) {
    llvm::sys::SmartScopedLock<true> lock(mutex);
    return byBlock.lookup(block);
  }

private:
  llvm::sys::SmartMutex<true> mutex;
  llvm::DenseMap<Block *, OpenApplication *> byBlock;
};

/// Registers an application for its lifetime.
class ScopedApplication {
public:
  ScopedApplication(Block &block, NodeNameTable &names,
                    const GraphRewriteConfig &config)
      : block(&block) {
    app.names = &names;
    app.stateID = config.stateID;
    app.state = config.statePtr;
    OpenApplications::get().open(this->block, app);
  }
  ~ScopedApplication() { OpenApplications::get().close(block, app); }

private:
  Block *block;
  OpenApplication app;
};

/// Which new nodes stand in for an output: a node created by a rewrite
/// inherits the status of the node it replaces. Nodes a rewrite creates
/// for other reasons (new weights, an intermediate Mul) are not outputs.
class NewNodeTracker : public RewriterBase::Listener {
public:
  explicit NewNodeTracker(const llvm::StringSet<> &removableNames)
      : removableNames(removableNames) {}

  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    if (isNodeOp(op))
      newNodes.insert(op);
  }
  void notifyOperationErased(Operation *op) override {
    newNodes.erase(op);
    outputStandIns.erase(op);
  }
  void notifyOperationReplaced(Operation *op, ValueRange values) override {
    if (isRemovable(op))
      return;
    for (Value value : values)
      if (Operation *producer = value ? value.getDefiningOp() : nullptr)
        if (newNodes.contains(producer))
          outputStandIns.insert(producer);
  }

  /// `removableNames` plus the names of the new nodes that are not outputs.
  llvm::StringSet<> getRemovableNames() const {
    llvm::StringSet<> names = removableNames;
    for (Operation *op : newNodes)
      if (!outputStandIns.contains(op))
        names.insert(getNodeName(op));
    return names;
  }

private:
  bool isRemovable(Operation *op) const {
    if (newNodes.contains(op))
      return !outputStandIns.contains(op);
    return isNodeOp(op) && removableNames.contains(getNodeName(op));
  }

  const llvm::StringSet<> &removableNames;
  llvm::DenseSet<Operation *> newNodes, outputStandIns;
};
} // namespace

NodeNameTable::NodeNameTable(Block &block) {
  for (Operation &op : block)
    nameSet.insert(getNodeName(&op));
}

NodeNameTable *mlir::tfg::getOpenNodeNameTable(Block *block) {
  OpenApplication *app =
      block ? OpenApplications::get().lookup(block) : nullptr;
  return app ? app->names : nullptr;
}

void *mlir::tfg::detail::getGraphRewriteState(Operation *node, TypeID stateID) {
  OpenApplication *app = node->getBlock()
                             ? OpenApplications::get().lookup(node->getBlock())
                             : nullptr;
  if (!app || app->stateID != stateID)
    return nullptr;
  return app->state;
}

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

GraphRewriteResult
mlir::tfg::applyGraphRewrites(GraphOp graph, ArrayRef<Operation *> candidates,
                              const FrozenRewritePatternSet &patterns,
                              const GraphRewriteConfig &config) {
  Block &block = graph.getBlock();
  llvm::StringSet<> removableNames;
  if (config.eraseOrphans) {
    removableNames = getConsumedNodeNames(block);
    if (config.keep)
      for (const auto &name : *config.keep)
        removableNames.erase(name.getKey());
  }
  NewNodeTracker tracker(removableNames);

  // Nodes are not foldable MLIR ops (their names and control edges are
  // part of the graph), and a graph region has nothing to simplify.
  GreedyRewriteConfig greedy;
  greedy.enableFolding(false);
  greedy.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  if (config.eraseOrphans)
    greedy.setListener(&tracker);

  NodeNameTable names(block);
  ScopedApplication application(block, names, config);
  GraphRewriteResult result;
  if (config.scope == GraphRewriteConfig::Scope::WholeGraph) {
    greedy.setMaxIterations(GreedyRewriteConfig::kNoLimit);
    result.converged = succeeded(applyPatternsGreedily(
        graph->getRegion(0), patterns, greedy, &result.changed));
  } else {
    greedy.setStrictness(config.scope == GraphRewriteConfig::Scope::Candidates
                             ? GreedyRewriteStrictness::ExistingOps
                             : GreedyRewriteStrictness::AnyOp);
    result.converged = succeeded(
        applyOpPatternsGreedily(candidates, patterns, greedy, &result.changed,
                                &result.allCandidatesErased));
  }
  if (config.eraseOrphans)
    eraseOrphanedNodes(block, tracker.getRemovableNames());
  return result;
}

llvm::StringSet<> mlir::tfg::getConsumedNodeNames(Block &block) {
  llvm::StringSet<> names;
  for (Operation &op : block)
    if (!op.use_empty())
      names.insert(getNodeName(&op));
  return names;
}

void mlir::tfg::eraseOrphanedNodes(Block &block,
                                   const llvm::StringSet<> &removable) {
  SmallVector<Operation *> worklist;
  for (Operation &op : block)
    worklist.push_back(&op);
  llvm::SmallPtrSet<Operation *, 16> erased;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (erased.contains(op) || !op->use_empty() ||
        !removable.contains(getNodeName(op)))
      continue;
    SmallVector<Operation *> producers;
    for (Value operand : op->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        producers.push_back(producer);
    erased.insert(op);
    op->erase();
    // Erased ops are never popped again: only producers that are still in
    // the block are pushed, and an op is erased once.
    for (Operation *producer : producers)
      if (!erased.contains(producer))
        worklist.push_back(producer);
  }
}
