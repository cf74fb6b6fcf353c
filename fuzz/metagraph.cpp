//===- metagraph.cpp - Fuzz target: MetaGraphDef --------------------------===//
//
// importModelFile as a MetaGraphDef (the library reads MetaGraphDefs from
// files only: the input is written to the scratch folder in /dev/shm each
// execution), then export. Seeds: .meta files (binary).
//
//===----------------------------------------------------------------------===//

#include "FuzzImport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string path = tfg::fuzz::writeScratchFile(
      "model.meta", tfg::fuzz::asString(data, size));
  tfg::fuzz::FuzzContext &context =
      tfg::fuzz::FuzzContext::forExecution(tfg::fuzz::importRegistry());
  tfg::fuzz::checkImportAndExport(
      context, mlir::tfg::importModelFile(path, context.get(), {},
                                          mlir::tfg::ModelFormat::MetaGraph));
  return 0;
}
