//===- Tensor.h - Host tensors the runner passes and returns ------*- C++
//-*-===//
//
// A tensor on the host as the runner and .npy files see it: NumPy's dtype
// string, a static shape, and the raw little-endian bytes in C order. The
// dtype is NumPy's because that is what reference folders and tfg-run's
// output speak; `dtypeOf` maps an MLIR element type to it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_RUNNER_TENSOR_H
#define TFG_RUNNER_TENSOR_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace mlir::tfg {

/// NumPy's dtype string ("<f4", "<i8", "|b1", ...) of a C++ element type.
template <typename T> constexpr const char *dtypeOfCType() {
  if constexpr (std::is_same_v<T, float>)
    return "<f4";
  else if constexpr (std::is_same_v<T, double>)
    return "<f8";
  else if constexpr (std::is_same_v<T, bool>)
    return "|b1";
  else if constexpr (std::is_same_v<T, int8_t>)
    return "|i1";
  else if constexpr (std::is_same_v<T, int16_t>)
    return "<i2";
  else if constexpr (std::is_same_v<T, int32_t>)
    return "<i4";
  else if constexpr (std::is_same_v<T, int64_t>)
    return "<i8";
  else
    static_assert(sizeof(T) == 0, "no NumPy dtype for this C++ type");
}

/// A tensor in host memory (what .npy files hold).
struct Tensor {
  /// NumPy's dtype string ("<f4", "<i4", "|b1", ...).
  std::string dtype;
  std::vector<int64_t> shape;
  /// The elements, little-endian, in C (row-major) order.
  std::vector<char> data;

  int64_t numElements() const;
  /// Bytes per element (0 for a dtype the runner does not know).
  int64_t elementSize() const;
  /// numElements() * elementSize(), or nullopt when a dim is negative, the
  /// dtype unknown, or the product does not fit in int64_t (shapes come
  /// from files and command lines, and are checked with this before
  /// anything is allocated).
  std::optional<uint64_t> byteSize() const;
  /// Element `i` converted to double (NaN for an unknown dtype).
  double elementAsDouble(int64_t i) const;
  /// Element `i` of an integer or bool dtype, exactly (an int64 beyond
  /// 2^53 has no exact double); nullopt for other dtypes.
  std::optional<int64_t> elementAsInt(int64_t i) const;

  /// A tensor of `shape` holding `values` (as many as the shape has).
  template <typename T>
  static Tensor get(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<T> values) {
    Tensor tensor{dtypeOfCType<T>(), shape.vec(), {}};
    assert((int64_t)values.size() == tensor.numElements() &&
           "values do not fill the shape");
    tensor.data.resize(values.size() * sizeof(T));
    if (!values.empty())
      std::memcpy(tensor.data.data(), values.data(), tensor.data.size());
    return tensor;
  }

  /// The elements as T, which must be the tensor's dtype.
  template <typename T> llvm::ArrayRef<T> values() const {
    assert(dtype == dtypeOfCType<T>() && "values<T>() of another dtype");
    return {reinterpret_cast<const T *>(data.data()), data.size() / sizeof(T)};
  }
};

/// Bytes per element of a NumPy dtype string, or 0 when it is not supported.
int64_t dtypeElementSize(llvm::StringRef dtype);

/// Bytes of a tensor of `shape` with `elementSize`-byte elements; nullopt
/// for a negative dim or a size that does not fit in int64_t.
std::optional<uint64_t> tensorByteSize(llvm::ArrayRef<int64_t> shape,
                                       int64_t elementSize);

/// NumPy's dtype string of an MLIR element type ("" when the runner cannot
/// pass it: f16/f32/f64 and i1/i8/i16/i32/i64 only).
std::string dtypeOf(Type elementType);

/// "[1,224,224,3]", as tfg-run prints shapes ("?" for a negative, dynamic,
/// dimension).
std::string shapeString(llvm::ArrayRef<int64_t> shape);

} // namespace mlir::tfg

#endif // TFG_RUNNER_TENSOR_H
