//===- ConstantEvaluation.h - Evaluating nodes on constants ------*- C++
//-*-===//
//
// What tfg-fold-constants computes: the value of a node whose data inputs
// are constants (or, for Shape/Size/Rank, have a static shape), with
// TensorFlow's semantics for the op and dtype (float32 arithmetic in float,
// int32 wraparound, numpy broadcasting, floor division).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_UTILS_CONSTANTEVALUATION_H
#define TFG_TRANSFORMS_UTILS_CONSTANTEVALUATION_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <string>

namespace mlir::tfg {

/// True if evaluateNode knows the node's op type.
bool isEvaluableOpType(llvm::StringRef opType);

/// The values of `node`'s data results, or failure: `error` set when the
/// inputs are wrong for the op (bad shapes, division of ints by zero...),
/// empty when the node is simply not foldable (an input not constant, an
/// unsupported dtype, a result over `maxBytes`; nothing over the limit is
/// materialized).
FailureOr<llvm::SmallVector<ElementsAttr>>
evaluateNode(Operation *node, uint64_t maxBytes, std::string &error);

} // namespace mlir::tfg

#endif // TFG_TRANSFORMS_UTILS_CONSTANTEVALUATION_H
