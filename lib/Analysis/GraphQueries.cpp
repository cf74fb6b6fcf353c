//===- GraphQueries.cpp - Questions asked about a tfg.graph ---------------===//

#include "TFG/Analysis/GraphQueries.h"

#include "TFG/Dialect/IR/OpCategories.h"

#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <queue>

using namespace mlir;
using namespace mlir::tfg;

GraphOp tfg::getSingleGraph(ModuleOp module) {
  GraphOp found;
  for (auto graph : module.getOps<GraphOp>()) {
    if (found) {
      graph.emitError("expected one tfg.graph in the module, found several");
      return nullptr;
    }
    found = graph;
  }
  if (!found)
    module.emitError("the module holds no tfg.graph");
  return found;
}

bool tfg::isNeverAnOutput(Operation *node) {
  return isa<ConstOp, NoOpOp>(node) ||
         hasOpCategory(node, OpCategory::Placeholder | OpCategory::Variable |
                                 OpCategory::VariableWrite |
                                 OpCategory::Checkpointing);
}

SmallVector<Operation *> tfg::inferOutputNodes(GraphOp graph) {
  SmallVector<Operation *> outputs;
  for (Operation &op : graph.getBlock())
    if (op.use_empty() && !isNeverAnOutput(&op))
      outputs.push_back(&op);
  return outputs;
}

SmallVector<Operation *> tfg::getInputNodes(GraphOp graph) {
  SmallVector<Operation *> inputs;
  for (Operation &op : graph.getBlock())
    if (isPlaceholderLike(&op))
      inputs.push_back(&op);
  return inputs;
}

StringRef tfg::nodeNameOfTensor(StringRef tensorName) {
  tensorName.consume_front("^");
  size_t colon = tensorName.rfind(':');
  if (colon != StringRef::npos &&
      llvm::all_of(tensorName.drop_front(colon + 1), llvm::isDigit))
    return tensorName.take_front(colon);
  return tensorName;
}

SmallVector<SignatureTensor> tfg::getSignatureTensors(Operation *op,
                                                      StringRef side) {
  SmallVector<SignatureTensor> result;
  auto module =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  auto signature =
      module ? module->getAttrOfType<DictionaryAttr>(attrs::kSignature)
             : DictionaryAttr();
  if (!signature)
    return result;
  if (auto tensors = signature.getAs<DictionaryAttr>(side))
    for (NamedAttribute entry : tensors)
      if (auto tensor = dyn_cast<StringAttr>(entry.getValue()))
        result.push_back({entry.getName().getValue(), tensor.getValue()});
  return result;
}

FailureOr<SmallVector<Operation *>>
tfg::resolveOutputNodes(GraphOp graph, ArrayRef<std::string> names,
                        StringRef passName) {
  SmallVector<std::string> wanted(names.begin(), names.end());
  if (wanted.empty())
    for (SignatureTensor output : getSignatureTensors(graph, "outputs"))
      wanted.push_back(output.tensor.str());
  SmallVector<Operation *> roots;
  if (wanted.empty()) {
    roots = inferOutputNodes(graph);
    std::string chosen;
    for (Operation *op : roots)
      chosen += (chosen.empty() ? "" : ", ") + getNodeName(op).str();
    emitRemark(graph.getLoc()) << passName << ": no outputs given; inferred: "
                               << (chosen.empty() ? "(none)" : chosen);
    return roots;
  }
  llvm::StringMap<Operation *> byName;
  for (Operation &op : graph.getBlock())
    byName[getNodeName(&op)] = &op;
  for (const std::string &name : wanted) {
    auto it = byName.find(nodeNameOfTensor(name));
    if (it == byName.end()) {
      graph.emitError() << "no node named '" << nodeNameOfTensor(name)
                        << "' in the graph";
      return failure();
    }
    roots.push_back(it->second);
  }
  return roots;
}

void tfg::eraseNodesNotReachedFrom(GraphOp graph, ArrayRef<Operation *> roots) {
  llvm::SetVector<Operation *> live(roots.begin(), roots.end());
  for (unsigned i = 0; i < live.size(); ++i)
    for (Value operand : live[i]->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        live.insert(producer);
  SmallVector<Operation *> dead;
  for (Operation &op : graph.getBlock())
    if (!live.contains(&op))
      dead.push_back(&op);
  // Dead nodes may form cycles: drop all their edges before erasing.
  for (Operation *op : dead)
    op->dropAllReferences();
  for (Operation *op : dead)
    op->erase();
}

FailureOr<llvm::StringSet<>> tfg::getKeptNodeNames(GraphOp graph,
                                                   ArrayRef<std::string> keep,
                                                   StringRef passName) {
  llvm::StringSet<> kept;
  if (!keep.empty()) {
    llvm::StringSet<> nodeNames;
    for (Operation &op : graph.getBlock())
      nodeNames.insert(getNodeName(&op));
    for (const std::string &name : keep) {
      StringRef node = nodeNameOfTensor(name);
      if (!nodeNames.contains(node)) {
        graph.emitError() << passName << ": no node named '" << node
                          << "' in the graph (keep=)";
        return failure();
      }
      kept.insert(node);
    }
  }
  for (StringRef side : {"inputs", "outputs"})
    for (SignatureTensor entry : getSignatureTensors(graph, side))
      kept.insert(nodeNameOfTensor(entry.tensor));
  return kept;
}

/// True for the nodes whose outgoing edges close a v1 loop.
static bool isBackEdgeSource(Operation *op) { return isNextIterationLike(op); }

FailureOr<SmallVector<Operation *>> tfg::getExecutionOrder(GraphOp graph,
                                                           StringRef passName) {
  Block &block = graph.getBlock();
  SmallVector<Operation *> nodes;
  llvm::DenseMap<Operation *, unsigned> position;
  for (Operation &op : block) {
    position[&op] = nodes.size();
    nodes.push_back(&op);
  }
  // Kahn's algorithm: pending[i] counts the input edges of node i whose
  // producer is not placed yet.
  SmallVector<unsigned> pending(nodes.size(), 0);
  for (auto [i, op] : llvm::enumerate(nodes))
    for (Value operand : op->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        if (producer->getBlock() == &block && !isBackEdgeSource(producer))
          ++pending[i];

  // The cursor walks the block in order, placing each node whose inputs are
  // placed and deferring the others. A deferred node that becomes ready
  // precedes every node at or after the cursor, so it is placed at once;
  // the heap keeps several such nodes in block order. Together this places,
  // at every step, the ready node earliest in the block (Kahn with a
  // priority queue) while a block that is already sorted never touches the
  // heap.
  SmallVector<Operation *> order;
  order.reserve(nodes.size());
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      readyDeferred;
  unsigned cursor = 0;
  auto place = [&](unsigned index) {
    Operation *op = nodes[index];
    order.push_back(op);
    if (isBackEdgeSource(op))
      return;
    for (Value result : op->getResults())
      for (OpOperand &use : result.getUses()) {
        auto it = position.find(use.getOwner());
        if (it == position.end())
          continue;
        if (--pending[it->second] == 0 && it->second < cursor)
          readyDeferred.push(it->second);
      }
  };
  while (cursor < nodes.size() || !readyDeferred.empty()) {
    if (!readyDeferred.empty()) {
      unsigned index = readyDeferred.top();
      readyDeferred.pop();
      place(index);
      continue;
    }
    unsigned index = cursor++;
    if (pending[index] == 0)
      place(index);
  }
  if (order.size() == nodes.size())
    return order;

  // Every node left waits for another node left (ignoring back edges):
  // walking to such a producer repeatedly must revisit a node, which is on
  // a cycle.
  Operation *node = nullptr;
  for (auto [i, op] : llvm::enumerate(nodes))
    if (pending[i] != 0) {
      node = op;
      break;
    }
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (seen.insert(node).second) {
    for (Value operand : node->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (producer && producer->getBlock() == &block &&
          !isBackEdgeSource(producer) && pending[position[producer]] != 0) {
        node = producer;
        break;
      }
    }
  }
  node->emitError() << passName << ": node '" << getNodeName(node)
                    << "' is on a cycle that passes through no NextIteration";
  return failure();
}

bool tfg::isSameAttribute(Attribute a, Attribute b) {
  if (a == b)
    return true;
  auto ra = dyn_cast<DenseResourceElementsAttr>(a);
  auto rb = dyn_cast<DenseResourceElementsAttr>(b);
  if (!ra || !rb || ra.getType() != rb.getType())
    return false;
  AsmResourceBlob *ba = ra.getRawHandle().getBlob();
  AsmResourceBlob *bb = rb.getRawHandle().getBlob();
  return ba && bb && ba->getData() == bb->getData();
}
