//===- mlir-passes.cpp - Fuzz target: MLIR text through the surgery -------===//
//
// Parses the input as MLIR (TFG dialect), exports it, runs one fixed
// tfg-opt pipeline, the whole inference surgery with quantization
//   builtin.module(tfg-optimize-for-inference{quantize=true})
// (strip, bind, Switch/Merge, dropout, remove-nodes, fold constants and
// batch norms, merge duplicates, quantize, sort), then verifies and exports
// the result. The pass manager's own verifier is off: a pipeline that
// succeeds must leave valid IR, checked once at the end.
//
// MLIR's parser has no nesting limit (20,000 nested `[` overflow the
// stack); until the tools get one, TFG_FUZZ_MLIR_MAX_NESTING=N skips inputs
// nested deeper than N brackets, to fuzz past that known crash. Seeds: the
// tests' .mlir files, split at `// -----`.
//
//===----------------------------------------------------------------------===//

#include "FuzzImport.h"

#include "TFG/Dialect/IR/InputFile.h"
#include "TFG/Pipelines/Pipelines.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

static constexpr const char *kPipeline =
    "builtin.module(tfg-optimize-for-inference{quantize=true})";

static bool tooDeep(llvm::StringRef text) {
  static const long limit = [] {
    const char *env = std::getenv("TFG_FUZZ_MLIR_MAX_NESTING");
    return env ? std::atol(env) : 0L;
  }();
  if (limit <= 0)
    return false;
  long depth = 0;
  for (char c : text) {
    if (c == '[' || c == '{' || c == '(' || c == '<')
      ++depth;
    else if (c == ']' || c == '}' || c == ')' || c == '>')
      --depth;
    if (depth > limit)
      return true;
  }
  return false;
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  mlir::tfg::registerTFGPasses();
  mlir::tfg::registerTFGPipelines();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const mlir::DialectRegistry registry = [] {
    mlir::DialectRegistry r;
    mlir::tfg::registerImportDialects(r);
    r.insert<mlir::pdl::PDLDialect, mlir::pdl_interp::PDLInterpDialect>();
    return r;
  }();
  // MLIR's lexer reads the NUL after the buffer (MemoryBuffer has one, the
  // fuzzer's bytes do not): parse a std::string's copy.
  std::string copy(reinterpret_cast<const char *>(data), size);
  llvm::StringRef text = copy;
  if (tooDeep(text))
    return 0;
  tfg::fuzz::FuzzContext &context =
      tfg::fuzz::FuzzContext::forExecution(registry);
  // As the tools do (tfg::ErrorCounter): a parse that reported an error
  // failed, whatever it returned.
  mlir::OwningOpRef<mlir::ModuleOp> module;
  {
    mlir::tfg::ErrorCounter errors(context.get());
    module = mlir::parseSourceString<mlir::ModuleOp>(
        text, mlir::ParserConfig(context.get()), "fuzz.mlir");
    if (errors.errors())
      module = nullptr;
  }
  context.checkOutcome(bool(module), "parse");
  if (!module)
    return 0;

  // Export may refuse (a module without a tfg.graph), with an error.
  std::string out;
  context.checkOutcome(
      succeeded(mlir::tfg::exportGraphDef(*module, out, /*asText=*/false)),
      "export");

  // Built once per context: the passes compile their PDLL patterns when the
  // pipeline first runs, which costs more than most inputs.
  mlir::PassManager &pm =
      context.perContext<mlir::PassManager>([](mlir::MLIRContext *ctx) {
        auto pm = std::make_unique<mlir::PassManager>(ctx);
        pm->enableVerifier(false);
        if (failed(mlir::parsePassPipeline(kPipeline, *pm))) {
          llvm::errs() << "tfg-fuzz: bad pipeline " << kPipeline << "\n";
          std::abort();
        }
        return pm;
      });
  bool ran = succeeded(pm.run(*module));
  context.checkOutcome(ran, "pipeline");
  if (!ran)
    return 0;
  if (failed(mlir::verify(*module))) {
    llvm::errs() << "tfg-fuzz: the pipeline succeeded but left invalid IR\n";
    std::abort();
  }
  context.checkOutcome(
      succeeded(mlir::tfg::exportGraphDef(*module, out, /*asText=*/true)),
      "export after the pipeline");
  return 0;
}
