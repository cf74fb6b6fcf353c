//===- downstream-opt.cpp - An mlir-opt that knows TFG ------------------===//
//
// What a project that builds on an installed TFG writes: its own MlirOptMain
// driver with the TFG dialect and TFG's passes (plus its own, here none).
//
//===----------------------------------------------------------------------===//

#include "TFG/Dialect/IR/TFG.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::tfg::TFGDialect>();
  mlir::tfg::registerTFGPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "downstream optimizer (TFG example)\n", registry));
}
