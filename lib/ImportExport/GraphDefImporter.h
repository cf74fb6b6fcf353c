//===- GraphDefImporter.h - GraphDef -> tfg.graph ---------------*- C++ -*-===//
//
// Internal to lib/ImportExport: a GraphDef already in memory becomes a
// tfg.graph (plus its function library). The format readers (ModelReader,
// TFJSImporter) produce the GraphDef and call this.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_GRAPHDEFIMPORTER_H
#define TFG_LIB_IMPORTEXPORT_GRAPHDEFIMPORTER_H

#include "TFG/ImportExport/Import.h"

#include "graph.pb.h"

namespace mlir::tfg {

/// Imports a GraphDef into `module` (a tfg.graph, plus tfg.func ops for its
/// library). Reports problems as diagnostics at `file` and the node;
/// `nodeLines`, if given (text input), holds the line of each node.
LogicalResult importGraphDef(tensorflow::GraphDef &graph, ModuleOp module,
                             llvm::StringRef file, const ImportOptions &options,
                             llvm::ArrayRef<unsigned> nodeLines = {});

/// Records a serving signature on the module (the attrs::kSignature attr).
void setSignatureAttr(ModuleOp module, llvm::StringRef name,
                      ArrayRef<NamedAttribute> inputs,
                      ArrayRef<NamedAttribute> outputs);

} // namespace mlir::tfg

#endif // TFG_LIB_IMPORTEXPORT_GRAPHDEFIMPORTER_H
