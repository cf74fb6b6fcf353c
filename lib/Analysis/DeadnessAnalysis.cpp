//===- DeadnessAnalysis.cpp - Which nodes of a graph never run ------------===//

#include "TFG/Analysis/DeadnessAnalysis.h"
#include "TFG/Analysis/ConstantValues.h"
#include "TFG/Dialect/IR/OpCategories.h"

using namespace mlir;
using namespace mlir::tfg;

std::optional<bool> mlir::tfg::getConstantPredicate(Value value) {
  // A bound on the chain: a cycle of Identities cannot loop forever.
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

DeadnessAnalysis::DeadnessAnalysis(Operation *root) {
  root->walk([&](GraphOp graph) { analyzeBlock(graph.getBlock()); });
}

void DeadnessAnalysis::analyzeBlock(Block &graph) {
  SmallVector<Operation *> worklist;
  for (Operation &op : graph) {
    if (!isNodeOp(&op) || !isSwitchLike(&op))
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
      dead =
          llvm::all_of(getDataOperands(op), [&](Value v) { return isDead(v); });
    else
      dead =
          llvm::any_of(op->getOperands(), [&](Value v) { return isDead(v); });
    if (!dead)
      continue;
    deadNodes.insert(op);
    for (Value result : op->getResults())
      markDead(result, worklist);
  }
}

void DeadnessAnalysis::markDead(Value value,
                                SmallVectorImpl<Operation *> &worklist) {
  if (!deadValues.insert(value).second)
    return;
  for (Operation *user : value.getUsers())
    worklist.push_back(user);
}

std::optional<unsigned>
DeadnessAnalysis::getDeadSwitchOutput(Operation *switchNode) const {
  if (!isNodeOp(switchNode) || !isSwitchLike(switchNode) || isDead(switchNode))
    return std::nullopt;
  for (unsigned i = 0; i < 2; ++i)
    if (isDead(switchNode->getResult(i)))
      return i;
  return std::nullopt;
}

std::optional<unsigned>
DeadnessAnalysis::getOnlyLiveMergeInput(Operation *merge) const {
  if (!isNodeOp(merge) || !isMergeLike(merge) || isDead(merge))
    return std::nullopt;
  OperandRange inputs = getDataOperands(merge);
  std::optional<unsigned> live;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    if (isDead(input))
      continue;
    if (live)
      return std::nullopt;
    live = i;
  }
  if (!live || inputs.size() == 1)
    return std::nullopt;
  Operation *producer = inputs[*live].getDefiningOp();
  if (producer && isNodeOp(producer) && isNextIterationLike(producer))
    return std::nullopt;
  return live;
}
