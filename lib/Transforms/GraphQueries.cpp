//===- GraphQueries.cpp - Questions asked about a tfg.graph ----------------===//

#include "TFG/Transforms/GraphQueries.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

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

bool tfg::isNeverAnOutput(StringRef opType) {
  return llvm::StringSwitch<bool>(opType)
      .Cases({"Const", "NoOp", "Placeholder", "PlaceholderWithDefault"}, true)
      .Cases({"Assign", "AssignAdd", "AssignSub", "AssignVariableOp"}, true)
      .Cases({"VariableV2", "Variable", "VarHandleOp"}, true)
      .Cases({"SaveV2", "RestoreV2", "MergeV2Checkpoints", "ShardedFilename"},
             true)
      .Default(false);
}

SmallVector<Operation *> tfg::inferOutputNodes(GraphOp graph) {
  SmallVector<Operation *> outputs;
  for (Operation &op : graph.getBlock())
    if (op.use_empty() && !isNeverAnOutput(getNodeOpType(&op)))
      outputs.push_back(&op);
  return outputs;
}

SmallVector<Operation *> tfg::getInputNodes(GraphOp graph) {
  SmallVector<Operation *> inputs;
  for (Operation &op : graph.getBlock()) {
    StringRef type = getNodeOpType(&op);
    if (type == "Placeholder" || type == "PlaceholderWithDefault")
      inputs.push_back(&op);
  }
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

FailureOr<SmallVector<Operation *>>
tfg::resolveOutputNodes(GraphOp graph, ArrayRef<std::string> names,
                        StringRef passName) {
  SmallVector<std::string> wanted(names.begin(), names.end());
  if (wanted.empty())
    if (auto module = graph->getParentOfType<ModuleOp>())
      if (auto signature =
              module->getAttrOfType<DictionaryAttr>(attrs::kSignature))
        if (auto outputs = signature.getAs<DictionaryAttr>("outputs"))
          for (NamedAttribute output : outputs)
            if (auto tensor = dyn_cast<StringAttr>(output.getValue()))
              wanted.push_back(tensor.str());
  SmallVector<Operation *> roots;
  if (wanted.empty()) {
    roots = inferOutputNodes(graph);
    std::string chosen;
    for (Operation *op : roots)
      chosen += (chosen.empty() ? "" : ", ") + getNodeName(op).str();
    emitRemark(graph.getLoc())
        << passName << ": no outputs given; inferred: "
        << (chosen.empty() ? "(none)" : chosen);
    return roots;
  }
  llvm::StringMap<Operation *> byName;
  for (Operation &op : graph.getBlock())
    byName[getNodeName(&op)] = &op;
  for (const std::string &name : wanted) {
    auto it = byName.find(nodeNameOfTensor(name));
    if (it == byName.end()) {
      graph.emitError() << "no node named '"
                        << nodeNameOfTensor(name) << "' in the graph";
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
