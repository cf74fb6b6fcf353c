//===- ModelCache.h - Compiled models kept on disk --------------*- C++ -*-===//
//
// The files of CompiledModel's cache (docs/design.md, "Compiled-model
// cache"): one file per key, named by the key, holding the machine code of
// a compiled model (its object files: one per part LLVM compiled on its
// own, linked when loaded) and what the runner needs to call it
// (CompiledModel's metadata, opaque here). An entry is never trusted: its
// header names its key and the size and hash of what follows, and a file
// that does not match all three (truncated, overwritten, corrupt, another
// key's) is reported as corrupt, never used. Entries are written to a
// temporary file and renamed, so that a reader sees a whole entry or none.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_RUNNER_MODELCACHE_H
#define TFG_RUNNER_MODELCACHE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/MemoryBuffer.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::tfg {

/// What names a cache entry: a BLAKE3 hash of everything the compiled code
/// depends on.
using CacheKey = std::array<uint8_t, 32>;

/// Builds a key from fields; each field is length-prefixed, so that two
/// different field lists never hash the same bytes.
class CacheKeyBuilder {
public:
  void add(llvm::StringRef field);
  void add(uint64_t field);
  /// `op` in MLIR bytecode (its constants as raw bytes, so that hashing a
  /// model with megabytes of weights costs about as much as reading them).
  /// Fails when the bytecode writer cannot write it.
  LogicalResult addBytecode(Operation *op);
  CacheKey final();

private:
  llvm::BLAKE3 hasher;
};

/// The key's hexadecimal spelling (the entry's file name).
std::string cacheKeyString(const CacheKey &key);

/// BLAKE3 of this executable's own file, computed once: a rebuilt compiler
/// makes other code, so its entries must be other keys. Empty when the file
/// cannot be read (then the cache is not used).
llvm::StringRef executableHash();

/// The default cache folder: $XDG_CACHE_HOME/tfg, else $HOME/.cache/tfg;
/// empty when neither variable is set.
std::string defaultCacheDir();

/// The file of `key`'s entry in `dir`.
std::string cacheEntryPath(llvm::StringRef dir, const CacheKey &key);

/// A cache entry as read: its parts point into `file`.
/// The layout version of the entries this build writes and reads (another
/// is reported corrupt once and replaced).
inline constexpr uint64_t kCacheFormatVersion = 2;

struct CacheEntry {
  std::unique_ptr<llvm::MemoryBuffer> file;
  llvm::StringRef metadata;
  /// At least one.
  std::vector<llvm::StringRef> objects;
};

/// What reading an entry found.
struct CacheLookup {
  enum class Status { Missing, Found, Corrupt } status = Status::Missing;
  CacheEntry entry;    ///< when Found
  std::string problem; ///< when Corrupt: what is wrong, for the warning
};

/// Reads `key`'s entry from `dir`.
CacheLookup readCacheEntry(llvm::StringRef dir, const CacheKey &key);

/// Writes `key`'s entry into `dir` (made if missing) atomically: a
/// temporary file renamed over the entry. Returns what went wrong, if
/// anything (the caller warns and goes on: the cache is an optimization).
std::optional<std::string>
writeCacheEntry(llvm::StringRef dir, const CacheKey &key,
                llvm::StringRef metadata,
                llvm::ArrayRef<llvm::StringRef> objects);

/// Little-endian fields of the metadata, written and read back with every
/// read checked against what is left (a corrupt count or length fails the
/// reader, it does not size anything).
class CacheWriter {
public:
  void u64(uint64_t value);
  void i64(int64_t value) { u64(static_cast<uint64_t>(value)); }
  void str(llvm::StringRef value);
  const std::string &bytes() const { return data; }

private:
  std::string data;
};

class CacheReader {
public:
  explicit CacheReader(llvm::StringRef bytes) : rest(bytes) {}
  std::optional<uint64_t> u64();
  std::optional<int64_t> i64();
  std::optional<llvm::StringRef> str();
  /// A count of items of at least `minItemBytes` bytes each: no more than
  /// what is left could hold.
  std::optional<uint64_t> count(uint64_t minItemBytes);
  bool atEnd() const { return rest.empty(); }

private:
  llvm::StringRef rest;
};

} // namespace mlir::tfg

#endif // TFG_RUNNER_MODELCACHE_H
