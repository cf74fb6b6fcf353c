//===- CheckpointReader.cpp - TensorFlow V2 checkpoint reader -------------===//
//
// The `.index` file is a LevelDB SSTable:
//   [data block+trailer]... [metaindex block+trailer] [index block+trailer]
//   [footer: metaindex handle, index handle, padding to 40 bytes, magic]
// Blocks hold prefix-compressed entries followed by restart offsets; each
// block trailer is a compression type byte and the masked CRC32C of the block
// plus that byte.
//
//===----------------------------------------------------------------------===//

#include "TFG/Checkpoint/CheckpointReader.h"

#include "trackable_object_graph.pb.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <snappy-c.h>

#include <array>

using namespace tfg::checkpoint;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// CRC32C
//===----------------------------------------------------------------------===//

static const std::array<uint32_t, 256> &crcTable() {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k)
        c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  return table;
}

uint32_t tfg::checkpoint::crc32c(StringRef data, uint32_t crc) {
  const auto &table = crcTable();
  uint32_t c = crc ^ 0xFFFFFFFFu;
  for (unsigned char b : data)
    c = table[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

static constexpr uint32_t kMaskDelta = 0xA282EAD8u;

uint32_t tfg::checkpoint::maskCrc(uint32_t crc) {
  return ((crc >> 15) | (crc << 17)) + kMaskDelta;
}

uint32_t tfg::checkpoint::unmaskCrc(uint32_t masked) {
  uint32_t r = masked - kMaskDelta;
  return (r >> 17) | (r << 15);
}

/// Fuzz builds (TFG_ENABLE_FUZZERS) compute every checksum but do not
/// enforce it, so that mutated inputs reach the parsing behind it
/// (docs/robustness.md). Every other build rejects a mismatch.
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
static constexpr bool kEnforceChecksums = false;
#else
static constexpr bool kEnforceChecksums = true;
#endif

//===----------------------------------------------------------------------===//
// Dtypes
//===----------------------------------------------------------------------===//

size_t tfg::checkpoint::dtypeSize(int dtype) {
  switch (dtype) {
  case tensorflow::DT_BOOL:
  case tensorflow::DT_UINT8:
  case tensorflow::DT_INT8:
  case tensorflow::DT_QINT8:
  case tensorflow::DT_QUINT8:
    return 1;
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16:
  case tensorflow::DT_INT16:
  case tensorflow::DT_UINT16:
  case tensorflow::DT_QINT16:
  case tensorflow::DT_QUINT16:
    return 2;
  case tensorflow::DT_FLOAT:
  case tensorflow::DT_INT32:
  case tensorflow::DT_UINT32:
  case tensorflow::DT_QINT32:
    return 4;
  case tensorflow::DT_DOUBLE:
  case tensorflow::DT_INT64:
  case tensorflow::DT_UINT64:
  case tensorflow::DT_COMPLEX64:
    return 8;
  case tensorflow::DT_COMPLEX128:
    return 16;
  default:
    return 0;
  }
}

std::string tfg::checkpoint::dtypeName(int dtype) {
  switch (dtype) {
  case tensorflow::DT_FLOAT:
    return "float";
  case tensorflow::DT_DOUBLE:
    return "double";
  case tensorflow::DT_INT32:
    return "int32";
  case tensorflow::DT_UINT8:
    return "uint8";
  case tensorflow::DT_INT16:
    return "int16";
  case tensorflow::DT_INT8:
    return "int8";
  case tensorflow::DT_STRING:
    return "string";
  case tensorflow::DT_COMPLEX64:
    return "complex64";
  case tensorflow::DT_INT64:
    return "int64";
  case tensorflow::DT_BOOL:
    return "bool";
  case tensorflow::DT_QINT8:
    return "qint8";
  case tensorflow::DT_QUINT8:
    return "quint8";
  case tensorflow::DT_QINT32:
    return "qint32";
  case tensorflow::DT_BFLOAT16:
    return "bfloat16";
  case tensorflow::DT_QINT16:
    return "qint16";
  case tensorflow::DT_QUINT16:
    return "quint16";
  case tensorflow::DT_UINT16:
    return "uint16";
  case tensorflow::DT_COMPLEX128:
    return "complex128";
  case tensorflow::DT_HALF:
    return "half";
  case tensorflow::DT_RESOURCE:
    return "resource";
  case tensorflow::DT_VARIANT:
    return "variant";
  case tensorflow::DT_UINT32:
    return "uint32";
  case tensorflow::DT_UINT64:
    return "uint64";
  default:
    return "DT_" + std::to_string(dtype);
  }
}

int64_t
tfg::checkpoint::numElements(const tensorflow::TensorShapeProto &shape) {
  if (shape.unknown_rank())
    return -1;
  int64_t n = 1;
  for (const auto &dim : shape.dim()) {
    if (dim.size() < 0 || llvm::MulOverflow(n, dim.size(), n))
      return -1;
  }
  return n;
}

//===----------------------------------------------------------------------===//
// SSTable
//===----------------------------------------------------------------------===//

namespace {
/// "0x" followed by `digits` lowercase hex digits.
std::string hexString(uint64_t v, unsigned digits) {
  std::string h = llvm::utohexstr(v, /*LowerCase=*/true);
  if (h.size() < digits)
    h.insert(0, digits - h.size(), '0');
  return "0x" + h;
}

llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// Reads varints from a byte range; `ok` turns false on truncation/overflow.
struct Cursor {
  const unsigned char *p, *end;
  bool ok = true;
  Cursor(StringRef s)
      : p(reinterpret_cast<const unsigned char *>(s.data())),
        end(reinterpret_cast<const unsigned char *>(s.data()) + s.size()) {}
  uint64_t varint(unsigned maxBits) {
    uint64_t v = 0;
    for (unsigned shift = 0; shift < maxBits; shift += 7) {
      if (p == end) {
        ok = false;
        return 0;
      }
      unsigned char b = *p++;
      v |= uint64_t(b & 0x7F) << shift;
      if (!(b & 0x80))
        return v;
    }
    ok = false;
    return 0;
  }
  size_t left() const { return end - p; }
};

struct BlockHandle {
  uint64_t offset = 0, size = 0;
};

uint32_t readLE32(const char *p) { return llvm::support::endian::read32le(p); }

struct IndexFile {
  std::string path;
  StringRef data;
  /// Decompressed Snappy blocks; entries point into them while parsing.
  mutable std::vector<std::unique_ptr<std::string>> inflated;

  llvm::Error error(const llvm::Twine &msg) const {
    return makeError("checkpoint index '" + path + "': " + msg);
  }

  /// Returns the checked contents of the block at `h`.
  llvm::Expected<StringRef> readBlock(BlockHandle h) const {
    // Each handle field may be up to 2^64 - 1: compare without adding.
    if (h.offset > data.size() || h.size > data.size() - h.offset ||
        data.size() - h.offset - h.size < 5)
      return error("block at offset " + llvm::Twine(h.offset) + " (size " +
                   llvm::Twine(h.size) + ") runs past the end of the file (" +
                   llvm::Twine(data.size()) + " bytes)");
    StringRef block = data.substr(h.offset, h.size);
    const char *trailer = data.data() + h.offset + h.size;
    unsigned type = static_cast<unsigned char>(trailer[0]);
    uint32_t expected = unmaskCrc(readLE32(trailer + 1));
    uint32_t actual = crc32c(StringRef(trailer, 1), crc32c(block));
    if (kEnforceChecksums && actual != expected)
      return error("CRC32C mismatch in block at offset " +
                   llvm::Twine(h.offset) + ": computed " +
                   hexString(actual, 8) + ", stored " + hexString(expected, 8));
    if (type == 1) {
      // TensorFlow's table builder Snappy-compresses blocks when that saves
      // at least 1/8 (large indexes with similar names).
      size_t length = 0;
      if (snappy_uncompressed_length(block.data(), block.size(), &length) !=
          SNAPPY_OK)
        return error("Snappy block at offset " + llvm::Twine(h.offset) +
                     " has a corrupt header");
      // The header's length is only a claim (up to 4 GiB from a few
      // bytes): check the stream first, without allocating.
      if (snappy_validate_compressed_buffer(block.data(), block.size()) !=
          SNAPPY_OK)
        return error("Snappy block at offset " + llvm::Twine(h.offset) +
                     " does not decompress");
      auto out = std::make_unique<std::string>(length, '\0');
      if (snappy_uncompress(block.data(), block.size(), out->data(), &length) !=
              SNAPPY_OK ||
          length != out->size())
        return error("Snappy block at offset " + llvm::Twine(h.offset) +
                     " does not decompress");
      inflated.push_back(std::move(out));
      return StringRef(*inflated.back());
    }
    if (type != 0)
      return error("block at offset " + llvm::Twine(h.offset) +
                   " has unknown compression type " + llvm::Twine(type));
    return block;
  }

  /// Decodes the key/value entries of a block.
  llvm::Error
  parseBlock(StringRef block, uint64_t offset,
             std::vector<std::pair<std::string, StringRef>> &out) const {
    auto bad = [&](const llvm::Twine &what) {
      return error("malformed block at offset " + llvm::Twine(offset) + ": " +
                   what);
    };
    if (block.size() < 4)
      return bad("too short");
    uint32_t numRestarts = readLE32(block.data() + block.size() - 4);
    if (numRestarts == 0 || (block.size() - 4) / 4 < numRestarts)
      return bad("bad restart count " + llvm::Twine(numRestarts));
    StringRef entries = block.substr(0, block.size() - 4 - 4 * numRestarts);
    Cursor c(entries);
    std::string key;
    while (c.left() > 0) {
      uint64_t shared = c.varint(35), nonShared = c.varint(35),
               valueLen = c.varint(35);
      if (!c.ok)
        return bad("truncated entry header");
      if (shared > key.size())
        return bad("entry shares " + llvm::Twine(shared) +
                   " bytes with a shorter previous key");
      if (nonShared + valueLen > c.left())
        return bad("entry runs past the block end");
      key.resize(shared);
      key.append(reinterpret_cast<const char *>(c.p), nonShared);
      c.p += nonShared;
      out.emplace_back(
          key, StringRef(reinterpret_cast<const char *>(c.p), valueLen));
      c.p += valueLen;
    }
    return llvm::Error::success();
  }
};

llvm::Expected<BlockHandle> decodeHandle(Cursor &c) {
  BlockHandle h;
  h.offset = c.varint(70);
  h.size = c.varint(70);
  if (!c.ok)
    return makeError("bad block handle");
  return h;
}

/// A fifo, device or directory in place of a checkpoint file would hang the
/// read (no writer), never end (/dev/zero) or fail obscurely: refused by
/// name. A missing file is left to the open, which says so.
llvm::Error checkRegularFile(StringRef path) {
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status) || !llvm::sys::fs::exists(status) ||
      llvm::sys::fs::is_regular_file(status))
    return llvm::Error::success();
  return makeError("'" + path + "' is not a regular file");
}

std::string joinPath(StringRef dir, StringRef file) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, file);
  return std::string(p);
}

/// Resolves a directory's `checkpoint` file to a prefix.
llvm::Expected<std::string> resolveDirectory(StringRef dir) {
  std::string stateFile = joinPath(dir, "checkpoint");
  if (auto err = checkRegularFile(stateFile))
    return std::move(err);
  auto buf = llvm::MemoryBuffer::getFile(stateFile);
  if (!buf)
    return makeError("cannot open '" + stateFile +
                     "': " + buf.getError().message());
  StringRef path;
  bool found = false;
  for (StringRef line : llvm::split((*buf)->getBuffer(), '\n')) {
    line = line.trim();
    if (!line.consume_front("model_checkpoint_path:"))
      continue;
    line = line.trim();
    if (line.size() < 2 || !line.starts_with("\"") || !line.ends_with("\""))
      return makeError("'" + stateFile +
                       "': model_checkpoint_path is not a quoted string");
    path = line.drop_front().drop_back();
    found = true;
    break;
  }
  if (!found)
    return makeError("'" + stateFile + "' has no model_checkpoint_path");
  std::string candidate =
      llvm::sys::path::is_absolute(path) ? path.str() : joinPath(dir, path);
  if (llvm::sys::fs::exists(candidate + ".index"))
    return candidate;
  // The path may name the writer's machine (C:/.../model.ckpt): fall back to
  // its basename next to the `checkpoint` file.
  size_t slash = path.find_last_of("/\\");
  StringRef base = slash == StringRef::npos ? path : path.substr(slash + 1);
  return joinPath(dir, base);
}
} // namespace

llvm::Expected<CheckpointReader> CheckpointReader::open(StringRef prefixOrDir) {
  std::string prefix;
  if (llvm::sys::fs::is_directory(prefixOrDir)) {
    auto resolved = resolveDirectory(prefixOrDir);
    if (!resolved)
      return resolved.takeError();
    prefix = *resolved;
  } else {
    prefix = prefixOrDir.str();
    if (StringRef(prefix).ends_with(".index"))
      prefix.resize(prefix.size() - 6);
  }

  CheckpointReader reader;
  reader.prefix_ = prefix;
  IndexFile index;
  index.path = prefix + ".index";
  if (auto err = checkRegularFile(index.path))
    return std::move(err);
  auto buf = llvm::MemoryBuffer::getFile(index.path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return makeError("cannot open checkpoint index '" + index.path +
                     "': " + buf.getError().message());
  index.data = (*buf)->getBuffer();

  constexpr size_t kFooterSize = 48;
  constexpr uint64_t kMagic = 0xdb4775248b80fb57ull;
  if (index.data.size() < kFooterSize)
    return index.error("file is too short (" + llvm::Twine(index.data.size()) +
                       " bytes) to hold an SSTable footer");
  StringRef footer = index.data.take_back(kFooterSize);
  uint64_t magic = llvm::support::endian::read64le(footer.data() + 40);
  if (magic != kMagic)
    return index.error("bad footer magic " + hexString(magic, 16) +
                       ", expected 0xdb4775248b80fb57");
  Cursor fc(footer.take_front(40));
  auto metaHandle = decodeHandle(fc);
  if (!metaHandle)
    return index.error("bad metaindex handle in the footer");
  auto indexHandle = decodeHandle(fc);
  if (!indexHandle)
    return index.error("bad index handle in the footer");

  auto indexBlock = index.readBlock(*indexHandle);
  if (!indexBlock)
    return indexBlock.takeError();
  std::vector<std::pair<std::string, StringRef>> blockEntries;
  if (auto err =
          index.parseBlock(*indexBlock, indexHandle->offset, blockEntries))
    return std::move(err);

  std::vector<std::pair<std::string, StringRef>> entries;
  for (auto &[sep, value] : blockEntries) {
    Cursor hc(value);
    auto h = decodeHandle(hc);
    if (!h)
      return index.error("bad data block handle in the index block");
    auto block = index.readBlock(*h);
    if (!block)
      return block.takeError();
    if (auto err = index.parseBlock(*block, h->offset, entries))
      return std::move(err);
  }

  if (entries.empty() || !entries.front().first.empty())
    return index.error("the first entry is not the header (key \"\")");
  for (size_t i = 1; i < entries.size(); ++i)
    if (!(entries[i - 1].first < entries[i].first))
      return index.error("keys are not strictly increasing at '" +
                         entries[i].first + "'");

  if (!reader.header_.ParseFromArray(entries[0].second.data(),
                                     entries[0].second.size()))
    return index.error("cannot parse the BundleHeaderProto");
  const auto &header = reader.header_;
  if (header.num_shards() <= 0)
    return index.error("header has num_shards = " +
                       llvm::Twine(header.num_shards()));
  if (header.has_version()) {
    const auto &v = header.version();
    if (v.producer() < 0 || v.min_consumer() > 1 ||
        llvm::is_contained(v.bad_consumers(), 1))
      return index.error("unsupported bundle version (producer " +
                         llvm::Twine(v.producer()) + ", min_consumer " +
                         llvm::Twine(v.min_consumer()) + ")");
  }
  if (header.endianness() != tensorflow::BundleHeaderProto::LITTLE)
    return index.error("big-endian checkpoints are not supported");

  for (size_t i = 1; i < entries.size(); ++i) {
    tensorflow::BundleEntryProto entry;
    const auto &[key, value] = entries[i];
    if (!entry.ParseFromArray(value.data(), value.size()))
      return index.error("cannot parse the BundleEntryProto of '" + key + "'");
    reader.names_.push_back(key);
    reader.entries_.emplace(key, std::move(entry));
  }
  return std::move(reader);
}

const tensorflow::BundleEntryProto *
CheckpointReader::lookup(StringRef name) const {
  auto it = entries_.find(name);
  return it == entries_.end() ? nullptr : &it->second;
}

llvm::Expected<std::string>
CheckpointReader::readTensorBytes(StringRef name) const {
  const tensorflow::BundleEntryProto *entry = lookup(name);
  if (!entry)
    return makeError("checkpoint '" + prefix_ + "' has no tensor '" + name +
                     "'");
  if (entry->slices_size() > 0)
    return makeError("partitioned variable '" + name + "' is not supported");
  int dtype = entry->dtype();
  size_t elemSize = dtypeSize(dtype);
  if (elemSize == 0 && dtype != tensorflow::DT_STRING)
    return makeError("tensor '" + name + "' has unsupported dtype " +
                     dtypeName(dtype));
  int64_t n = numElements(entry->shape());
  if (n < 0) {
    bool known = !entry->shape().unknown_rank() &&
                 llvm::all_of(entry->shape().dim(),
                              [](const auto &dim) { return dim.size() >= 0; });
    return makeError(
        "tensor '" + name + "' has " +
        (known ? "more than 2^63 - 1 elements" : "an unknown shape"));
  }
  int64_t needed = 0;
  if (elemSize && llvm::MulOverflow(n, int64_t(elemSize), needed))
    return makeError("tensor '" + name + "' has " + llvm::Twine(n) + " " +
                     dtypeName(dtype) + " elements, more than 2^63 - 1 bytes");
  if (elemSize && entry->size() != needed)
    return makeError("tensor '" + name + "' has size " +
                     llvm::Twine(entry->size()) + " but " + llvm::Twine(n) +
                     " " + dtypeName(dtype) + " elements need " +
                     llvm::Twine(needed) + " bytes");
  if (entry->offset() < 0 || entry->size() < 0)
    return makeError("tensor '" + name + "' has a negative offset or size");
  if (entry->shard_id() < 0 || entry->shard_id() >= header_.num_shards())
    return makeError("tensor '" + name + "' names shard " +
                     llvm::Twine(entry->shard_id()) + " of " +
                     llvm::Twine(header_.num_shards()));

  std::string shard =
      prefix_ + ".data-" + llvm::formatv("{0:d5}", entry->shard_id()).str() +
      "-of-" + llvm::formatv("{0:d5}", header_.num_shards()).str();
  uint64_t fileSize = 0;
  if (std::error_code ec = llvm::sys::fs::file_size(shard, fileSize))
    return makeError("cannot open checkpoint data file '" + shard +
                     "': " + ec.message());
  if (auto err = checkRegularFile(shard))
    return std::move(err);
  uint64_t end = uint64_t(entry->offset()) + uint64_t(entry->size());
  if (end > fileSize)
    return makeError("checkpoint data file '" + shard +
                     "' is truncated: tensor '" + name + "' needs bytes [" +
                     llvm::Twine(entry->offset()) + ", " + llvm::Twine(end) +
                     ") but the file has " + llvm::Twine(fileSize) + " bytes");
  std::string bytes;
  if (entry->size() > 0) {
    auto buf =
        llvm::MemoryBuffer::getFileSlice(shard, entry->size(), entry->offset());
    if (!buf)
      return makeError("cannot read checkpoint data file '" + shard +
                       "': " + buf.getError().message());
    bytes = (*buf)->getBuffer().str();
  }
  // A string tensor's checksum covers its lengths as fixed-size integers,
  // not the varints on disk: readStringTensor checks it.
  if (entry->dtype() == tensorflow::DT_STRING)
    return bytes;
  uint32_t expected = unmaskCrc(entry->crc32c());
  uint32_t actual = crc32c(bytes);
  if (kEnforceChecksums && actual != expected)
    return makeError("CRC32C mismatch for tensor '" + name + "' in '" + shard +
                     "': computed " + hexString(actual, 8) + ", expected " +
                     hexString(expected, 8));
  return bytes;
}

llvm::Expected<std::vector<std::string>>
CheckpointReader::readStringTensor(StringRef name) const {
  const tensorflow::BundleEntryProto *entry = lookup(name);
  if (entry && entry->dtype() != tensorflow::DT_STRING)
    return makeError("tensor '" + name + "' is " + dtypeName(entry->dtype()) +
                     ", not string");
  auto bytes = readTensorBytes(name);
  if (!bytes)
    return bytes.takeError();
  int64_t n = numElements(entry->shape());
  auto bad = [&](const llvm::Twine &what) {
    return makeError("malformed string tensor '" + name + "': " + what);
  };
  Cursor c(*bytes);
  std::vector<uint64_t> lengths;
  uint32_t lengthCrc = 0;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t len = c.varint(70);
    if (!c.ok)
      return bad("truncated lengths");
    lengths.push_back(len);
    char le[8];
    if (len <= 0xFFFFFFFFull) {
      llvm::support::endian::write32le(le, uint32_t(len));
      lengthCrc = crc32c(StringRef(le, 4), lengthCrc);
    } else {
      llvm::support::endian::write64le(le, len);
      lengthCrc = crc32c(StringRef(le, 8), lengthCrc);
    }
  }
  if (c.left() < 4)
    return bad("missing the lengths checksum");
  uint32_t stored = unmaskCrc(readLE32(reinterpret_cast<const char *>(c.p)));
  if (kEnforceChecksums && stored != lengthCrc)
    return bad("lengths checksum mismatch: computed " +
               hexString(lengthCrc, 8) + ", stored " + hexString(stored, 8));
  // TensorFlow's entry checksum (WriteStringTensor): the lengths as above,
  // then the stored lengths checksum, then the string bytes.
  uint32_t entryCrc =
      crc32c(StringRef(reinterpret_cast<const char *>(c.p), 4), lengthCrc);
  c.p += 4;
  std::vector<std::string> out;
  for (uint64_t len : lengths) {
    if (len > c.left())
      return bad("string data is truncated");
    out.emplace_back(reinterpret_cast<const char *>(c.p), len);
    entryCrc = crc32c(out.back(), entryCrc);
    c.p += len;
  }
  if (c.left() != 0)
    return bad(llvm::Twine(c.left()) + " trailing bytes");
  uint32_t expected = unmaskCrc(entry->crc32c());
  if (kEnforceChecksums && entryCrc != expected)
    return makeError("CRC32C mismatch for tensor '" + name + "': computed " +
                     hexString(entryCrc, 8) + ", expected " +
                     hexString(expected, 8));
  return out;
}

llvm::Expected<std::map<int, std::string>>
CheckpointReader::readObjectGraphKeys() const {
  static constexpr llvm::StringLiteral kObjectGraphKey =
      "_CHECKPOINTABLE_OBJECT_GRAPH";
  std::map<int, std::string> keys;
  if (!lookup(kObjectGraphKey))
    return keys;
  auto strings = readStringTensor(kObjectGraphKey);
  if (!strings)
    return strings.takeError();
  tensorflow::TrackableObjectGraph graph;
  if (strings->size() != 1 ||
      !graph.ParseFromArray((*strings)[0].data(), (*strings)[0].size()))
    return llvm::createStringError(
        std::errc::invalid_argument,
        "checkpoint '%s': _CHECKPOINTABLE_OBJECT_GRAPH is not a "
        "TrackableObjectGraph",
        prefix_.c_str());
  for (int id = 0; id < graph.nodes_size(); ++id)
    for (const auto &attribute : graph.nodes(id).attributes())
      if (attribute.name() == "VARIABLE_VALUE")
        keys[id] = attribute.checkpoint_key();
  return keys;
}
