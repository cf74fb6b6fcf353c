//===- RewriteUtils.cpp - Native helpers for DRR/PDLL graph rewrites ------===//

#include "TFG/Transforms/Utils/RewriteUtils.h"
#include "TFG/Transforms/Utils/GraphRewriteDriver.h"

#include "TFG/Dialect/IR/OpCategories.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstring>
#include <functional>

using namespace mlir;
using namespace mlir::tfg;

static constexpr llvm::StringLiteral kSegmentsAttr = "operandSegmentSizes";

Operation *mlir::tfg::getNodeOfToken(Value token) {
  return token.getDefiningOp();
}

void mlir::tfg::setControlOperands(RewriterBase &rewriter, Operation *node,
                                   ValueRange controls) {
  unsigned numData = getDataOperands(node).size();
  unsigned numControl = node->getNumOperands() - numData;
  // Copy first: `controls` may alias the operands being replaced.
  SmallVector<Value> newControls(controls.begin(), controls.end());
  rewriter.modifyOpInPlace(node, [&] {
    node->setOperands(numData, numControl, newControls);
    // Typed ops with several variadic groups size them by this attr; the
    // control group is the last one.
    if (auto segments = node->getAttrOfType<DenseI32ArrayAttr>(kSegmentsAttr)) {
      SmallVector<int32_t> sizes(segments.asArrayRef());
      sizes.back() = newControls.size();
      node->setAttr(kSegmentsAttr,
                    DenseI32ArrayAttr::get(node->getContext(), sizes));
    }
  });
}

void mlir::tfg::addControlOperands(RewriterBase &rewriter, Operation *node,
                                   ValueRange controls) {
  llvm::SetVector<Value> merged;
  for (Value control : getControlOperands(node))
    merged.insert(control);
  size_t before = merged.size();
  // A producer that feeds `node` data already runs before it (and its
  // deadness reaches it): a control edge from it adds nothing. Not so for a
  // Merge, which runs on its first live data input but waits for all
  // control inputs.
  llvm::SmallPtrSet<Operation *, 4> dataProducers;
  if (!isMergeLike(node))
    for (Value operand : getDataOperands(node))
      if (Operation *producer = operand.getDefiningOp())
        dataProducers.insert(producer);
  Value ownToken = getControlToken(node);
  for (Value control : controls)
    if (control != ownToken && !dataProducers.contains(control.getDefiningOp()))
      merged.insert(control);
  if (merged.size() != before)
    setControlOperands(rewriter, node, merged.getArrayRef());
}

bool mlir::tfg::isSwitchOutput(Value value) {
  return isSwitchLike(value.getDefiningOp());
}

SmallVector<Value> mlir::tfg::getDependencyTokens(Value removedToken,
                                                  ValueRange forwarded) {
  Operation *removed = getNodeOfToken(removedToken);
  llvm::SetVector<Value> tokens;
  for (Value value : forwarded)
    if (Operation *producer = value.getDefiningOp())
      if (producer != removed && isNodeOp(producer))
        tokens.insert(getControlToken(producer));
  for (Value control : getControlOperands(removed))
    tokens.insert(control);
  return tokens.takeVector();
}

bool mlir::tfg::canRerouteControlEdges(Value removedToken,
                                       ValueRange forwarded) {
  if (removedToken.use_empty())
    return true;
  return llvm::none_of(forwarded, isSwitchOutput);
}

/// Users of `removedToken` depend instead on `dependencies`; data users of
/// `removed`'s results also get `lostControls` (they waited for them through
/// the data edge).
static void rerouteControls(RewriterBase &rewriter, Operation *removed,
                            Value removedToken, ArrayRef<Value> dependencies,
                            ArrayRef<Value> lostControls) {
  llvm::SetVector<Operation *> controlUsers;
  for (Operation *user : removedToken.getUsers())
    controlUsers.insert(user);
  for (Operation *user : controlUsers) {
    SmallVector<Value> controls;
    for (Value control : getControlOperands(user))
      if (control != removedToken)
        controls.push_back(control);
    setControlOperands(rewriter, user, controls);
    addControlOperands(rewriter, user, dependencies);
  }

  if (!lostControls.empty()) {
    llvm::SetVector<Operation *> dataUsers;
    for (Value result : getDataResults(removed))
      for (Operation *user : result.getUsers())
        if (user != removed)
          dataUsers.insert(user);
    for (Operation *user : dataUsers)
      addControlOperands(rewriter, user, lostControls);
  }
}

Value mlir::tfg::rerouteControlEdges(RewriterBase &rewriter, Value removedToken,
                                     ValueRange forwarded) {
  Operation *removed = getNodeOfToken(removedToken);
  SmallVector<Value> dependencies =
      getDependencyTokens(removedToken, forwarded);
  SmallVector<Value> ownControls(getControlOperands(removed));
  rerouteControls(rewriter, removed, removedToken, dependencies, ownControls);
  return Value();
}

SmallVector<Operation *> mlir::tfg::getExclusiveSubgraph(Value rootToken,
                                                         ValueRange forwarded) {
  Operation *root = getNodeOfToken(rootToken);
  llvm::SmallPtrSet<Operation *, 4> outside;
  for (Value value : forwarded)
    if (Operation *producer = value.getDefiningOp())
      outside.insert(producer);
  llvm::SetVector<Operation *> subgraph;
  subgraph.insert(root);
  // A producer joins when a data edge leads to it and all its uses are by
  // members. Checked again each time another of its users joins; the check
  // stops at the first use from outside, so it costs about as many steps
  // as the producer has users among the members.
  for (unsigned i = 0; i < subgraph.size(); ++i) {
    for (Value operand : getDataOperands(subgraph[i])) {
      Operation *producer = operand.getDefiningOp();
      if (!producer || !isNodeOp(producer) || outside.contains(producer) ||
          subgraph.contains(producer))
        continue;
      bool exclusive = llvm::all_of(producer->getUsers(), [&](Operation *user) {
        return subgraph.contains(user);
      });
      if (exclusive)
        subgraph.insert(producer);
    }
  }
  return subgraph.takeVector();
}

Value mlir::tfg::rerouteSubgraphControlEdges(RewriterBase &rewriter,
                                             Value rootToken,
                                             ValueRange forwarded) {
  Operation *root = getNodeOfToken(rootToken);
  SmallVector<Operation *> subgraph =
      getExclusiveSubgraph(rootToken, forwarded);
  llvm::SmallPtrSet<Operation *, 16> members(subgraph.begin(), subgraph.end());
  llvm::SetVector<Value> lostControls;
  for (Operation *member : subgraph)
    for (Value control : getControlOperands(member))
      if (!members.contains(control.getDefiningOp()))
        lostControls.insert(control);
  llvm::SetVector<Value> dependencies;
  for (Value value : forwarded)
    if (Operation *producer = value.getDefiningOp())
      if (isNodeOp(producer))
        dependencies.insert(getControlToken(producer));
  dependencies.insert(lostControls.begin(), lostControls.end());
  rerouteControls(rewriter, root, rootToken, dependencies.getArrayRef(),
                  lostControls.getArrayRef());
  return Value();
}

std::string mlir::tfg::getUniqueNodeName(Operation *graphNode, StringRef base) {
  Block *block = graphNode->getBlock();
  NodeNameTable *table = getOpenNodeNameTable(block);
  llvm::StringSet<> scanned;
  if (!table && block)
    for (Operation &op : *block)
      scanned.insert(getNodeName(&op));
  llvm::StringSet<> &names = table ? table->names() : scanned;
  std::string result = base.str();
  for (unsigned i = 1; names.contains(result); ++i)
    result = (base + "_" + llvm::Twine(i)).str();
  names.insert(result);
  return result;
}

void mlir::tfg::nameNodeLike(Operation *node, Operation *like, StringRef name) {
  if (NodeNameTable *table = getOpenNodeNameTable(like->getBlock()))
    table->names().insert(name);
  setNodeNameAndDeviceLike(node, StringAttr::get(node->getContext(), name),
                           like);
}

void mlir::tfg::takeOverNodeAttrs(Operation *node, Operation *like) {
  // Discardable attrs: what TensorFlow keeps beside the OpDef's attrs
  // (`_class`, `_output_shapes`, ...). The OpDef's attrs are inherent: the
  // new op has its own; its name and device are nameNodeLike's.
  for (NamedAttribute attr : like->getDiscardableAttrs())
    node->setAttr(attr.getName(), attr.getValue());
  nameNodeLike(node, like, getNodeName(like));
}

Type mlir::tfg::getDereferencedType(Type type) {
  auto tensor = dyn_cast<TensorType>(type);
  auto ref = tensor ? dyn_cast<RefType>(tensor.getElementType()) : nullptr;
  return ref ? tensor.clone(ref.getElementType()) : type;
}

ResultRange mlir::tfg::createConstNode(RewriterBase &rewriter, Value likeToken,
                                       ElementsAttr value, StringRef suffix,
                                       ValueRange controls) {
  Operation *like = getNodeOfToken(likeToken);
  std::string name = getNodeName(like).str();
  if (!suffix.empty())
    name = getUniqueNodeName(like, name + suffix.str());
  return createConstNodeNamed(rewriter, likeToken, cast<TypedAttr>(value), name,
                              controls);
}

ResultRange mlir::tfg::createConstNodeNamed(RewriterBase &rewriter,
                                            Value likeToken, TypedAttr value,
                                            StringRef name,
                                            ValueRange controls) {
  Operation *like = getNodeOfToken(likeToken);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(like);
  MLIRContext *context = like->getContext();
  OperationState state(like->getLoc(), "tfg.Const");
  state.addOperands(controls);
  state.addAttribute("value", value);
  state.addAttribute(
      "dtype",
      TypeAttr::get(cast<ShapedType>(value.getType()).getElementType()));
  state.addTypes({value.getType(), ControlType::get(context)});
  Operation *constant = rewriter.create(state);
  nameNodeLike(constant, like, name);
  return constant->getResults();
}
