//===- CompiledModel.h - A model JIT-compiled for the host CPU ----*- C++
//-*-===//
//
// The runner's C++ API: import a model (any format tfg-translate reads, or
// .mlir), run a TFG pipeline on the graph, lower it for the CPU, JIT-compile
// it with LLVM's ORC JIT, and call it on host tensors. tfg-run is a
// command line over this; a downstream compiler calls it directly.
//
//   DialectRegistry registry;
//   registerRunnerDialects(registry);
//   MLIRContext context(registry);
//   initializeRunnerTarget();
//   FailureOr<CompiledModel> model =
//       CompiledModel::compileFile(context, "model.pb", options);
//   FailureOr<std::vector<Tensor>> outputs = model->run(inputs);
//
// Errors are MLIR diagnostics on the context, reported as failure(): the
// import's and the passes' at their ops, the runner's own at runnerLoc().
//
//===----------------------------------------------------------------------===//

#ifndef TFG_RUNNER_COMPILEDMODEL_H
#define TFG_RUNNER_COMPILEDMODEL_H

#include "TFG/ImportExport/Import.h"
#include "TFG/Pipelines/Pipelines.h"
#include "TFG/Runner/AllocationCounts.h"
#include "TFG/Runner/ModelCache.h"
#include "TFG/Runner/Tensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace orc {
class LLJIT;
} // namespace orc
} // namespace llvm

namespace mlir::tfg {

/// A tensor the compiled function takes or returns.
struct TensorInfo {
  /// The graph's name for it (a Placeholder, or `node:i`), else
  /// "argument i" / "result i".
  std::string name;
  Type elementType;
  /// NumPy's dtype string of elementType.
  std::string dtype;
  /// The shape; kDynamicDim where the size is known only at run time (an
  /// input compiled with dynamic dimensions takes any size there, an output
  /// gets it from the run).
  std::vector<int64_t> shape;

  static constexpr int64_t kDynamicDim = -1;
  bool hasDynamicDims() const;
  /// Whether a tensor of `concrete` shape fits: same rank, same static dims.
  bool accepts(llvm::ArrayRef<int64_t> concrete) const;
  /// The shape with every dynamic dim set to `size`.
  std::vector<int64_t> withDynamicDims(int64_t size) const;
};

/// What LLVM does with the code the MLIR pipeline made (docs/design.md,
/// "Compile time", "LLVM's pipeline").
enum class LLVMPipeline {
  /// LLVM's O3 without its full unrolling of constant-trip loops of more
  /// than 16 iterations and without its partial unrolling (runtime
  /// unrolling stays): the MLIR pipeline has tiled, vectorized and unrolled
  /// the kernels; LLVM's full unrolling of the long loops left cost up to
  /// 40 % of a compile (short loops unrolled: with none, mobilenet_v2_loc
  /// ran 5 % slower), and its partial unrolling copied fill, tap and small
  /// elementwise loops, 1-14 % of the code, for no run time. The default.
  Kernels,
  /// LLVM's O3 as it is (the pipeline before; to compare).
  O3,
};

struct CompileOptions {
  /// How compileFile imports the model (allowEmptyInput, signature, ...).
  ImportOptions importOptions;
  /// TFG passes run on the graph before lowering (textual, without
  /// builtin.module(...)); empty for none.
  std::string tfgPipeline;
  /// What to feed and fetch, the input shapes, the function's name and
  /// the threads of the compiled code (lowering.threads: 1 by default; more
  /// runs the heavy ops on OpenMP threads, libomp loaded by the JIT).
  LowerToLLVMOptions lowering;
  /// When set, the linalg-level IR (before bufferization) is written here.
  std::string dumpLinalgPath;
  /// Optimize and generate code for this machine's CPU (its vector width,
  /// FMA; multiply-adds contracted to FMA as TensorFlow's CPU kernels do),
  /// as a native compiler would. False: LLVM's generic target for the IR
  /// optimizer and no contraction (the baseline of bench/run_codegen_bench.sh).
  bool hostTarget = true;
  /// LLVM's optimizer and code generator settings.
  LLVMPipeline llvmPipeline = LLVMPipeline::Kernels;
  /// When set, the LLVM IR after LLVM's optimizer is written here (to check
  /// what the vectorizers made of each loop).
  std::string dumpLLVMPath;
  /// When set, one line per function of the compiled code is written here:
  /// its symbol (what perf names its samples by, with the JIT's perf
  /// listener), a tab, and the graph nodes its code comes from (the names
  /// in its operations' locations, most operations first), so that a
  /// profile per loop nest reads as a profile per layer (bench/profile.sh).
  std::string dumpNestsPath;
  /// Apply MLIR's pass-manager command-line options (--mlir-timing,
  /// --mlir-print-ir-after, ...) to the compile's pass managers: for a tool
  /// that registered them (registerPassManagerCLOptions and
  /// registerDefaultTimingManagerCLOptions).
  bool passManagerCommandLine = false;
  /// The folder of the compiled-model cache (docs/design.md, "Compiled-model
  /// cache"; tfg-run: defaultCacheDir()): compile looks the model up there,
  /// keyed by a hash of the module, these options, the compiler's own
  /// executable and the host CPU, and stores what it compiles. An unusable
  /// entry is a warning, then compiled again. Empty: no cache. Not used
  /// while a dump path is set (the dumps come from the compile).
  std::string cacheDir;
  /// The threads that run LLVM's optimizer and code generator, each on its
  /// own part of the module (docs/design.md, "Compile time"); the machine
  /// code does not depend on it. 0: defaultCompileThreads().
  unsigned compileThreads = 0;
  /// Verify the module after every pass of the lowering from linalg to the
  /// LLVM dialect (to find the pass that broke it). Off: verified once,
  /// after that pipeline (docs/design.md, "Compile time"); the passes' own
  /// tests run them with verification after each.
  bool verifyEachPass = false;
  /// Link the compiled code's malloc, calloc, realloc, aligned_alloc,
  /// posix_memalign and free to wrappers that count its buffers, for
  /// run()'s `allocations` (a leak check: docs/robustness.md). The machine
  /// code is the same (and so is its cache entry); each of its allocations
  /// and frees costs an atomic update more.
  bool countAllocations = false;
};

/// One compile thread per core this process may run on.
unsigned defaultCompileThreads();

class CompiledModel {
public:
  /// Imports (or parses, for .mlir) `path` ("-": stdin) and compiles it.
  static FailureOr<CompiledModel> compileFile(MLIRContext &context,
                                              llvm::StringRef path,
                                              const CompileOptions &options);
  /// Compiles a module holding a tfg.graph (lowered with options.lowering)
  /// or already holding the function (linalg on tensors). Before code is
  /// generated, every tensor of the function (inputs, outputs, each
  /// intermediate) must fit in the memory available, and the inputs and
  /// outputs together too: a huge shape (a batch size of 10^12) is an error
  /// naming the tensor, not an allocation failure at run time.
  static FailureOr<CompiledModel> compile(OwningOpRef<ModuleOp> module,
                                          const CompileOptions &options);

  CompiledModel(CompiledModel &&);
  CompiledModel &operator=(CompiledModel &&);
  ~CompiledModel();

  llvm::ArrayRef<TensorInfo> inputs() const { return inputInfo; }
  llvm::ArrayRef<TensorInfo> outputs() const { return outputInfo; }
  /// Wall time of compileFile (import included) or compile.
  double compileSeconds() const { return compileTime; }
  /// Where the compile time went, phase by phase (seconds).
  struct PhaseTimes {
    double import = 0;        ///< reading the model (compileFile only)
    double toLinalg = 0;      ///< the TFG pipeline and tfg-lower-to-linalg
    double toLLVMDialect = 0; ///< bufferization, loops, the LLVM dialect
    double translate = 0;     ///< LLVM dialect -> LLVM IR, JIT setup
    double optimize = 0;      ///< LLVM's IR optimizer (O3)
    double codegen = 0;       ///< machine code, linking, initializers
    /// The cache: hashing the key, reading an entry and loading its code,
    /// or writing one.
    double cache = 0;
  };
  const PhaseTimes &phaseTimes() const { return phases; }
  /// Where the code came from: compiled without a cache (Off), compiled and
  /// stored (Miss), loaded from the cache (Hit).
  enum class CacheUse { Off, Miss, Hit };
  CacheUse cacheUse() const { return cache; }
  /// The parts LLVM compiled the module in (object files, linked in one
  /// JIT), compiled or loaded.
  unsigned codePartitions() const { return partitions; }

  /// Runs the function once on `inputs` (one per inputs(), of its dtype and
  /// a shape it accepts: any size in a dynamic dimension; the compiled code
  /// only reads them) and returns copies of its outputs, each with the
  /// shape this run gave it. When `seconds` is given, it gets the time of
  /// the call alone. When `allocations` is given (the model must have been
  /// compiled with CompileOptions::countAllocations), it gets what the
  /// code allocated during the call and what it left allocated: counted
  /// process-wide, so another counting model running at the same time
  /// adds its own.
  FailureOr<std::vector<Tensor>>
  run(llvm::ArrayRef<Tensor> inputs, double *seconds = nullptr,
      AllocationCounts *allocations = nullptr) const;
  /// Whether the code counts its allocations (CompileOptions::
  /// countAllocations).
  bool countsAllocations() const { return countingAllocations; }

  /// What is wrong with `metadata`, the metadata part of a compiled-model
  /// cache entry, if anything: what a cache hit checks before it loads the
  /// entry's code (for the fuzz target of cache entries).
  static std::optional<std::string>
  checkCacheMetadata(MLIRContext *context, llvm::StringRef metadata);

private:
  CompiledModel(MLIRContext *context);

  MLIRContext *context;
  /// The JIT holding the code, compiled or loaded from the cache.
  std::unique_ptr<llvm::orc::LLJIT> loadedCode;
  unsigned partitions = 0;
  /// `_mlir_ciface_<funcName>` through ExecutionEngine's packed interface.
  void (*packedFunction)(void **) = nullptr;
  std::vector<TensorInfo> inputInfo, outputInfo;
  /// What the code assumes of the inputs' dynamic dimensions
  /// (kRunTimeDimChecks): input a's dim i equals input b's dim j, or the
  /// size when b is -1; `node` assumes it.
  struct DimCheck {
    std::string node;
    int64_t a, i, b, j;
  };
  std::vector<DimCheck> dimChecks;
  double compileTime = 0;
  PhaseTimes phases;
  CacheUse cache = CacheUse::Off;
  bool countingAllocations = false;

  /// The cache entry's metadata: the signature and the dimension checks.
  std::string serializeMetadata() const;
  /// Reads it back into this model; what is wrong with it, if anything.
  std::optional<std::string> deserializeMetadata(llvm::StringRef bytes);
  /// Writes the code's object files and the metadata as `key`'s entry in
  /// `dir`; what went wrong, if anything.
  std::optional<std::string>
  store(llvm::StringRef dir, const CacheKey &key,
        llvm::ArrayRef<llvm::StringRef> objects) const;
};

/// Where the runner emits its own errors (a NameLoc "tfg-runner"), so that a
/// tool can tell them from the import's and the passes' and print them its
/// way (tfg-run: "tfg-run: error: ...").
Location runnerLoc(MLIRContext *context);

/// Registers what compiling a model needs: the import and lowering
/// dialects and the translations to LLVM IR.
void registerRunnerDialects(DialectRegistry &registry);

/// Initializes the host target for the JIT (once per process; idempotent).
void initializeRunnerTarget();

} // namespace mlir::tfg

#endif // TFG_RUNNER_COMPILEDMODEL_H
