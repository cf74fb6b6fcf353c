//===- GraphQueries.cpp - Questions asked about a tfg.graph ----------------===//

#include "TFG/Transforms/GraphQueries.h"

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
