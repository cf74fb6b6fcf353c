//===- ConstantValues.h - Values of constant nodes -------------*- C++ -*-===//
//
// Questions about what a value is when it comes from Const nodes: its
// elements, a splat, or a small scalar expression over rank-0 Consts. The
// rewrites' constraints, the deadness analysis and the lowering ask them.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_ANALYSIS_CONSTANTVALUES_H
#define TFG_ANALYSIS_CONSTANTVALUES_H

#include "TFG/Dialect/IR/TFG.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tfg {

/// The `value` of the Const node that produces `value`, or null.
ElementsAttr getConstValue(Value value);

/// The elements of an f32 dense or dense-resource value, in row-major order;
/// nullopt for other element types or encodings.
std::optional<llvm::SmallVector<float>> getFloatElements(ElementsAttr value);

/// A scalar (or splat) float constant's value as a double.
std::optional<double> getConstSplatFloat(Value value);

/// A scalar (or splat) bool constant's value.
std::optional<bool> getConstSplatBool(Value value);

/// The value of a float scalar computed from rank-0 Consts by Identity,
/// Snapshot, StopGradient, Add, AddV2, Sub, Mul, RealDiv, Div and
/// Reciprocal nodes (`1 / (1 - rate)`), in the Consts' float type with
/// TensorFlow's IEEE rounding; nullopt for anything else (a Placeholder, a
/// tensor, mixed types).
std::optional<llvm::APFloat> evaluateScalarFloat(Value value);

/// evaluateScalarFloat(value) is exactly `expected` (either zero for 0).
bool isScalarFloatEqualTo(Value value, double expected);

} // namespace mlir::tfg

#endif // TFG_ANALYSIS_CONSTANTVALUES_H
