//===- TFGDialect.cpp - TFG dialect registration --------------------------===//

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg;

#include "TFG/Dialect/IR/TFGDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "TFG/Dialect/IR/TFGTypes.cpp.inc"

void TFGDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "TFG/Dialect/IR/TFGOps.cpp.inc"
      >();
}

void TFGDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "TFG/Dialect/IR/TFGTypes.cpp.inc"
      >();
}

LogicalResult TFGDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  // The discardable spellings of the node's name and device (TFG's form
  // before they became properties) would be silently ignored: reject them.
  if ((name == attrs::kName || name == "tfg.device") && isNodeOp(op))
    return op->emitOpError()
           << "attribute '" << name << "' is not a node field: the name and "
           << "device of a node are its name(\"...\") and device(\"...\")";
  if (name == attrs::kName || name == attrs::kOpType ||
      name == attrs::kFullType) {
    if (!isa<StringAttr>(attr.getValue()))
      return op->emitOpError() << "attribute '" << name << "' must be a string";
    return success();
  }
  if (name == attrs::kOriginalNodeNames || name == attrs::kOriginalFuncNames) {
    auto array = dyn_cast<ArrayAttr>(attr.getValue());
    if (!array ||
        !llvm::all_of(array, [](Attribute a) { return isa<StringAttr>(a); }))
      return op->emitOpError()
             << "attribute '" << name << "' must be a list of strings";
    return success();
  }
  return success();
}
