//===- GraphDefExporter.cpp - tfg.graph -> GraphDef ------------------------===//

#include "GraphImport.h"

#include "TFG/Dialect/IR/TFG.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tfg;

LogicalResult tfg::exportNodeFields(Operation *op, tensorflow::NodeDef &node,
                                    std::string &error) {
  node.set_name(getNodeName(op).str());
  node.set_op(getNodeOpType(op).str());
  StringRef device = getNodeDevice(op);
  if (!device.empty())
    node.set_device(device.str());
  auto &attrMap = *node.mutable_attr();
  // Discardable attrs plus the properties, without uniquing a dictionary.
  NamedAttrList attrList(op->getDiscardableAttrDictionary());
  if (std::optional<RegisteredOperationName> info = op->getRegisteredInfo())
    info->populateInherentAttrs(op, attrList);
  for (NamedAttribute named : attrList) {
    StringRef name = named.getName().getValue();
    if (name == attrs::kOriginalNodeNames || name == attrs::kOriginalFuncNames) {
      auto *info = node.mutable_experimental_debug_info();
      auto *list = name == attrs::kOriginalNodeNames
                       ? info->mutable_original_node_names()
                       : info->mutable_original_func_names();
      for (Attribute s : cast<ArrayAttr>(named.getValue()))
        list->Add(cast<StringAttr>(s).getValue().str());
      continue;
    }
    if (name == attrs::kFullType) {
      if (!node.mutable_experimental_type()->ParseFromString(
              cast<StringAttr>(named.getValue()).getValue().str())) {
        error = "attr tfg.full_type does not hold a FullTypeDef";
        return failure();
      }
      continue;
    }
    if (isTFGAttrName(name))
      continue;
    tensorflow::AttrValue value;
    if (failed(exportAttrValue(named.getValue(), value, error))) {
      error = "attr '" + name.str() + "': " + error;
      return failure();
    }
    attrMap[name.str()] = std::move(value);
  }
  return success();
}

void tfg::assignMissingNodeNames(Block &block, llvm::StringSet<> used) {
  for (Operation &op : block)
    if (isNodeOp(&op) && !getNodeName(&op).empty())
      used.insert(getNodeName(&op));
  for (Operation &op : block) {
    if (!isNodeOp(&op) || !getNodeName(&op).empty())
      continue;
    std::string base = getNodeOpType(&op).str();
    std::string name = base;
    for (unsigned i = 1; used.contains(name); ++i)
      name = base + "_" + std::to_string(i);
    used.insert(name);
    op.setAttr(attrs::kName, StringAttr::get(op.getContext(), name));
  }
}

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
    std::string error;
    if (failed(exportNodeFields(&op, node, error)))
      return op.emitError() << error;
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
  bool hasFunctions = llvm::any_of(*module.getBody(), [](Operation &op) {
    return !isa<GraphOp>(op);
  });
  if (hasFunctions &&
      failed(exportFunctionLibrary(module, *graph.mutable_library())))
    return failure();
  return success();
}
