//===- Diagnostics.h - Diagnostics that name the file and node --*- C++ -*-===//
//
// Imported ops are located at NameLoc(node, FileLineColLoc(file, line, 0));
// this handler prints such diagnostics as
//   model.pb: error: node 'conv1' (Conv2D): <message>
// so that a user sees the file and the node, not MLIR's internals.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_DIAGNOSTICS_H
#define TFG_IMPORTEXPORT_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tfg {

/// The location of node `node` of file `file` (line 0 when unknown).
Location getNodeLocation(MLIRContext *context, llvm::StringRef file,
                         llvm::StringRef node, unsigned line = 0);

/// Prints diagnostics in the "file: error: node 'x': message" form.
class NodeDiagnosticHandler : public ScopedDiagnosticHandler {
public:
  NodeDiagnosticHandler(MLIRContext *context, llvm::raw_ostream &os);

private:
  llvm::raw_ostream &os;
};

/// Formats one diagnostic (and its notes) the way NodeDiagnosticHandler does.
void printNodeDiagnostic(Diagnostic &diag, llvm::raw_ostream &os);

} // namespace mlir::tfg

#endif // TFG_IMPORTEXPORT_DIAGNOSTICS_H
