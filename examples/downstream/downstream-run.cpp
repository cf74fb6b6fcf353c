//===- downstream-run.cpp - TFG's Runner library from outside -----------===//
//
//   downstream-run MODEL REFERENCE_DIR PIPELINE
//
// Compiles and runs two models through the TFGRunner C++ API and checks
// their numbers; exits 1 when one is off:
//  * a tiny graph built in memory, y = 2 * x + 1 on x = [1, 2, -3]: y must
//    be [3, 5, -5] exactly;
//  * MODEL after the TFG pass pipeline PIPELINE, on the inputs of
//    REFERENCE_DIR (summary.json), compared with its reference outputs.
//
//===----------------------------------------------------------------------===//

#include "TFG/Runner/CompiledModel.h"
#include "TFG/Runner/Npy.h"
#include "TFG/Runner/Reference.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::tfg;

static const char *kTinyGraph = R"mlir(
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %two, %c2 = tfg.Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %one, %c1 = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %m, %cm = tfg.Mul(%x, %two) name("m") {T = f32} : (tensor<3xf32>, tensor<f32>) -> (tensor<*xf32>)
  %y, %cy = tfg.AddV2(%m, %one) name("y") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
}
)mlir";

/// y = 2 * x + 1, compiled from IR in memory, must be exact.
static bool runTinyGraph(MLIRContext &context) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kTinyGraph, &context);
  if (!module)
    return false;
  CompileOptions options;
  options.lowering.outputs = {"y"};
  FailureOr<CompiledModel> model =
      CompiledModel::compile(std::move(module), options);
  if (failed(model))
    return false;
  FailureOr<std::vector<Tensor>> outputs =
      model->run({Tensor::get<float>({3}, {1.0f, 2.0f, -3.0f})});
  if (failed(outputs) || outputs->size() != 1)
    return false;
  llvm::ArrayRef<float> y = (*outputs)[0].values<float>();
  llvm::errs() << "tiny: " << model->inputs()[0].name << " -> "
               << model->outputs()[0].name << " =";
  for (float v : y)
    llvm::errs() << " " << llvm::format("%g", v);
  llvm::errs() << "\n";
  return y == llvm::ArrayRef<float>({3.0f, 5.0f, -5.0f});
}

/// A model file against its reference folder.
static bool runAgainstReference(MLIRContext &context, llvm::StringRef path,
                                llvm::StringRef referenceDir,
                                llvm::StringRef pipeline) {
  FailureOr<ReferenceFolder> opened =
      ReferenceFolder::open(referenceDir, runnerLoc(&context));
  if (failed(opened))
    return false;
  ReferenceFolder &reference = *opened;
  if (!reference.hasSummary) {
    llvm::errs() << referenceDir << ": no summary.json\n";
    return false;
  }
  CompileOptions options;
  options.tfgPipeline = pipeline.str();
  std::map<std::string, Tensor> fed;
  for (auto &[node, file] : reference.inputs) {
    FailureOr<Tensor> tensor =
        readNpy((referenceDir + "/" + file).str(), runnerLoc(&context));
    if (failed(tensor))
      return false;
    options.lowering.inputs.push_back(node);
    fed[node] = std::move(*tensor);
  }
  for (auto &[tensor, file] : reference.outputs)
    options.lowering.outputs.push_back(tensor);
  FailureOr<CompiledModel> model =
      CompiledModel::compileFile(context, path, options);
  if (failed(model))
    return false;
  FailureOr<std::vector<Tensor>> inputs =
      assembleInputs(*model, fed, /*rng=*/nullptr, runnerLoc(&context));
  if (failed(inputs))
    return false;
  FailureOr<std::vector<Tensor>> outputs = model->run(*inputs);
  if (failed(outputs))
    return false;
  llvm::errs() << "reference: " << referenceDir << "\n";
  FailureOr<bool> matches = compareWithReference(
      llvm::errs(), reference, /*bySummary=*/true, model->outputs(), *outputs,
      Tolerance{/*rtol=*/1e-5, /*atol=*/0}, runnerLoc(&context));
  return succeeded(matches) && *matches;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    llvm::errs() << "usage: " << argv[0] << " MODEL REFERENCE_DIR PIPELINE\n";
    return 2;
  }
  initializeRunnerTarget();
  registerTFGPasses(); // for the textual pipeline
  DialectRegistry registry;
  registerRunnerDialects(registry);
  MLIRContext context(registry);

  if (!runTinyGraph(context)) {
    llvm::errs() << "FAIL: the tiny graph\n";
    return 1;
  }
  if (!runAgainstReference(context, argv[1], argv[2], argv[3])) {
    llvm::errs() << "FAIL: " << argv[1] << " against " << argv[2] << "\n";
    return 1;
  }
  llvm::errs() << "runner: OK\n";
  return 0;
}
