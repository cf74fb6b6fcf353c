//===- graphdef.cpp - Fuzz target: binary GraphDef bytes ------------------===//
//
// importGraphDefBytes (binary), then export. Seeds: binary GraphDefs.
//
//===----------------------------------------------------------------------===//

#include "FuzzImport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tfg::fuzz::FuzzContext &context =
      tfg::fuzz::FuzzContext::forExecution(tfg::fuzz::importRegistry());
  tfg::fuzz::checkImportAndExport(
      context, mlir::tfg::importGraphDefBytes(tfg::fuzz::asString(data, size),
                                              /*isText=*/false, "fuzz.pb",
                                              context.get()));
  return 0;
}
