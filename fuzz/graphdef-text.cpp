//===- graphdef-text.cpp - Fuzz target: text GraphDef ---------------------===//
//
// importGraphDefBytes (text format), then export. Seeds: .pbtxt files.
//
//===----------------------------------------------------------------------===//

#include "FuzzImport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tfg::fuzz::FuzzContext &context =
      tfg::fuzz::FuzzContext::forExecution(tfg::fuzz::importRegistry());
  tfg::fuzz::checkImportAndExport(
      context, mlir::tfg::importGraphDefBytes(tfg::fuzz::asString(data, size),
                                              /*isText=*/true, "fuzz.pbtxt",
                                              context.get()));
  return 0;
}
