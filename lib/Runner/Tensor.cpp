//===- Tensor.cpp - Host tensors the runner passes and returns ------------===//

#include "TFG/Runner/Tensor.h"

#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

int64_t Tensor::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t Tensor::elementSize() const { return dtypeElementSize(dtype); }

std::optional<uint64_t> Tensor::byteSize() const {
  int64_t size = elementSize();
  if (!size)
    return std::nullopt;
  return tensorByteSize(shape, size);
}

std::optional<uint64_t> mlir::tfg::tensorByteSize(llvm::ArrayRef<int64_t> shape,
                                                  int64_t elementSize) {
  int64_t bytes = elementSize;
  for (int64_t d : shape)
    if (d < 0 || llvm::MulOverflow(bytes, d, bytes))
      return std::nullopt;
  return uint64_t(bytes);
}

double Tensor::elementAsDouble(int64_t i) const {
  llvm::StringRef kind = llvm::StringRef(dtype).drop_front();
  const char *p = data.data();
  auto read = [&](auto tag) {
    decltype(tag) v;
    std::memcpy(&v, p + i * sizeof(v), sizeof(v));
    return (double)v;
  };
  if (kind == "f4")
    return read(float());
  if (kind == "f8")
    return read(double());
  if (kind == "f2") { // IEEE half: printed and compared like the others
    uint16_t bits;
    std::memcpy(&bits, p + i * sizeof(bits), sizeof(bits));
    return llvm::APFloat(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits))
        .convertToDouble();
  }
  if (std::optional<int64_t> v = elementAsInt(i))
    return (double)*v;
  return NAN;
}

std::optional<int64_t> Tensor::elementAsInt(int64_t i) const {
  llvm::StringRef kind = llvm::StringRef(dtype).drop_front();
  const char *p = data.data();
  auto read = [&](auto tag) {
    decltype(tag) v;
    std::memcpy(&v, p + i * sizeof(v), sizeof(v));
    return (int64_t)v;
  };
  if (kind == "i4")
    return read(int32_t());
  if (kind == "i8")
    return read(int64_t());
  if (kind == "i2")
    return read(int16_t());
  if (kind == "u1" || kind == "b1")
    return read(uint8_t());
  if (kind == "i1")
    return read(int8_t());
  return std::nullopt;
}

int64_t mlir::tfg::dtypeElementSize(llvm::StringRef dtype) {
  if (dtype.size() < 3 || (dtype[0] != '<' && dtype[0] != '|'))
    return 0;
  llvm::StringRef kind = dtype.drop_front();
  if (kind == "f4" || kind == "i4" || kind == "u4")
    return 4;
  if (kind == "f8" || kind == "i8" || kind == "u8")
    return 8;
  if (kind == "f2" || kind == "i2" || kind == "u2")
    return 2;
  if (kind == "b1" || kind == "i1" || kind == "u1")
    return 1;
  return 0;
}

std::string mlir::tfg::dtypeOf(Type type) {
  if (type.isF32())
    return "<f4";
  if (type.isF64())
    return "<f8";
  if (type.isF16())
    return "<f2";
  if (type.isInteger(1))
    return "|b1";
  if (type.isInteger(8))
    return "|i1";
  if (type.isInteger(16))
    return "<i2";
  if (type.isInteger(32))
    return "<i4";
  if (type.isInteger(64))
    return "<i8";
  return "";
}

std::string mlir::tfg::shapeString(llvm::ArrayRef<int64_t> shape) {
  return "[" +
         llvm::join(llvm::map_range(shape,
                                    [](int64_t d) {
                                      return d < 0 ? std::string("?")
                                                   : std::to_string(d);
                                    }),
                    ",") +
         "]";
}
