//===- ModelCache.cpp - Compiled models kept on disk ----------------------===//

#include "TFG/Runner/ModelCache.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// The layout of an entry: the header, then the metadata, then the objects
/// (their count, then each one's size and bytes). A new layout or metadata
/// format gets a new version (old entries are then reported corrupt once
/// and replaced). Version 2: several objects (version 1 had one).
constexpr char kMagic[8] = {'T', 'F', 'G', 'C', 'A', 'C', 'H', 'E'};
constexpr uint64_t kFormatVersion = kCacheFormatVersion;
/// Magic, version, key, the two sizes, the hash of metadata and objects.
constexpr size_t kHeaderSize = 8 + 8 + 32 + 8 + 8 + 32;

std::array<uint8_t, 32> payloadHash(llvm::StringRef metadata,
                                    llvm::StringRef object) {
  llvm::BLAKE3 hasher;
  hasher.update(metadata);
  hasher.update(object);
  return hasher.final();
}

void putU64(std::string &out, uint64_t value) {
  char bytes[8];
  llvm::support::endian::write64le(bytes, value);
  out.append(bytes, 8);
}

/// A stream that hashes what is written to it (the module's bytecode is not
/// kept).
class HashingStream : public llvm::raw_ostream {
public:
  explicit HashingStream(llvm::BLAKE3 &hasher) : hasher(hasher) {
    SetUnbuffered();
  }

private:
  void write_impl(const char *ptr, size_t size) override {
    hasher.update(llvm::StringRef(ptr, size));
    written += size;
  }
  uint64_t current_pos() const override { return written; }

  llvm::BLAKE3 &hasher;
  uint64_t written = 0;
};

} // namespace

void CacheKeyBuilder::add(llvm::StringRef field) {
  add(static_cast<uint64_t>(field.size()));
  hasher.update(field);
}

void CacheKeyBuilder::add(uint64_t field) {
  char bytes[8];
  llvm::support::endian::write64le(bytes, field);
  hasher.update(llvm::StringRef(bytes, 8));
}

LogicalResult CacheKeyBuilder::addBytecode(Operation *op) {
  // Length-prefixed like the other fields: the bytes are counted first.
  llvm::BLAKE3 bytecodeHasher;
  HashingStream stream(bytecodeHasher);
  if (failed(writeBytecodeToFile(op, stream)))
    return failure();
  stream.flush();
  add(stream.tell());
  std::array<uint8_t, 32> hash = bytecodeHasher.final();
  hasher.update(llvm::ArrayRef<uint8_t>(hash));
  return success();
}

CacheKey CacheKeyBuilder::final() { return hasher.final(); }

std::string mlir::tfg::cacheKeyString(const CacheKey &key) {
  return llvm::toHex(llvm::ArrayRef<uint8_t>(key), /*LowerCase=*/true);
}

llvm::StringRef mlir::tfg::executableHash() {
  static const std::string hash = [] {
    std::string self = llvm::sys::fs::getMainExecutable(
        nullptr, reinterpret_cast<void *>(&executableHash));
    auto file = llvm::MemoryBuffer::getFile(self, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
    if (self.empty() || !file)
      return std::string();
    llvm::BLAKE3 hasher;
    hasher.update((*file)->getBuffer());
    std::array<uint8_t, 32> result = hasher.final();
    return llvm::toHex(llvm::ArrayRef<uint8_t>(result), /*LowerCase=*/true);
  }();
  return hash;
}

std::string mlir::tfg::defaultCacheDir() {
  llvm::SmallString<128> dir;
  if (std::optional<std::string> xdg =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty())
    llvm::sys::path::append(dir, *xdg, "tfg");
  else if (std::optional<std::string> home = llvm::sys::Process::GetEnv("HOME");
           home && !home->empty())
    llvm::sys::path::append(dir, *home, ".cache", "tfg");
  return dir.str().str();
}

std::string mlir::tfg::cacheEntryPath(llvm::StringRef dir,
                                      const CacheKey &key) {
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, cacheKeyString(key) + ".tfgobj");
  return path.str().str();
}

CacheLookup mlir::tfg::readCacheEntry(llvm::StringRef dir,
                                      const CacheKey &key) {
  CacheLookup lookup;
  std::string path = cacheEntryPath(dir, key);
  auto corrupt = [&](const llvm::Twine &what) {
    lookup.status = CacheLookup::Status::Corrupt;
    lookup.problem = (path + ": " + what).str();
    return std::move(lookup);
  };
  // Only a regular file is read: opening a FIFO blocks until a writer
  // comes, and a device (/dev/zero, /dev/urandom) reads without end, so
  // either would hang the run or take all memory instead of a warning.
  llvm::sys::fs::file_status status;
  if (std::error_code error = llvm::sys::fs::status(path, status)) {
    if (error == std::errc::no_such_file_or_directory)
      return lookup;
    return corrupt("cannot be read: " + error.message());
  }
  if (status.type() != llvm::sys::fs::file_type::regular_file)
    return corrupt("not a regular file");
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file) {
    if (file.getError() == std::errc::no_such_file_or_directory)
      return lookup; // Removed since: a miss.
    return corrupt("cannot be read: " + file.getError().message());
  }
  llvm::StringRef bytes = (*file)->getBuffer();
  if (bytes.size() < kHeaderSize)
    return corrupt("truncated (" + llvm::Twine(bytes.size()) +
                   " bytes, shorter than the header)");
  if (std::memcmp(bytes.data(), kMagic, sizeof(kMagic)))
    return corrupt("not a tfg cache entry");
  const char *at = bytes.data() + 8;
  auto next64 = [&] {
    uint64_t value = llvm::support::endian::read64le(at);
    at += 8;
    return value;
  };
  uint64_t version = next64();
  if (version != kFormatVersion)
    return corrupt("format version " + llvm::Twine(version) + ", not " +
                   llvm::Twine(kFormatVersion));
  if (std::memcmp(at, key.data(), key.size()))
    return corrupt("holds another key");
  at += key.size();
  uint64_t metadataSize = next64(), objectSize = next64();
  std::array<uint8_t, 32> hash;
  std::memcpy(hash.data(), at, hash.size());
  uint64_t payload = bytes.size() - kHeaderSize;
  // Each size alone is checked first: their sum could wrap.
  if (metadataSize > payload || objectSize > payload ||
      metadataSize + objectSize != payload)
    return corrupt("truncated or padded (the header says " +
                   llvm::Twine(metadataSize) + " + " + llvm::Twine(objectSize) +
                   " bytes, the file holds " + llvm::Twine(payload) + ")");
  llvm::StringRef metadata = bytes.substr(kHeaderSize, metadataSize);
  llvm::StringRef object = bytes.substr(kHeaderSize + metadataSize);
  if (payloadHash(metadata, object) != hash)
    return corrupt("its contents do not match their hash");
  // The hash matched: a bad list here is a writer's bug or a collision, but
  // still never trusted.
  std::vector<llvm::StringRef> objects;
  CacheReader list(object);
  std::optional<uint64_t> count = list.count(8);
  if (!count || *count == 0)
    return corrupt("a bad object count");
  for (uint64_t i = 0; i < *count; ++i) {
    std::optional<llvm::StringRef> part = list.str();
    if (!part || part->empty())
      return corrupt("a bad object " + llvm::Twine(i));
    objects.push_back(*part);
  }
  if (!list.atEnd())
    return corrupt("bytes after the objects");
  lookup.status = CacheLookup::Status::Found;
  lookup.entry = {std::move(*file), metadata, std::move(objects)};
  return lookup;
}

std::optional<std::string>
mlir::tfg::writeCacheEntry(llvm::StringRef dir, const CacheKey &key,
                           llvm::StringRef metadata,
                           llvm::ArrayRef<llvm::StringRef> objects) {
  CacheWriter list;
  list.u64(objects.size());
  for (llvm::StringRef part : objects)
    list.str(part);
  llvm::StringRef object = list.bytes();
  if (std::error_code error = llvm::sys::fs::create_directories(dir))
    return ("cannot create " + dir + ": " + error.message()).str();
  std::string header(kMagic, sizeof(kMagic));
  putU64(header, kFormatVersion);
  header.append(key.begin(), key.end());
  putU64(header, metadata.size());
  putU64(header, object.size());
  std::array<uint8_t, 32> hash = payloadHash(metadata, object);
  header.append(hash.begin(), hash.end());
  assert(header.size() == kHeaderSize && "header layout");

  std::string path = cacheEntryPath(dir, key);
  llvm::SmallString<128> temporary;
  int fd;
  if (std::error_code error = llvm::sys::fs::createUniqueFile(
          path + ".%%%%%%%%.tmp", fd, temporary))
    return ("cannot write into " + dir + ": " + error.message()).str();
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << header << metadata << object;
    os.close();
    if (os.has_error()) {
      std::string message = os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return ("cannot write " + temporary + ": " + message).str();
    }
  }
  if (std::error_code error = llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    return ("cannot rename " + temporary + " to " + path + ": " +
            error.message())
        .str();
  }
  return std::nullopt;
}

void CacheWriter::u64(uint64_t value) { putU64(data, value); }

void CacheWriter::str(llvm::StringRef value) {
  u64(value.size());
  data += value;
}

std::optional<uint64_t> CacheReader::u64() {
  if (rest.size() < 8)
    return std::nullopt;
  uint64_t value = llvm::support::endian::read64le(rest.data());
  rest = rest.drop_front(8);
  return value;
}

std::optional<int64_t> CacheReader::i64() {
  if (std::optional<uint64_t> value = u64())
    return static_cast<int64_t>(*value);
  return std::nullopt;
}

std::optional<llvm::StringRef> CacheReader::str() {
  std::optional<uint64_t> size = u64();
  if (!size || *size > rest.size())
    return std::nullopt;
  llvm::StringRef value = rest.take_front(*size);
  rest = rest.drop_front(*size);
  return value;
}

std::optional<uint64_t> CacheReader::count(uint64_t minItemBytes) {
  std::optional<uint64_t> value = u64();
  if (!value || *value > rest.size() / std::max<uint64_t>(minItemBytes, 1))
    return std::nullopt;
  return value;
}
