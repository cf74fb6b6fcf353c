//===- model-cache.cpp - Fuzz target: compiled-model cache entries --------===//
//
// tfg-run's cache (lib/Runner/ModelCache.cpp) reads files an earlier run
// wrote, so an entry is untrusted input: truncated, padded, bit-flipped,
// written by another version, or made by hand. The input is an entry's
// file; each execution reads it twice with readCacheEntry, as a cache hit
// does, for the key of all zero bytes:
//   1. as given: the header and the BLAKE3 hash decide, so nearly every
//      mutation must come back Corrupt with a message;
//   2. repaired: that key and sizes that add up are written into the
//      header and the hash of the payload is recomputed, so the entry must
//      come back Found, and its metadata goes through the check a hit makes
//      before it loads the entry's object (CompiledModel::
//      checkCacheMetadata): every count, length and rank in it is hostile.
// The object is not loaded: LLVM's RuntimeDyld does not promise to survive
// a malformed object file, and the hash is what keeps a damaged one from
// reaching it (docs/robustness.md). Seeds: utils/fuzz_seeds.py writes
// entries with the metadata of real signatures.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "TFG/Runner/CompiledModel.h"
#include "TFG/Runner/ModelCache.h"

#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace {

/// The layout ModelCache.cpp writes: magic, version, key, the metadata's
/// and the object's sizes, the payload's hash, then the payload.
constexpr size_t kKeyAt = 16, kSizesAt = 48, kHashAt = 64, kHeaderSize = 96;

[[noreturn]] void fail(const llvm::Twine &message) {
  llvm::errs() << "tfg-fuzz: model cache: " << message << "\n";
  llvm::errs().flush();
  std::abort();
}

/// Reads `bytes` as the entry of `key` and checks what any lookup
/// promises: a corrupt entry says why, a found one's parts lie in the file
/// and fill it.
mlir::tfg::CacheLookup lookUp(llvm::StringRef bytes,
                              const mlir::tfg::CacheKey &key) {
  const std::string &dir = tfg::fuzz::scratchDir();
  std::string path = mlir::tfg::cacheEntryPath(dir, key);
  tfg::fuzz::writeScratchFile(llvm::sys::path::filename(path), bytes);
  mlir::tfg::CacheLookup lookup = mlir::tfg::readCacheEntry(dir, key);
  switch (lookup.status) {
  case mlir::tfg::CacheLookup::Status::Missing:
    fail("an entry that exists was reported missing");
  case mlir::tfg::CacheLookup::Status::Corrupt:
    if (!llvm::StringRef(lookup.problem).starts_with(path + ": "))
      fail("a corrupt entry without its path and problem: '" + lookup.problem +
           "'");
    break;
  case mlir::tfg::CacheLookup::Status::Found: {
    llvm::StringRef file = lookup.entry.file->getBuffer();
    const char *end = file.data() + file.size();
    const char *objectsBegin =
        lookup.entry.metadata.data() + lookup.entry.metadata.size();
    if (lookup.entry.metadata.data() != file.data() + kHeaderSize ||
        lookup.entry.objects.empty())
      fail("a found entry without its metadata or objects");
    for (llvm::StringRef object : lookup.entry.objects)
      if (object.empty() || object.data() < objectsBegin ||
          object.data() + object.size() > end)
        fail("a found entry's object lies outside its file");
    break;
  }
  }
  return lookup;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const mlir::DialectRegistry registry = [] {
    mlir::DialectRegistry r;
    mlir::tfg::registerRunnerDialects(r);
    return r;
  }();
  llvm::StringRef input = tfg::fuzz::asString(data, size);
  mlir::tfg::CacheKey key{};
  lookUp(input, key);
  if (input.size() < kHeaderSize)
    return 0;

  // The same entry made well-formed around whatever its payload holds.
  std::string entry = input.str();
  std::copy(key.begin(), key.end(), entry.begin() + kKeyAt);
  uint64_t payload = entry.size() - kHeaderSize;
  uint64_t metadataSize = std::min<uint64_t>(
      llvm::support::endian::read64le(entry.data() + kSizesAt), payload);
  llvm::support::endian::write64le(entry.data() + kSizesAt, metadataSize);
  llvm::support::endian::write64le(entry.data() + kSizesAt + 8,
                                   payload - metadataSize);
  llvm::BLAKE3 hasher;
  hasher.update(llvm::StringRef(entry).drop_front(kHeaderSize));
  std::array<uint8_t, 32> hash = hasher.final();
  std::copy(hash.begin(), hash.end(), entry.begin() + kHashAt);
  mlir::tfg::CacheLookup lookup = lookUp(entry, key);
  if (lookup.status != mlir::tfg::CacheLookup::Status::Found) {
    // Only the magic, the version and the list of objects (hashed, so not
    // repaired: its count and sizes are hostile too) can still be wrong.
    llvm::StringRef problem = lookup.problem;
    bool badObjects = problem.contains(": a bad object") ||
                      problem.ends_with(": bytes after the objects");
    if (input.starts_with("TFGCACHE") && !badObjects &&
        llvm::support::endian::read64le(input.data() + 8) ==
            mlir::tfg::kCacheFormatVersion)
      fail("a repaired entry was not found: " + lookup.problem);
    return 0;
  }
  tfg::fuzz::FuzzContext &context =
      tfg::fuzz::FuzzContext::forExecution(registry);
  std::optional<std::string> problem =
      mlir::tfg::CompiledModel::checkCacheMetadata(context.get(),
                                                   lookup.entry.metadata);
  // The check reports nothing (a hit that fails it is one warning from
  // the caller); its answer, when there is one, says what is wrong.
  context.checkOutcome(/*succeeded=*/true, "checkCacheMetadata");
  if (problem && problem->empty())
    fail("metadata rejected without a reason");
  return 0;
}
