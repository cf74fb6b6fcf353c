//===- RemoveNodes.cpp - Splice out forwarding nodes ----------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_REMOVENODES
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace mlir::tfg {
bool canAbsorbIntoProducer(Value identityToken, Value input) {
  Operation *identity = getNodeOfToken(identityToken);
  auto result = dyn_cast<OpResult>(input);
  if (!identity->use_empty() || !getControlOperands(identity).empty() ||
      !result || result.getResultNumber() != 0)
    return false;
  Operation *producer = result.getOwner();
  return isNodeOp(producer) && !isV1ControlFlow(producer) &&
         input.hasOneUse() && getDataResults(producer).size() == 1 &&
         getControlToken(producer).use_empty();
}

void giveNameToProducer(Value identityToken, Value input) {
  Operation *identity = getNodeOfToken(identityToken);
  setNodeName(input.getDefiningOp(), getNodeNameAttr(identity));
}
} // namespace mlir::tfg

namespace {
#include "RemoveNodes.inc"
} // namespace
namespace absorb_output_identities {
#include "AbsorbOutputIdentities.inc"
} // namespace absorb_output_identities

/// Op types the patterns know how to splice out.
static constexpr llvm::StringLiteral kRemovableOps[] = {
    "Identity",        "CheckNumerics", "StopGradient",          "Snapshot",
    "PreventGradient", "NoOp",          "PlaceholderWithDefault"};
static constexpr llvm::StringLiteral kDefaultOps[] = {
    "Identity", "CheckNumerics",   "StopGradient",
    "Snapshot", "PreventGradient", "NoOp"};

namespace {
struct RemoveNodesPass : tfg::impl::RemoveNodesBase<RemoveNodesPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet remove(context), absorb(context);
    populateWithGenerated(remove);
    absorb_output_identities::populateWithGenerated(absorb);
    removePatterns = FrozenRewritePatternSet(std::move(remove));
    absorbPatterns = FrozenRewritePatternSet(std::move(absorb));
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    GraphOp graph = getSingleGraph(module);
    if (!graph)
      return signalPassFailure();

    llvm::StringSet<> opTypes;
    if (ops.empty())
      opTypes.insert(std::begin(kDefaultOps), std::end(kDefaultOps));
    for (const std::string &opType : ops) {
      if (!llvm::is_contained(kRemovableOps, opType)) {
        graph.emitError() << "tfg-remove-nodes: cannot remove op type '"
                          << opType << "'; removable: "
                          << llvm::join(ArrayRef<StringLiteral>(kRemovableOps),
                                        ", ");
        return signalPassFailure();
      }
      opTypes.insert(opType);
    }

    FailureOr<llvm::StringSet<>> kept =
        getKeptNodeNames(graph, keep, "tfg-remove-nodes");
    if (failed(kept))
      return signalPassFailure();

    // The pass picks the candidates; the patterns decide whether each can
    // go (see RemoveNodes.td). A node nobody consumes is an output; one that
    // loses its last user to another removal is not.
    SmallVector<Operation *> candidates;
    for (Operation &op : graph.getBlock())
      if (opTypes.contains(getNodeOpType(&op)) && !op.use_empty() &&
          !kept->contains(getNodeName(&op)))
        candidates.push_back(&op);

    // Not converging just means some candidates stay; nothing is wrong.
    applyGraphRewrites(graph, candidates, removePatterns);

    if (!absorbOutputIdentities)
      return;
    // Output Identities whose producer is not kept itself.
    SmallVector<Operation *> outputs;
    for (Operation &op : graph.getBlock()) {
      if (!isa<IdentityOp>(op) || !op.use_empty() ||
          getDataOperands(&op).empty())
        continue;
      Operation *producer = getDataOperands(&op)[0].getDefiningOp();
      if (producer && isNodeOp(producer) &&
          !kept->contains(getNodeName(producer)))
        outputs.push_back(&op);
    }
    applyGraphRewrites(graph, outputs, absorbPatterns);
  }

  FrozenRewritePatternSet removePatterns, absorbPatterns;
};
} // namespace
