//===- DataType.h - TensorFlow DataType <-> MLIR type ------------*- C++
//-*-===//
//
// The mapping between TensorFlow's DataType enum (types.proto) and MLIR
// element types. Kept free of protobuf so that the dialect depends on MLIR
// only: the numbers are the wire values of the enum.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_IR_DATATYPE_H
#define TFG_DIALECT_IR_DATATYPE_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"
#include <initializer_list>

namespace mlir::tfg {

/// TensorFlow DataType wire values (types.proto).
enum DataTypeNum : int {
  DT_INVALID = 0,
  DT_FLOAT = 1,
  DT_DOUBLE = 2,
  DT_INT32 = 3,
  DT_UINT8 = 4,
  DT_INT16 = 5,
  DT_INT8 = 6,
  DT_STRING = 7,
  DT_COMPLEX64 = 8,
  DT_INT64 = 9,
  DT_BOOL = 10,
  DT_QINT8 = 11,
  DT_QUINT8 = 12,
  DT_QINT32 = 13,
  DT_BFLOAT16 = 14,
  DT_QINT16 = 15,
  DT_QUINT16 = 16,
  DT_UINT16 = 17,
  DT_COMPLEX128 = 18,
  DT_HALF = 19,
  DT_RESOURCE = 20,
  DT_VARIANT = 21,
  DT_UINT32 = 22,
  DT_UINT64 = 23,
  DT_FLOAT8_E5M2 = 24,
  DT_FLOAT8_E4M3FN = 25,
  DT_FLOAT8_E4M3FNUZ = 26,
  DT_FLOAT8_E4M3B11FNUZ = 27,
  DT_FLOAT8_E5M2FNUZ = 28,
  DT_INT4 = 29,
  DT_UINT4 = 30,
  DT_INT2 = 31,
  DT_UINT2 = 32,
  DT_REF_OFFSET = 100,
};

/// MLIR element type for a DataType value (refs become !tfg.ref<T>); null
/// for values outside the enum.
Type dataTypeToType(MLIRContext *ctx, int dtype);
/// DataType value of an MLIR element type; -1 if it has none.
int typeToDataType(Type type);
/// "DT_FLOAT" etc.; "" for unknown values.
llvm::StringRef dataTypeName(int dtype);
/// True if `type` is a dtype whose DataType value is in `allowed`.
bool isDTypeOneOf(Type type, std::initializer_list<int> allowed);
/// Size in bytes of one element, 0 for variable-size or sub-byte types.
unsigned dataTypeByteSize(int dtype);

} // namespace mlir::tfg

#endif // TFG_DIALECT_IR_DATATYPE_H
