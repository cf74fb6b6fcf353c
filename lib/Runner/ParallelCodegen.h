//===- ParallelCodegen.h - LLVM optimizer and codegen on threads -*- C++
//-*-===//
//
// The LLVM half of CompiledModel's compile (docs/design.md, "Compile time",
// "The LLVM side"): the translated module is split into partitions of whole
// functions (the outlined loop nests are most of a model's code, and LLVM
// optimizes and compiles each function on its own once the few
// whole-module transformations have run), and each partition is optimized
// (O3) and compiled to an object file on its own thread, in its own
// LLVMContext. The objects are linked in one JIT.
//
// The partitions depend on the module only, never on the thread count: the
// machine code is the same with 1 thread or 16 (and the compiled-model
// cache needs no thread count in its key).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_RUNNER_PARALLELCODEGEN_H
#define TFG_LIB_RUNNER_PARALLELCODEGEN_H

#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir::tfg {

/// The clock the compile's phases are timed with (CompiledModel's phases,
/// the optimizer and code generator per part), and the seconds since a
/// time point of it.
using PhaseClock = std::chrono::steady_clock;
double secondsSince(PhaseClock::time_point start);

struct ParallelCodegenOptions {
  /// The code generator's target machine.
  llvm::orc::JITTargetMachineBuilder codegenMachine;
  /// Give LLVM's IR optimizer the target too (its vectorizers then see the
  /// host's vector registers); false: the generic target.
  bool optimizeForTarget = true;
  /// LLVM's full unrolling of loops of a constant trip count (its partial
  /// and runtime unrolling stay). Off: only loops of at most
  /// kShortLoopTrips iterations are unrolled fully. The MLIR pipeline has
  /// unrolled the kernels' register blocks already, and LLVM's full
  /// unrolling of the long loops left cost up to 40 % of a compile; none at
  /// all made mobilenet_v2_loc 5 % slower (docs/design.md, "Compile time",
  /// "LLVM's pipeline").
  bool fullUnrolling = true;
  /// LLVM's partial unrolling of loops of a known trip count (by a factor
  /// that divides it; O3's default where the target has a loop buffer).
  /// Off: those loops stay as they are (runtime unrolling stays). The
  /// MLIR pipeline has register-blocked the kernels; what LLVM copied was
  /// fill, tap and small elementwise loops, 1-14 % of a model's code, and
  /// the corpus ran as fast without the copies (docs/design.md, "Compile
  /// time", "LLVM's pipeline: no partial unrolling").
  bool partialUnrolling = true;
  /// Threads that optimize and compile partitions (the caller's included);
  /// never more than there are partitions.
  unsigned threads = 1;
  /// When set, called with the optimized partitions linked back into one
  /// module (--dump-llvm); its error fails the compile.
  std::function<llvm::Error(const llvm::Module &)> inspectOptimized;
};

struct ParallelCodegenResult {
  /// One object file per partition, in partition order.
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects;
  unsigned partitions = 0;
  /// Wall time of the whole-module preparation and the split (serial).
  double splitSeconds = 0;
  /// Wall time of the parallel part, shared between the optimizer and the
  /// code generator in proportion to the thread time each took.
  double optimizeSeconds = 0, codegenSeconds = 0;
};

/// The partitions a module of these functions gets: at most this many. Each
/// costs a fixed share of CPU time (the module's globals read again, O3's
/// module passes, a code generator set up): on movenet-lightning 16 parts
/// took 21 % more CPU than 4 and 4 took 4 % more than 2 (docs/design.md,
/// "Compile time"); 4 keep two cores busy to the end of a compile.
inline constexpr unsigned kMaxPartitions = 4;

/// Optimizes `module` (LLVM's O3, its full unrolling only if
/// options.fullUnrolling, its partial unrolling only if
/// options.partialUnrolling) and compiles it to object files, on
/// options.threads threads. The module is consumed: it is split.
llvm::Expected<ParallelCodegenResult>
optimizeAndCompile(std::unique_ptr<llvm::Module> module,
                   const ParallelCodegenOptions &options);

/// LLVM's O3 pipeline over `module` with `target` (may be null), with
/// LLVM's own debugging options (-time-passes, -print-after=...) working.
void optimizeModule(llvm::Module &module, llvm::TargetMachine *target);

} // namespace mlir::tfg

#endif // TFG_LIB_RUNNER_PARALLELCODEGEN_H
