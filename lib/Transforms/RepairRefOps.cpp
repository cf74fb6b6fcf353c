//===- RepairRefOps.cpp - Reference-typed leftovers to value ops ----------===//
//
// The pass decides, for the whole graph at once, which Ref twins of v1
// control flow and which read Assign / AssignAdd / AssignSub nodes are
// repaired; the DRR patterns of Patterns/RepairRefOps.td rewrite them.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_REPAIRREFOPS
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The nodes the patterns repair, decided before any rewrite.
struct RefRepairDecisions {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RefRepairDecisions)
  llvm::DenseSet<Operation *> repaired;
};
} // namespace

namespace mlir::tfg {
static bool isRepairedRefNode(Value token) {
  Operation *node = getNodeOfToken(token);
  return getGraphRewriteStateOrEmpty<RefRepairDecisions>(node)
      .repaired.contains(node);
}
} // namespace mlir::tfg

namespace {
#include "RepairRefOps.inc"
} // namespace

/// The Ref twins of v1 control flow that RepairRefOps.td makes plain.
static bool isRefControlFlow(Operation *node) {
  return isa<RefSwitchOp, RefMergeOp, RefIdentityOp, RefEnterOp, RefExitOp,
             RefNextIterationOp>(node);
}

/// The op a variable write whose output is read becomes (as
/// RepairRefOps.td writes it), or null for any other node.
static StringRef getReadWriteReplacement(Operation *node) {
  return llvm::TypeSwitch<Operation *, StringRef>(node)
      .Case([](AssignOp) { return IdentityOp::getOperationName(); })
      .Case([](AssignAddOp) { return AddOp::getOperationName(); })
      .Case([](AssignSubOp) { return SubOp::getOperationName(); })
      .Default(StringRef());
}

/// True if the op `opName` takes `node`'s `T` (Add and Sub take fewer
/// dtypes than AssignAdd and AssignSub: no quantized ones), by the op's own
/// ODS attr constraint. Its diagnostic, at a location of its own, is
/// swallowed; any other passes through.
static bool acceptsDType(StringRef opName, Operation *node) {
  Attribute dtype = node->getAttr("T");
  if (!dtype)
    return false;
  MLIRContext *context = node->getContext();
  NamedAttrList attrs;
  attrs.append(StringAttr::get(context, "T"), dtype);
  Location probe =
      NameLoc::get(StringAttr::get(context, "tfg-repair-ref-ops: dtype check"));
  ScopedDiagnosticHandler swallow(context, [&](Diagnostic &diagnostic) {
    return success(diagnostic.getLocation() == probe);
  });
  return succeeded(
      OperationName(opName, context).verifyInherentAttrs(attrs, [&] {
        return mlir::emitError(probe);
      }));
}

/// True if a reference result of `node` feeds a node that needs a reference
/// (op category RefInput) and is not repaired: that node keeps `node`.
static bool feedsKeptRefInput(Operation *node,
                              const llvm::DenseSet<Operation *> &repaired) {
  for (Value result : getDataResults(node)) {
    if (!isa<RefType>(getElementTypeOrSelf(result.getType())))
      continue;
    for (Operation *user : result.getUsers())
      if (!repaired.contains(user) && takesRefInput(user))
        return true;
  }
  return false;
}

namespace {
struct RepairRefOpsPass : tfg::impl::RepairRefOpsBase<RepairRefOpsPass> {
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

    // Every candidate first, then the greatest set in which no repaired
    // node's reference reaches a node that needs one and stays: a Ref loop
    // (RefEnter -> RefMerge -> RefSwitch -> RefNextIteration -> RefMerge)
    // is repaired as a whole, and a kept node keeps what feeds it a
    // reference, transitively.
    SmallVector<Operation *> candidates;
    RefRepairDecisions decisions;
    for (Operation &node : graph.getBlock()) {
      StringRef replacement = getReadWriteReplacement(&node);
      bool candidate =
          isRefControlFlow(&node) ||
          (!replacement.empty() && !node.getResult(0).use_empty() &&
           acceptsDType(replacement, &node));
      if (candidate) {
        candidates.push_back(&node);
        decisions.repaired.insert(&node);
      }
    }
    SmallVector<Operation *> worklist(candidates);
    while (!worklist.empty()) {
      Operation *node = worklist.pop_back_val();
      if (!decisions.repaired.contains(node) ||
          !feedsKeptRefInput(node, decisions.repaired))
        continue;
      decisions.repaired.erase(node);
      // It is kept, and needs its references: look at their producers again.
      for (Value operand : getDataOperands(node))
        if (Operation *producer = operand.getDefiningOp();
            producer && decisions.repaired.contains(producer))
          worklist.push_back(producer);
    }
    llvm::erase_if(candidates, [&](Operation *node) {
      return !decisions.repaired.contains(node);
    });
    if (candidates.empty())
      return;

    GraphRewriteConfig config;
    config.withState(decisions);
    GraphRewriteResult result =
        applyGraphRewrites(graph, candidates, patterns, config);
    if (!result.allCandidatesErased) {
      graph.emitError("tfg-repair-ref-ops: a node the pass decided to "
                      "repair was not rewritten (internal error)");
      return signalPassFailure();
    }
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
