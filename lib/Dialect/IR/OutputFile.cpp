//===- OutputFile.cpp - Atomic output files for every TFG writer ----------===//

#include "TFG/Dialect/IR/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// Flushes `os` and turns a stream error into a message about `path`.
static LogicalResult checkStream(llvm::raw_fd_ostream &os, llvm::StringRef path,
                                 std::string &error) {
  os.flush();
  if (!os.has_error())
    return success();
  error = ("cannot write '" + path + "': " + os.error().message()).str();
  // An uncleared error is a fatal error when the stream is destroyed.
  os.clear_error();
  return failure();
}

LogicalResult tfg::writeOutputFile(
    llvm::StringRef path,
    llvm::function_ref<LogicalResult(llvm::raw_ostream &)> write,
    std::string &error) {
  namespace fs = llvm::sys::fs;
  if (path == "-") {
    if (failed(write(llvm::outs())))
      return failure();
    return checkStream(llvm::outs(), "<stdout>", error);
  }

  fs::file_status status;
  bool exists = !fs::status(path, status) && fs::exists(status);
  if (exists && fs::is_directory(status)) {
    error = ("cannot write '" + path + "': it is a directory").str();
    return failure();
  }
  // /dev/stdout may resolve to a regular file (a shell redirection); it is
  // still the caller's stream, not a file to replace.
  if ((exists && !fs::is_regular_file(status)) || path.starts_with("/dev/") ||
      path.starts_with("/proc/")) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, fs::OF_None);
    if (ec) {
      error = ("cannot write '" + path + "': " + ec.message()).str();
      return failure();
    }
    if (failed(write(os)))
      return failure();
    return checkStream(os, path, error);
  }

  // A symlink stays a symlink: what it points to is replaced.
  llvm::SmallString<256> target(path);
  if (fs::is_symlink_file(path))
    (void)fs::real_path(path, target);
  llvm::Expected<fs::TempFile> temp =
      fs::TempFile::create(target + ".tmp-%%%%%%");
  if (!temp) {
    error = ("cannot write '" + path + "': " + llvm::toString(temp.takeError()))
                .str();
    return failure();
  }
  LogicalResult written = success();
  {
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    written = write(os);
    if (succeeded(written))
      written = checkStream(os, path, error);
    else
      os.clear_error();
  }
  if (succeeded(written) && exists)
    (void)fs::setPermissions(temp->FD, status.permissions());
  if (failed(written)) {
    llvm::consumeError(temp->discard());
    return failure();
  }
  if (llvm::Error e = temp->keep(target)) {
    error =
        ("cannot write '" + path + "': " + llvm::toString(std::move(e))).str();
    return failure();
  }
  return success();
}
