//===- OutputFile.h - Atomic output files for every TFG writer ---*- C++
//-*-===//
//
// Every file a TFG tool or pass writes at a user-named path goes through
// writeOutputFile, so that a failure never costs the user an existing file
// and never leaves a partial one behind. It lives in the dialect library
// only because that is the lowest library every writer links (the tools,
// lib/Transforms, lib/Runner); it knows nothing of the dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_IR_OUTPUTFILE_H
#define TFG_DIALECT_IR_OUTPUTFILE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::tfg {

/// Writes `path` through `write`.
///   - "-" is stdout.
///   - An existing file that is not a regular file (/dev/null, a fifo, a
///     terminal) and anything under /dev/ or /proc/ is written in place:
///     renaming over it would replace the device or pipe itself.
///   - Anything else is written to a temporary file beside the target (the
///     target of a symlink), which replaces the target only once `write`
///     succeeded and every byte reached the file; an existing target keeps
///     its permissions. On any failure the previous file is untouched and
///     no new file appears (also when the process dies: the temporary file
///     is removed on a signal).
/// Returns failure when `write` fails (it reports its own error; `error` is
/// left empty) or on an I/O error (described in `error`, which names the
/// path).
LogicalResult
writeOutputFile(llvm::StringRef path,
                llvm::function_ref<LogicalResult(llvm::raw_ostream &)> write,
                std::string &error);

} // namespace mlir::tfg

#endif // TFG_DIALECT_IR_OUTPUTFILE_H
