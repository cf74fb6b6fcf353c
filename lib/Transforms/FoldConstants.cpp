//===- FoldConstants.cpp - Evaluate what is known before the graph runs ---===//
//
// The rewrite is the PDLL pattern in Patterns/FoldConstants.pdll; this file
// registers its two native functions (evaluation, which needs the pass's
// size limit, and Const creation) and reports nodes that cannot be folded
// because their inputs are wrong.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/ConstantEvaluation.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_FOLDCONSTANTS
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
#include "FoldConstantsPDLL.h.inc"
} // namespace

/// What a Const replacing `node` must wait for (see FoldConstants.pdll).
static SmallVector<Value> getFoldedNodeControls(Operation *node) {
  llvm::SetVector<Value> controls;
  for (Value control : getControlOperands(node))
    controls.insert(control);
  for (Value input : getDataOperands(node)) {
    Operation *producer = input.getDefiningOp();
    if (!producer || !isNodeOp(producer))
      continue;
    // A Const runs when its control inputs do; anything else (the producer
    // of a shape that Shape/Size/Rank read) is waited for itself.
    if (isa<ConstOp>(producer)) {
      for (Value control : getControlOperands(producer))
        controls.insert(control);
    } else {
      controls.insert(getControlToken(producer));
    }
  }
  return controls.takeVector();
}

static SmallVector<Value> createFoldedConstNodes(PatternRewriter &rewriter,
                                                 Operation *node,
                                                 ArrayAttr values) {
  SmallVector<Value> controls = getFoldedNodeControls(node);
  Value token = getControlToken(node);
  // An output node (nobody consumes it) keeps all its results; otherwise a
  // result nobody reads needs no Const (null: nothing to replace).
  bool isOutput = node->use_empty();
  SmallVector<bool> needed;
  for (unsigned i = 0; i < values.size(); ++i)
    needed.push_back(isOutput || !node->getResult(i).use_empty());
  if (!llvm::is_contained(needed, true))
    needed[0] = true; // only the token is used: one Const stands for it
  SmallVector<Value> results;
  Value firstToken;
  for (auto [i, value] : llvm::enumerate(values)) {
    if (!needed[i]) {
      results.push_back(Value());
      continue;
    }
    // The first Const takes over the node's name, so outputs keep theirs.
    std::string suffix = !firstToken ? "" : "-" + std::to_string(i);
    ResultRange constant = createConstNode(
        rewriter, token, cast<ElementsAttr>(value), suffix, controls);
    results.push_back(constant[0]);
    if (!firstToken)
      firstToken = constant[1];
  }
  // All Consts wait for the same inputs: one token stands for them all.
  results.push_back(firstToken);
  return results;
}

namespace {
/// What the patterns need from the pass's options.
struct FoldingLimits {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FoldingLimits)
  uint64_t maxBytes;
};

struct FoldConstantsPass : tfg::impl::FoldConstantsBase<FoldConstantsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateGeneratedPDLLPatterns(set);
    PDLPatternModule &pdl = set.getPDLPatterns();
    pdl.registerConstraintFunction(
        "EvaluateNode",
        [](PatternRewriter &rewriter, PDLResultList &results,
           ArrayRef<PDLValue> args) -> LogicalResult {
          Operation *node = args[0].cast<Operation *>();
          auto *limits = getGraphRewriteState<FoldingLimits>(node);
          if (!limits || !isNodeOp(node) || getDataResults(node).empty())
            return failure();
          std::string error;
          auto values = evaluateNode(node, limits->maxBytes, error);
          if (failed(values))
            return failure();
          results.push_back(rewriter.getArrayAttr(
              SmallVector<Attribute>(values->begin(), values->end())));
          return success();
        });
    pdl.registerRewriteFunction(
        "CreateFoldedConsts",
        [](PatternRewriter &rewriter, PDLResultList &results,
           ArrayRef<PDLValue> args) -> LogicalResult {
          Operation *node = args[0].cast<Operation *>();
          SmallVector<Value> values = createFoldedConstNodes(
              rewriter, node, cast<ArrayAttr>(args[1].cast<Attribute>()));
          results.push_back(ValueRange(values)); // copied by PDL
          return success();
        });
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    GraphOp graph = getSingleGraph(module);
    if (!graph)
      return signalPassFailure();
    uint64_t maxBytes = maxConstantSize;
    FoldingLimits limits{maxBytes};

    // The Consts that were read are gone with their last reader; Consts
    // that replace a consumed node are not outputs either (a folded Split
    // whose parts were folded further).
    GraphRewriteConfig config;
    config.scope = GraphRewriteConfig::Scope::WholeGraph;
    config.eraseOrphans = true;
    if (!applyGraphRewrites(graph, {}, patterns, config.withState(limits))
             .converged) {
      graph.emitError() << "tfg-fold-constants: did not converge";
      return signalPassFailure();
    }

    // What is left unfolded with constant inputs: an error, unless told to
    // ignore errors (TensorFlow's fold_constants(ignore_errors=true)).
    bool failedAny = false;
    for (Operation &node : graph.getBlock()) {
      if (!isEvaluableOpType(getNodeOpType(&node)))
        continue;
      std::string error;
      if (succeeded(evaluateNode(&node, maxBytes, error)) || error.empty())
        continue;
      InFlightDiagnostic diag =
          ignoreErrors ? node.emitWarning() : node.emitError();
      diag << "tfg-fold-constants: node '" << getNodeName(&node)
           << "' cannot be folded: " << error;
      failedAny = true;
    }
    if (failedAny && !ignoreErrors)
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
