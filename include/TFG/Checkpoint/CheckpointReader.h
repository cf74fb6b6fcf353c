//===- CheckpointReader.h - TensorFlow V2 checkpoint reader -----*- C++ -*-===//
//
// Reads a TensorFlow V2 checkpoint ("tensor bundle"): the `<prefix>.index`
// SSTable (LevelDB table format, parsed here without LevelDB) that maps
// tensor names to BundleEntryProto, and the `<prefix>.data-NNNNN-of-NNNNN`
// shards that hold the tensor bytes. Every block and every tensor is checked
// against its masked CRC32C. See docs/checkpoint-format.md in the shared docs.
//
// Snappy-compressed index blocks are decompressed (libsnappy). Not supported
// (reported as errors): partitioned (sliced) variables, big-endian bundles,
// DT_VARIANT tensors.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CHECKPOINT_CHECKPOINTREADER_H
#define TFG_CHECKPOINT_CHECKPOINTREADER_H

#include "tensor_bundle.pb.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tfg::checkpoint {

/// CRC-32C (Castagnoli) of `data`, continuing from the unmasked `crc`.
uint32_t crc32c(llvm::StringRef data, uint32_t crc = 0);
/// LevelDB/TensorFlow CRC masking.
uint32_t maskCrc(uint32_t crc);
uint32_t unmaskCrc(uint32_t masked);

/// Byte size of one element of `dtype` in a bundle, or 0 when the dtype has
/// no fixed-size layout (string, variant, resource, unknown).
size_t dtypeSize(int dtype);
/// "float", "int32", ...; "DT_<number>" for dtypes without a name here.
std::string dtypeName(int dtype);
/// Number of elements of `shape` (1 for a scalar); -1 for an unknown shape
/// and for one of more than 2^63 - 1 elements.
int64_t numElements(const tensorflow::TensorShapeProto &shape);

class CheckpointReader {
public:
  /// Opens `prefixOrDir`: a checkpoint prefix (`model.ckpt`, also accepted
  /// with `.index`), or a directory whose `checkpoint` file names the latest
  /// checkpoint. Reads and checks the whole index.
  static llvm::Expected<CheckpointReader> open(llvm::StringRef prefixOrDir);

  /// The prefix actually opened (`dir/model.ckpt`).
  llvm::StringRef prefix() const { return prefix_; }
  const tensorflow::BundleHeaderProto &header() const { return header_; }
  /// The tensor names, sorted bytewise (the header entry is not included).
  llvm::ArrayRef<std::string> names() const { return names_; }
  /// The entry of `name`, or null.
  const tensorflow::BundleEntryProto *lookup(llvm::StringRef name) const;

  /// The stored bytes of tensor `name`, checked against the entry's CRC32C.
  /// For numeric dtypes: raw little-endian elements in row-major order,
  /// exactly numElements * dtypeSize bytes. For DT_STRING: the bundle's
  /// string layout, not checked here (its checksum covers the lengths as
  /// fixed-size integers: readStringTensor decodes and checks it).
  llvm::Expected<std::string> readTensorBytes(llvm::StringRef name) const;

  /// The elements of the DT_STRING tensor `name`.
  llvm::Expected<std::vector<std::string>>
  readStringTensor(llvm::StringRef name) const;

  /// A TF2 checkpoint's object graph (`_CHECKPOINTABLE_OBJECT_GRAPH`): the
  /// key each object's variable value is saved under, by object id (the ids
  /// of the SavedModel's SavedObjectGraph). Empty for a TF1 checkpoint; an
  /// error when the entry is there but not a TrackableObjectGraph.
  llvm::Expected<std::map<int, std::string>> readObjectGraphKeys() const;

private:
  std::string prefix_;
  tensorflow::BundleHeaderProto header_;
  std::vector<std::string> names_;
  std::map<std::string, tensorflow::BundleEntryProto, std::less<>> entries_;
};

} // namespace tfg::checkpoint

#endif // TFG_CHECKPOINT_CHECKPOINTREADER_H
