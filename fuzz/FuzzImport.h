//===- FuzzImport.h - Import targets: check, then export --------*- C++ -*-===//
//
// What the model-file targets do with an input once a library entry point
// has imported it: the diagnostics contract, then binary and text export of
// what was imported (the exporter must take whatever the importer accepts).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_FUZZ_FUZZIMPORT_H
#define TFG_FUZZ_FUZZIMPORT_H

#include "FuzzCommon.h"

#include "TFG/ImportExport/Import.h"

namespace tfg::fuzz {

/// The dialects the importer produces.
inline const mlir::DialectRegistry &importRegistry() {
  static const mlir::DialectRegistry registry = [] {
    mlir::DialectRegistry r;
    mlir::tfg::registerImportDialects(r);
    return r;
  }();
  return registry;
}

/// Checks the import's diagnostics, then exports what it produced.
inline void checkImportAndExport(FuzzContext &context,
                                 mlir::OwningOpRef<mlir::ModuleOp> module) {
  context.checkOutcome(bool(module), "import");
  if (!module)
    return;
  for (bool asText : {false, true}) {
    std::string out;
    bool exported = succeeded(mlir::tfg::exportGraphDef(*module, out, asText));
    context.checkOutcome(exported, asText ? "text export" : "binary export");
  }
}

} // namespace tfg::fuzz

#endif // TFG_FUZZ_FUZZIMPORT_H
