//===- tfg-opt.cpp - TFG optimizer driver
//----------------------------------===//
//
// mlir-opt with the TFG dialect and all of TFG's passes registered.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/Pipelines/Pipelines.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::tfg::TFGDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllPasses();
  mlir::tfg::registerTFGPasses();
  mlir::tfg::registerTFGConversionPasses();
  mlir::tfg::registerTFGPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "TFG optimizer driver\n", registry));
}
