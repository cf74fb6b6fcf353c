//===- InputFile.cpp - Input files every TFG reader opens once ------------===//

#include "TFG/Dialect/IR/InputFile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstring>
#include <tuple>
#include <unistd.h>

using namespace mlir;

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// The first number in the file (0 when it cannot be read or holds "max").
static uint64_t readNumber(const char *path, const char *format) {
  std::FILE *file = std::fopen(path, "r");
  if (!file)
    return 0;
  unsigned long long value = 0;
  char line[256];
  while (std::fgets(line, sizeof(line), file))
    if (std::sscanf(line, format, &value) == 1)
      break;
  std::fclose(file);
  return value;
}

uint64_t tfg::availableMemoryBytes() {
  uint64_t available = readNumber("/proc/meminfo", "MemAvailable: %llu") * 1024;
  if (!available) {
    long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGESIZE);
    available = pages > 0 && pageSize > 0 ? uint64_t(pages) * pageSize
                                          : uint64_t(1) << 32;
  }
  // A container's memory limit (cgroup v2) is not in /proc/meminfo.
  uint64_t limit = readNumber("/sys/fs/cgroup/memory.max", "%llu");
  uint64_t used = readNumber("/sys/fs/cgroup/memory.current", "%llu");
  if (limit && limit > used)
    available = std::min(available, limit - used);
  return available;
}

std::string tfg::formatBytes(uint64_t bytes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (bytes >= (uint64_t(1) << 30))
    os << llvm::format("%.1f GiB", bytes / double(uint64_t(1) << 30));
  else if (bytes >= (uint64_t(1) << 20))
    os << llvm::format("%.1f MiB", bytes / double(uint64_t(1) << 20));
  else
    os << bytes << " bytes";
  return text;
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {
/// A buffer owning the bytes read from a stream: std::string keeps a null
/// byte after its end, so it serves readers that need a terminator too.
class StreamBuffer final : public llvm::MemoryBuffer {
public:
  StreamBuffer(std::string bytes, llvm::StringRef name)
      : bytes(std::move(bytes)), name(name.str()) {
    init(this->bytes.data(), this->bytes.data() + this->bytes.size(),
         /*RequiresNullTerminator=*/true);
  }
  llvm::StringRef getBufferIdentifier() const override { return name; }
  BufferKind getBufferKind() const override { return MemoryBuffer_Malloc; }

private:
  std::string bytes;
  std::string name;
};
} // namespace

llvm::StringRef tfg::inputDisplayName(llvm::StringRef path) {
  return path == "-" ? "<stdin>" : path;
}

std::unique_ptr<llvm::MemoryBuffer>
tfg::readInputFile(llvm::StringRef path, std::string &error, uint64_t maxBytes,
                   llvm::StringRef limitWhat, bool requiresNullTerminator) {
  namespace fs = llvm::sys::fs;
  llvm::StringRef name = inputDisplayName(path);
  bool isStdin = path == "-";
  fs::file_t file = fs::getStdinHandle();
  if (!isStdin) {
    llvm::Expected<fs::file_t> opened = fs::openNativeFileForRead(path);
    if (!opened) {
      error = "cannot read: " + llvm::toString(opened.takeError());
      return nullptr;
    }
    file = *opened;
  }
  llvm::scope_exit closeFile([&] {
    if (!isStdin)
      fs::closeFile(file);
  });
  auto tooLarge = [&](llvm::StringRef size) {
    error = ("is " + size + ", more than " + limitWhat).str();
    return nullptr;
  };

  fs::file_status status;
  if (std::error_code ec = fs::status(file, status)) {
    error = "cannot read: " + ec.message();
    return nullptr;
  }
  if (fs::is_directory(status)) {
    error = "is a directory";
    return nullptr;
  }
  if (fs::is_regular_file(status)) {
    uint64_t size = status.getSize();
    if (size > maxBytes)
      return tooLarge(std::to_string(size) + " bytes");
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getOpenFile(file, name, size,
                                        requiresNullTerminator);
    if (!buffer) {
      error = "cannot read: " + buffer.getError().message();
      return nullptr;
    }
    return std::move(*buffer);
  }

  // A pipe, fifo or device: its size is unknown until its end, so it is read
  // in chunks and refused as soon as it passes the limit.
  constexpr size_t kChunk = 1 << 16;
  std::string bytes;
  while (true) {
    size_t done = bytes.size();
    bytes.resize(done + kChunk);
    llvm::Expected<size_t> read = fs::readNativeFile(
        file, llvm::MutableArrayRef<char>(bytes.data() + done, kChunk));
    if (!read) {
      error = "cannot read: " + llvm::toString(read.takeError());
      return nullptr;
    }
    bytes.resize(done + *read);
    if (*read == 0)
      break;
    if (bytes.size() > maxBytes)
      return tooLarge("more than " + std::to_string(maxBytes) + " bytes");
  }
  return std::make_unique<StreamBuffer>(std::move(bytes), name);
}

//===----------------------------------------------------------------------===//
// MLIR nesting
//===----------------------------------------------------------------------===//

/// The offset of the quote that closes the string literal whose opening
/// quote is at `open` (text.size() when none). A quote is escaped when an
/// odd number of backslashes precede it. Found with memchr: tensor contents
/// are long hex strings, most of a large file. A raw newline does not end
/// the string here as it does for MLIR's lexer, which stops at that error
/// before it parses anything after it.
static size_t closingQuote(llvm::StringRef text, size_t open) {
  for (size_t at = open + 1; at < text.size(); ++at) {
    const void *quote = std::memchr(text.data() + at, '"', text.size() - at);
    if (!quote)
      return text.size();
    at = static_cast<const char *>(quote) - text.data();
    size_t backslashes = 0;
    while (at - backslashes > open + 1 && text[at - backslashes - 1] == '\\')
      ++backslashes;
    if (backslashes % 2 == 0)
      return at;
  }
  return text.size();
}

/// 1-based line and column of offset `at` of `text`.
static std::pair<unsigned, unsigned> lineAndColumn(llvm::StringRef text,
                                                   size_t at) {
  size_t lineStart = text.rfind('\n', at);
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  return {1 + text.take_front(at).count('\n'), 1 + at - lineStart};
}

std::optional<tfg::NestingTooDeep> tfg::findTooDeepNesting(llvm::StringRef text,
                                                           unsigned limit) {
  std::string open; // The kinds of the open brackets, innermost last.
  auto closes = [](char closer) {
    return closer == ')' ? '(' : closer == ']' ? '[' : '{';
  };
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    switch (c) {
    case '"': // A string literal: nothing in it nests.
      i = closingQuote(text, i);
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        while (i < e && text[i] != '\n')
          ++i;
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      open.push_back(c);
      if (open.size() > limit) {
        NestingTooDeep where;
        where.bracket = c;
        std::tie(where.line, where.column) = lineAndColumn(text, i);
        return where;
      }
      break;
    case '>':
      // '->' (a function type) and '>=' (an integer set) close nothing.
      if ((i > 0 && text[i - 1] == '-') || (i + 1 < e && text[i + 1] == '='))
        break;
      if (!open.empty() && open.back() == '<')
        open.pop_back();
      break;
    case ')':
    case ']':
    case '}': {
      // A '<' left open inside (a comparison, or invalid IR) ends here too.
      size_t at = open.find_last_not_of('<');
      if (at != std::string::npos && open[at] == closes(c))
        open.resize(at);
      break;
    }
    default:
      break;
    }
  }
  return std::nullopt;
}

/// A string literal's value, decoded as MLIR's lexer does (\\, \", \n, \t
/// and two hex digits).
static std::string decodeString(llvm::StringRef body) {
  std::string value;
  for (size_t i = 0, e = body.size(); i < e; ++i) {
    if (body[i] != '\\' || i + 1 >= e) {
      value.push_back(body[i]);
      continue;
    }
    char next = body[++i];
    if (next == 'n')
      value.push_back('\n');
    else if (next == 't')
      value.push_back('\t');
    else if (llvm::isHexDigit(next) && i + 1 < e &&
             llvm::isHexDigit(body[i + 1]))
      value.push_back(char(llvm::hexDigitValue(next) * 16 +
                           llvm::hexDigitValue(body[++i])));
    else
      value.push_back(next);
  }
  return value;
}

std::vector<tfg::LocationFile> tfg::findLocationFiles(llvm::StringRef text) {
  std::vector<LocationFile> files;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    if (text[i] == '/' && i + 1 < e && text[i + 1] == '/') {
      while (i < e && text[i] != '\n')
        ++i;
      continue;
    }
    if (text[i] != '"')
      continue;
    // A string literal: only decoded (copied) when it names a file, since
    // most strings are names and tensor contents, some of them huge.
    size_t start = i;
    i = closingQuote(text, i);
    // "name":LINE:COL is a FileLineColLoc; nothing else in MLIR puts a colon
    // and a digit right after a string.
    if (i + 2 < e && text[i] == '"' && text[i + 1] == ':' &&
        llvm::isDigit(text[i + 2]))
      files.push_back({decodeString(text.slice(start + 1, i)), start});
  }
  return files;
}

LogicalResult tfg::verifyMLIRText(const llvm::SourceMgr &sourceMgr,
                                  MLIRContext *context, bool checkLocationFiles,
                                  unsigned limit) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::StringRef text = buffer->getBuffer();
  llvm::StringRef name = buffer->getBufferIdentifier();
  // MLIR bytecode starts with "ML\xefR"; its reader is not recursive text.
  if (text.starts_with("ML\xef"
                       "R"))
    return success();
  if (std::optional<NestingTooDeep> tooDeep = findTooDeepNesting(text, limit))
    return emitError(FileLineColLoc::get(context, name, tooDeep->line,
                                         tooDeep->column))
           << "brackets nest deeper than " << limit << " levels (this '"
           << tooDeep->bracket << "' opens level " << limit + 1
           << "); refused before MLIR's recursive parser overflows its stack";
  if (!checkLocationFiles)
    return success();
  llvm::StringSet<> checked;
  for (const LocationFile &file : findLocationFiles(text)) {
    if (file.name == name || !checked.insert(file.name).second)
      continue;
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(file.name, status) ||
        !llvm::sys::fs::exists(status) ||
        llvm::sys::fs::is_regular_file(status) ||
        llvm::sys::fs::is_directory(status))
      continue;
    auto [line, column] = lineAndColumn(text, file.offset);
    return emitError(FileLineColLoc::get(context, name, line, column))
           << "a location names '" << file.name
           << "', which is not a regular file: MLIR's diagnostics would open "
              "it to show a source line and hang or never end";
  }
  return success();
}

std::unique_ptr<llvm::SourceMgr> tfg::createSourceMgrWithoutFiles() {
  return std::make_unique<llvm::SourceMgr>(
      llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>());
}

tfg::ErrorCounter::ErrorCounter(MLIRContext *context) : context(context) {
  id = context->getDiagEngine().registerHandler([this](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      ++count;
    return failure(); // not handled: the tool's own handler prints it
  });
}

tfg::ErrorCounter::~ErrorCounter() {
  context->getDiagEngine().eraseHandler(id);
}
