//===- savedmodel.cpp - Fuzz target: SavedModel ---------------------------===//
//
// importModelFile as a SavedModel's saved_model.pb (written to the scratch
// folder in /dev/shm each execution: the library reads SavedModels from
// files only), then export. Seeds: saved_model.pb files.
//
//===----------------------------------------------------------------------===//

#include "FuzzImport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string path = tfg::fuzz::writeScratchFile(
      "saved_model.pb", tfg::fuzz::asString(data, size));
  tfg::fuzz::FuzzContext &context =
      tfg::fuzz::FuzzContext::forExecution(tfg::fuzz::importRegistry());
  tfg::fuzz::checkImportAndExport(
      context, mlir::tfg::importModelFile(path, context.get(), {},
                                          mlir::tfg::ModelFormat::SavedModel));
  return 0;
}
