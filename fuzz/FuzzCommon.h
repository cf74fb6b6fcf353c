//===- FuzzCommon.h - What every TFG fuzz target shares ---------*- C++ -*-===//
//
// Each target (one .cpp in fuzz/) hands libFuzzer's bytes to one library
// entry point. They share:
//   * FuzzContext: the MLIRContext of an execution, threading off, TFG's
//     dialect loaded, diagnostics counted and not printed
//     (TFG_FUZZ_VERBOSE=1 prints them). Creating one and loading the
//     dialect costs more than importing a typical fuzz input, so one context
//     serves TFG_FUZZ_EXECUTIONS_PER_CONTEXT executions (default 1000) and
//     is then replaced: what the inputs uniqued (attributes, types, dense
//     resources) is freed before it can grow over a million executions.
//     Uniquing is invisible to the code under test (an attribute means the
//     same whether or not an earlier input made it first); =1 gives every
//     execution a fresh context, to replay a finding exactly as found.
//   * The diagnostics contract (docs/robustness.md): a failed step must have
//     reported an error, and a successful one none. A violation aborts, so
//     libFuzzer saves the input like any crash.
//   * A per-process scratch folder for entry points that only take paths
//     (/dev/shm/tfg-fuzz-<pid>, or $TMPDIR when /dev/shm is missing),
//     removed at exit.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_FUZZ_FUZZCOMMON_H
#define TFG_FUZZ_FUZZCOMMON_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>

#include <unistd.h>

namespace tfg::fuzz {

/// The fuzz input as a StringRef.
inline llvm::StringRef asString(const uint8_t *data, size_t size) {
  return llvm::StringRef(reinterpret_cast<const char *>(data), size);
}

/// The MLIRContext of an execution, with diagnostics counted.
class FuzzContext {
public:
  /// The context for the execution starting now, made with `registry`: the
  /// previous execution's, unless it has served executionsPerContext()
  /// executions or was made with another registry. No error is counted yet.
  static FuzzContext &forExecution(const mlir::DialectRegistry &registry) {
    static std::unique_ptr<FuzzContext> current;
    static unsigned long served = 0;
    if (!current || &current->registry != &registry ||
        served >= executionsPerContext()) {
      current.reset(); // The old one goes first: never two alive at once.
      current.reset(new FuzzContext(registry));
      served = 0;
    }
    ++served;
    current->errors = 0;
    return *current;
  }

  /// TFG_FUZZ_EXECUTIONS_PER_CONTEXT, default 1000 (at least 1).
  static unsigned long executionsPerContext() {
    static const unsigned long n = [] {
      const char *env = std::getenv("TFG_FUZZ_EXECUTIONS_PER_CONTEXT");
      long value = env ? std::atol(env) : 1000;
      return static_cast<unsigned long>(value < 1 ? 1 : value);
    }();
    return n;
  }

  /// Something a target builds once per context instead of once per
  /// execution (a pass pipeline): `make(context)` the first time, the same
  /// object after; destroyed before the context.
  template <typename T, typename Make> T &perContext(Make make) {
    if (!cached)
      cached = std::shared_ptr<void>(std::unique_ptr<T>(make(&context)));
    return *static_cast<T *>(cached.get());
  }

  explicit FuzzContext(const mlir::DialectRegistry &registry)
      : registry(registry),
        context(registry, mlir::MLIRContext::Threading::DISABLED) {
    context.loadAllAvailableDialects();
    static const bool verbose = std::getenv("TFG_FUZZ_VERBOSE") != nullptr;
    handler = std::make_unique<mlir::ScopedDiagnosticHandler>(
        &context, [this](mlir::Diagnostic &diag) {
          if (diag.getSeverity() == mlir::DiagnosticSeverity::Error)
            ++errors;
          if (verbose)
            llvm::errs() << diag.getLocation() << ": " << diag << "\n";
          return mlir::success();
        });
  }

  mlir::MLIRContext *get() { return &context; }

  /// Checks the diagnostics contract of the step `what`, which succeeded or
  /// not, against the errors reported since the last check; aborts when a
  /// failure reported no error or a success reported one.
  void checkOutcome(bool succeeded, llvm::StringRef what) {
    unsigned reported = errors;
    errors = 0;
    if (succeeded && reported != 0)
      die(what,
          "succeeded but reported " + llvm::Twine(reported) + " error(s)");
    if (!succeeded && reported == 0)
      die(what, "failed without reporting an error");
  }

private:
  [[noreturn]] static void die(llvm::StringRef what, const llvm::Twine &msg) {
    llvm::errs() << "tfg-fuzz: diagnostics contract broken: " << what << " "
                 << msg << "\n";
    llvm::errs().flush();
    std::abort();
  }

  const mlir::DialectRegistry &registry;
  mlir::MLIRContext context;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
  // Declared after the context and its handler, so destroyed before them.
  std::shared_ptr<void> cached;
  unsigned errors = 0;
};

/// This process's scratch folder (created on first use, removed at exit).
inline const std::string &scratchDir() {
  static const std::string dir = [] {
    std::string base = "/dev/shm";
    if (!llvm::sys::fs::is_directory(base)) {
      const char *tmp = std::getenv("TMPDIR");
      base = tmp ? tmp : "/tmp";
    }
    std::string path = base + "/tfg-fuzz-" + std::to_string(::getpid());
    llvm::sys::fs::create_directories(path);
    static std::string toRemove = path;
    std::atexit([] { llvm::sys::fs::remove_directories(toRemove); });
    return path;
  }();
  return dir;
}

/// Writes `bytes` to `scratchDir()/name` and returns the path.
inline std::string writeScratchFile(llvm::StringRef name,
                                    llvm::StringRef bytes) {
  std::string path = scratchDir() + "/" + name.str();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) {
    llvm::errs() << "tfg-fuzz: cannot write " << path << "\n";
    std::abort();
  }
  return path;
}

} // namespace tfg::fuzz

#endif // TFG_FUZZ_FUZZCOMMON_H
