//===- TFJSImporter.cpp - TensorFlow.js graph model -> tfg.graph ----------===//
//
// A TensorFlow.js graph model is a model.json holding the GraphDef as proto3
// JSON (`modelTopology`) and a manifest of weight groups whose bytes live in
// shard files next to it. The converter strips every Const's value from the
// graph and stores it in the shards, possibly quantized; here each weight is
// decoded the way tfjs-core's decodeWeight does and put back into its Const,
// and the GraphDef then goes through the common importer.
//
//===----------------------------------------------------------------------===//

#include "TFJSImporter.h"

#include "GraphDefImporter.h"
#include "NodeConversion.h"

#include "TFG/Dialect/IR/DataType.h"
#include "TFG/ImportExport/Diagnostics.h"
#include "TFG/ImportExport/OpRegistry.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <google/protobuf/util/json_util.h>

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;
namespace json = llvm::json;
namespace endian = llvm::support::endian;

namespace {
/// One entry of the weights manifest.
struct WeightSpec {
  std::string name;
  SmallVector<int64_t> shape;
  int64_t numElements = 0;
  /// The dtype after dequantization: float32, int32, bool, complex64, string.
  std::string dtype;
  /// uint8, uint16, float16, or empty when stored as is.
  std::string quantization;
  double scale = 0, min = 0;
};

/// One group of the manifest: shard files whose concatenation holds the
/// weights back to back, from offset 0.
struct WeightGroup {
  SmallVector<std::string> paths;
  std::vector<WeightSpec> weights;
};

class TFJSReader {
public:
  TFJSReader(StringRef jsonPath, MLIRContext *context)
      : jsonPath(jsonPath), context(context) {}

  LogicalResult read(StringRef text, ModuleOp module,
                     const ImportOptions &options);

private:
  InFlightDiagnostic fileError() {
    return emitError(FileLineColLoc::get(context, jsonPath, 0, 0));
  }
  InFlightDiagnostic nodeError(StringRef node) {
    return emitError(getNodeLocation(context, jsonPath, node));
  }

  LogicalResult parseManifest(const json::Value *manifest,
                              std::vector<WeightGroup> &groups);
  LogicalResult parseWeightSpec(const json::Value &value,
                                const std::string &where, WeightSpec &spec);
  LogicalResult readGroup(const WeightGroup &group, unsigned index);
  LogicalResult setWeight(const WeightSpec &spec, StringRef data);
  LogicalResult checkConstHasValue(const tensorflow::NodeDef &node);
  LogicalResult recordMetadata(const json::Object &root, ModuleOp module);

  StringRef jsonPath;
  MLIRContext *context;
  tensorflow::GraphDef graph;
  llvm::StringMap<tensorflow::NodeDef *> nodes;
  llvm::StringSet<> weightNames;
};
} // namespace

//===----------------------------------------------------------------------===//
// Element decoding (tfjs-core io_utils.ts decodeWeight)
//===----------------------------------------------------------------------===//

/// Bytes per stored element; 0 for variable-sized strings.
static unsigned storedElementSize(const WeightSpec &spec) {
  StringRef stored = spec.quantization.empty() ? spec.dtype : spec.quantization;
  return llvm::StringSwitch<unsigned>(stored)
      .Cases({"float32", "int32"}, 4)
      .Cases({"bool", "uint8"}, 1)
      .Cases({"uint16", "float16"}, 2)
      .Case("complex64", 8)
      .Default(0);
}

/// The DataType of a manifest dtype.
static int manifestDataType(StringRef dtype) {
  return llvm::StringSwitch<int>(dtype)
      .Case("float32", DT_FLOAT)
      .Case("int32", DT_INT32)
      .Case("bool", DT_BOOL)
      .Case("complex64", DT_COMPLEX64)
      .Case("string", DT_STRING)
      .Default(DT_INVALID);
}

/// IEEE binary16 -> binary32, exact (subnormals, infinities, NaN payloads),
/// as tfjs's table-driven float16 decoder gives.
static uint32_t halfToFloatBits(uint16_t half) {
  uint32_t sign = uint32_t(half & 0x8000) << 16;
  uint32_t exponent = (half >> 10) & 0x1f;
  uint32_t mantissa = half & 0x3ff;
  if (exponent == 0x1f)
    return sign | 0x7f800000 | (mantissa << 13);
  if (exponent != 0)
    return sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  if (mantissa == 0)
    return sign;
  // Subnormal half: normalize (every one is a normal float).
  exponent = 127 - 15 + 1;
  while (!(mantissa & 0x400)) {
    mantissa <<= 1;
    --exponent;
  }
  return sign | (exponent << 23) | ((mantissa & 0x3ff) << 13);
}

/// JavaScript's Math.round (ties toward +infinity) stored into an
/// Int32Array (ToInt32: NaN and infinities give 0, else modulo 2^32).
static int32_t jsRoundToInt32(double x) {
  if (!std::isfinite(x))
    return 0;
  double rounded = std::floor(x);
  if (x - rounded >= 0.5)
    rounded += 1;
  double wrapped = std::fmod(rounded, 4294967296.0);
  if (wrapped < 0)
    wrapped += 4294967296.0;
  return static_cast<int32_t>(static_cast<uint32_t>(wrapped));
}

/// The weight's values as tensor_content of its manifest dtype, dequantized
/// exactly as TF.js does: `q * scale + min` in double precision, then
/// rounded to float32 (a Float32Array store) or Math.round-ed for int32.
static std::string decodeNumeric(const WeightSpec &spec, StringRef data) {
  if (spec.quantization.empty())
    return data.str();
  int64_t n = spec.numElements;
  std::string out(n * 4, '\0');
  auto quantized = [&](int64_t i) -> uint32_t {
    if (spec.quantization == "uint8")
      return static_cast<uint8_t>(data[i]);
    return endian::read16le(data.data() + 2 * i);
  };
  if (spec.quantization == "float16") {
    for (int64_t i = 0; i < n; ++i)
      endian::write32le(out.data() + 4 * i,
                        halfToFloatBits(endian::read16le(data.data() + 2 * i)));
    return out;
  }
  for (int64_t i = 0; i < n; ++i) {
    // Two statements, so that the compiler cannot fuse them into an FMA,
    // which JavaScript never does.
    double scaled = static_cast<double>(quantized(i)) * spec.scale;
    double value = scaled + spec.min;
    uint32_t bits = spec.dtype == "int32"
                        ? jsRoundToInt32(value)
                        : llvm::bit_cast<uint32_t>(static_cast<float>(value));
    endian::write32le(out.data() + 4 * i, bits);
  }
  return out;
}

/// Whether a weight stored as `from` may fill a Const of dtype `to`: the
/// converter writes int64, float64, float16 and complex128 values as int32,
/// float32 and complex64 but leaves the graph's dtype as it was.
static bool isConvertible(int from, int to) {
  return from == to || (from == DT_INT32 && to == DT_INT64) ||
         (from == DT_FLOAT && (to == DT_DOUBLE || to == DT_HALF)) ||
         (from == DT_COMPLEX64 && to == DT_COMPLEX128);
}

/// Converts tensor_content of dtype `from` to dtype `to` (isConvertible).
static std::string convertContent(std::string content, int from, int to) {
  if (from == to)
    return content;
  // int32 or float32 values, or the float32 halves of complex64 values.
  size_t n = content.size() / 4;
  std::string out(n * (to == DT_HALF ? 2 : 8), '\0');
  for (size_t i = 0; i < n; ++i) {
    uint32_t bits = endian::read32le(content.data() + 4 * i);
    if (from == DT_INT32) {
      endian::write64le(out.data() + 8 * i,
                        static_cast<int64_t>(static_cast<int32_t>(bits)));
      continue;
    }
    float value = llvm::bit_cast<float>(bits);
    if (to == DT_HALF) {
      llvm::APFloat half(value);
      bool lost;
      half.convert(llvm::APFloat::IEEEhalf(),
                   llvm::APFloat::rmNearestTiesToEven, &lost);
      endian::write16le(out.data() + 2 * i,
                        half.bitcastToAPInt().getZExtValue());
    } else {
      endian::write64le(out.data() + 8 * i,
                        llvm::bit_cast<uint64_t>(static_cast<double>(value)));
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Manifest
//===----------------------------------------------------------------------===//

static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  return s + "]";
}

LogicalResult TFJSReader::parseWeightSpec(const json::Value &value,
                                          const std::string &where,
                                          WeightSpec &spec) {
  const json::Object *entry = value.getAsObject();
  std::optional<StringRef> name =
      entry ? entry->getString("name") : std::nullopt;
  if (!name || name->empty())
    return fileError() << where << " has no weight name";
  spec.name = name->str();
  std::string what = where + " ('" + spec.name + "')";

  const json::Array *shape = entry->getArray("shape");
  if (!shape)
    return fileError() << what << ": 'shape' is missing or not an array";
  bool hasZero = false;
  for (const json::Value &dim : *shape) {
    std::optional<int64_t> size = dim.getAsInteger();
    if (!size || *size < 0)
      return fileError() << what << ": 'shape' must hold non-negative integers";
    spec.shape.push_back(*size);
    hasZero |= *size == 0;
  }
  // With a zero dimension the others may be anything.
  spec.numElements = hasZero ? 0 : 1;
  for (int64_t size : spec.shape) {
    std::optional<int64_t> product = llvm::checkedMul(spec.numElements, size);
    if (!product)
      return fileError() << what << ": shape " << formatShape(spec.shape)
                         << " has too many elements";
    spec.numElements = *product;
  }

  std::optional<StringRef> dtype = entry->getString("dtype");
  if (!dtype || manifestDataType(*dtype) == DT_INVALID)
    return fileError() << what << ": unsupported dtype '" << dtype.value_or("")
                       << "' (expected float32, int32, "
                       << "bool, complex64 or string)";
  spec.dtype = dtype->str();

  const json::Value *quantValue = entry->get("quantization");
  if (!quantValue || quantValue->getAsNull())
    return success();
  const json::Object *quant = quantValue->getAsObject();
  std::optional<StringRef> quantDtype =
      quant ? quant->getString("dtype") : std::nullopt;
  if (!quantDtype)
    return fileError() << what << ": 'quantization' has no dtype";
  spec.quantization = quantDtype->str();
  if (*quantDtype == "float16") {
    if (*dtype != "float32")
      return fileError() << what << ": float16 quantization applies to "
                         << "float32 weights only, not " << *dtype;
    return success();
  }
  if (*quantDtype != "uint8" && *quantDtype != "uint16")
    return fileError() << what << ": unsupported quantization dtype '"
                       << *quantDtype
                       << "' (expected uint8, uint16 or float16)";
  if (*dtype != "float32" && *dtype != "int32")
    return fileError() << what << ": " << *quantDtype
                       << " quantization applies to float32 and int32 "
                       << "weights only, not " << *dtype;
  std::optional<double> scale = quant->getNumber("scale");
  std::optional<double> min = quant->getNumber("min");
  if (!scale || !min)
    return fileError() << what << ": " << *quantDtype
                       << " quantization needs numbers 'scale' and 'min'";
  spec.scale = *scale;
  spec.min = *min;
  return success();
}

/// Whether a shard path stays in the model's folder, judged on the text
/// alone, before anything is opened: a model.json must not make TFG read
/// (or reveal the size of) a file it does not ship. Symbolic links inside
/// the folder are followed: weight caches link shards to shared blobs.
static bool isInsideModelFolder(StringRef path) {
  if (path.contains('\0') || llvm::sys::path::is_absolute(path))
    return false;
  return llvm::none_of(llvm::make_range(llvm::sys::path::begin(path),
                                        llvm::sys::path::end(path)),
                       [](StringRef component) { return component == ".."; });
}

LogicalResult TFJSReader::parseManifest(const json::Value *manifest,
                                        std::vector<WeightGroup> &groups) {
  // A model without Consts has no weights to list.
  if (!manifest || manifest->getAsNull())
    return success();
  const json::Array *array = manifest->getAsArray();
  if (!array)
    return fileError() << "'weightsManifest' is not an array";
  for (auto [g, groupValue] : llvm::enumerate(*array)) {
    std::string where = "weightsManifest[" + std::to_string(g) + "]";
    const json::Object *object = groupValue.getAsObject();
    const json::Array *paths = object ? object->getArray("paths") : nullptr;
    const json::Array *weights = object ? object->getArray("weights") : nullptr;
    if (!paths || !weights)
      return fileError() << where << " needs arrays 'paths' and 'weights'";
    WeightGroup &group = groups.emplace_back();
    for (auto [p, path] : llvm::enumerate(*paths)) {
      std::optional<StringRef> s = path.getAsString();
      if (!s || s->empty())
        return fileError() << where
                           << ".paths holds a non-string or empty shard path";
      if (!isInsideModelFolder(*s))
        return fileError() << where << ".paths[" << p << "] '" << *s
                           << "' leaves the model folder: shard paths must "
                              "be relative, without '..'";
      group.paths.push_back(s->str());
    }
    for (auto [w, weight] : llvm::enumerate(*weights)) {
      WeightSpec &spec = group.weights.emplace_back();
      if (failed(parseWeightSpec(
              weight, where + ".weights[" + std::to_string(w) + "]", spec)))
        return failure();
      if (!weightNames.insert(spec.name).second)
        return fileError() << "weight '" << spec.name
                           << "' appears twice in the weights manifest";
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Weights
//===----------------------------------------------------------------------===//

LogicalResult TFJSReader::setWeight(const WeightSpec &spec, StringRef data) {
  int stored = manifestDataType(spec.dtype);
  tensorflow::NodeDef *node = nodes.lookup(spec.name);
  if (!node) {
    // Some converters list weights whose Const is not in the topology.
    node = graph.add_node();
    node->set_name(spec.name);
    node->set_op("Const");
    (*node->mutable_attr())["dtype"].set_type(
        static_cast<tensorflow::DataType>(stored));
    nodes[spec.name] = node;
  }
  if (node->op() != "Const")
    return nodeError(spec.name) << "(" << node->op()
                                << ") is named by a weight, but only Const "
                                   "nodes take weights";
  // The weight is decoded by the Const's attrs: they must be of their kinds
  // first (as the GraphDef importer checks every node).
  if (failed(checkNodeAttrs(*node, *lookupOpDef("Const"), [&] {
        return nodeError(spec.name) << "(Const) ";
      })))
    return failure();
  auto &attrs = *node->mutable_attr();
  tensorflow::AttrValue &value = attrs["value"];
  // The Const's dtype (checkNodeAttrs has checked that its value tensor, if
  // any, agrees), else its value's, else the manifest's.
  int valueDtype = value.has_tensor() ? value.tensor().dtype() : DT_INVALID;
  int dtype = valueDtype != DT_INVALID ? valueDtype : stored;
  auto dtypeIt = attrs.find("dtype");
  if (dtypeIt != attrs.end())
    dtype = dtypeIt->second.type();
  if (!isConvertible(stored, dtype))
    return nodeError(spec.name)
           << "(Const) has dtype " << dataTypeName(dtype)
           << ", but its weight in the manifest is " << spec.dtype;
  if (value.has_tensor() && value.tensor().has_tensor_shape() &&
      !value.tensor().tensor_shape().unknown_rank()) {
    const auto &dims = value.tensor().tensor_shape().dim();
    bool same = dims.size() == static_cast<int>(spec.shape.size());
    for (int i = 0; same && i < dims.size(); ++i)
      same = dims[i].size() == -1 || dims[i].size() == spec.shape[i];
    if (!same) {
      SmallVector<int64_t> graphShape;
      for (const auto &dim : dims)
        graphShape.push_back(dim.size());
      return nodeError(spec.name)
             << "(Const) has shape " << formatShape(graphShape)
             << ", but its weight in the manifest has shape "
             << formatShape(spec.shape);
    }
  }

  attrs["dtype"].set_type(static_cast<tensorflow::DataType>(dtype));
  tensorflow::TensorProto *tensor = value.mutable_tensor();
  tensor->Clear();
  tensor->set_dtype(static_cast<tensorflow::DataType>(dtype));
  for (int64_t size : spec.shape)
    tensor->mutable_tensor_shape()->add_dim()->set_size(size);
  if (stored == DT_STRING) {
    // Each element: uint32 little-endian byte length, then the bytes (the
    // caller checked that they are all there).
    size_t offset = 0;
    for (int64_t i = 0; i < spec.numElements; ++i) {
      uint32_t length = endian::read32le(data.data() + offset);
      tensor->add_string_val(data.data() + offset + 4, length);
      offset += 4 + length;
    }
    return success();
  }
  // Built once and moved into the op by the GraphDef importer.
  *tensor->mutable_tensor_content() =
      convertContent(decodeNumeric(spec, data), stored, dtype);
  return success();
}

/// Bytes the weight takes at the start of `rest`; none if it cannot fit.
static std::optional<uint64_t> storedByteSize(const WeightSpec &spec,
                                              StringRef rest) {
  if (unsigned elementSize = storedElementSize(spec)) {
    std::optional<int64_t> size =
        llvm::checkedMul<int64_t>(spec.numElements, elementSize);
    if (!size)
      return std::nullopt;
    return *size;
  }
  // Strings: walk the length prefixes.
  uint64_t size = 0;
  for (int64_t i = 0; i < spec.numElements; ++i) {
    if (rest.size() - size < 4)
      return std::nullopt;
    size += 4 + endian::read32le(rest.data() + size);
    if (size > rest.size())
      return std::nullopt;
  }
  return size;
}

/// "shard 'a' of weightsManifest[0] holds" / "shards 'a', 'b' of ...
/// hold": the start of a diagnostic about a group's shards.
static std::string describeShards(const WeightGroup &group, unsigned index) {
  bool one = group.paths.size() == 1;
  return (one ? "weight shard '" : "weight shards '") +
         llvm::join(group.paths, "', '") + "' of weightsManifest[" +
         std::to_string(index) + (one ? "] holds " : "] hold ");
}

LogicalResult TFJSReader::readGroup(const WeightGroup &group, unsigned index) {
  if (group.weights.empty())
    return success();
  // "weight 'w' (...) runs past the end of the shards": a weight that does
  // not fit in the `total` bytes of the group's shards.
  auto runsPast = [&](const WeightSpec &spec, uint64_t offset,
                      std::optional<uint64_t> size, uint64_t total) {
    auto diag = fileError();
    diag << "weight '" << spec.name << "' (" << spec.dtype << " "
         << formatShape(spec.shape);
    if (!spec.quantization.empty())
      diag << " stored as " << spec.quantization;
    diag << ") runs past the end of the shards of weightsManifest[" << index
         << "]: it starts at byte " << offset;
    if (size)
      diag << " and needs " << *size << " bytes";
    diag << ", but ";
    if (group.paths.empty())
      diag << "the group lists no shard";
    else if (group.paths.size() == 1)
      diag << "shard '" << group.paths.front() << "' holds only " << total
           << " bytes";
    else
      diag << "shards '" << llvm::join(group.paths, "', '") << "' hold only "
           << total << " bytes";
    return diag;
  };
  // Where each weight starts and how long it is, as far as the manifest
  // says (a string weight's length is in the shards): checked against the
  // files' sizes before they are read.
  SmallVector<std::pair<uint64_t, uint64_t>> extents;
  std::optional<uint64_t> expected = 0;
  for (const WeightSpec &spec : group.weights) {
    unsigned elementSize = storedElementSize(spec);
    std::optional<int64_t> size =
        elementSize ? llvm::checkedMul<int64_t>(spec.numElements, elementSize)
                    : std::nullopt;
    std::optional<int64_t> end =
        size ? llvm::checkedAdd<int64_t>(*expected, *size) : std::nullopt;
    if (!end) {
      expected.reset();
      break;
    }
    extents.push_back({*expected, *size});
    expected = *end;
  }

  SmallString<256> dir = llvm::sys::path::parent_path(jsonPath);
  std::vector<std::string> fullPaths;
  uint64_t total = 0;
  for (auto [i, path] : llvm::enumerate(group.paths)) {
    SmallString<256> joinedPath = dir;
    llvm::sys::path::append(joinedPath, path);
    const std::string &full = fullPaths.emplace_back(joinedPath.str());
    auto cannotRead = [&, i = i]() {
      return fileError() << "cannot read weight shard '" << full << "' (shard "
                         << i + 1 << " of " << group.paths.size()
                         << " of weightsManifest[" << index
                         << "], whose first weight is '"
                         << group.weights.front().name << "'): ";
    };
    // A FIFO or device would block or never end: only files are read.
    llvm::sys::fs::file_status status;
    if (std::error_code ec = llvm::sys::fs::status(full, status))
      return cannotRead() << ec.message();
    if (!llvm::sys::fs::is_regular_file(status))
      return cannotRead() << "not a regular file";
    total += status.getSize();
  }
  if (expected && total < *expected) {
    for (auto [spec, extent] : llvm::zip(group.weights, extents))
      if (extent.first + extent.second > total)
        return runsPast(spec, extent.first, extent.second, total)
               << " (the manifest's weights take " << *expected << ")";
  }
  // Bytes no weight reads mean the manifest and the shards disagree (a
  // shard of another model, a truncated manifest).
  auto tooLong = [&](uint64_t used) {
    bool one = group.paths.size() == 1;
    return fileError() << (one ? "weight shard '" : "weight shards '")
                       << llvm::join(group.paths, "', '")
                       << "' of weightsManifest[" << index
                       << (one ? "] holds " : "] hold ") << total
                       << " bytes, but the manifest's weights take " << used;
  };
  if (expected && total > *expected)
    return tooLong(*expected);

  // The group's bytes: its one shard as mapped, or all of them copied
  // together (a weight may straddle two shards).
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> shards;
  for (auto [i, full] : llvm::enumerate(fullPaths)) {
    auto buffer = llvm::MemoryBuffer::getFile(full, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!buffer)
      return fileError() << "cannot read weight shard '" << full << "' (shard "
                         << i + 1 << " of " << group.paths.size()
                         << " of weightsManifest[" << index
                         << "], whose first weight is '"
                         << group.weights.front().name
                         << "'): " << buffer.getError().message();
    shards.push_back(std::move(*buffer));
  }
  std::string joined;
  StringRef bytes;
  if (shards.size() == 1) {
    bytes = shards.front()->getBuffer();
  } else {
    for (const auto &shard : shards)
      joined += shard->getBuffer();
    bytes = joined;
  }
  // The files may have changed since their sizes were taken.
  total = bytes.size();

  uint64_t offset = 0;
  for (const WeightSpec &spec : group.weights) {
    uint64_t available = bytes.size() - offset;
    std::optional<uint64_t> size =
        storedByteSize(spec, bytes.drop_front(offset));
    if (!size || *size > available)
      return runsPast(spec, offset, size, bytes.size());
    if (failed(setWeight(spec, bytes.substr(offset, *size))))
      return failure();
    offset += *size;
  }
  if (offset != bytes.size())
    return tooLong(offset);
  return success();
}

/// True if the TensorProto carries values (and not just dtype and shape).
static bool hasValues(const tensorflow::TensorProto &tensor) {
  std::vector<const google::protobuf::FieldDescriptor *> fields;
  tensor.GetReflection()->ListFields(tensor, &fields);
  return llvm::any_of(fields, [](const google::protobuf::FieldDescriptor *f) {
    return f->number() != tensorflow::TensorProto::kDtypeFieldNumber &&
           f->number() != tensorflow::TensorProto::kTensorShapeFieldNumber &&
           f->number() != tensorflow::TensorProto::kVersionNumberFieldNumber;
  });
}

/// The converter moves every Const's value into the manifest: a Const left
/// without one has lost its value (TensorFlow would silently read zeros).
LogicalResult TFJSReader::checkConstHasValue(const tensorflow::NodeDef &node) {
  if (node.op() != "Const" || weightNames.contains(node.name()))
    return success();
  auto it = node.attr().find("value");
  if (it == node.attr().end() || !it->second.has_tensor())
    return success(); // The GraphDef importer reports the missing attr.
  const tensorflow::TensorProto &tensor = it->second.tensor();
  bool empty = llvm::any_of(tensor.tensor_shape().dim(),
                            [](const auto &dim) { return dim.size() == 0; });
  if (!empty && !hasValues(tensor))
    return nodeError(node.name())
           << "(Const) has no value: the weights manifest has no weight of "
              "that name";
  return success();
}

//===----------------------------------------------------------------------===//
// model.json
//===----------------------------------------------------------------------===//

/// A signature tensor name with its output index ("scores" -> "scores:0").
static std::string withOutputIndex(StringRef name) {
  size_t colon = name.rfind(':');
  if (colon != StringRef::npos) {
    StringRef digits = name.drop_front(colon + 1);
    if (!digits.empty() && llvm::all_of(digits, llvm::isDigit))
      return name.str();
  }
  return (name + ":0").str();
}

/// Records the signature as tfg.signature (as for SavedModels) and the
/// converter's provenance strings.
LogicalResult TFJSReader::recordMetadata(const json::Object &root,
                                         ModuleOp module) {
  Builder b(context);
  for (auto [key, attr] :
       {std::pair<StringRef, StringRef>{"generatedBy", "tfg.tfjs_generated_by"},
        {"convertedBy", "tfg.tfjs_converted_by"}}) {
    const json::Value *value = root.get(key);
    if (!value || value->getAsNull())
      continue;
    std::optional<StringRef> s = value->getAsString();
    if (!s)
      return fileError() << "'" << key << "' is not a string";
    module->setAttr(attr, b.getStringAttr(*s));
  }

  const json::Value *signature = root.get("signature");
  if (!signature || signature->getAsNull())
    return success();
  const json::Object *object = signature->getAsObject();
  if (!object)
    return fileError() << "'signature' is not an object";
  SmallVector<NamedAttribute> sides[2];
  const StringRef sideNames[] = {"inputs", "outputs"};
  for (auto [side, tensors] : llvm::zip(sideNames, sides)) {
    if (const json::Value *map = object->get(side)) {
      const json::Object *mapObject = map->getAsObject();
      if (!mapObject)
        return fileError() << "signature." << side << " is not an object";
      for (const auto &[key, info] : *mapObject) {
        const json::Object *infoObject = info.getAsObject();
        std::optional<StringRef> name =
            infoObject ? infoObject->getString("name") : std::nullopt;
        if (!name || name->empty())
          return fileError() << "signature." << side << "." << key.str()
                             << " has no tensor name";
        tensors.emplace_back(b.getStringAttr(key.str()),
                             b.getStringAttr(withOutputIndex(*name)));
      }
    }
  }
  // model.json does not keep the signature's key; the converter exports
  // serving_default unless told otherwise.
  setSignatureAttr(module, "serving_default", sides[0], sides[1]);
  return success();
}

/// Whether JSON text nests arrays and objects deeper than `limit` (strings
/// skipped). llvm::json parses and destroys values recursively: garbage
/// nested a million deep would exhaust the stack.
static bool nestsDeeperThan(StringRef text, unsigned limit) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit)
        return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

LogicalResult TFJSReader::read(StringRef text, ModuleOp module,
                               const ImportOptions &options) {
  // Real models nest about ten deep.
  constexpr unsigned kMaxDepth = 1000;
  if (nestsDeeperThan(text, kMaxDepth))
    return fileError() << "not a valid TensorFlow.js model.json: arrays and "
                          "objects nest more than "
                       << kMaxDepth << " deep";
  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed)
    return fileError() << "not a valid TensorFlow.js model.json: malformed "
                          "JSON: "
                       << llvm::toString(parsed.takeError());
  json::Object *root = parsed->getAsObject();
  if (!root)
    return fileError() << "not a valid TensorFlow.js model.json: the JSON is "
                          "not an object";
  if (const json::Value *format = root->get("format")) {
    std::optional<StringRef> s = format->getAsString();
    if (!s || *s != "graph-model")
      return fileError() << "'format' is "
                         << (s ? "'" + s->str() + "'" : "not a string")
                         << ": only TensorFlow.js graph models "
                            "('graph-model') can be imported";
  }
  json::Object *topology = root->getObject("modelTopology");
  if (!topology)
    return fileError() << "not a TensorFlow.js graph model: 'modelTopology' "
                          "is missing or not an object";
  if (topology->get("class_name"))
    return fileError() << "'modelTopology' is a Keras model (a layers "
                          "model): only graph models can be imported";
  // Its initializer graph fills hash tables before the model runs; it would
  // have to become part of the graph.
  if (const json::Object *init = root->getObject("modelInitializer")) {
    const json::Array *initNodes = init->getArray("node");
    if (initNodes && !initNodes->empty())
      return fileError() << "'modelInitializer' (an initialization graph) is "
                            "not supported";
  }

  {
    std::string topologyText;
    llvm::raw_string_ostream os(topologyText);
    os << json::Value(std::move(*topology));
    google::protobuf::util::JsonParseOptions parseOptions;
    parseOptions.ignore_unknown_fields = true;
    auto status = google::protobuf::util::JsonStringToMessage(
        topologyText, &graph, parseOptions);
    if (!status.ok())
      return fileError() << "'modelTopology' is not a valid GraphDef: "
                         << status.message().as_string();
  }
  // Weights name Consts of the graph and of function bodies (the converter
  // renames those to "<function>/<const>").
  for (tensorflow::NodeDef &node : *graph.mutable_node())
    nodes.try_emplace(node.name(), &node);
  if (graph.has_library())
    for (auto &function : *graph.mutable_library()->mutable_function())
      for (tensorflow::NodeDef &node : *function.mutable_node_def())
        nodes.try_emplace(node.name(), &node);

  std::vector<WeightGroup> groups;
  if (failed(parseManifest(root->get("weightsManifest"), groups)))
    return failure();
  for (auto [index, group] : llvm::enumerate(groups))
    if (failed(readGroup(group, index)))
      return failure();
  for (const tensorflow::NodeDef &node : graph.node())
    if (failed(checkConstHasValue(node)))
      return failure();
  for (const auto &function : graph.library().function())
    for (const tensorflow::NodeDef &node : function.node_def())
      if (failed(checkConstHasValue(node)))
        return failure();
  if (failed(recordMetadata(*root, module)))
    return failure();
  return importGraphDef(graph, module, jsonPath, options);
}

LogicalResult tfg::importTFJSModel(StringRef jsonPath, StringRef json,
                                   ModuleOp module,
                                   const ImportOptions &options) {
  return TFJSReader(jsonPath, module.getContext()).read(json, module, options);
}
