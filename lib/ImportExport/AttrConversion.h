//===- AttrConversion.h - AttrValue <-> MLIR attributes ----------*- C++
//-*-===//
//
// One MLIR attribute kind per AttrValue kind, so that every conversion is
// reversible:
//   s -> StringAttr        i -> IntegerAttr(i64)   f -> FloatAttr(f32)
//   b -> BoolAttr          type -> TypeAttr        shape -> #tfg.shape
//   tensor -> dense / dense_resource elements, or #tfg.tensor_proto
//   list -> ArrayAttr      func -> #tfg.func       placeholder ->
//   #tfg.placeholder (no value set) -> UnitAttr
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_ATTRCONVERSION_H
#define TFG_LIB_IMPORTEXPORT_ATTRCONVERSION_H

#include "attr_value.pb.h"
#include "tensor.pb.h"
#include "tensor_shape.pb.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir::tfg {

/// Context for conversions: where errors go and how large tensors are kept.
struct AttrImportContext {
  MLIRContext *context;
  int64_t resourceThresholdBytes = 1024;
  /// Used to name dense resource blobs (e.g. the node name).
  std::string blobNameHint;
  /// Op type -> its typed op (nullopt: generic), filled as nodes are made.
  llvm::StringMap<std::optional<OperationName>> typedOps;
  /// The device attr of the last node that had one.
  StringAttr lastDevice;
};

/// Converts an AttrValue. The AttrValue may be consumed (tensor bytes are
/// moved, not copied). On failure `error` says what is wrong.
FailureOr<Attribute> importAttrValue(tensorflow::AttrValue &value,
                                     AttrImportContext &ctx,
                                     std::string &error);
FailureOr<Attribute> importTensor(tensorflow::TensorProto &tensor,
                                  AttrImportContext &ctx, std::string &error);
/// Converts an attr map (NodeDef.attr, NameAttrList.attr, ...); an empty key
/// is an error.
FailureOr<DictionaryAttr>
importAttrMap(google::protobuf::Map<std::string, tensorflow::AttrValue> &map,
              AttrImportContext &ctx, std::string &error);
Attribute importShape(const tensorflow::TensorShapeProto &shape,
                      MLIRContext *context);
/// Element type for a DataType value; sets `error` and returns null if the
/// value is not a DataType.
Type importDataType(int dtype, MLIRContext *context, std::string &error);

/// Reverse conversions. Fail (with `error`) on attributes that no AttrValue
/// can express.
LogicalResult exportAttrValue(Attribute attr, tensorflow::AttrValue &value,
                              std::string &error);
LogicalResult exportTensor(Attribute attr, tensorflow::TensorProto &tensor,
                           std::string &error);
void exportShape(Attribute shape, tensorflow::TensorShapeProto &proto);

/// The tensor type a TensorShapeProto plus dtype describe.
Type getTensorType(const tensorflow::TensorShapeProto &shape, Type elementType);

} // namespace mlir::tfg

#endif // TFG_LIB_IMPORTEXPORT_ATTRCONVERSION_H
