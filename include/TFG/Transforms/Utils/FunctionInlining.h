//===- FunctionInlining.h - Replace function calls by their bodies -*- C++
//-*-===//
//
// TF2 models keep their computation in the function library: the graph
// holds a StatefulPartitionedCall of a signature wrapper, which calls the
// traced function, and so on. Freezing, surgery and the CPU lowering all
// want one flat graph, so calls are replaced by copies of their callees'
// bodies, as TensorFlow's own inliner (common_runtime/inline_function_utils)
// does, with its naming (`<call node>/<body node>`) and its ordering rules.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_UTILS_FUNCTIONINLINING_H
#define TFG_TRANSFORMS_UTILS_FUNCTIONINLINING_H

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tfg {

/// Limits against inputs crafted to blow up: a chain of calls deeper than
/// `maxDepth`, or more than `maxInlinedNodes` nodes copied in one block
/// (a function calling another twice, thirty levels deep, is 2^30 nodes),
/// is an error rather than a hang or an exhausted memory.
struct FunctionInliningLimits {
  unsigned maxDepth = 64;
  uint64_t maxInlinedNodes = uint64_t(1) << 22;
};

/// The function a node calls, with the attrs that instantiate it.
struct CalleeRef {
  llvm::StringRef name;
  DictionaryAttr attrs;
};

/// What `node` calls: a PartitionedCall-like node's `f`, or the function
/// its op type names when `functions` has one (a call by function name,
/// whose node attrs instantiate it). std::nullopt for any other node. A
/// call whose `f` is not a function reference (a placeholder of the
/// enclosing function, or missing) gives a CalleeRef with an empty name.
std::optional<CalleeRef> getCallee(Operation *node, SymbolTable &functions);

/// Replaces every function call node of `block` (a tfg.graph's or a
/// tfg.func's body) by a copy of its callee's body, recursively: calls in
/// the copied bodies are inlined too. `enclosing` is the function whose
/// body `block` is (null for a graph): a call back to it is recursion.
///
/// Per call node `c` calling `f`:
///   - each body node is copied as `c/<name>` (made unique with `_1`, ...),
///     with its attrs, device and `_output_shapes`; `#tfg.placeholder`
///     attrs take the values the call gives (its `f` attrs, or its own
///     attrs for a call by name), or the attr's default;
///   - `f`'s arguments become the call's data operands; a control edge from
///     an argument becomes one from the operand's producer;
///   - the call's control inputs become control inputs of every copied node
///     that has no operand produced inside the copy (the entry nodes), so
///     nothing of the body runs before them;
///   - users of `c:i` use the body's i-th returned tensor;
///   - when the module's serving signature names `c`, or `c` is an output
///     of the graph (nothing uses its outputs or token), an IdentityN named
///     `c` forwards the returned tensors, so `c:i` can still be fetched;
///     when something depends on `c` by a control edge, a node named `c`
///     (that IdentityN, or a NoOp) stands in for it, depending on the
///     body's control outputs (`control_ret`) and on the producers of the
///     returned tensors.
/// Errors, each at the call node and naming it and the function, leave the
/// block partly inlined (the caller fails as a whole): a function missing
/// from `functions`, an `f` that is not a function reference, an arity
/// mismatch, a placeholder attr the call does not give, recursion (the
/// chain of functions is named), and the limits above.
LogicalResult inlineFunctionCalls(Block &block, SymbolTable &functions,
                                  FuncOp enclosing = nullptr,
                                  const FunctionInliningLimits &limits = {});

/// Inlines the call nodes `calls` of `block` (and, recursively, the calls
/// their copies bring) exactly as inlineFunctionCalls does, leaving the
/// block's other calls alone. `chain` names the functions the calls were
/// copied from, outermost first (a callee in it is recursion). The nodes
/// created (copies and stand-ins) that remain are appended to `created`,
/// so a caller can go on with what the copies contain (the lowering of
/// functional control flow lowers the If/While nodes a branch brings).
LogicalResult inlineCallNodes(Block &block, llvm::ArrayRef<Operation *> calls,
                              SymbolTable &functions,
                              llvm::ArrayRef<llvm::StringRef> chain,
                              llvm::SmallVectorImpl<Operation *> &created,
                              FuncOp enclosing = nullptr,
                              const FunctionInliningLimits &limits = {});

/// The names of the tfg.func ops that the module's graphs refer to (by
/// `#tfg.func` attrs or by op type), directly or through other such
/// functions, or as the gradient of one of them (tfg.gradient), or as a
/// registered gradient (tfg.registered_gradient).
llvm::StringSet<> getReferencedFunctions(ModuleOp module);

/// Erases the tfg.func ops that neither the module's graphs nor a kept
/// function refer to (by `#tfg.func` attrs, by op type, or as the gradient
/// of a kept function in a tfg.gradient), and the tfg.gradient ops of
/// erased functions. Returns the number of functions erased.
unsigned eraseUnreferencedFunctions(ModuleOp module);

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_UTILS_FUNCTIONINLINING_H
