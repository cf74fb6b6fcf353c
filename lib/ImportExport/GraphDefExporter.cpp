//===- GraphDefExporter.cpp - tfg.graph -> GraphDef -----------------------===//

#include "GraphDefExporter.h"

#include "FunctionLibrary.h"
#include "NodeConversion.h"

#include "TFG/Dialect/IR/TFG.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tfg;

LogicalResult tfg::exportGraphDef(
    ModuleOp module, tensorflow::GraphDef &graph,
    function_ref<LogicalResult(tensorflow::NodeDef &)> nodeSink) {
  GraphOp graphOp;
  for (Operation &op : *module.getBody()) {
    if (auto g = dyn_cast<GraphOp>(op)) {
      if (graphOp)
        return g.emitError("a module to export holds one tfg.graph, not two");
      graphOp = g;
    }
  }
  if (!graphOp)
    return module.emitError("no tfg.graph to export");
  assignMissingNodeNames(graphOp.getBlock());

  VersionAttr versions = graphOp.getVersions();
  auto *versionDef = graph.mutable_versions();
  versionDef->set_producer(versions.getProducer());
  versionDef->set_min_consumer(versions.getMinConsumer());
  for (int32_t bad : versions.getBadConsumers())
    versionDef->add_bad_consumers(bad);
  if (auto v = graphOp->getAttrOfType<IntegerAttr>(attrs::kDeprecatedVersion))
    graph.set_version(v.getInt());
  if (auto d = graphOp->getAttrOfType<StringAttr>(attrs::kDebugInfo))
    graph.set_debug_info(d.getValue().str());

  // Output names: "node" for output 0, "node:i" otherwise.
  tensorflow::NodeDef streamed;
  for (Operation &op : graphOp.getBlock()) {
    tensorflow::NodeDef &node = nodeSink ? streamed : *graph.add_node();
    node.Clear();
    if (failed(exportNodeFields(&op, node)))
      return failure();
    for (Value operand : getDataOperands(&op)) {
      auto result = dyn_cast<OpResult>(operand);
      if (!result)
        return op.emitError("data operand is not the result of a node");
      std::string input = getNodeName(result.getOwner()).str();
      if (result.getResultNumber() != 0)
        input += ":" + std::to_string(result.getResultNumber());
      node.add_input(std::move(input));
    }
    for (Value operand : getControlOperands(&op)) {
      Operation *producer = operand.getDefiningOp();
      if (!producer)
        return op.emitError("control operand is not the token of a node");
      node.add_input("^" + getNodeName(producer).str());
    }
    if (nodeSink && failed(nodeSink(node)))
      return failure();
  }
  bool hasFunctions = llvm::any_of(
      *module.getBody(), [](Operation &op) { return !isa<GraphOp>(op); });
  if (hasFunctions &&
      failed(exportFunctionLibrary(module, *graph.mutable_library())))
    return failure();
  return success();
}
