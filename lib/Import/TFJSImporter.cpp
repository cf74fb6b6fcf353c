// TEMPORARY placeholder while the TensorFlow.js importer is written.
#include "GraphImport.h"
using namespace mlir;
using namespace mlir::tfg;
LogicalResult tfg::importTFJSModel(llvm::StringRef jsonPath, llvm::StringRef,
                                   ModuleOp module, const ImportOptions &) {
  return emitError(FileLineColLoc::get(module.getContext(), jsonPath, 0, 0))
         << "TensorFlow.js import is not supported yet";
}
