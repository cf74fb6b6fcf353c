//===- OpRegistry.h - TensorFlow's OpDefs, built in --------------*- C++
//-*-===//
//
// TensorFlow's op registry (ops.pbtxt, shipped in lib/ImportExport/OpRegistry
// and embedded at build time): how many outputs an op has, their dtypes, attr
// defaults, statefulness.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_OPREGISTRY_H
#define TFG_IMPORTEXPORT_OPREGISTRY_H

#include "llvm/ADT/StringRef.h"

namespace tensorflow {
class OpDef;
} // namespace tensorflow

namespace mlir::tfg {

/// The OpDef of a registered TensorFlow op type, or null.
const tensorflow::OpDef *lookupOpDef(llvm::StringRef opType);

/// Number of OpDefs in the built-in registry.
size_t getNumRegisteredOps();

} // namespace mlir::tfg

#endif // TFG_IMPORTEXPORT_OPREGISTRY_H
