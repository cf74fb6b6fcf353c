//===- TensorProto.cpp - #tfg.tensor_proto without protobuf ---------------===//
//
// Protobuf wire format (varints and length-delimited fields) for the few
// fields of TensorProto / TensorShapeProto that TFG writes itself. Fields
// are written in field-number order and zero values left out, as protobuf's
// deterministic serialization of a proto3 message does.
//
//===----------------------------------------------------------------------===//

#include "TFG/Dialect/IR/TensorProto.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum WireType { kVarint = 0, kLengthDelimited = 2 };
// TensorProto
constexpr unsigned kDtypeField = 1, kShapeField = 2, kContentField = 4;
// TensorShapeProto and TensorShapeProto.Dim
constexpr unsigned kDimField = 2, kDimSizeField = 1;
} // namespace

static void appendVarint(std::string &out, uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

static void appendTag(std::string &out, unsigned field, WireType wire) {
  appendVarint(out, (uint64_t(field) << 3) | wire);
}

static void appendBytesField(std::string &out, unsigned field,
                             llvm::StringRef bytes) {
  appendTag(out, field, kLengthDelimited);
  appendVarint(out, bytes.size());
  out.append(bytes.data(), bytes.size());
}

std::string mlir::tfg::serializeTensorProto(int dtype, ArrayRef<int64_t> shape,
                                            StringRef tensorContent) {
  std::string shapeBytes;
  for (int64_t size : shape) {
    std::string dim;
    if (size != 0) {
      appendTag(dim, kDimSizeField, kVarint);
      // int64 varints are two's complement, 10 bytes for negative sizes.
      appendVarint(dim, static_cast<uint64_t>(size));
    }
    appendBytesField(shapeBytes, kDimField, dim);
  }
  std::string out;
  if (dtype != 0) {
    appendTag(out, kDtypeField, kVarint);
    appendVarint(out, static_cast<uint64_t>(dtype));
  }
  // A scalar's shape is an empty message, which is still written: protobuf
  // serializes a set submessage field even when it is empty.
  appendBytesField(out, kShapeField, shapeBytes);
  if (!tensorContent.empty())
    appendBytesField(out, kContentField, tensorContent);
  return out;
}

TensorProtoAttr mlir::tfg::getTensorProtoAttr(ShapedType type,
                                              StringRef tensorContent) {
  if (!type.hasStaticShape())
    return {};
  int dtype = typeToDataType(type.getElementType());
  unsigned elementSize = dtype > 0 ? dataTypeByteSize(dtype) : 0;
  if (elementSize == 0 || dtype >= DT_REF_OFFSET ||
      static_cast<int64_t>(tensorContent.size()) !=
          type.getNumElements() * elementSize)
    return {};
  return TensorProtoAttr::get(
      type.getContext(), type,
      serializeTensorProto(dtype, type.getShape(), tensorContent));
}
