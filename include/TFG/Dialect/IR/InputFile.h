//===- InputFile.h - Inputs every TFG reader opens once ---------*- C++ -*-===//
//
// Every tool reads its inputs through readInputFile, so that an input is
// opened and read exactly once (a pipe, a fifo or stdin cannot be read
// twice: a second open hangs or sees nothing) and so that no size read from
// the file system or a stream is trusted beyond a limit. It also holds the
// nesting check that MLIR text must pass before MLIR's recursive parser
// sees it. Like OutputFile.h it lives in the dialect library only because
// that is the lowest library the readers link; it knows nothing of the
// dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_IR_INPUTFILE_H
#define TFG_DIALECT_IR_INPUTFILE_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MemoryBuffer;
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlir::tfg {

/// The most bytes a protobuf message can have (the wire format counts
/// lengths in signed 32 bits); a larger model file cannot be valid.
constexpr uint64_t kMaxProtoBytes = (uint64_t(1) << 31) - 1;

/// The memory this process may still use: MemAvailable of /proc/meminfo, or
/// the physical memory when that cannot be read. Sizes computed from inputs
/// (tensor shapes, batch sizes, file sizes) are compared with it before
/// anything is allocated, so that a huge size is an error naming the input
/// and not an allocation failure.
uint64_t availableMemoryBytes();

/// "2 GiB", "512 MiB", "100 bytes".
std::string formatBytes(uint64_t bytes);

/// Reads `path` exactly once ("-": stdin). A regular file is mapped (no copy
/// on the heap), a pipe, fifo or device is read to its end. Refuses, with a
/// message in `error` that does not repeat the path:
///   - a path that cannot be opened or read ("cannot read: No such file or
///     directory") and a directory ("is a directory");
///   - more than `maxBytes` bytes ("is 3000000000 bytes, more than <limit>"
///     where <limit> is `limitWhat`, e.g. "the 2 GiB a protobuf message can
///     hold"); a stream is read no further than that.
/// The buffer is null-terminated when `requiresNullTerminator` (MLIR's
/// parser needs that); its identifier is the path ("<stdin>" for "-").
std::unique_ptr<llvm::MemoryBuffer>
readInputFile(llvm::StringRef path, std::string &error, uint64_t maxBytes,
              llvm::StringRef limitWhat, bool requiresNullTerminator = false);

/// The name diagnostics give `path`: "<stdin>" for "-", else the path.
llvm::StringRef inputDisplayName(llvm::StringRef path);

/// How deep MLIR text may nest brackets. MLIR's parser recurses once or more
/// per level and has no limit of its own, so 20,000 nested '[' overflow the
/// stack. Real IR nests a few dozen levels; 1000 leaves room for generated
/// IR and stays far below what the stack holds.
constexpr unsigned kMaxMLIRNesting = 1000;

/// Where MLIR text nests deeper than `limit`.
struct NestingTooDeep {
  /// 1-based line and column of the bracket that opens level limit + 1.
  unsigned line = 0, column = 0;
  char bracket = 0;
};

/// Scans MLIR text for brackets ( [ { < nested deeper than `limit`, outside
/// string literals and // comments. Cheap (one pass, memchr over strings) and
/// lenient where MLIR is irregular: '->' and '>=' are not closers, a '>'
/// with no open '<' is ignored, and a closer of another kind closes the
/// '<'s left open inside it, so the depth is never overestimated for valid
/// IR.
std::optional<NestingTooDeep> findTooDeepNesting(llvm::StringRef text,
                                                 unsigned limit);

/// A file name written in MLIR text as a FileLineColLoc (`loc("name":1:2)`).
struct LocationFile {
  /// The name, string escapes decoded.
  std::string name;
  /// Where its opening quote is in the text.
  size_t offset = 0;
};

/// The file names of the FileLineColLocs written in MLIR text, in order,
/// with repeats.
std::vector<LocationFile> findLocationFiles(llvm::StringRef text);

/// Checks MLIR text before MLIR parses it, and emits one error (a
/// FileLineColLoc of the buffer's identifier) and fails when
///   - its brackets nest deeper than `limit`, or
///   - with `checkLocationFiles`, a location names a file, other than the
///     input itself, that exists and is neither a regular file nor a
///     directory (a fifo, /dev/zero): MLIR's SourceMgr diagnostic handler
///     opens the file a diagnostic points into to show its line, and such a
///     file hangs it or never ends. Not needed where the SourceMgr comes from
///     createSourceMgrWithoutFiles; MlirOptMain makes its own.
/// Binary MLIR bytecode is not scanned.
LogicalResult verifyMLIRText(const llvm::SourceMgr &sourceMgr,
                             MLIRContext *context, bool checkLocationFiles,
                             unsigned limit = kMaxMLIRNesting);

/// A SourceMgr that never opens a file: diagnostics show the lines of the
/// buffers added to it and only those. MLIR's SourceMgrDiagnosticHandler
/// otherwise opens any file a location names (to show the line), which
/// hangs on a fifo and never ends on /dev/zero.
std::unique_ptr<llvm::SourceMgr> createSourceMgrWithoutFiles();

/// Counts the errors emitted on `context` while it lives and passes them on
/// to the handlers registered before it. MLIR's parser can report an error
/// and still return an operation (a dialect attribute followed by a bad
/// token: `#tfg.shape<2>@`), so a parse is good only when it returned an op
/// *and* no error was emitted.
class ErrorCounter {
public:
  explicit ErrorCounter(MLIRContext *context);
  ~ErrorCounter();
  ErrorCounter(const ErrorCounter &) = delete;
  ErrorCounter &operator=(const ErrorCounter &) = delete;
  unsigned errors() const { return count; }

private:
  MLIRContext *context;
  DiagnosticEngine::HandlerID id;
  unsigned count = 0;
};

} // namespace mlir::tfg

#endif // TFG_DIALECT_IR_INPUTFILE_H
