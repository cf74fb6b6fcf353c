//===- GraphDefExporter.h - tfg.graph -> GraphDef ---------------*- C++ -*-===//
//
// Internal to lib/ImportExport: the module's tfg.graph (and its function
// library) as a GraphDef in memory; ModelReader serializes it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_GRAPHDEFEXPORTER_H
#define TFG_LIB_IMPORTEXPORT_GRAPHDEFEXPORTER_H

#include "graph.pb.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tfg {

/// Builds a GraphDef from the module's tfg.graph and tfg.func ops. With a
/// `nodeSink`, nodes are handed to it one at a time instead of being added
/// to `graph` (so that a writer can stream them out and keep one node's
/// tensor copy in memory at a time).
LogicalResult exportGraphDef(
    ModuleOp module, tensorflow::GraphDef &graph,
    llvm::function_ref<LogicalResult(tensorflow::NodeDef &)> nodeSink = {});

} // namespace mlir::tfg

#endif // TFG_LIB_IMPORTEXPORT_GRAPHDEFEXPORTER_H
