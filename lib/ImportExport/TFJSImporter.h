//===- TFJSImporter.h - TensorFlow.js graph model -> tfg.graph --*- C++ -*-===//
//
// Internal to lib/ImportExport: rebuilds the GraphDef of a model.json and
// its weight shards, then hands it to GraphDefImporter. ModelReader, which
// detects the format, calls this; this never calls ModelReader.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_TFJSIMPORTER_H
#define TFG_LIB_IMPORTEXPORT_TFJSIMPORTER_H

#include "TFG/ImportExport/Import.h"

namespace mlir::tfg {

/// Imports a TensorFlow.js graph model: `jsonPath` is the model.json (its
/// text is `json`), whose weight shards are read from its directory.
LogicalResult importTFJSModel(llvm::StringRef jsonPath, llvm::StringRef json,
                              ModuleOp module, const ImportOptions &options);

} // namespace mlir::tfg

#endif // TFG_LIB_IMPORTEXPORT_TFJSIMPORTER_H
