//===- OpRegistry.cpp - TensorFlow's OpDefs, built in ---------------------===//

#include "TFG/ImportExport/OpRegistry.h"

#include "op_def.pb.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ErrorHandling.h"

#include "OpRegistryData.inc"

using namespace mlir;

namespace {
struct Registry {
  tensorflow::OpList list;
  llvm::StringMap<const tensorflow::OpDef *> byName;
  Registry() {
    if (!list.ParseFromArray(kOpRegistryData, kOpRegistryDataSize))
      llvm::report_fatal_error("embedded op registry is corrupt");
    for (const tensorflow::OpDef &op : list.op())
      byName[op.name()] = &op;
  }
};
} // namespace

static const Registry &getRegistry() {
  static const Registry registry;
  return registry;
}

const tensorflow::OpDef *tfg::lookupOpDef(llvm::StringRef opType) {
  const Registry &registry = getRegistry();
  auto it = registry.byName.find(opType);
  return it == registry.byName.end() ? nullptr : it->second;
}

size_t tfg::getNumRegisteredOps() { return getRegistry().list.op_size(); }
