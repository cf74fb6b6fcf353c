//===- DataType.cpp - TensorFlow DataType <-> MLIR type -------------------===//

#include "TFG/Dialect/IR/DataType.h"
#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg;

Type mlir::tfg::dataTypeToType(MLIRContext *ctx, int dtype) {
  if (dtype > DT_REF_OFFSET) {
    Type base = dataTypeToType(ctx, dtype - DT_REF_OFFSET);
    return base ? RefType::get(ctx, base) : Type();
  }
  Builder b(ctx);
  switch (dtype) {
  case DT_FLOAT:
    return b.getF32Type();
  case DT_DOUBLE:
    return b.getF64Type();
  case DT_INT32:
    return b.getIntegerType(32);
  case DT_UINT8:
    return b.getIntegerType(8, /*isSigned=*/false);
  case DT_INT16:
    return b.getIntegerType(16);
  case DT_INT8:
    return b.getIntegerType(8);
  case DT_STRING:
    return StringType::get(ctx);
  case DT_COMPLEX64:
    return ComplexType::get(b.getF32Type());
  case DT_INT64:
    return b.getIntegerType(64);
  case DT_BOOL:
    return b.getI1Type();
  case DT_QINT8:
    return Qint8Type::get(ctx);
  case DT_QUINT8:
    return Quint8Type::get(ctx);
  case DT_QINT32:
    return Qint32Type::get(ctx);
  case DT_BFLOAT16:
    return b.getBF16Type();
  case DT_QINT16:
    return Qint16Type::get(ctx);
  case DT_QUINT16:
    return Quint16Type::get(ctx);
  case DT_UINT16:
    return b.getIntegerType(16, false);
  case DT_COMPLEX128:
    return ComplexType::get(b.getF64Type());
  case DT_HALF:
    return b.getF16Type();
  case DT_RESOURCE:
    return ResourceType::get(ctx);
  case DT_VARIANT:
    return VariantType::get(ctx);
  case DT_UINT32:
    return b.getIntegerType(32, false);
  case DT_UINT64:
    return b.getIntegerType(64, false);
  case DT_FLOAT8_E5M2:
    return Float8E5M2Type::get(ctx);
  case DT_FLOAT8_E4M3FN:
    return Float8E4M3FNType::get(ctx);
  case DT_FLOAT8_E4M3FNUZ:
    return Float8E4M3FNUZType::get(ctx);
  case DT_FLOAT8_E4M3B11FNUZ:
    return Float8E4M3B11FNUZType::get(ctx);
  case DT_FLOAT8_E5M2FNUZ:
    return Float8E5M2FNUZType::get(ctx);
  case DT_INT4:
    return b.getIntegerType(4);
  case DT_UINT4:
    return b.getIntegerType(4, false);
  case DT_INT2:
    return b.getIntegerType(2);
  case DT_UINT2:
    return b.getIntegerType(2, false);
  default:
    return Type();
  }
}

int mlir::tfg::typeToDataType(Type type) {
  if (auto ref = dyn_cast<RefType>(type)) {
    int base = typeToDataType(ref.getElementType());
    return base > 0 ? base + DT_REF_OFFSET : -1;
  }
  if (type.isF32())
    return DT_FLOAT;
  if (type.isF64())
    return DT_DOUBLE;
  if (type.isF16())
    return DT_HALF;
  if (type.isBF16())
    return DT_BFLOAT16;
  if (isa<Float8E5M2Type>(type))
    return DT_FLOAT8_E5M2;
  if (isa<Float8E4M3FNType>(type))
    return DT_FLOAT8_E4M3FN;
  if (isa<Float8E4M3FNUZType>(type))
    return DT_FLOAT8_E4M3FNUZ;
  if (isa<Float8E4M3B11FNUZType>(type))
    return DT_FLOAT8_E4M3B11FNUZ;
  if (isa<Float8E5M2FNUZType>(type))
    return DT_FLOAT8_E5M2FNUZ;
  if (auto it = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = it.isUnsigned();
    switch (it.getWidth()) {
    case 1:
      return it.isSignless() ? DT_BOOL : -1;
    case 2:
      return isUnsigned ? DT_UINT2 : DT_INT2;
    case 4:
      return isUnsigned ? DT_UINT4 : DT_INT4;
    case 8:
      return isUnsigned ? DT_UINT8 : DT_INT8;
    case 16:
      return isUnsigned ? DT_UINT16 : DT_INT16;
    case 32:
      return isUnsigned ? DT_UINT32 : DT_INT32;
    case 64:
      return isUnsigned ? DT_UINT64 : DT_INT64;
    default:
      return -1;
    }
  }
  if (auto ct = dyn_cast<ComplexType>(type)) {
    if (ct.getElementType().isF32())
      return DT_COMPLEX64;
    if (ct.getElementType().isF64())
      return DT_COMPLEX128;
    return -1;
  }
  return llvm::TypeSwitch<Type, int>(type)
      .Case<StringType>([](auto) { return DT_STRING; })
      .Case<ResourceType>([](auto) { return DT_RESOURCE; })
      .Case<VariantType>([](auto) { return DT_VARIANT; })
      .Case<Qint8Type>([](auto) { return DT_QINT8; })
      .Case<Quint8Type>([](auto) { return DT_QUINT8; })
      .Case<Qint16Type>([](auto) { return DT_QINT16; })
      .Case<Quint16Type>([](auto) { return DT_QUINT16; })
      .Case<Qint32Type>([](auto) { return DT_QINT32; })
      .Default([](Type) { return -1; });
}

llvm::StringRef mlir::tfg::dataTypeName(int dtype) {
  static const char *const kNames[] = {"DT_INVALID",
                                       "DT_FLOAT",
                                       "DT_DOUBLE",
                                       "DT_INT32",
                                       "DT_UINT8",
                                       "DT_INT16",
                                       "DT_INT8",
                                       "DT_STRING",
                                       "DT_COMPLEX64",
                                       "DT_INT64",
                                       "DT_BOOL",
                                       "DT_QINT8",
                                       "DT_QUINT8",
                                       "DT_QINT32",
                                       "DT_BFLOAT16",
                                       "DT_QINT16",
                                       "DT_QUINT16",
                                       "DT_UINT16",
                                       "DT_COMPLEX128",
                                       "DT_HALF",
                                       "DT_RESOURCE",
                                       "DT_VARIANT",
                                       "DT_UINT32",
                                       "DT_UINT64",
                                       "DT_FLOAT8_E5M2",
                                       "DT_FLOAT8_E4M3FN",
                                       "DT_FLOAT8_E4M3FNUZ",
                                       "DT_FLOAT8_E4M3B11FNUZ",
                                       "DT_FLOAT8_E5M2FNUZ",
                                       "DT_INT4",
                                       "DT_UINT4",
                                       "DT_INT2",
                                       "DT_UINT2"};
  constexpr int kCount = sizeof(kNames) / sizeof(kNames[0]);
  if (dtype >= 0 && dtype < kCount)
    return kNames[dtype];
  return "";
}

bool mlir::tfg::isDTypeOneOf(Type type, std::initializer_list<int> allowed) {
  int dtype = typeToDataType(type);
  return llvm::is_contained(allowed, dtype);
}

unsigned mlir::tfg::dataTypeByteSize(int dtype) {
  switch (dtype) {
  case DT_FLOAT:
  case DT_INT32:
  case DT_UINT32:
  case DT_QINT32:
    return 4;
  case DT_DOUBLE:
  case DT_INT64:
  case DT_UINT64:
  case DT_COMPLEX64:
    return 8;
  case DT_COMPLEX128:
    return 16;
  case DT_UINT8:
  case DT_INT8:
  case DT_BOOL:
  case DT_QINT8:
  case DT_QUINT8:
  case DT_FLOAT8_E5M2:
  case DT_FLOAT8_E4M3FN:
  case DT_FLOAT8_E4M3FNUZ:
  case DT_FLOAT8_E4M3B11FNUZ:
  case DT_FLOAT8_E5M2FNUZ:
    return 1;
  case DT_INT16:
  case DT_UINT16:
  case DT_QINT16:
  case DT_QUINT16:
  case DT_HALF:
  case DT_BFLOAT16:
    return 2;
  default:
    return 0;
  }
}
