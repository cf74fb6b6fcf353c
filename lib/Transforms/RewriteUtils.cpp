//===- RewriteUtils.cpp - Native helpers for DRR/PDLL graph rewrites ------===//

#include "TFG/Transforms/RewriteUtils.h"

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
    if (control != ownToken &&
        !dataProducers.contains(control.getDefiningOp()))
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

Value mlir::tfg::rerouteControlEdges(RewriterBase &rewriter,
                                     Value removedToken, ValueRange forwarded) {
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
  SmallVector<Operation *> subgraph = getExclusiveSubgraph(rootToken, forwarded);
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

// The innermost open table of this thread (passes on one graph nest at
// most through tfg-optimize-for-inference's nested pipeline).
static thread_local NodeNameTable *openNameTables = nullptr;

NodeNameTable::NodeNameTable(Block &block)
    : block(&block), previous(openNameTables) {
  for (Operation &op : block)
    nameSet.insert(getNodeName(&op));
  openNameTables = this;
}

NodeNameTable::~NodeNameTable() { openNameTables = previous; }

NodeNameTable *NodeNameTable::lookup(Block *block) {
  for (NodeNameTable *table = openNameTables; table; table = table->previous)
    if (table->block == block)
      return table;
  return nullptr;
}

std::string mlir::tfg::getUniqueNodeName(Operation *graphNode, StringRef base) {
  Block *block = graphNode->getBlock();
  NodeNameTable *table = NodeNameTable::lookup(block);
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
  if (NodeNameTable *table = NodeNameTable::lookup(like->getBlock()))
    table->names().insert(name);
  node->setAttr(attrs::kName, StringAttr::get(node->getContext(), name));
  if (Attribute device = like->getAttr(attrs::kDevice))
    node->setAttr(attrs::kDevice, device);
}

ResultRange mlir::tfg::createConstNode(RewriterBase &rewriter, Value likeToken,
                                       ElementsAttr value, StringRef suffix,
                                       ValueRange controls) {
  Operation *like = getNodeOfToken(likeToken);
  std::string name = getNodeName(like).str();
  if (!suffix.empty())
    name = getUniqueNodeName(like, name + suffix.str());
  return createConstNodeNamed(rewriter, likeToken, cast<TypedAttr>(value),
                              name, controls);
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
      "dtype", TypeAttr::get(cast<ShapedType>(value.getType()).getElementType()));
  state.addTypes({value.getType(), ControlType::get(context)});
  Operation *constant = rewriter.create(state);
  nameNodeLike(constant, like, name);
  return constant->getResults();
}

ElementsAttr mlir::tfg::getBoundValue(Value token) {
  return getNodeOfToken(token)->getAttrOfType<ElementsAttr>("tfg.bound_value");
}

ResultRange mlir::tfg::createBoundConstNode(RewriterBase &rewriter,
                                            Value token) {
  SmallVector<Value> controls(getControlOperands(getNodeOfToken(token)));
  return createConstNode(rewriter, token, getBoundValue(token), "", controls);
}

llvm::StringSet<> mlir::tfg::getConsumedNodeNames(Block &block) {
  llvm::StringSet<> names;
  for (Operation &op : block)
    if (!op.use_empty())
      names.insert(getNodeName(&op));
  return names;
}

void mlir::tfg::eraseOrphanedNodes(Block &block,
                                   const llvm::StringSet<> &consumedBefore) {
  SmallVector<Operation *> worklist;
  for (Operation &op : block)
    worklist.push_back(&op);
  llvm::SmallPtrSet<Operation *, 16> erased;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (erased.contains(op) || !op->use_empty() ||
        !consumedBefore.contains(getNodeName(op)))
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

ElementsAttr mlir::tfg::getConstValue(Value value) {
  Operation *producer = value.getDefiningOp();
  if (!isa_and_nonnull<ConstOp>(producer))
    return {};
  return producer->getAttrOfType<ElementsAttr>("value");
}

std::optional<SmallVector<float>>
mlir::tfg::getFloatElements(ElementsAttr value) {
  if (!value || !value.getElementType().isF32())
    return std::nullopt;
  int64_t n = value.getNumElements();
  SmallVector<float> values;
  if (auto dense = dyn_cast<DenseFPElementsAttr>(value)) {
    values.reserve(n);
    for (APFloat v : dense.getValues<APFloat>())
      values.push_back(v.convertToFloat());
    return values;
  }
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob || blob->getData().size() != static_cast<size_t>(n) * 4)
      return std::nullopt;
    values.resize(n);
    std::memcpy(values.data(), blob->getData().data(), n * 4);
    return values;
  }
  return std::nullopt;
}

std::optional<double> mlir::tfg::getConstSplatFloat(Value value) {
  auto dense = dyn_cast_or_null<DenseFPElementsAttr>(getConstValue(value));
  if (!dense || (!dense.isSplat() && dense.getNumElements() != 1))
    return std::nullopt;
  return (*dense.value_begin<APFloat>()).convertToDouble();
}

std::optional<APFloat> mlir::tfg::evaluateScalarFloat(Value value) {
  // Enough for `1 / (1 - rate)` behind a few Identities; a budget of nodes
  // visited keeps a long chain (or a DAG of shared terms) cheap.
  unsigned budget = 32;
  std::function<std::optional<APFloat>(Value)> evaluate =
      [&](Value value) -> std::optional<APFloat> {
    Operation *producer = value.getDefiningOp();
    if (!producer || !isNodeOp(producer) || budget == 0)
      return std::nullopt;
    --budget;
    if (isa<ConstOp>(producer)) {
      auto dense = dyn_cast_or_null<DenseFPElementsAttr>(
          producer->getAttrOfType<ElementsAttr>("value"));
      if (!dense || dense.getType().getRank() != 0)
        return std::nullopt;
      return *dense.value_begin<APFloat>();
    }
    OperandRange inputs = getDataOperands(producer);
    if (isForwarding(producer))
      return evaluate(inputs[0]);
    enum class Arithmetic { None, Reciprocal, Add, Sub, Mul, Div };
    Arithmetic arithmetic =
        llvm::StringSwitch<Arithmetic>(getNodeOpType(producer))
            .Cases({"Reciprocal", "Inv"}, Arithmetic::Reciprocal)
            .Cases({"Add", "AddV2"}, Arithmetic::Add)
            .Case("Sub", Arithmetic::Sub)
            .Case("Mul", Arithmetic::Mul)
            .Cases({"RealDiv", "Div"}, Arithmetic::Div)
            .Default(Arithmetic::None);
    if (arithmetic == Arithmetic::Reciprocal) {
      std::optional<APFloat> x = evaluate(inputs[0]);
      if (!x)
        return std::nullopt;
      APFloat one(x->getSemantics(), 1);
      one.divide(*x, APFloat::rmNearestTiesToEven);
      return one;
    }
    if (arithmetic == Arithmetic::None || inputs.size() != 2)
      return std::nullopt;
    std::optional<APFloat> lhs = evaluate(inputs[0]);
    std::optional<APFloat> rhs = evaluate(inputs[1]);
    if (!lhs || !rhs || &lhs->getSemantics() != &rhs->getSemantics())
      return std::nullopt;
    APFloat::roundingMode rounding = APFloat::rmNearestTiesToEven;
    if (arithmetic == Arithmetic::Sub)
      lhs->subtract(*rhs, rounding);
    else if (arithmetic == Arithmetic::Mul)
      lhs->multiply(*rhs, rounding);
    else if (arithmetic == Arithmetic::Div)
      lhs->divide(*rhs, rounding);
    else
      lhs->add(*rhs, rounding);
    return lhs;
  };
  return evaluate(value);
}

bool mlir::tfg::isScalarFloatEqualTo(Value value, double expected) {
  std::optional<APFloat> actual = evaluateScalarFloat(value);
  if (!actual)
    return false;
  if (expected == 0.0)
    return actual->isZero();
  bool losesInfo;
  APFloat wanted(expected);
  wanted.convert(actual->getSemantics(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
  return !losesInfo && actual->compare(wanted) == APFloat::cmpEqual;
}

std::optional<bool> mlir::tfg::getConstSplatBool(Value value) {
  auto dense = dyn_cast_or_null<DenseIntElementsAttr>(getConstValue(value));
  if (!dense || !dense.getElementType().isInteger(1) ||
      (!dense.isSplat() && dense.getNumElements() != 1))
    return std::nullopt;
  return *dense.value_begin<bool>();
}
