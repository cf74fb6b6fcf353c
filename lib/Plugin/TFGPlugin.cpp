//===- TFGPlugin.cpp - TFG as an mlir-opt plugin --------------------------===//
//
// A loadable module for upstream's mlir-opt:
//
//   mlir-opt --load-dialect-plugin=libTFGPlugin.so \
//            --load-pass-plugin=libTFGPlugin.so \
//            --pass-pipeline='builtin.module(tfg-summarize)' graph.mlir
//
// The dialect plugin entry point registers the TFG dialect, the pass plugin
// entry point registers every TFG graph pass and the TFG pipelines. The
// module links TFG's static (position-independent) libraries and resolves
// MLIR and LLVM against the same libMLIR.so / libLLVM.so that mlir-opt
// itself uses.
//
//===----------------------------------------------------------------------===//

#include "TFG/Dialect/IR/TFG.h"
#include "TFG/Pipelines/Pipelines.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TFG", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<mlir::tfg::TFGDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TFG", LLVM_VERSION_STRING, []() {
            mlir::tfg::registerTFGPasses();
            mlir::tfg::registerTFGPipelines();
          }};
}
