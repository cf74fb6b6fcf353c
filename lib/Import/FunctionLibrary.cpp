// TEMPORARY placeholder while the function-library importer is written.
#include "GraphImport.h"
#include "TFG/Import/Diagnostics.h"
using namespace mlir;
using namespace mlir::tfg;
LogicalResult tfg::importFunctionLibrary(tensorflow::FunctionDefLibrary &library,
                                         ModuleOp module, const SignatureLookup &,
                                         llvm::StringRef file, AttrImportContext &) {
  if (library.function_size() == 0 && library.gradient_size() == 0 &&
      library.registered_gradients_size() == 0)
    return success();
  return emitError(FileLineColLoc::get(module.getContext(), file, 0, 0))
         << "function libraries are not supported yet";
}
LogicalResult tfg::exportFunctionLibrary(ModuleOp, tensorflow::FunctionDefLibrary &) {
  return success();
}
