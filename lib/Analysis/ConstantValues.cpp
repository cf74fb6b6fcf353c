//===- ConstantValues.cpp - Values of constant nodes ----------------------===//

#include "TFG/Analysis/ConstantValues.h"
#include "TFG/Dialect/IR/OpCategories.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstring>
#include <functional>

using namespace mlir;
using namespace mlir::tfg;

ElementsAttr mlir::tfg::getConstValue(Value value) {
  Operation *producer = value.getDefiningOp();
  if (!isa_and_nonnull<ConstOp>(producer))
    return {};
  return producer->getAttrOfType<ElementsAttr>("value");
}

std::optional<SmallVector<float>>
mlir::tfg::getFloatElements(ElementsAttr value) {
  if (!value || !value.getElementType().isF32())
    return std::nullopt;
  int64_t n = value.getNumElements();
  SmallVector<float> values;
  if (auto dense = dyn_cast<DenseFPElementsAttr>(value)) {
    values.reserve(n);
    for (APFloat v : dense.getValues<APFloat>())
      values.push_back(v.convertToFloat());
    return values;
  }
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob || blob->getData().size() != static_cast<size_t>(n) * 4)
      return std::nullopt;
    values.resize(n);
    std::memcpy(values.data(), blob->getData().data(), n * 4);
    return values;
  }
  return std::nullopt;
}

std::optional<double> mlir::tfg::getConstSplatFloat(Value value) {
  auto dense = dyn_cast_or_null<DenseFPElementsAttr>(getConstValue(value));
  if (!dense || (!dense.isSplat() && dense.getNumElements() != 1))
    return std::nullopt;
  return (*dense.value_begin<APFloat>()).convertToDouble();
}

std::optional<APFloat> mlir::tfg::evaluateScalarFloat(Value value) {
  // Enough for `1 / (1 - rate)` behind a few Identities; a budget of nodes
  // visited keeps a long chain (or a DAG of shared terms) cheap.
  unsigned budget = 32;
  std::function<std::optional<APFloat>(Value)> evaluate =
      [&](Value value) -> std::optional<APFloat> {
    Operation *producer = value.getDefiningOp();
    if (!producer || !isNodeOp(producer) || budget == 0)
      return std::nullopt;
    --budget;
    if (isa<ConstOp>(producer)) {
      auto dense = dyn_cast_or_null<DenseFPElementsAttr>(
          producer->getAttrOfType<ElementsAttr>("value"));
      if (!dense || dense.getType().getRank() != 0)
        return std::nullopt;
      return *dense.value_begin<APFloat>();
    }
    OperandRange inputs = getDataOperands(producer);
    if (isForwarding(producer))
      return evaluate(inputs[0]);
    enum class Arithmetic { None, Reciprocal, Add, Sub, Mul, Div };
    Arithmetic arithmetic =
        llvm::StringSwitch<Arithmetic>(getNodeOpType(producer))
            .Cases({"Reciprocal", "Inv"}, Arithmetic::Reciprocal)
            .Cases({"Add", "AddV2"}, Arithmetic::Add)
            .Case("Sub", Arithmetic::Sub)
            .Case("Mul", Arithmetic::Mul)
            .Cases({"RealDiv", "Div"}, Arithmetic::Div)
            .Default(Arithmetic::None);
    if (arithmetic == Arithmetic::Reciprocal) {
      std::optional<APFloat> x = evaluate(inputs[0]);
      if (!x)
        return std::nullopt;
      APFloat one(x->getSemantics(), 1);
      one.divide(*x, APFloat::rmNearestTiesToEven);
      return one;
    }
    if (arithmetic == Arithmetic::None || inputs.size() != 2)
      return std::nullopt;
    std::optional<APFloat> lhs = evaluate(inputs[0]);
    std::optional<APFloat> rhs = evaluate(inputs[1]);
    if (!lhs || !rhs || &lhs->getSemantics() != &rhs->getSemantics())
      return std::nullopt;
    APFloat::roundingMode rounding = APFloat::rmNearestTiesToEven;
    if (arithmetic == Arithmetic::Sub)
      lhs->subtract(*rhs, rounding);
    else if (arithmetic == Arithmetic::Mul)
      lhs->multiply(*rhs, rounding);
    else if (arithmetic == Arithmetic::Div)
      lhs->divide(*rhs, rounding);
    else
      lhs->add(*rhs, rounding);
    return lhs;
  };
  return evaluate(value);
}

bool mlir::tfg::isScalarFloatEqualTo(Value value, double expected) {
  std::optional<APFloat> actual = evaluateScalarFloat(value);
  if (!actual)
    return false;
  if (expected == 0.0)
    return actual->isZero();
  bool losesInfo;
  APFloat wanted(expected);
  wanted.convert(actual->getSemantics(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
  return !losesInfo && actual->compare(wanted) == APFloat::cmpEqual;
}

std::optional<bool> mlir::tfg::getConstSplatBool(Value value) {
  auto dense = dyn_cast_or_null<DenseIntElementsAttr>(getConstValue(value));
  if (!dense || !dense.getElementType().isInteger(1) ||
      (!dense.isSplat() && dense.getNumElements() != 1))
    return std::nullopt;
  return *dense.value_begin<bool>();
}
