//===- AttrConversion.cpp - AttrValue <-> MLIR attributes -----------------===//

#include "AttrConversion.h"

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"

#include <cstring>

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Types and shapes
//===----------------------------------------------------------------------===//

Type tfg::importDataType(int dtype, MLIRContext *context, std::string &error) {
  Type type = dataTypeToType(context, dtype);
  if (!type)
    error = "invalid dtype " + std::to_string(dtype);
  return type;
}

Attribute tfg::importShape(const tensorflow::TensorShapeProto &shape,
                           MLIRContext *context) {
  if (shape.unknown_rank())
    return ShapeAttr::get(context, {}, /*unranked=*/true);
  SmallVector<int64_t> dims;
  dims.reserve(shape.dim_size());
  for (const auto &dim : shape.dim())
    dims.push_back(dim.size());
  return ShapeAttr::get(context, dims, /*unranked=*/false);
}

void tfg::exportShape(Attribute attr, tensorflow::TensorShapeProto &proto) {
  auto shape = cast<ShapeAttr>(attr);
  if (shape.getUnranked()) {
    proto.set_unknown_rank(true);
    return;
  }
  for (int64_t dim : shape.getDims())
    proto.add_dim()->set_size(dim);
}

Type tfg::getTensorType(const tensorflow::TensorShapeProto &shape,
                        Type elementType) {
  if (shape.unknown_rank())
    return UnrankedTensorType::get(elementType);
  SmallVector<int64_t> dims;
  for (const auto &dim : shape.dim())
    dims.push_back(dim.size() < 0 ? ShapedType::kDynamic : dim.size());
  return RankedTensorType::get(dims, elementType);
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

/// DataTypes whose values MLIR's dense elements hold exactly.
static bool isDenseDType(int dtype) {
  switch (dtype) {
  case DT_FLOAT:
  case DT_DOUBLE:
  case DT_INT32:
  case DT_UINT8:
  case DT_INT16:
  case DT_INT8:
  case DT_COMPLEX64:
  case DT_INT64:
  case DT_BOOL:
  case DT_BFLOAT16:
  case DT_UINT16:
  case DT_COMPLEX128:
  case DT_HALF:
  case DT_UINT32:
  case DT_UINT64:
  case DT_STRING:
    return true;
  default:
    return false;
  }
}

/// Fills `out` (n elements of T) from a repeated field with TensorFlow's
/// rules: no values means zeros, fewer than n repeats the last one, extra
/// values are ignored. `stride` is 2 for complex pairs.
template <typename T, typename Field>
static void fillFromField(const Field &field, int64_t n, int stride,
                          char *out) {
  int64_t given = field.size() / stride;
  for (int64_t i = 0; i < n; ++i) {
    for (int part = 0; part < stride; ++part) {
      T value{};
      if (given > 0) {
        int64_t src = std::min(i, given - 1) * stride + part;
        value = static_cast<T>(field.Get(src));
      }
      std::memcpy(out + (i * stride + part) * sizeof(T), &value, sizeof(T));
    }
  }
}

/// Number of values the typed field for `dtype` holds (pairs for complex).
static int64_t typedValueCount(const tensorflow::TensorProto &t, int dtype) {
  switch (dtype) {
  case DT_FLOAT:
    return t.float_val_size();
  case DT_DOUBLE:
    return t.double_val_size();
  case DT_INT32:
  case DT_INT16:
  case DT_INT8:
  case DT_UINT8:
  case DT_UINT16:
    return t.int_val_size();
  case DT_INT64:
    return t.int64_val_size();
  case DT_UINT32:
    return t.uint32_val_size();
  case DT_UINT64:
    return t.uint64_val_size();
  case DT_BOOL:
    return t.bool_val_size();
  case DT_HALF:
  case DT_BFLOAT16:
    return t.half_val_size();
  case DT_COMPLEX64:
    return t.scomplex_val_size() / 2;
  case DT_COMPLEX128:
    return t.dcomplex_val_size() / 2;
  case DT_STRING:
    return t.string_val_size();
  default:
    return 0;
  }
}

/// Writes `n` elements from the typed field into `out` (n * byteSize bytes).
static void fillTypedValues(const tensorflow::TensorProto &t, int dtype,
                            int64_t n, char *out) {
  switch (dtype) {
  case DT_FLOAT:
    return fillFromField<float>(t.float_val(), n, 1, out);
  case DT_DOUBLE:
    return fillFromField<double>(t.double_val(), n, 1, out);
  case DT_INT32:
    return fillFromField<int32_t>(t.int_val(), n, 1, out);
  case DT_INT16:
    return fillFromField<int16_t>(t.int_val(), n, 1, out);
  case DT_INT8:
    return fillFromField<int8_t>(t.int_val(), n, 1, out);
  case DT_UINT8:
    return fillFromField<uint8_t>(t.int_val(), n, 1, out);
  case DT_UINT16:
    return fillFromField<uint16_t>(t.int_val(), n, 1, out);
  case DT_INT64:
    return fillFromField<int64_t>(t.int64_val(), n, 1, out);
  case DT_UINT32:
    return fillFromField<uint32_t>(t.uint32_val(), n, 1, out);
  case DT_UINT64:
    return fillFromField<uint64_t>(t.uint64_val(), n, 1, out);
  case DT_BOOL:
    return fillFromField<uint8_t>(t.bool_val(), n, 1, out);
  case DT_HALF:
  case DT_BFLOAT16:
    return fillFromField<uint16_t>(t.half_val(), n, 1, out);
  case DT_COMPLEX64:
    return fillFromField<float>(t.scomplex_val(), n, 2, out);
  case DT_COMPLEX128:
    return fillFromField<double>(t.dcomplex_val(), n, 2, out);
  default:
    return;
  }
}

static Attribute makeOpaqueTensor(const tensorflow::TensorProto &tensor,
                                  Type type) {
  std::string bytes;
  tensor.SerializeToString(&bytes);
  return TensorProtoAttr::get(type.getContext(), type, bytes);
}

/// Builds dense elements from `n` raw little-endian elements, or a dense
/// resource when the data is large. Takes ownership of `raw`.
static Attribute makeDense(RankedTensorType type, int dtype, std::string &&raw,
                           AttrImportContext &ctx) {
  unsigned elementSize = dataTypeByteSize(dtype);
  int64_t n = type.getNumElements();
  // One value repeated: a splat, whatever the size.
  bool splat = n > 1;
  for (int64_t i = 1; splat && i < n; ++i)
    splat =
        std::memcmp(raw.data(), raw.data() + i * elementSize, elementSize) == 0;
  if (dtype == DT_BOOL) {
    SmallVector<bool> values;
    values.reserve(splat ? 1 : n);
    for (int64_t i = 0, e = splat ? 1 : n; i < e; ++i)
      values.push_back(raw[i] != 0);
    return DenseElementsAttr::get(type, values);
  }
  if (splat || n <= 1 ||
      static_cast<int64_t>(raw.size()) < ctx.resourceThresholdBytes)
    return DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(raw.data(), splat ? elementSize : raw.size()));
  // Large: keep the bytes outside the uniquer, without copying them.
  auto *owned = new std::string(std::move(raw));
  size_t alignment = std::min<size_t>(elementSize, 8);
  AsmResourceBlob blob(
      ArrayRef<char>(owned->data(), owned->size()), alignment,
      [owned](void *, size_t, size_t) { delete owned; },
      /*dataIsMutable=*/false);
  std::string name = ctx.blobNameHint.empty() ? "tensor" : ctx.blobNameHint;
  for (char &c : name)
    if (!llvm::isAlnum(c) && c != '_' && c != '.')
      c = '_';
  return DenseResourceElementsAttr::get(type, name, std::move(blob));
}

/// DT_STRING tensor_content: all lengths as varint32, then the bytes.
static LogicalResult decodeStringContent(StringRef content, int64_t n,
                                         SmallVectorImpl<StringRef> &out) {
  const uint8_t *p = reinterpret_cast<const uint8_t *>(content.data());
  const uint8_t *end = p + content.size();
  SmallVector<uint64_t> lengths;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t len = 0;
    int shift = 0;
    while (true) {
      if (p == end || shift > 28)
        return failure();
      uint8_t byte = *p++;
      len |= uint64_t(byte & 0x7f) << shift;
      shift += 7;
      if (!(byte & 0x80))
        break;
    }
    lengths.push_back(len);
  }
  for (uint64_t len : lengths) {
    if (static_cast<uint64_t>(end - p) < len)
      return failure();
    out.push_back(StringRef(reinterpret_cast<const char *>(p), len));
    p += len;
  }
  return success(p == end);
}

/// Bytes TFG materializes for a tensor whose file gives fewer values than
/// elements (TensorFlow repeats the last one): a few bytes of file must not
/// become terabytes of memory.
static constexpr int64_t kMaxExpandedTensorBytes = int64_t(1) << 30;

FailureOr<Attribute> tfg::importTensor(tensorflow::TensorProto &tensor,
                                       AttrImportContext &ctx,
                                       std::string &error) {
  int dtype = tensor.dtype();
  Type elementType = importDataType(dtype, ctx.context, error);
  if (!elementType)
    return failure();
  // A tensor has a fully known shape (TensorFlow's TensorShape::IsValid): -1
  // or an unknown rank belong to shapes, not to values.
  const auto &shape = tensor.tensor_shape();
  if (shape.unknown_rank()) {
    error = "tensor shape has an unknown rank; a tensor value needs a known "
            "shape";
    return failure();
  }
  int64_t n = 1;
  for (const auto &dim : shape.dim()) {
    if (dim.size() < 0) {
      error = "tensor shape has dimension " + std::to_string(dim.size()) +
              "; the dimensions of a tensor value must be >= 0";
      return failure();
    }
    // Bounded well below int64 overflow, whatever the element size.
    if (dim.size() != 0 && n > (int64_t(1) << 40) / dim.size()) {
      error = "tensor shape has too many elements (more than 2^40)";
      return failure();
    }
    n *= dim.size();
  }
  auto ranked = cast<RankedTensorType>(getTensorType(shape, elementType));
  unsigned elementSize = dataTypeByteSize(dtype);
  const std::string &content = tensor.tensor_content();
  if (!content.empty() && elementSize != 0 &&
      static_cast<int64_t>(content.size()) != n * elementSize) {
    error = "tensor_content holds " + std::to_string(content.size()) +
            " bytes, but " + dataTypeName(dtype).str() + " x " +
            std::to_string(n) + " elements needs " +
            std::to_string(n * elementSize);
    return failure();
  }
  // Fewer typed values than elements is TensorFlow's short form (the last
  // value repeats); more means the shape and the values disagree.
  if (content.empty() && isDenseDType(dtype)) {
    if ((dtype == DT_COMPLEX64 && tensor.scomplex_val_size() % 2) ||
        (dtype == DT_COMPLEX128 && tensor.dcomplex_val_size() % 2)) {
      error = "complex tensor holds an odd number of components";
      return failure();
    }
    int64_t given = typedValueCount(tensor, dtype);
    if (given > n) {
      error = "tensor holds " + std::to_string(given) + " values, but its " +
              "shape has " + std::to_string(n) + " element" +
              (n == 1 ? "" : "s");
      return failure();
    }
    int64_t expandedBytes = n * (dtype == DT_STRING ? 16 : elementSize);
    if (given > 1 && given < n && expandedBytes > kMaxExpandedTensorBytes) {
      error = "tensor gives " + std::to_string(given) + " values for " +
              std::to_string(n) +
              " elements; expanding them would take more than 1 GiB";
      return failure();
    }
  }
  if (tensor.version_number() != 0 || !isDenseDType(dtype))
    return makeOpaqueTensor(tensor, ranked);

  if (dtype == DT_STRING) {
    SmallVector<StringRef> values;
    if (!content.empty()) {
      if (failed(decodeStringContent(content, n, values))) {
        error = "DT_STRING tensor_content is malformed for " +
                std::to_string(n) + " elements";
        return failure();
      }
    } else {
      // One value (or none) fills the tensor: a splat, not n copies.
      int64_t given = tensor.string_val_size();
      int64_t materialized = given <= 1 ? std::min<int64_t>(n, 1) : n;
      for (int64_t i = 0; i < materialized; ++i)
        values.push_back(
            given ? StringRef(tensor.string_val(std::min(i, given - 1)))
                  : StringRef());
    }
    return Attribute(DenseStringElementsAttr::get(ranked, values));
  }

  if (!content.empty())
    return makeDense(ranked, dtype, std::move(*tensor.mutable_tensor_content()),
                     ctx);
  // Typed fields: one value (or none) fills the tensor; keep that a splat
  // without materializing n copies.
  int64_t given = typedValueCount(tensor, dtype);
  int64_t materialized = given <= 1 ? std::min<int64_t>(n, 1) : n;
  std::string raw(materialized * elementSize, '\0');
  fillTypedValues(tensor, dtype, materialized, raw.data());
  if (materialized == 1 && n > 1) {
    if (dtype == DT_BOOL)
      return Attribute(DenseElementsAttr::get(ranked, raw[0] != 0));
    return Attribute(DenseElementsAttr::getFromRawBuffer(
        ranked, ArrayRef<char>(raw.data(), raw.size())));
  }
  return makeDense(ranked, dtype, std::move(raw), ctx);
}

//===----------------------------------------------------------------------===//
// AttrValue
//===----------------------------------------------------------------------===//

static FailureOr<Attribute> importFunc(tensorflow::NameAttrList &func,
                                       AttrImportContext &ctx,
                                       std::string &error);

FailureOr<DictionaryAttr> tfg::importAttrMap(
    google::protobuf::Map<std::string, tensorflow::AttrValue> &map,
    AttrImportContext &ctx, std::string &error) {
  SmallVector<NamedAttribute> attrs;
  for (auto &[key, value] : map) {
    if (key.empty()) {
      error = "empty attr name";
      return failure();
    }
    FailureOr<Attribute> attr = importAttrValue(value, ctx, error);
    if (failed(attr)) {
      error = "attr '" + key + "': " + error;
      return failure();
    }
    attrs.emplace_back(StringAttr::get(ctx.context, key), *attr);
  }
  return DictionaryAttr::get(ctx.context, attrs);
}

static FailureOr<Attribute> importFunc(tensorflow::NameAttrList &func,
                                       AttrImportContext &ctx,
                                       std::string &error) {
  if (func.name().empty()) {
    error = "function reference with an empty name";
    return failure();
  }
  FailureOr<DictionaryAttr> attrs =
      importAttrMap(*func.mutable_attr(), ctx, error);
  if (failed(attrs)) {
    error = "empty func_attr name: " + error;
    return failure();
  }
  return Attribute(FuncAttr::get(
      ctx.context, StringAttr::get(ctx.context, func.name()), *attrs));
}

static FailureOr<Attribute> importList(tensorflow::AttrValue::ListValue &list,
                                       AttrImportContext &ctx,
                                       std::string &error) {
  MLIRContext *context = ctx.context;
  Builder b(context);
  int kinds = (list.s_size() > 0) + (list.i_size() > 0) + (list.f_size() > 0) +
              (list.b_size() > 0) + (list.type_size() > 0) +
              (list.shape_size() > 0) + (list.tensor_size() > 0) +
              (list.func_size() > 0);
  if (kinds > 1) {
    error = "list attr mixes several kinds of values";
    return failure();
  }
  SmallVector<Attribute> elements;
  for (const std::string &s : list.s())
    elements.push_back(b.getStringAttr(s));
  for (int64_t i : list.i())
    elements.push_back(b.getI64IntegerAttr(i));
  for (float f : list.f())
    elements.push_back(b.getF32FloatAttr(f));
  for (bool v : list.b())
    elements.push_back(b.getBoolAttr(v));
  for (int type : list.type()) {
    Type t = importDataType(type, context, error);
    if (!t)
      return failure();
    elements.push_back(TypeAttr::get(t));
  }
  for (const auto &shape : list.shape())
    elements.push_back(importShape(shape, context));
  for (auto &tensor : *list.mutable_tensor()) {
    FailureOr<Attribute> t = importTensor(tensor, ctx, error);
    if (failed(t))
      return failure();
    elements.push_back(*t);
  }
  for (auto &func : *list.mutable_func()) {
    FailureOr<Attribute> f = importFunc(func, ctx, error);
    if (failed(f))
      return failure();
    elements.push_back(*f);
  }
  return Attribute(b.getArrayAttr(elements));
}

FailureOr<Attribute> tfg::importAttrValue(tensorflow::AttrValue &value,
                                          AttrImportContext &ctx,
                                          std::string &error) {
  MLIRContext *context = ctx.context;
  Builder b(context);
  switch (value.value_case()) {
  case tensorflow::AttrValue::kS:
    return Attribute(b.getStringAttr(value.s()));
  case tensorflow::AttrValue::kI:
    return Attribute(b.getI64IntegerAttr(value.i()));
  case tensorflow::AttrValue::kF:
    return Attribute(b.getF32FloatAttr(value.f()));
  case tensorflow::AttrValue::kB:
    return Attribute(b.getBoolAttr(value.b()));
  case tensorflow::AttrValue::kType: {
    Type t = importDataType(value.type(), context, error);
    if (!t)
      return failure();
    return Attribute(TypeAttr::get(t));
  }
  case tensorflow::AttrValue::kShape:
    return importShape(value.shape(), context);
  case tensorflow::AttrValue::kTensor:
    return importTensor(*value.mutable_tensor(), ctx, error);
  case tensorflow::AttrValue::kList:
    return importList(*value.mutable_list(), ctx, error);
  case tensorflow::AttrValue::kFunc:
    return importFunc(*value.mutable_func(), ctx, error);
  case tensorflow::AttrValue::kPlaceholder:
    if (value.placeholder().empty()) {
      error = "placeholder attr with an empty name";
      return failure();
    }
    return Attribute(PlaceholderAttr::get(context, value.placeholder()));
  case tensorflow::AttrValue::VALUE_NOT_SET:
    return Attribute(b.getUnitAttr());
  }
  error = "unknown AttrValue kind";
  return failure();
}

//===----------------------------------------------------------------------===//
// Export
//===----------------------------------------------------------------------===//

/// Appends the elements of a dense attr to the typed field of `tensor`.
static void appendTypedValues(DenseElementsAttr dense, int dtype,
                              tensorflow::TensorProto &tensor) {
  if (dtype == DT_BOOL) {
    for (bool v : dense.getValues<bool>())
      tensor.add_bool_val(v);
    return;
  }
  if (dtype == DT_STRING) {
    for (StringRef s : dense.getValues<StringRef>())
      tensor.add_string_val(s.str());
    return;
  }
  ArrayRef<char> raw = dense.getRawData();
  unsigned size = dataTypeByteSize(dtype);
  int64_t count = dense.isSplat() ? 1 : dense.getNumElements();
  for (int64_t i = 0; i < count; ++i) {
    const char *p = raw.data() + i * size;
    auto load = [&](auto zero) {
      decltype(zero) v;
      std::memcpy(&v, p, sizeof(v));
      return v;
    };
    switch (dtype) {
    case DT_FLOAT:
      tensor.add_float_val(load(float()));
      break;
    case DT_DOUBLE:
      tensor.add_double_val(load(double()));
      break;
    case DT_INT32:
      tensor.add_int_val(load(int32_t()));
      break;
    case DT_INT16:
      tensor.add_int_val(load(int16_t()));
      break;
    case DT_INT8:
      tensor.add_int_val(load(int8_t()));
      break;
    case DT_UINT8:
      tensor.add_int_val(load(uint8_t()));
      break;
    case DT_UINT16:
      tensor.add_int_val(load(uint16_t()));
      break;
    case DT_INT64:
      tensor.add_int64_val(load(int64_t()));
      break;
    case DT_UINT32:
      tensor.add_uint32_val(load(uint32_t()));
      break;
    case DT_UINT64:
      tensor.add_uint64_val(load(uint64_t()));
      break;
    case DT_HALF:
    case DT_BFLOAT16:
      tensor.add_half_val(load(uint16_t()));
      break;
    case DT_COMPLEX64:
      tensor.add_scomplex_val(load(float()));
      p += 4;
      tensor.add_scomplex_val(load(float()));
      break;
    case DT_COMPLEX128:
      tensor.add_dcomplex_val(load(double()));
      p += 8;
      tensor.add_dcomplex_val(load(double()));
      break;
    default:
      break;
    }
  }
}

LogicalResult tfg::exportTensor(Attribute attr, tensorflow::TensorProto &tensor,
                                std::string &error) {
  if (auto opaque = dyn_cast<TensorProtoAttr>(attr)) {
    if (!tensor.ParseFromString(opaque.getBytes().str())) {
      error = "#tfg.tensor_proto holds bytes that are not a TensorProto";
      return failure();
    }
    return success();
  }
  auto elements = dyn_cast<ElementsAttr>(attr);
  if (!elements) {
    error = "expected a tensor value";
    return failure();
  }
  ShapedType type = elements.getShapedType();
  int dtype = typeToDataType(type.getElementType());
  if (dtype <= 0 || dtype > DT_REF_OFFSET) {
    error = "tensor element type has no TensorFlow dtype";
    return failure();
  }
  tensor.set_dtype(static_cast<tensorflow::DataType>(dtype));
  auto *shape = tensor.mutable_tensor_shape();
  for (int64_t dim : type.getShape())
    shape->add_dim()->set_size(dim);
  int64_t n = type.getNumElements();
  if (n == 0)
    return success();
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob) {
      error = "dense resource '" + resource.getRawHandle().getKey().str() +
              "' has no data";
      return failure();
    }
    ArrayRef<char> data = blob->getData();
    if (static_cast<int64_t>(data.size()) != n * dataTypeByteSize(dtype)) {
      error = "dense resource size does not match its type";
      return failure();
    }
    tensor.set_tensor_content(data.data(), data.size());
    return success();
  }
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense) {
    error = "unsupported elements attribute";
    return failure();
  }
  // Canonical encoding: a splat (or one element) as one typed value, strings
  // and bools as typed values, everything else as tensor_content.
  if (dense.isSplat() || n == 1 || dtype == DT_STRING || dtype == DT_BOOL) {
    if (dense.isSplat() && dtype != DT_BOOL && dtype != DT_STRING) {
      appendTypedValues(dense, dtype, tensor);
      return success();
    }
    if (dense.isSplat()) {
      // One value fills the tensor.
      if (dtype == DT_BOOL)
        tensor.add_bool_val(*dense.getValues<bool>().begin());
      else
        tensor.add_string_val((*dense.getValues<StringRef>().begin()).str());
      return success();
    }
    appendTypedValues(dense, dtype, tensor);
    return success();
  }
  ArrayRef<char> raw = dense.getRawData();
  tensor.set_tensor_content(raw.data(), raw.size());
  return success();
}

/// Writes the lists that nodes carry most (`_output_shapes`, strides,
/// dilations, type lists) straight into `list`, and returns true; false,
/// with `list` untouched, for anything else, which the generic path
/// exports element by element (each built as an AttrValue of its own, off
/// the node's arena, then copied in: for a 10^6-node graph's shapes that
/// was a tenth of the export).
static bool exportUniformList(ArrayAttr array,
                              tensorflow::AttrValue::ListValue &list) {
  if (array.empty())
    return false;
  Attribute first = array[0];
  if (isa<ShapeAttr>(first)) {
    if (!llvm::all_of(array, llvm::IsaPred<ShapeAttr>))
      return false;
    for (Attribute shape : array)
      exportShape(shape, *list.add_shape());
    return true;
  }
  // (A BoolAttr is an i1 IntegerAttr, exported as a bool.)
  auto isInt64 = [](Attribute a) {
    auto i = dyn_cast<IntegerAttr>(a);
    return i && !isa<BoolAttr>(a) && i.getValue().getSignificantBits() <= 64;
  };
  if (isInt64(first)) {
    if (!llvm::all_of(array, isInt64))
      return false;
    list.mutable_i()->Reserve(array.size());
    for (Attribute i : array)
      list.add_i(cast<IntegerAttr>(i).getValue().getSExtValue());
    return true;
  }
  if (isa<TypeAttr>(first)) {
    auto dtypeOf = [](Attribute a) {
      auto t = dyn_cast<TypeAttr>(a);
      return t ? typeToDataType(t.getValue()) : -1;
    };
    if (llvm::any_of(array, [&](Attribute a) { return dtypeOf(a) < 0; }))
      return false;
    for (Attribute t : array)
      list.add_type(static_cast<tensorflow::DataType>(dtypeOf(t)));
    return true;
  }
  return false;
}

LogicalResult tfg::exportAttrValue(Attribute attr, tensorflow::AttrValue &value,
                                   std::string &error) {
  if (isa<UnitAttr>(attr))
    return success();
  if (auto s = dyn_cast<StringAttr>(attr)) {
    value.set_s(s.getValue().data(), s.getValue().size());
    return success();
  }
  if (auto b = dyn_cast<BoolAttr>(attr)) {
    value.set_b(b.getValue());
    return success();
  }
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    // An AttrValue int is 64 bits; a wider MLIR integer may not fit (and
    // getSExtValue would assert or truncate).
    if (i.getValue().getSignificantBits() > 64) {
      error = "integer does not fit in 64 bits";
      return failure();
    }
    value.set_i(i.getValue().getSExtValue());
    return success();
  }
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    bool losesInfo = false;
    APFloat v = f.getValue();
    v.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &losesInfo);
    value.set_f(v.convertToFloat());
    return success();
  }
  if (auto t = dyn_cast<TypeAttr>(attr)) {
    int dtype = typeToDataType(t.getValue());
    if (dtype < 0) {
      error = "type has no TensorFlow dtype";
      return failure();
    }
    value.set_type(static_cast<tensorflow::DataType>(dtype));
    return success();
  }
  if (isa<ShapeAttr>(attr)) {
    exportShape(attr, *value.mutable_shape());
    return success();
  }
  if (isa<ElementsAttr, TensorProtoAttr>(attr))
    return exportTensor(attr, *value.mutable_tensor(), error);
  if (auto p = dyn_cast<PlaceholderAttr>(attr)) {
    value.set_placeholder(p.getName().str());
    return success();
  }
  if (auto func = dyn_cast<FuncAttr>(attr)) {
    auto *proto = value.mutable_func();
    proto->set_name(func.getName().getValue().str());
    for (NamedAttribute named : func.getAttrs()) {
      tensorflow::AttrValue inner;
      if (failed(exportAttrValue(named.getValue(), inner, error)))
        return failure();
      (*proto->mutable_attr())[named.getName().str()] = std::move(inner);
    }
    return success();
  }
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    auto *list = value.mutable_list();
    if (exportUniformList(array, *list))
      return success();
    tensorflow::AttrValue::ValueCase kind =
        tensorflow::AttrValue::VALUE_NOT_SET;
    for (Attribute element : array) {
      tensorflow::AttrValue item;
      if (failed(exportAttrValue(element, item, error)))
        return failure();
      // A ListValue holding two kinds would not import again.
      if (kind != tensorflow::AttrValue::VALUE_NOT_SET &&
          item.value_case() != kind) {
        error = "list attr mixes several kinds of values";
        return failure();
      }
      kind = item.value_case();
      switch (item.value_case()) {
      case tensorflow::AttrValue::kS:
        list->add_s(item.s());
        break;
      case tensorflow::AttrValue::kI:
        list->add_i(item.i());
        break;
      case tensorflow::AttrValue::kF:
        list->add_f(item.f());
        break;
      case tensorflow::AttrValue::kB:
        list->add_b(item.b());
        break;
      case tensorflow::AttrValue::kType:
        list->add_type(item.type());
        break;
      case tensorflow::AttrValue::kShape:
        *list->add_shape() = std::move(*item.mutable_shape());
        break;
      case tensorflow::AttrValue::kTensor:
        *list->add_tensor() = std::move(*item.mutable_tensor());
        break;
      case tensorflow::AttrValue::kFunc:
        *list->add_func() = std::move(*item.mutable_func());
        break;
      default:
        error = "list attr holds a value that a list cannot";
        return failure();
      }
    }
    return success();
  }
  error = "attribute has no AttrValue form";
  return failure();
}
