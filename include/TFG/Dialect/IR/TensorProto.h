//===- TensorProto.h - #tfg.tensor_proto without protobuf ---------*- C++
//-*-===//
//
// Builds the serialized TensorProto that `#tfg.tensor_proto` holds,
// for the dtypes MLIR's dense elements cannot represent exactly (quint8,
// qint8, ...). Passes create such constants (tfg-quantize-weights) without
// depending on lib/ImportExport's protobuf schema: the dialect only knows the
// wire format of the three fields it writes (dtype = 1, tensor_shape = 2,
// tensor_content = 4), which is what TensorFlow's
// Tensor::AsProtoTensorContent writes.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_IR_TENSORPROTO_H
#define TFG_DIALECT_IR_TENSORPROTO_H

#include "TFG/Dialect/IR/TFG.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::tfg {

/// The bytes of a deterministic serialization of
/// `TensorProto{dtype, tensor_shape{dim{size}...}, tensor_content}`.
std::string serializeTensorProto(int dtype, llvm::ArrayRef<int64_t> shape,
                                 llvm::StringRef tensorContent);

/// `#tfg.tensor_proto` of a statically shaped tensor type whose element type
/// has a TensorFlow dtype, holding `tensorContent` (raw little-endian
/// elements, dtype size x element count bytes). Null if the type has no
/// dtype, a dynamic shape, or the byte count is wrong.
TensorProtoAttr getTensorProtoAttr(ShapedType type,
                                   llvm::StringRef tensorContent);

} // namespace mlir::tfg

#endif // TFG_DIALECT_IR_TENSORPROTO_H
