//===- GraphDefExporter.cpp - tfg.graph -> GraphDef -----------------------===//

#include "GraphDefExporter.h"

#include "FunctionLibrary.h"
#include "NodeConversion.h"

#include "TFG/Dialect/IR/TFG.h"

#include "llvm/ADT/DenseMap.h"

#include "llvm/ADT/StringSet.h"
#include <google/protobuf/arena.h>

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

  // A streamed node lives on an arena that is reset after each node: its
  // strings, attr map entries and attr values are bump allocations, freed
  // at once, not a dozen mallocs and frees per node. The first block is
  // kept across resets, so small nodes allocate nothing.
  constexpr size_t kFirstBlockSize = 64 << 10;
  std::unique_ptr<char[]> firstBlock(new char[kFirstBlockSize]);
  google::protobuf::ArenaOptions arenaOptions;
  arenaOptions.initial_block = firstBlock.get();
  arenaOptions.initial_block_size = kFirstBlockSize;
  google::protobuf::Arena arena(arenaOptions);
  // Output names: "node" for output 0, "node:i" otherwise.
  for (Operation &op : graphOp.getBlock()) {
    if (nodeSink)
      arena.Reset();
    tensorflow::NodeDef &node =
        nodeSink ? *google::protobuf::Arena::CreateMessage<tensorflow::NodeDef>(
                       &arena)
                 : *graph.add_node();
    if (failed(exportNodeFields(&op, node)))
      return failure();
    for (Value operand : getDataOperands(&op)) {
      auto result = dyn_cast<OpResult>(operand);
      if (!result)
        return op.emitError("data operand is not the result of a node");
      // Built in place: no temporary string per input (an arena's strings
      // would copy a moved-in one anyway).
      StringRef producer = getNodeName(result.getOwner());
      std::string &input = *node.add_input();
      input.assign(producer.data(), producer.size());
      if (result.getResultNumber() != 0)
        input.append(":").append(std::to_string(result.getResultNumber()));
    }
    for (Value operand : getControlOperands(&op)) {
      Operation *producer = operand.getDefiningOp();
      if (!producer)
        return op.emitError("control operand is not the token of a node");
      StringRef name = getNodeName(producer);
      std::string &input = *node.add_input();
      input.reserve(name.size() + 1);
      input.append("^").append(name.data(), name.size());
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
