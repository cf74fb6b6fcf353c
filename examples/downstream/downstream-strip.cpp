//===- downstream-strip.cpp - TFG's ImportExport library from outside ---===//
//
//   downstream-strip MODEL OUTPUT_NODE
//
// Imports MODEL (any format TFG reads) with tfg::importModelFile, keeps only
// what OUTPUT_NODE needs (TFG's StripUnusedNodes pass, created through its
// C++ API), prints the node count before and after to stderr, and the
// resulting IR to stdout.
//
//===----------------------------------------------------------------------===//

#include "TFG/Dialect/IR/TFG.h"
#include "TFG/ImportExport/Import.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static size_t countNodes(ModuleOp module) {
  size_t n = 0;
  module.walk([&](Operation *op) {
    if (isa<tfg::TFGDialect>(op->getDialect()) && op->getParentOp() &&
        isa<tfg::GraphOp>(op->getParentOp()))
      ++n;
  });
  return n;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: " << argv[0] << " MODEL OUTPUT_NODE\n";
    return 2;
  }
  DialectRegistry registry;
  tfg::registerImportDialects(registry);
  MLIRContext context(registry);

  OwningOpRef<ModuleOp> module = tfg::importModelFile(argv[1], &context);
  if (!module)
    return 1; // The importer reported why.
  llvm::errs() << "imported: " << countNodes(*module) << " nodes\n";

  tfg::StripUnusedNodesOptions options;
  options.outputs.push_back(argv[2]);
  PassManager pm(&context);
  pm.addPass(tfg::createStripUnusedNodes(options));
  if (failed(pm.run(*module)))
    return 1;
  llvm::errs() << "stripped: " << countNodes(*module) << " nodes\n";
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
