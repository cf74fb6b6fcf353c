//===- FuzzCommon.h - What every TFG fuzz target shares ---------*- C++ -*-===//
//
// Each target (one .cpp in fuzz/) hands libFuzzer's bytes to one library
// entry point. They share:
//   * FuzzContext: a fresh MLIRContext per execution (so that nothing one
//     input uniqued can change how the next one behaves, and memory does not
//     grow over a million executions), threading off, TFG's dialect loaded,
//     diagnostics counted and not printed (TFG_FUZZ_VERBOSE=1 prints them).
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

/// An MLIRContext for one execution, with diagnostics counted.
class FuzzContext {
public:
  explicit FuzzContext(const mlir::DialectRegistry &registry)
      : context(registry, mlir::MLIRContext::Threading::DISABLED) {
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

  mlir::MLIRContext context;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
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
