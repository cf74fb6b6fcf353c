//===- FunctionLibrary.h - FunctionDefLibrary <-> tfg.func ------*- C++ -*-===//
//
// Internal to lib/ImportExport: the function library of a GraphDef, imported
// as tfg.func, tfg.gradient and tfg.registered_gradient ops next to the
// tfg.graph and exported back. Calls down into NodeConversion only.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_FUNCTIONLIBRARY_H
#define TFG_LIB_IMPORTEXPORT_FUNCTIONLIBRARY_H

#include "NodeConversion.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tfg {

/// Appends the library's functions and gradients to `module`. Problems are
/// reported as diagnostics at `file` (and the function's node).
LogicalResult importFunctionLibrary(tensorflow::FunctionDefLibrary &library,
                                    ModuleOp module,
                                    const SignatureLookup &signatures,
                                    llvm::StringRef file,
                                    AttrImportContext &ctx);

/// Writes the module's tfg.func and gradient ops into `library`.
LogicalResult exportFunctionLibrary(ModuleOp module,
                                    tensorflow::FunctionDefLibrary &library);

} // namespace mlir::tfg

#endif // TFG_LIB_IMPORTEXPORT_FUNCTIONLIBRARY_H
