//===- GraphRewriteDriver.h - Applying patterns to a tfg.graph --*- C++ -*-===//
//
// Every rewriting pass applies its DRR/PDLL patterns the same way: the
// greedy driver without folding or region simplification (nodes are not
// foldable MLIR ops: their names and control edges matter), a table of node
// names so that created nodes get unique names in O(1), and, for the passes
// that replace subgraphs, the erasure of what the rewrites left without
// users. applyGraphRewrites is that one driver.
//
// What a pass tells its patterns (the values bound to placeholders, the
// deadness of nodes, ...) travels as a typed pass state in the config:
// native helpers called from DRR find it with getGraphRewriteState<T>(node)
// while the driver runs (DRR's native calls see only the rewriter and
// values, so the graph's block is the key). PDLL patterns get the same
// state captured in the native functions the pass registers. Nothing is
// written into the IR, nothing outlives the call.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_UTILS_GRAPHREWRITEDRIVER_H
#define TFG_TRANSFORMS_UTILS_GRAPHREWRITEDRIVER_H

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Support/TypeID.h"

#include "llvm/ADT/StringSet.h"

namespace mlir::tfg {

/// How applyGraphRewrites applies a pattern set to a graph.
struct GraphRewriteConfig {
  enum class Scope {
    /// Only the candidates, each until no pattern applies to it.
    Candidates,
    /// The candidates and the nodes the rewrites create, so that chains of
    /// rewrites complete (a batch norm becomes a Mul that folds further).
    CandidatesAndNewNodes,
    /// Every node of the graph, repeatedly, until nothing changes.
    WholeGraph,
  };
  Scope scope = Scope::Candidates;

  /// Erase, afterwards, the nodes the rewrites left without users: those
  /// that had users before, and new nodes that do not stand in for an
  /// output; repeatedly (the RandomUniform of a removed dropout, the old
  /// weights of a folded batch norm). A node nobody consumed before is an
  /// output and stays, and so does a new node that replaced one.
  bool eraseOrphans = false;

  /// Names of nodes that stay even when the rewrites leave them without
  /// users (a signature's inputs). Null: none.
  const llvm::StringSet<> *keep = nullptr;

  /// What the pass tells its patterns, for getGraphRewriteState<T>().
  template <typename T> GraphRewriteConfig &withState(T &state) {
    stateID = TypeID::get<T>();
    statePtr = &state;
    return *this;
  }
  TypeID stateID;
  void *statePtr = nullptr;
};

/// What an application did.
struct GraphRewriteResult {
  /// False when the driver stopped before nothing applied any more.
  bool converged = true;
  bool changed = false;
  /// Every candidate was erased or replaced (Scope::Candidates and
  /// CandidatesAndNewNodes).
  bool allCandidatesErased = false;
};

/// Applies `patterns` to the nodes of `graph` (the candidates, or every node
/// for Scope::WholeGraph) as `config` says, with a node-name table open and
/// the config's pass state reachable from the patterns' native helpers.
GraphRewriteResult applyGraphRewrites(GraphOp graph,
                                      ArrayRef<Operation *> candidates,
                                      const FrozenRewritePatternSet &patterns,
                                      const GraphRewriteConfig &config = {});

/// The names of a block's nodes, for choosing names of new nodes in O(1).
/// Names given by nameNodeLike and getUniqueNodeName while a table is open
/// for the block are added; names of erased nodes stay reserved (a new node
/// then gets a suffix, which is harmless).
class NodeNameTable {
public:
  explicit NodeNameTable(Block &block);
  llvm::StringSet<> &names() { return nameSet; }

private:
  llvm::StringSet<> nameSet;
};

/// The node-name table of the application running on `block`, or null.
NodeNameTable *getOpenNodeNameTable(Block *block);

namespace detail {
void *getGraphRewriteState(Operation *node, TypeID stateID);
} // namespace detail

/// The pass state of type T of the application running on `node`'s graph
/// (GraphRewriteConfig::withState), or null.
template <typename T> T *getGraphRewriteState(Operation *node) {
  return static_cast<T *>(detail::getGraphRewriteState(node, TypeID::get<T>()));
}

/// getGraphRewriteState<T>(node), or an empty T when no application with a
/// T runs on the node's graph: the patterns then find nothing decided and
/// leave the node alone.
template <typename T> const T &getGraphRewriteStateOrEmpty(Operation *node) {
  static const T empty = T();
  T *state = getGraphRewriteState<T>(node);
  return state ? *state : empty;
}

/// Names of the nodes of `block` whose results or token have users.
llvm::StringSet<> getConsumedNodeNames(Block &block);

/// Erases, repeatedly, the nodes named in `removable` that have no users
/// (and what that leaves without users among `removable`).
void eraseOrphanedNodes(Block &block, const llvm::StringSet<> &removable);

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_UTILS_GRAPHREWRITEDRIVER_H
