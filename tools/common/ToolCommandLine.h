//===- ToolCommandLine.h - one-line command-line errors ---------*- C++ -*-===//
//
// Header-only, shared by the tools (tfg-checkpoint links no TFG library
// that every tool links, so this cannot live in one). llvm::cl reports a bad
// command line in its own words and in pieces: "tool: Unknown command line
// argument '--x'.  Try: ..." on one stream, "tool: for the --o option:
// requires a value!" straight to stderr, neither with "error:". Here the
// pieces are caught and printed as one "tool: error: ..." line, exit status 1,
// like every other error of the tools.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TOOLS_COMMON_TOOLCOMMANDLINE_H
#define TFG_TOOLS_COMMON_TOOLCOMMANDLINE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace tfgtool {

/// cl's complaint, in one line: "for the --x option: reason!" becomes
/// "invalid value for --x: reason"; the lines are joined with "; ".
inline std::string describeCommandLineError(llvm::StringRef text,
                                            llvm::StringRef tool) {
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  std::string result;
  for (llvm::StringRef line : lines) {
    line = line.trim();
    if (!line.consume_front(tool.str() + ": "))
      line.consume_front(tool.str() + ":");
    line = line.trim();
    if (line.empty())
      continue;
    std::string piece = line.rtrim('!').str();
    if (line.consume_front("for the ")) {
      auto [option, reason] = line.split(" option: ");
      piece = ("invalid value for " + option + ": " + reason.rtrim('!')).str();
    }
    result += (result.empty() ? "" : "; ") + piece;
  }
  return result.empty() ? "invalid command line" : result;
}

/// cl::ParseCommandLineOptions, except that a bad command line is one
/// "tool: error: ..." line on stderr and exit status `errorStatus`.
inline void parseToolCommandLine(int argc, char **argv,
                                 llvm::StringRef overview,
                                 int errorStatus = 1) {
  std::string tool = llvm::sys::path::filename(argv[0]).str();
  std::string listed;
  llvm::raw_string_ostream listedStream(listed);
  // Option::error writes to llvm::errs() whatever stream the parser was
  // given: stderr is caught in a temporary file while cl parses.
  llvm::errs().flush();
  std::FILE *caught = std::tmpfile();
  int saved = caught ? ::dup(2) : -1;
  if (saved >= 0 && ::dup2(::fileno(caught), 2) < 0) {
    ::close(saved);
    saved = -1;
  }
  bool ok =
      llvm::cl::ParseCommandLineOptions(argc, argv, overview, &listedStream);
  std::string direct;
  if (saved >= 0) {
    llvm::errs().flush();
    ::dup2(saved, 2);
    ::close(saved);
    std::rewind(caught);
    char chunk[4096];
    for (size_t n; (n = std::fread(chunk, 1, sizeof(chunk), caught)) > 0;)
      direct.append(chunk, n);
  }
  if (caught)
    std::fclose(caught);
  if (ok) {
    llvm::errs() << direct; // Warnings, if any.
    return;
  }
  llvm::errs() << tool << ": error: "
               << describeCommandLineError(direct + "\n" + listed, tool)
               << "\n";
  std::exit(errorStatus);
}

namespace detail {
/// What catchCommandLineErrors needs when the parser calls exit().
struct PendingParse {
  std::FILE *caught = nullptr;
  int savedStderr = -1;
  const char *tool = nullptr;
};
inline PendingParse &pendingParse() {
  static PendingParse pending;
  return pending;
}

/// Puts stderr back and returns what was written to it meanwhile.
inline std::string endCapture() {
  PendingParse &pending = pendingParse();
  std::string text;
  if (pending.savedStderr < 0)
    return text;
  ::dup2(pending.savedStderr, 2);
  ::close(pending.savedStderr);
  pending.savedStderr = -1;
  std::rewind(pending.caught);
  char chunk[4096];
  for (size_t n; (n = std::fread(chunk, 1, sizeof(chunk), pending.caught)) > 0;)
    text.append(chunk, n);
  std::fclose(pending.caught);
  pending.caught = nullptr;
  return text;
}

/// Runs at exit(): a parser that exits with text on stderr failed.
inline void reportAtExit() {
  if (pendingParse().savedStderr < 0)
    return;
  std::string tool = pendingParse().tool;
  std::string text = endCapture();
  if (text.empty())
    return; // --help, --version: their text went to stdout.
  // llvm::errs() may be gone at this point; write(2) is not.
  std::string line =
      tool + ": error: " + describeCommandLineError(text, tool) + "\n";
  (void)!::write(2, line.data(), line.size());
}
} // namespace detail

/// Runs `parse`, a command-line parser that prints llvm::cl's complaints and
/// calls exit(1) itself (MLIR's registerAndParseCLIOptions), so that a bad
/// command line is still one "tool: error: ..." line: stderr is caught
/// while it runs, and an exit hook rewrites what was caught.
template <typename Parse>
auto catchCommandLineErrors(char **argv, Parse parse) {
  static std::string tool = llvm::sys::path::filename(argv[0]).str();
  detail::PendingParse &pending = detail::pendingParse();
  pending.tool = tool.c_str();
  llvm::errs().flush();
  pending.caught = std::tmpfile();
  pending.savedStderr = pending.caught ? ::dup(2) : -1;
  if (pending.savedStderr >= 0 && ::dup2(::fileno(pending.caught), 2) < 0) {
    ::close(pending.savedStderr);
    pending.savedStderr = -1;
  }
  static bool registered = (std::atexit(detail::reportAtExit), true);
  (void)registered;
  auto result = parse();
  llvm::errs().flush();
  llvm::errs() << detail::endCapture(); // Warnings, if any.
  return result;
}

} // namespace tfgtool

#endif // TFG_TOOLS_COMMON_TOOLCOMMANDLINE_H
