//===- MergeDuplicateNodes.cpp - One node per computation -----------------===//
//
// Value numbering over the graph in execution order: a node's number is
// decided by its op type, attrs and the numbers of its inputs, so nodes
// whose inputs were found equal are compared as equal in the same walk. The
// replacement is plain replaceAllUsesWith: there is no structure to match,
// the whole decision is the numbering (see docs/design.md).
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SetVector.h"

#include <unordered_map>

namespace mlir::tfg {
#define GEN_PASS_DEF_MERGEDUPLICATENODES
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

/// Op types whose nodes are never merged although their OpDef is not
/// stateful: inputs are fed by name, and control flow nodes belong to one
/// frame or branch each.
static bool isNeverMerged(StringRef opType) {
  return hasOpCategory(opType, OpCategory::Placeholder | kV1ControlFlow);
}

static bool isRefTyped(Type type) {
  return isa<RefType>(getElementTypeOrSelf(type));
}

/// Whether two nodes of equal inputs may be one: a stateless op type that is
/// not an input or control flow, and no reference-typed input or output
/// (those read or write a variable in place).
static bool isMergeable(Operation *op) {
  StringRef opType = getNodeOpType(op);
  return isStatelessOpType(opType) && !isNeverMerged(opType) &&
         llvm::none_of(op->getOperandTypes(), isRefTyped) &&
         llvm::none_of(op->getResultTypes(), isRefTyped);
}

/// Attrs that do not make two nodes different: the name (and the original
/// names it came from) and the operand counts, which are compared as
/// operands.
static bool isIgnoredAttr(StringRef name) {
  return name == attrs::kNodeName || name == attrs::kOriginalNodeNames ||
         name == attrs::kOriginalFuncNames || name == "operandSegmentSizes" ||
         name == "resultSegmentSizes";
}

static llvm::hash_code hashAttr(Attribute attr) {
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    ArrayRef<char> data = blob ? blob->getData() : ArrayRef<char>();
    return llvm::hash_combine(
        resource.getType(), llvm::hash_combine_range(data.begin(), data.end()));
  }
  return mlir::hash_value(attr);
}

namespace {
/// What makes a node what it is, with its inputs as value numbers.
struct NodeKey {
  Operation *op;
  /// (number of the producer, result index) per data input.
  SmallVector<std::pair<unsigned, unsigned>> dataInputs;
  /// Numbers of the control inputs' producers, sorted, without repeats.
  SmallVector<unsigned> controlInputs;
  size_t hash;
};

bool operator==(const NodeKey &a, const NodeKey &b) {
  Operation *x = a.op, *y = b.op;
  if (a.hash != b.hash || x->getName() != y->getName() ||
      getNodeOpType(x) != getNodeOpType(y) || a.dataInputs != b.dataInputs ||
      a.controlInputs != b.controlInputs ||
      x->getResultTypes() != y->getResultTypes())
    return false;
  auto attrsOf = [](Operation *op) {
    SmallVector<NamedAttribute> kept;
    for (NamedAttribute attr : op->getAttrs())
      if (!isIgnoredAttr(attr.getName()))
        kept.push_back(attr);
    return kept;
  };
  // getAttrs() is sorted by name.
  SmallVector<NamedAttribute> ax = attrsOf(x), ay = attrsOf(y);
  if (ax.size() != ay.size())
    return false;
  for (auto [p, q] : llvm::zip_equal(ax, ay))
    if (p.getName() != q.getName() ||
        !isSameAttribute(p.getValue(), q.getValue()))
      return false;
  return true;
}

struct MergeDuplicateNodesPass
    : tfg::impl::MergeDuplicateNodesBase<MergeDuplicateNodesPass> {
  using Base::Base;

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    FailureOr<llvm::StringSet<>> keptNames =
        getKeptNodeNames(graph, keep, "tfg-merge-duplicate-nodes");
    if (failed(keptNames))
      return signalPassFailure();
    FailureOr<SmallVector<Operation *>> order =
        getExecutionOrder(graph, "tfg-merge-duplicate-nodes");
    if (failed(order))
      return signalPassFailure();

    // Number the nodes in execution order; equal keys share a number.
    llvm::DenseMap<Operation *, unsigned> numberOf;
    SmallVector<SmallVector<Operation *, 1>> members;
    std::vector<NodeKey> keys;
    std::unordered_map<size_t, SmallVector<unsigned, 1>> keysByHash;
    auto newNumber = [&](Operation *op) {
      numberOf[op] = members.size();
      members.emplace_back().push_back(op);
    };
    for (Operation *op : *order) {
      std::optional<NodeKey> key = getKey(op, numberOf);
      if (!key) {
        newNumber(op);
        continue;
      }
      SmallVector<unsigned, 1> &sameHash = keysByHash[key->hash];
      auto equal = llvm::find_if(
          sameHash, [&](unsigned index) { return keys[index] == *key; });
      if (equal == sameHash.end()) {
        sameHash.push_back(keys.size());
        keys.push_back(std::move(*key));
        newNumber(op);
        continue;
      }
      unsigned number = numberOf.lookup(keys[*equal].op);
      numberOf[op] = number;
      members[number].push_back(op);
    }

    // Merge: the first kept member (else the first) takes the others'
    // users; other kept members stay.
    IRRewriter rewriter(&getContext());
    auto isKept = [&](Operation *op) {
      return op->use_empty() || keptNames->contains(getNodeName(op));
    };
    for (SmallVector<Operation *, 1> &same : members) {
      if (same.size() < 2)
        continue;
      Operation *survivor = same.front();
      if (auto kept = llvm::find_if(same, isKept); kept != same.end())
        survivor = *kept;
      for (Operation *duplicate : same) {
        if (duplicate == survivor || isKept(duplicate))
          continue;
        llvm::SetVector<Operation *> controlUsers;
        for (Operation *user : getControlToken(duplicate).getUsers())
          controlUsers.insert(user);
        rewriter.replaceOp(duplicate, survivor->getResults());
        // A node that waited for both now lists the survivor twice.
        for (Operation *user : controlUsers) {
          llvm::SetVector<Value> controls;
          for (Value control : getControlOperands(user))
            controls.insert(control);
          if (controls.size() != getControlOperands(user).size())
            setControlOperands(rewriter, user, controls.getArrayRef());
        }
      }
    }
  }

  /// The key of `op`, or nullopt when it is never merged or an input is not
  /// numbered yet (it closes a loop).
  static std::optional<NodeKey>
  getKey(Operation *op, const llvm::DenseMap<Operation *, unsigned> &numberOf) {
    if (!isMergeable(op))
      return std::nullopt;
    NodeKey key;
    key.op = op;
    for (Value input : getDataOperands(op)) {
      auto result = dyn_cast<OpResult>(input);
      auto number = result ? numberOf.find(result.getOwner()) : numberOf.end();
      if (number == numberOf.end())
        return std::nullopt;
      key.dataInputs.emplace_back(number->second, result.getResultNumber());
    }
    for (Value control : getControlOperands(op)) {
      auto number = numberOf.find(control.getDefiningOp());
      if (number == numberOf.end())
        return std::nullopt;
      key.controlInputs.push_back(number->second);
    }
    llvm::sort(key.controlInputs);
    key.controlInputs.erase(llvm::unique(key.controlInputs),
                            key.controlInputs.end());

    llvm::hash_code hash = llvm::hash_combine(
        op->getName().getAsOpaquePointer(), getNodeOpType(op),
        llvm::hash_combine_range(key.dataInputs.begin(), key.dataInputs.end()),
        llvm::hash_combine_range(key.controlInputs.begin(),
                                 key.controlInputs.end()));
    for (Type type : op->getResultTypes())
      hash = llvm::hash_combine(hash, type);
    for (NamedAttribute attr : op->getAttrs())
      if (!isIgnoredAttr(attr.getName()))
        hash =
            llvm::hash_combine(hash, attr.getName(), hashAttr(attr.getValue()));
    key.hash = hash;
    return key;
  }
};
} // namespace
