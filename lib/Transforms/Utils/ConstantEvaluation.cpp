//===- ConstantEvaluation.cpp - Evaluating nodes on constants -------------===//
//
// A small tensor interpreter for tfg-fold-constants. Values are kept in
// their own dtype: float32 arithmetic happens in float (so folded values are
// the ones TensorFlow computes), integers wrap around at their width.
//
//===----------------------------------------------------------------------===//

#include "TFG/Transforms/Utils/ConstantEvaluation.h"

#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Dialect/IR/TFG.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// A constant tensor: floats (f32, f64) or integers (any width, bool = i1).
struct Tensor {
  Type elementType;
  SmallVector<int64_t> shape;
  std::vector<double> floats; // f32 values are exactly representable
  std::vector<int64_t> ints;

  bool isFloat() const { return isa<FloatType>(elementType); }
  bool isF32() const { return elementType.isF32(); }
  int64_t size() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
};

struct EvalError {
  std::string message;
};
} // namespace

static bool isSupportedType(Type type) {
  if (type.isF32() || type.isF64())
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  return intType && (intType.getWidth() == 1 || intType.getWidth() == 8 ||
                     intType.getWidth() == 16 || intType.getWidth() == 32 ||
                     intType.getWidth() == 64);
}

/// `value` wrapped to the integer type's width and signedness.
static int64_t wrapInt(int64_t value, Type type) {
  auto intType = cast<IntegerType>(type);
  unsigned width = intType.getWidth();
  if (width == 1)
    return value != 0;
  if (width == 64)
    return value;
  uint64_t mask = (uint64_t(1) << width) - 1;
  uint64_t bits = static_cast<uint64_t>(value) & mask;
  if (intType.isUnsigned())
    return static_cast<int64_t>(bits);
  if (bits & (uint64_t(1) << (width - 1)))
    bits |= ~mask;
  return static_cast<int64_t>(bits);
}

static double roundFloat(double value, Type type) {
  return type.isF32() ? static_cast<double>(static_cast<float>(value)) : value;
}

static std::optional<Tensor> toTensor(ElementsAttr attr) {
  auto type = dyn_cast<RankedTensorType>(attr.getType());
  if (!type || !type.hasStaticShape() ||
      !isSupportedType(type.getElementType()))
    return std::nullopt;
  Tensor t;
  t.elementType = type.getElementType();
  t.shape.assign(type.getShape().begin(), type.getShape().end());
  int64_t n = type.getNumElements();
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (t.isFloat())
      for (APFloat v : dense.getValues<APFloat>())
        t.floats.push_back(v.convertToDouble());
    else
      for (APInt v : dense.getValues<APInt>())
        t.ints.push_back(wrapInt(t.elementType.isInteger(1)
                                     ? static_cast<int64_t>(v.getZExtValue())
                                     : v.getSExtValue(),
                                 t.elementType));
    return t;
  }
  auto resource = dyn_cast<DenseResourceElementsAttr>(attr);
  if (!resource)
    return std::nullopt;
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  unsigned width = t.elementType.getIntOrFloatBitWidth();
  if (!blob || width < 8 || blob->getData().size() != size_t(n) * width / 8)
    return std::nullopt;
  const char *data = blob->getData().data();
  for (int64_t i = 0; i < n; ++i) {
    if (t.elementType.isF32()) {
      float v;
      std::memcpy(&v, data + 4 * i, 4);
      t.floats.push_back(v);
    } else if (t.elementType.isF64()) {
      double v;
      std::memcpy(&v, data + 8 * i, 8);
      t.floats.push_back(v);
    } else {
      int64_t v = 0;
      std::memcpy(&v, data + i * width / 8, width / 8); // little endian
      t.ints.push_back(wrapInt(v, t.elementType));
    }
  }
  return t;
}

/// Folded values of at least this many bytes become dense resource blobs,
/// as imported weights do (docs/design.md, "Weights and memory"): large
/// uniqued attributes would stay in the context for good.
static constexpr size_t kResourceThresholdBytes = 1024;

static ElementsAttr toAttr(const Tensor &t) {
  auto type = RankedTensorType::get(t.shape, t.elementType);
  unsigned bits = t.elementType.getIntOrFloatBitWidth();
  size_t bytes = static_cast<size_t>(t.size()) * bits / 8;
  if (bits >= 8 && bytes >= kResourceThresholdBytes) {
    auto *owned = new std::vector<char>(bytes);
    for (int64_t i = 0, n = t.size(); i < n; ++i) {
      char *at = owned->data() + i * bits / 8;
      if (t.elementType.isF32()) {
        float v = static_cast<float>(t.floats[i]);
        std::memcpy(at, &v, 4);
      } else if (t.elementType.isF64()) {
        std::memcpy(at, &t.floats[i], 8);
      } else {
        int64_t v = t.ints[i];
        std::memcpy(at, &v, bits / 8); // little endian
      }
    }
    AsmResourceBlob blob(
        ArrayRef<char>(owned->data(), owned->size()), bits / 8,
        [owned](void *, size_t, size_t) { delete owned; },
        /*dataIsMutable=*/false);
    return DenseResourceElementsAttr::get(type, "folded", std::move(blob));
  }
  if (t.elementType.isF32()) {
    SmallVector<float> values(t.floats.begin(), t.floats.end());
    return DenseElementsAttr::get(type, ArrayRef<float>(values));
  }
  if (t.elementType.isF64())
    return DenseElementsAttr::get(type, ArrayRef<double>(t.floats));
  if (t.elementType.isInteger(1)) {
    SmallVector<bool> values;
    for (int64_t v : t.ints)
      values.push_back(v != 0);
    return DenseElementsAttr::get(type, ArrayRef<bool>(values));
  }
  unsigned width = t.elementType.getIntOrFloatBitWidth();
  SmallVector<APInt> values;
  for (int64_t v : t.ints)
    values.push_back(APInt(width, static_cast<uint64_t>(v), /*isSigned=*/true,
                           /*implicitTrunc=*/true));
  return DenseElementsAttr::get(type, values);
}

//===----------------------------------------------------------------------===//
// Broadcasting elementwise ops
//===----------------------------------------------------------------------===//

/// Numpy broadcasting of two static shapes (upstream's rule, which is
/// TensorFlow's for static shapes).
static FailureOr<SmallVector<int64_t>> broadcastShape(ArrayRef<int64_t> a,
                                                      ArrayRef<int64_t> b) {
  SmallVector<int64_t> out;
  if (!mlir::OpTrait::util::getBroadcastedShape(a, b, out))
    return failure();
  return out;
}

/// The flat index into a tensor of `shape` (right-aligned, broadcast) of
/// the element at flat index `index` of a tensor of `outShape`.
static int64_t broadcastIndex(int64_t index, ArrayRef<int64_t> outShape,
                              ArrayRef<int64_t> shape) {
  int64_t result = 0, stride = 1;
  for (int64_t i = outShape.size() - 1, j = shape.size() - 1; j >= 0;
       --i, --j) {
    int64_t coord = index % outShape[i];
    index /= outShape[i];
    if (shape[j] != 1)
      result += coord * stride;
    stride *= shape[j];
  }
  return result;
}

using FloatFn = std::function<double(double, double)>;
using IntFn = std::function<std::optional<int64_t>(int64_t, int64_t)>;

static FailureOr<Tensor> binary(const Tensor &a, const Tensor &b,
                                Type resultType, const FloatFn &floatFn,
                                const IntFn &intFn, std::string &error) {
  if (a.elementType != b.elementType) {
    error = "operands have different dtypes";
    return failure();
  }
  auto shape = broadcastShape(a.shape, b.shape);
  if (failed(shape)) {
    error = "shapes cannot be broadcast";
    return failure();
  }
  Tensor out;
  out.elementType = resultType;
  out.shape = *shape;
  int64_t n = out.size();
  for (int64_t i = 0; i < n; ++i) {
    int64_t ia = broadcastIndex(i, out.shape, a.shape);
    int64_t ib = broadcastIndex(i, out.shape, b.shape);
    if (a.isFloat()) {
      if (!floatFn)
        return failure();
      double v = floatFn(a.floats[ia], b.floats[ib]);
      if (out.isFloat())
        out.floats.push_back(roundFloat(v, out.elementType));
      else
        out.ints.push_back(v != 0);
    } else {
      if (!intFn)
        return failure();
      std::optional<int64_t> v = intFn(a.ints[ia], b.ints[ib]);
      if (!v) {
        error = "integer division by zero";
        return failure();
      }
      out.ints.push_back(out.isFloat() ? *v : wrapInt(*v, out.elementType));
    }
  }
  return out;
}

/// Float ops on f32 compute in float: the float result of the double
/// operation on float operands is the correctly rounded one for + - * / and
/// sqrt; others (exp, pow) may differ from TensorFlow's by an ulp.
static FloatFn inFloat(std::function<double(double, double)> fn) { return fn; }

static int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

//===----------------------------------------------------------------------===//
// Which computation an op type is: one lookup, then a dispatch on the kind
//===----------------------------------------------------------------------===//

namespace {
enum class EvalKind {
  // Binary elementwise, numpy broadcasting (isBinary).
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  FloorMod,
  Maximum,
  Minimum,
  SquaredDifference,
  Pow,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  Equal,
  NotEqual,
  LogicalAnd,
  LogicalOr,
  // Unary elementwise (isUnary).
  Neg,
  Abs,
  Square,
  Sign,
  Relu,
  Relu6,
  Rsqrt,
  Sqrt,
  Reciprocal,
  Exp,
  Log,
  Floor,
  Ceil,
  Round,
  Sigmoid,
  Tanh,
  LogicalNot,
  // The rest.
  Forward,
  AddN,
  Cast,
  Shape,
  Size,
  Rank,
  ZerosLike,
  OnesLike,
  Reshape,
  ExpandDims,
  Squeeze,
  Pack,
  ConcatV2,
  Fill,
  Range,
  Transpose,
  Unpack,
  Slice,
  StridedSlice,
  Tile,
  GatherV2,
  Gather,
  Pad,
  PadV2,
  BroadcastTo,
  Sum,
  Prod,
  Max,
  Min,
  Mean,
  All,
  Any,
  ArgMax,
  ArgMin,
  Select,
  SelectV2,
  Split,
  SplitV
};
} // namespace

static bool isBinary(EvalKind kind) {
  return kind >= EvalKind::Add && kind <= EvalKind::LogicalOr;
}
static bool isUnary(EvalKind kind) {
  return kind >= EvalKind::Neg && kind <= EvalKind::LogicalNot;
}

/// The computation for `opType`; nullopt for op types the evaluator does
/// not know. Aliases (AddV2, RealDiv, Inv) share their twin's kind.
static std::optional<EvalKind> getEvalKind(StringRef opType) {
  if (isForwarding(opType))
    return EvalKind::Forward;
  using K = EvalKind;
  return llvm::StringSwitch<std::optional<EvalKind>>(opType)
      .Cases({"Add", "AddV2"}, K::Add)
      .Case("Sub", K::Sub)
      .Case("Mul", K::Mul)
      .Cases({"RealDiv", "Div"}, K::Div)
      .Case("FloorDiv", K::FloorDiv)
      .Case("FloorMod", K::FloorMod)
      .Case("Maximum", K::Maximum)
      .Case("Minimum", K::Minimum)
      .Case("SquaredDifference", K::SquaredDifference)
      .Case("Pow", K::Pow)
      .Case("Less", K::Less)
      .Case("LessEqual", K::LessEqual)
      .Case("Greater", K::Greater)
      .Case("GreaterEqual", K::GreaterEqual)
      .Case("Equal", K::Equal)
      .Case("NotEqual", K::NotEqual)
      .Case("LogicalAnd", K::LogicalAnd)
      .Case("LogicalOr", K::LogicalOr)
      .Case("Neg", K::Neg)
      .Case("Abs", K::Abs)
      .Case("Square", K::Square)
      .Case("Sign", K::Sign)
      .Case("Relu", K::Relu)
      .Case("Relu6", K::Relu6)
      .Case("Rsqrt", K::Rsqrt)
      .Case("Sqrt", K::Sqrt)
      .Cases({"Reciprocal", "Inv"}, K::Reciprocal)
      .Case("Exp", K::Exp)
      .Case("Log", K::Log)
      .Case("Floor", K::Floor)
      .Case("Ceil", K::Ceil)
      .Case("Round", K::Round)
      .Case("Sigmoid", K::Sigmoid)
      .Case("Tanh", K::Tanh)
      .Case("LogicalNot", K::LogicalNot)
      .Case("AddN", K::AddN)
      .Case("Cast", K::Cast)
      .Case("Shape", K::Shape)
      .Case("Size", K::Size)
      .Case("Rank", K::Rank)
      .Case("ZerosLike", K::ZerosLike)
      .Case("OnesLike", K::OnesLike)
      .Case("Reshape", K::Reshape)
      .Case("ExpandDims", K::ExpandDims)
      .Case("Squeeze", K::Squeeze)
      .Case("Pack", K::Pack)
      .Case("ConcatV2", K::ConcatV2)
      .Case("Fill", K::Fill)
      .Case("Range", K::Range)
      .Case("Transpose", K::Transpose)
      .Case("Unpack", K::Unpack)
      .Case("Slice", K::Slice)
      .Case("StridedSlice", K::StridedSlice)
      .Case("Tile", K::Tile)
      .Case("GatherV2", K::GatherV2)
      .Case("Gather", K::Gather)
      .Case("Pad", K::Pad)
      .Case("PadV2", K::PadV2)
      .Case("BroadcastTo", K::BroadcastTo)
      .Case("Sum", K::Sum)
      .Case("Prod", K::Prod)
      .Case("Max", K::Max)
      .Case("Min", K::Min)
      .Case("Mean", K::Mean)
      .Case("All", K::All)
      .Case("Any", K::Any)
      .Case("ArgMax", K::ArgMax)
      .Case("ArgMin", K::ArgMin)
      .Case("Select", K::Select)
      .Case("SelectV2", K::SelectV2)
      .Case("Split", K::Split)
      .Case("SplitV", K::SplitV)
      .Default(std::nullopt);
}

//===----------------------------------------------------------------------===//
// The ops
//===----------------------------------------------------------------------===//

static FailureOr<Tensor> evaluateBinary(EvalKind kind, const Tensor &a,
                                        const Tensor &b, std::string &error) {
  Type t = a.elementType;
  Type boolType = IntegerType::get(t.getContext(), 1);
  auto arith = [&](FloatFn f, IntFn i) { return binary(a, b, t, f, i, error); };
  // Integers compare as integers (int64 values past 2^53 are not doubles).
  auto compare = [&](auto f) {
    return binary(
        a, b, boolType, [f](double x, double y) { return f(x, y); },
        [f](int64_t x, int64_t y) -> std::optional<int64_t> { return f(x, y); },
        error);
  };
  if (kind == EvalKind::Add)
    return arith(inFloat(std::plus<double>()),
                 [](int64_t x, int64_t y) -> std::optional<int64_t> {
                   return int64_t(uint64_t(x) + uint64_t(y));
                 });
  if (kind == EvalKind::Sub)
    return arith(inFloat(std::minus<double>()),
                 [](int64_t x, int64_t y) -> std::optional<int64_t> {
                   return int64_t(uint64_t(x) - uint64_t(y));
                 });
  if (kind == EvalKind::Mul)
    return arith(inFloat(std::multiplies<double>()),
                 [](int64_t x, int64_t y) -> std::optional<int64_t> {
                   return int64_t(uint64_t(x) * uint64_t(y));
                 });
  if (kind == EvalKind::Div)
    return arith(inFloat(std::divides<double>()),
                 [](int64_t x, int64_t y) -> std::optional<int64_t> {
                   if (y == 0)
                     return std::nullopt;
                   return x / y; // Div on ints truncates, like C
                 });
  if (kind == EvalKind::FloorDiv)
    return arith([](double x, double y) { return std::floor(x / y); },
                 [](int64_t x, int64_t y) -> std::optional<int64_t> {
                   if (y == 0)
                     return std::nullopt;
                   return floorDiv(x, y);
                 });
  if (kind == EvalKind::FloorMod)
    return arith(
        [](double x, double y) {
          double r = std::fmod(x, y);
          return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;
        },
        [](int64_t x, int64_t y) -> std::optional<int64_t> {
          if (y == 0)
            return std::nullopt;
          return x - floorDiv(x, y) * y;
        });
  if (kind == EvalKind::Maximum)
    return arith([](double x, double y) { return std::max(x, y); },
                 [](int64_t x, int64_t y) -> std::optional<int64_t> {
                   return std::max(x, y);
                 });
  if (kind == EvalKind::Minimum)
    return arith([](double x, double y) { return std::min(x, y); },
                 [](int64_t x, int64_t y) -> std::optional<int64_t> {
                   return std::min(x, y);
                 });
  if (kind == EvalKind::SquaredDifference)
    return arith(
        [t](double x, double y) {
          double d = roundFloat(x - y, t);
          return d * d;
        },
        [](int64_t x, int64_t y) -> std::optional<int64_t> {
          return (x - y) * (x - y);
        });
  if (kind == EvalKind::Pow)
    return arith([](double x, double y) { return std::pow(x, y); }, nullptr);
  if (kind == EvalKind::Less)
    return compare(std::less<>());
  if (kind == EvalKind::LessEqual)
    return compare(std::less_equal<>());
  if (kind == EvalKind::Greater)
    return compare(std::greater<>());
  if (kind == EvalKind::GreaterEqual)
    return compare(std::greater_equal<>());
  if (kind == EvalKind::Equal)
    return compare(std::equal_to<>());
  if (kind == EvalKind::NotEqual)
    return compare(std::not_equal_to<>());
  if (kind == EvalKind::LogicalAnd)
    return arith(nullptr, [](int64_t x, int64_t y) -> std::optional<int64_t> {
      return x && y;
    });
  if (kind == EvalKind::LogicalOr)
    return arith(nullptr, [](int64_t x, int64_t y) -> std::optional<int64_t> {
      return x || y;
    });
  return failure();
}

static FailureOr<Tensor> evaluateUnary(EvalKind kind, const Tensor &x) {
  std::function<double(double)> f;
  std::function<int64_t(int64_t)> i;
  if (kind == EvalKind::Neg) {
    f = [](double v) { return -v; };
    i = [](int64_t v) { return int64_t(0 - uint64_t(v)); };
  } else if (kind == EvalKind::Abs) {
    f = [](double v) { return std::fabs(v); };
    i = [](int64_t v) { return v < 0 ? int64_t(0 - uint64_t(v)) : v; };
  } else if (kind == EvalKind::Square) {
    f = [](double v) { return v * v; };
    i = [](int64_t v) { return int64_t(uint64_t(v) * uint64_t(v)); };
  } else if (kind == EvalKind::Sign) {
    f = [](double v) { return double((v > 0) - (v < 0)); };
    i = [](int64_t v) { return int64_t((v > 0) - (v < 0)); };
  } else if (kind == EvalKind::Relu) {
    f = [](double v) { return v > 0 ? v : 0.0; };
    i = [](int64_t v) { return v > 0 ? v : 0; };
  } else if (kind == EvalKind::Relu6) {
    f = [](double v) { return std::min(std::max(v, 0.0), 6.0); };
  } else if (kind == EvalKind::Rsqrt) {
    f = [&x](double v) {
      return 1.0 / roundFloat(std::sqrt(v), x.elementType);
    };
  } else if (kind == EvalKind::Sqrt) {
    f = [](double v) { return std::sqrt(v); };
  } else if (kind == EvalKind::Reciprocal) {
    f = [](double v) { return 1.0 / v; };
  } else if (kind == EvalKind::Exp) {
    f = [](double v) { return std::exp(v); };
  } else if (kind == EvalKind::Log) {
    f = [](double v) { return std::log(v); };
  } else if (kind == EvalKind::Floor) {
    f = [](double v) { return std::floor(v); };
  } else if (kind == EvalKind::Ceil) {
    f = [](double v) { return std::ceil(v); };
  } else if (kind == EvalKind::Round) {
    f = [](double v) { return std::nearbyint(v); }; // half to even
  } else if (kind == EvalKind::Sigmoid) {
    f = [](double v) { return 1.0 / (1.0 + std::exp(-v)); };
  } else if (kind == EvalKind::Tanh) {
    f = [](double v) { return std::tanh(v); };
  } else if (kind == EvalKind::LogicalNot) {
    i = [](int64_t v) { return int64_t(!v); };
  } else {
    return failure();
  }
  Tensor out = x;
  if (x.isFloat()) {
    if (!f)
      return failure();
    for (double &v : out.floats)
      v = roundFloat(f(v), x.elementType);
  } else {
    if (!i)
      return failure();
    for (int64_t &v : out.ints)
      v = wrapInt(i(v), x.elementType);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Shape and data-movement ops
//===----------------------------------------------------------------------===//

namespace {
/// Evaluates one node. Fails with `error` set when the inputs are wrong for
/// the op, with `error` empty when the node is simply not foldable.
class NodeEvaluator {
public:
  NodeEvaluator(Operation *node, int64_t maxElements, std::string &error)
      : node(node), op(getNodeOpType(node)), kind(*getEvalKind(op)),
        maxElements(maxElements), error(error) {}

  FailureOr<SmallVector<Tensor>> run();

private:
  FailureOr<Tensor> evaluateOne(SmallVectorImpl<Tensor> &in);
  FailureOr<SmallVector<Tensor>> evaluateSplit(SmallVectorImpl<Tensor> &in);

  /// Fails (not an error) when a result of `n` elements is over the limit:
  /// checked before the result is materialized.
  LogicalResult checkSize(int64_t n) {
    return success(n >= 0 && n <= maxElements);
  }
  FailureOr<Tensor> fail(const Twine &message) {
    error = (op + ": " + message).str();
    return failure();
  }
  int64_t intAttr(StringRef name, int64_t fallback) {
    auto attr = node->getAttrOfType<IntegerAttr>(name);
    return attr ? attr.getInt() : fallback;
  }
  /// Normalizes `axis` (negative counts from the end) for rank `rank`.
  FailureOr<int64_t> axisIn(int64_t axis, int64_t rank) {
    if (axis < -rank || axis >= rank) {
      (void)fail("axis " + Twine(axis) + " out of range for rank " +
                 Twine(rank));
      return failure();
    }
    return axis < 0 ? axis + rank : axis;
  }

  FailureOr<Tensor> transpose(const Tensor &x, const Tensor &perm);
  FailureOr<Tensor> slice(const Tensor &x, ArrayRef<int64_t> begin,
                          ArrayRef<int64_t> size, ArrayRef<int64_t> strides,
                          ArrayRef<int64_t> resultShape);
  FailureOr<Tensor> stridedSlice(const Tensor &x, const Tensor &begin,
                                 const Tensor &end, const Tensor &strides);
  FailureOr<Tensor> tile(const Tensor &x, const Tensor &multiples);
  FailureOr<Tensor> broadcastTo(const Tensor &x, ArrayRef<int64_t> shape);
  FailureOr<Tensor> gather(const Tensor &params, const Tensor &indices,
                           int64_t axis);
  FailureOr<Tensor> pad(const Tensor &x, const Tensor &paddings,
                        std::optional<Tensor> value);
  FailureOr<Tensor> reduce(const Tensor &x, const Tensor &axes);
  FailureOr<Tensor> argMinMax(const Tensor &x, const Tensor &axis);
  FailureOr<Tensor> select(const Tensor &cond, const Tensor &a,
                           const Tensor &b);

  Operation *node;
  StringRef op;
  EvalKind kind;
  int64_t maxElements;
  std::string &error;
};
} // namespace

static std::optional<Tensor> constantInput(Operation *node, unsigned index) {
  ElementsAttr attr = getConstValue(getDataOperands(node)[index]);
  if (!attr)
    return std::nullopt;
  return toTensor(attr);
}

static std::optional<SmallVector<int64_t>> intValues(const Tensor &t) {
  if (t.isFloat())
    return std::nullopt;
  return SmallVector<int64_t>(t.ints.begin(), t.ints.end());
}

static Type resultElementType(Operation *node, StringRef attrName) {
  auto attr = node->getAttrOfType<TypeAttr>(attrName);
  return attr ? attr.getValue() : Type();
}

static int64_t numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Row-major strides of `shape`.
static SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// An empty tensor of `x`'s dtype and `shape`, with room for its values.
static Tensor emptyLike(const Tensor &x, ArrayRef<int64_t> shape) {
  Tensor out;
  out.elementType = x.elementType;
  out.shape.assign(shape.begin(), shape.end());
  if (out.isFloat())
    out.floats.reserve(numElements(shape));
  else
    out.ints.reserve(numElements(shape));
  return out;
}

static void append(Tensor &out, const Tensor &x, int64_t index) {
  if (out.isFloat())
    out.floats.push_back(x.floats[index]);
  else
    out.ints.push_back(x.ints[index]);
}

/// Visits the multi-indices of `shape` in row-major order.
static void forEachIndex(ArrayRef<int64_t> shape,
                         function_ref<void(ArrayRef<int64_t>)> fn) {
  int64_t n = numElements(shape);
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t flat = 0; flat < n; ++flat) {
    fn(index);
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
}

FailureOr<Tensor> NodeEvaluator::transpose(const Tensor &x,
                                           const Tensor &permTensor) {
  std::optional<SmallVector<int64_t>> perm = intValues(permTensor);
  int64_t rank = x.shape.size();
  if (!perm)
    return failure();
  if (static_cast<int64_t>(perm->size()) != rank)
    return fail("perm has " + Twine(perm->size()) + " entries for rank " +
                Twine(rank));
  SmallVector<bool> seen(rank, false);
  for (int64_t &p : *perm) {
    if (p < 0)
      p += rank;
    if (p < 0 || p >= rank || seen[p])
      return fail("perm is not a permutation");
    seen[p] = true;
  }
  SmallVector<int64_t> shape;
  for (int64_t p : *perm)
    shape.push_back(x.shape[p]);
  SmallVector<int64_t> inStrides = stridesOf(x.shape);
  Tensor out = emptyLike(x, shape);
  forEachIndex(shape, [&](ArrayRef<int64_t> index) {
    int64_t source = 0;
    for (int64_t d = 0; d < rank; ++d)
      source += index[d] * inStrides[(*perm)[d]];
    append(out, x, source);
  });
  return out;
}

/// Elements begin[d] + i * strides[d] of `x`, for i < size[d]; the result
/// takes `resultShape` (same element count: shrunk or new axes).
FailureOr<Tensor> NodeEvaluator::slice(const Tensor &x, ArrayRef<int64_t> begin,
                                       ArrayRef<int64_t> size,
                                       ArrayRef<int64_t> strides,
                                       ArrayRef<int64_t> resultShape) {
  SmallVector<int64_t> inStrides = stridesOf(x.shape);
  Tensor out = emptyLike(x, size);
  forEachIndex(size, [&](ArrayRef<int64_t> index) {
    int64_t source = 0;
    for (size_t d = 0; d < index.size(); ++d)
      source += (begin[d] + index[d] * strides[d]) * inStrides[d];
    append(out, x, source);
  });
  out.shape.assign(resultShape.begin(), resultShape.end());
  return out;
}

/// TensorFlow's StridedSlice (ValidateStridedSliceOp): masks, ellipsis, new
/// and shrunk axes, negative strides, indices clamped as Python slices.
FailureOr<Tensor> NodeEvaluator::stridedSlice(const Tensor &x,
                                              const Tensor &beginT,
                                              const Tensor &endT,
                                              const Tensor &stridesT) {
  auto begin = intValues(beginT), end = intValues(endT),
       strides = intValues(stridesT);
  if (!begin || !end || !strides)
    return failure();
  size_t specLen = begin->size();
  if (end->size() != specLen || strides->size() != specLen)
    return fail("begin, end and strides differ in length");
  int64_t beginMask = intAttr("begin_mask", 0),
          endMask = intAttr("end_mask", 0),
          ellipsisMask = intAttr("ellipsis_mask", 0),
          newAxisMask = intAttr("new_axis_mask", 0),
          shrinkMask = intAttr("shrink_axis_mask", 0);
  if (llvm::popcount(static_cast<uint64_t>(ellipsisMask)) > 1)
    return fail("more than one ellipsis");
  int64_t rank = x.shape.size();
  // Expand the sparse spec to one entry per input dimension.
  struct Dim {
    int64_t begin = 0, end = 0, stride = 1;
    bool beginMasked = true, endMasked = true, shrink = false;
  };
  SmallVector<Dim> dims;
  // Where new axes go in the output, relative to the input dims before them.
  SmallVector<int64_t> finalShapeOps; // >=0: input dim, -1: new axis
  int64_t numRealSpec = 0;
  for (size_t i = 0; i < specLen; ++i)
    if (!((ellipsisMask >> i) & 1) && !((newAxisMask >> i) & 1))
      ++numRealSpec;
  for (size_t i = 0; i < specLen; ++i) {
    if ((ellipsisMask >> i) & 1) {
      int64_t fill = rank - numRealSpec;
      for (int64_t k = 0; k < fill; ++k) {
        finalShapeOps.push_back(dims.size());
        dims.push_back(Dim());
      }
      continue;
    }
    if ((newAxisMask >> i) & 1) {
      finalShapeOps.push_back(-1);
      continue;
    }
    if (static_cast<int64_t>(dims.size()) >= rank)
      return fail("slice spec has more dimensions than the input");
    Dim dim;
    dim.begin = (*begin)[i];
    dim.end = (*end)[i];
    dim.stride = (*strides)[i];
    dim.beginMasked = (beginMask >> i) & 1;
    dim.endMasked = (endMask >> i) & 1;
    dim.shrink = (shrinkMask >> i) & 1;
    finalShapeOps.push_back(dim.shrink ? -2 - int64_t(dims.size())
                                       : int64_t(dims.size()));
    dims.push_back(dim);
  }
  // Dimensions the spec does not mention are taken whole.
  while (static_cast<int64_t>(dims.size()) < rank) {
    finalShapeOps.push_back(dims.size());
    dims.push_back(Dim());
  }
  SmallVector<int64_t> starts, sizes, steps;
  for (int64_t d = 0; d < rank; ++d) {
    Dim &dim = dims[d];
    int64_t n = x.shape[d];
    if (dim.stride == 0)
      return fail("stride 0 in dimension " + Twine(d));
    if (dim.shrink) {
      int64_t index = dim.begin < 0 ? dim.begin + n : dim.begin;
      if (index < 0 || index >= n)
        return fail("index " + Twine(dim.begin) +
                    " out of bounds in "
                    "dimension " +
                    Twine(d) + " of size " + Twine(n));
      starts.push_back(index);
      sizes.push_back(1);
      steps.push_back(1);
      continue;
    }
    bool forward = dim.stride > 0;
    // Python slice clamping: [0, n] forward, [-1, n-1] backward.
    auto canonical = [&](int64_t v, bool masked, bool isBegin) {
      if (masked)
        return forward ? (isBegin ? int64_t(0) : n)
                       : (isBegin ? n - 1 : int64_t(-1));
      if (v < 0)
        v += n;
      return forward ? std::clamp<int64_t>(v, 0, n)
                     : std::clamp<int64_t>(v, -1, n - 1);
    };
    int64_t b = canonical(dim.begin, dim.beginMasked, true);
    int64_t e = canonical(dim.end, dim.endMasked, false);
    int64_t count = forward
                        ? (e > b ? (e - b + dim.stride - 1) / dim.stride : 0)
                        : (b > e ? (b - e - dim.stride - 1) / -dim.stride : 0);
    starts.push_back(b);
    sizes.push_back(count);
    steps.push_back(dim.stride);
  }
  SmallVector<int64_t> resultShape;
  for (int64_t entry : finalShapeOps) {
    if (entry == -1)
      resultShape.push_back(1);
    else if (entry >= 0)
      resultShape.push_back(sizes[entry]);
  }
  if (failed(checkSize(numElements(sizes))))
    return failure();
  return slice(x, starts, sizes, steps, resultShape);
}

FailureOr<Tensor> NodeEvaluator::tile(const Tensor &x,
                                      const Tensor &multiplesT) {
  auto multiples = intValues(multiplesT);
  if (!multiples)
    return failure();
  if (multiples->size() != x.shape.size())
    return fail("multiples has " + Twine(multiples->size()) +
                " entries for rank " + Twine(x.shape.size()));
  SmallVector<int64_t> shape;
  for (auto [d, m] : llvm::zip(x.shape, *multiples)) {
    if (m < 0)
      return fail("negative multiple");
    shape.push_back(d * m);
  }
  if (failed(checkSize(numElements(shape))))
    return failure();
  SmallVector<int64_t> inStrides = stridesOf(x.shape);
  Tensor out = emptyLike(x, shape);
  forEachIndex(shape, [&](ArrayRef<int64_t> index) {
    int64_t source = 0;
    for (size_t d = 0; d < index.size(); ++d)
      source += (index[d] % x.shape[d]) * inStrides[d];
    append(out, x, source);
  });
  return out;
}

FailureOr<Tensor> NodeEvaluator::broadcastTo(const Tensor &x,
                                             ArrayRef<int64_t> shape) {
  auto joint = broadcastShape(x.shape, shape);
  if (failed(joint) || ArrayRef<int64_t>(*joint) != shape)
    return fail("cannot broadcast the input to the shape given");
  if (failed(checkSize(numElements(shape))))
    return failure();
  Tensor out = emptyLike(x, shape);
  for (int64_t i = 0, n = numElements(shape); i < n; ++i)
    append(out, x, broadcastIndex(i, shape, x.shape));
  return out;
}

FailureOr<Tensor> NodeEvaluator::gather(const Tensor &params,
                                        const Tensor &indicesT,
                                        int64_t axisValue) {
  auto indices = intValues(indicesT);
  if (!indices)
    return failure();
  if (intAttr("batch_dims", 0) != 0)
    return failure(); // not needed by the graphs we fold; left alone
  int64_t rank = params.shape.size();
  auto axis = axisIn(axisValue, rank);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(params.shape.begin(),
                             params.shape.begin() + *axis);
  shape.append(indicesT.shape.begin(), indicesT.shape.end());
  shape.append(params.shape.begin() + *axis + 1, params.shape.end());
  if (failed(checkSize(numElements(shape))))
    return failure();
  int64_t outer =
      numElements(ArrayRef<int64_t>(params.shape).take_front(*axis));
  int64_t inner =
      numElements(ArrayRef<int64_t>(params.shape).drop_front(*axis + 1));
  int64_t limit = params.shape[*axis];
  Tensor out = emptyLike(params, shape);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t index : *indices) {
      if (index < 0 || index >= limit)
        return fail("index " + Twine(index) + " not in [0, " + Twine(limit) +
                    ")");
      for (int64_t k = 0; k < inner; ++k)
        append(out, params, (o * limit + index) * inner + k);
    }
  return out;
}

FailureOr<Tensor> NodeEvaluator::pad(const Tensor &x, const Tensor &paddingsT,
                                     std::optional<Tensor> value) {
  auto paddings = intValues(paddingsT);
  int64_t rank = x.shape.size();
  if (!paddings)
    return failure();
  if (static_cast<int64_t>(paddings->size()) != 2 * rank)
    return fail("paddings must be [" + Twine(rank) + ", 2]");
  if (value && (value->size() != 1 || value->elementType != x.elementType))
    return fail("constant_values must be a scalar of the input's dtype");
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t before = (*paddings)[2 * d], after = (*paddings)[2 * d + 1];
    if (before < 0 || after < 0)
      return fail("negative padding");
    shape.push_back(x.shape[d] + before + after);
  }
  if (failed(checkSize(numElements(shape))))
    return failure();
  SmallVector<int64_t> inStrides = stridesOf(x.shape);
  Tensor out = emptyLike(x, shape);
  forEachIndex(shape, [&](ArrayRef<int64_t> index) {
    int64_t source = 0;
    bool inside = true;
    for (int64_t d = 0; d < rank && inside; ++d) {
      int64_t i = index[d] - (*paddings)[2 * d];
      inside = i >= 0 && i < x.shape[d];
      source += i * inStrides[d];
    }
    if (inside)
      append(out, x, source);
    else if (out.isFloat())
      out.floats.push_back(value ? value->floats[0] : 0.0);
    else
      out.ints.push_back(value ? value->ints[0] : 0);
  });
  return out;
}

/// Sum, Prod, Max, Min, Mean, All, Any over constant axes.
FailureOr<Tensor> NodeEvaluator::reduce(const Tensor &x, const Tensor &axesT) {
  auto axes = intValues(axesT);
  if (!axes)
    return failure();
  int64_t rank = x.shape.size();
  SmallVector<bool> reduced(rank, false);
  for (int64_t a : *axes) {
    auto axis = axisIn(a, rank);
    if (failed(axis))
      return failure();
    reduced[*axis] = true;
  }
  bool keepDims = false;
  if (auto attr = node->getAttrOfType<BoolAttr>("keep_dims"))
    keepDims = attr.getValue();
  SmallVector<int64_t> outShape, keptShape;
  for (int64_t d = 0; d < rank; ++d) {
    keptShape.push_back(reduced[d] ? 1 : x.shape[d]);
    if (!reduced[d] || keepDims)
      outShape.push_back(keptShape.back());
  }
  int64_t n = numElements(keptShape);
  SmallVector<int64_t> outStrides = stridesOf(keptShape);
  SmallVector<int64_t> counts(n, 0);
  Tensor out = emptyLike(x, outShape);
  double floatInit = kind == EvalKind::Prod  ? 1.0
                     : kind == EvalKind::Max ? -INFINITY
                     : kind == EvalKind::Min ? INFINITY
                                             : 0.0;
  int64_t intInit =
      kind == EvalKind::Prod || kind == EvalKind::All ? 1
      : kind == EvalKind::Max ? std::numeric_limits<int64_t>::min()
      : kind == EvalKind::Min ? std::numeric_limits<int64_t>::max()
                              : 0;
  if (x.isFloat())
    out.floats.assign(n, floatInit);
  else
    out.ints.assign(n, intInit);
  int64_t flat = 0;
  forEachIndex(x.shape, [&](ArrayRef<int64_t> index) {
    int64_t target = 0;
    for (int64_t d = 0; d < rank; ++d)
      if (!reduced[d])
        target += index[d] * outStrides[d];
    ++counts[target];
    if (x.isFloat()) {
      double &acc = out.floats[target], v = x.floats[flat];
      if (kind == EvalKind::Sum || kind == EvalKind::Mean)
        acc = roundFloat(acc + v, x.elementType);
      else if (kind == EvalKind::Prod)
        acc = roundFloat(acc * v, x.elementType);
      else if (kind == EvalKind::Max)
        acc = std::isnan(v) ? v : std::max(acc, v);
      else
        acc = std::isnan(v) ? v : std::min(acc, v);
    } else {
      int64_t &acc = out.ints[target], v = x.ints[flat];
      if (kind == EvalKind::Sum || kind == EvalKind::Mean)
        acc = wrapInt(int64_t(uint64_t(acc) + uint64_t(v)), x.elementType);
      else if (kind == EvalKind::Prod)
        acc = wrapInt(int64_t(uint64_t(acc) * uint64_t(v)), x.elementType);
      else if (kind == EvalKind::Max)
        acc = std::max(acc, v);
      else if (kind == EvalKind::Min)
        acc = std::min(acc, v);
      else if (kind == EvalKind::All)
        acc = acc && v;
      else
        acc = acc || v;
    }
    ++flat;
  });
  if (kind == EvalKind::Mean)
    for (int64_t i = 0; i < n; ++i) {
      if (counts[i] == 0)
        continue;
      if (x.isFloat())
        out.floats[i] = roundFloat(out.floats[i] / counts[i], x.elementType);
      else
        out.ints[i] /= counts[i];
    }
  return out;
}

FailureOr<Tensor> NodeEvaluator::argMinMax(const Tensor &x,
                                           const Tensor &axisT) {
  auto axisValues = intValues(axisT);
  if (!axisValues || axisValues->size() != 1)
    return failure();
  int64_t rank = x.shape.size();
  auto axis = axisIn((*axisValues)[0], rank);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(x.shape);
  int64_t length = shape[*axis];
  if (length == 0)
    return fail("reduction over an empty dimension");
  shape.erase(shape.begin() + *axis);
  Type outType = resultElementType(node, "output_type");
  Tensor out;
  out.elementType =
      outType ? outType : IntegerType::get(node->getContext(), 64);
  out.shape = shape;
  int64_t outer = numElements(ArrayRef<int64_t>(x.shape).take_front(*axis));
  int64_t inner = numElements(ArrayRef<int64_t>(x.shape).drop_front(*axis + 1));
  bool isMax = kind == EvalKind::ArgMax;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < inner; ++k) {
      int64_t best = 0;
      for (int64_t i = 1; i < length; ++i) {
        int64_t a = (o * length + i) * inner + k,
                b = (o * length + best) * inner + k;
        bool better = x.isFloat() ? (isMax ? x.floats[a] > x.floats[b]
                                           : x.floats[a] < x.floats[b])
                                  : (isMax ? x.ints[a] > x.ints[b]
                                           : x.ints[a] < x.ints[b]);
        if (better)
          best = i;
      }
      out.ints.push_back(best);
    }
  return out;
}

/// Select (condition of the same shape, or a vector over the first
/// dimension) and SelectV2 (all three broadcast).
FailureOr<Tensor> NodeEvaluator::select(const Tensor &cond, const Tensor &a,
                                        const Tensor &b) {
  if (!cond.elementType.isInteger(1))
    return fail("condition is not bool");
  if (a.elementType != b.elementType)
    return fail("branches have different dtypes");
  if (kind == EvalKind::Select) {
    if (a.shape != b.shape)
      return fail("branches have different shapes");
    bool vector = cond.shape.size() == 1 && !a.shape.empty() &&
                  cond.shape[0] == a.shape[0] && a.shape.size() > 1;
    if (cond.shape != a.shape && !vector)
      return fail("condition shape does not match the branches");
    Tensor out = emptyLike(a, a.shape);
    int64_t n = a.size(),
            inner = vector ? n / std::max<int64_t>(a.shape[0], 1) : 1;
    for (int64_t i = 0; i < n; ++i)
      append(out, cond.ints[vector ? i / inner : i] ? a : b, i);
    return out;
  }
  auto shape = broadcastShape(cond.shape, a.shape);
  if (succeeded(shape))
    shape = broadcastShape(*shape, b.shape);
  if (failed(shape))
    return fail("shapes cannot be broadcast");
  if (failed(checkSize(numElements(*shape))))
    return failure();
  Tensor out = emptyLike(a, *shape);
  for (int64_t i = 0, n = numElements(*shape); i < n; ++i) {
    bool c = cond.ints[broadcastIndex(i, *shape, cond.shape)];
    const Tensor &from = c ? a : b;
    append(out, from, broadcastIndex(i, *shape, from.shape));
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

bool mlir::tfg::isEvaluableOpType(StringRef opType) {
  return getEvalKind(opType).has_value();
}

/// The op types that need only their input's static shape, not its value.
static bool needsOnlyInputShapes(EvalKind kind) {
  return kind == EvalKind::Shape || kind == EvalKind::Size ||
         kind == EvalKind::Rank || kind == EvalKind::ZerosLike ||
         kind == EvalKind::OnesLike;
}

/// Shape, Size, Rank, ZerosLike and OnesLike only need the input's static
/// shape (and, for the last two, a dtype the evaluator holds).
static FailureOr<Tensor> evaluateShapeQuery(Operation *node, EvalKind kind,
                                            int64_t maxElements) {
  auto type = dyn_cast<RankedTensorType>(getDataOperands(node)[0].getType());
  if (!type || !type.hasStaticShape())
    return failure();
  Tensor out;
  if (kind == EvalKind::ZerosLike || kind == EvalKind::OnesLike) {
    if (!isSupportedType(type.getElementType()) ||
        type.getNumElements() > maxElements)
      return failure();
    out.elementType = type.getElementType();
    out.shape.assign(type.getShape().begin(), type.getShape().end());
    double v = kind == EvalKind::OnesLike ? 1 : 0;
    if (out.isFloat())
      out.floats.assign(type.getNumElements(), v);
    else
      out.ints.assign(type.getNumElements(), static_cast<int64_t>(v));
    return out;
  }
  Type outType = resultElementType(node, "out_type");
  out.elementType =
      outType ? outType : IntegerType::get(node->getContext(), 32);
  if (kind == EvalKind::Shape) {
    out.shape = {type.getRank()};
    out.ints.assign(type.getShape().begin(), type.getShape().end());
  } else {
    out.ints = {kind == EvalKind::Size ? type.getNumElements()
                                       : type.getRank()};
  }
  return out;
}

FailureOr<SmallVector<Tensor>>
NodeEvaluator::evaluateSplit(SmallVectorImpl<Tensor> &in) {
  // Split(axis, value) num_split; SplitV(value, size_splits, axis).
  const Tensor &x = kind == EvalKind::Split ? in[1] : in[0];
  auto axisValues = intValues(kind == EvalKind::Split ? in[0] : in[2]);
  if (!axisValues || axisValues->size() != 1)
    return failure();
  int64_t rank = x.shape.size();
  auto axis = axisIn((*axisValues)[0], rank);
  if (failed(axis))
    return failure();
  int64_t length = x.shape[*axis];
  SmallVector<int64_t> sizes;
  if (kind == EvalKind::Split) {
    int64_t parts = intAttr("num_split", 1);
    if (parts <= 0 || length % parts != 0) {
      (void)fail("dimension of size " + Twine(length) + " cannot be split in " +
                 Twine(parts));
      return failure();
    }
    sizes.assign(parts, length / parts);
  } else {
    auto given = intValues(in[1]);
    if (!given)
      return failure();
    int64_t known = 0, unknown = -1;
    for (auto [i, s] : llvm::enumerate(*given)) {
      if (s == -1 && unknown < 0)
        unknown = i;
      else if (s < 0) {
        (void)fail("bad size_splits");
        return failure();
      } else
        known += s;
    }
    sizes = *given;
    if (unknown >= 0)
      sizes[unknown] = length - known;
    if (llvm::any_of(sizes, [](int64_t s) { return s < 0; }) ||
        std::accumulate(sizes.begin(), sizes.end(), int64_t(0)) != length) {
      (void)fail("size_splits do not add up to " + Twine(length));
      return failure();
    }
  }
  SmallVector<Tensor> results;
  int64_t offset = 0;
  for (int64_t size : sizes) {
    SmallVector<int64_t> begin(rank, 0), shape(x.shape), steps(rank, 1);
    begin[*axis] = offset;
    shape[*axis] = size;
    offset += size;
    FailureOr<Tensor> part = slice(x, begin, shape, steps, shape);
    if (failed(part))
      return failure();
    results.push_back(std::move(*part));
  }
  return results;
}

FailureOr<SmallVector<Tensor>> NodeEvaluator::run() {
  if (needsOnlyInputShapes(kind)) {
    FailureOr<Tensor> t = evaluateShapeQuery(node, kind, maxElements);
    if (failed(t))
      return failure();
    return SmallVector<Tensor>{std::move(*t)};
  }
  // Everything else needs all data inputs constant.
  SmallVector<Tensor> in;
  for (unsigned i = 0, e = getDataOperands(node).size(); i < e; ++i) {
    std::optional<Tensor> t = constantInput(node, i);
    if (!t)
      return failure();
    in.push_back(std::move(*t));
  }
  if (kind == EvalKind::Split || kind == EvalKind::SplitV) {
    if (in.size() != (kind == EvalKind::Split ? 2u : 3u))
      return failure();
    return evaluateSplit(in);
  }
  if (kind == EvalKind::Unpack) {
    if (in.size() != 1)
      return failure();
    int64_t rank = in[0].shape.size();
    auto axis = axisIn(intAttr("axis", 0), rank);
    if (failed(axis))
      return failure();
    SmallVector<int64_t> shape(in[0].shape);
    shape.erase(shape.begin() + *axis);
    SmallVector<Tensor> results;
    for (int64_t k = 0; k < in[0].shape[*axis]; ++k) {
      SmallVector<int64_t> begin(rank, 0), size(in[0].shape), steps(rank, 1);
      begin[*axis] = k;
      size[*axis] = 1;
      FailureOr<Tensor> part = slice(in[0], begin, size, steps, shape);
      if (failed(part))
        return failure();
      results.push_back(std::move(*part));
    }
    return results;
  }
  FailureOr<Tensor> t = evaluateOne(in);
  if (failed(t))
    return failure();
  return SmallVector<Tensor>{std::move(*t)};
}

FailureOr<Tensor> NodeEvaluator::evaluateOne(SmallVectorImpl<Tensor> &in) {
  auto arity = [&](size_t n) { return in.size() == n; };
  if (isBinary(kind)) {
    if (!arity(2))
      return failure();
    FailureOr<Tensor> r = evaluateBinary(kind, in[0], in[1], error);
    if (failed(r) && !error.empty())
      error = (op + ": " + error).str();
    return r;
  }
  if (isUnary(kind))
    return arity(1) ? evaluateUnary(kind, in[0]) : FailureOr<Tensor>(failure());
  if (kind == EvalKind::Forward)
    return arity(1) ? FailureOr<Tensor>(in[0]) : FailureOr<Tensor>(failure());
  if (kind == EvalKind::AddN) {
    if (in.empty())
      return failure();
    Tensor sum = in[0];
    for (size_t i = 1; i < in.size(); ++i) {
      if (in[i].shape != sum.shape)
        return fail("inputs of different shapes");
      FailureOr<Tensor> next = evaluateBinary(EvalKind::Add, sum, in[i], error);
      if (failed(next))
        return failure();
      sum = std::move(*next);
    }
    return sum;
  }
  if (kind == EvalKind::Cast) {
    Type dst = resultElementType(node, "DstT");
    if (!dst || !isSupportedType(dst) || !arity(1))
      return failure();
    Tensor out;
    out.elementType = dst;
    out.shape = in[0].shape;
    for (int64_t i = 0, n = in[0].size(); i < n; ++i) {
      bool srcFloat = in[0].isFloat();
      double fv = srcFloat ? in[0].floats[i] : double(in[0].ints[i]);
      if (out.isFloat())
        out.floats.push_back(roundFloat(fv, dst));
      else if (dst.isInteger(1))
        out.ints.push_back(srcFloat ? fv != 0 : in[0].ints[i] != 0);
      else if (srcFloat)
        out.ints.push_back(
            std::isfinite(fv)
                ? wrapInt(static_cast<int64_t>(std::trunc(fv)), dst)
                : 0);
      else
        out.ints.push_back(wrapInt(in[0].ints[i], dst));
    }
    return out;
  }
  if (kind == EvalKind::Reshape) {
    std::optional<SmallVector<int64_t>> dims =
        arity(2) ? intValues(in[1]) : std::nullopt;
    if (!dims)
      return failure();
    int64_t known = 1, unknown = -1;
    for (auto [i, d] : llvm::enumerate(*dims)) {
      if (d == -1) {
        if (unknown >= 0)
          return fail("more than one -1 in the shape");
        unknown = i;
      } else if (d < 0) {
        return fail("negative dimension " + Twine(d));
      } else {
        known *= d;
      }
    }
    if (unknown >= 0) {
      if (known == 0 || in[0].size() % known != 0)
        return fail(Twine(in[0].size()) +
                    " values cannot take the shape given");
      (*dims)[unknown] = in[0].size() / known;
    }
    Tensor out = in[0];
    out.shape = *dims;
    if (out.size() != in[0].size())
      return fail(Twine(in[0].size()) + " values cannot take the shape given");
    return out;
  }
  if (kind == EvalKind::ExpandDims) {
    std::optional<SmallVector<int64_t>> axis =
        arity(2) ? intValues(in[1]) : std::nullopt;
    if (!axis || axis->size() != 1)
      return failure();
    int64_t rank = in[0].shape.size();
    int64_t a = (*axis)[0] < 0 ? (*axis)[0] + rank + 1 : (*axis)[0];
    if (a < 0 || a > rank)
      return fail("axis out of range");
    Tensor out = in[0];
    out.shape.insert(out.shape.begin() + a, 1);
    return out;
  }
  if (kind == EvalKind::Squeeze) {
    if (!arity(1))
      return failure();
    Tensor out = in[0];
    auto dimsAttr = node->getAttrOfType<ArrayAttr>("squeeze_dims");
    int64_t rank = in[0].shape.size();
    SmallVector<bool> listed(rank, !dimsAttr || dimsAttr.empty());
    if (dimsAttr)
      for (Attribute d : dimsAttr) {
        auto axis = axisIn(cast<IntegerAttr>(d).getInt(), rank);
        if (failed(axis))
          return failure();
        if (in[0].shape[*axis] != 1)
          return fail("cannot squeeze dimension " + Twine(*axis) + " of size " +
                      Twine(in[0].shape[*axis]));
        listed[*axis] = true;
      }
    SmallVector<int64_t> shape;
    for (int64_t i = 0; i < rank; ++i)
      if (!(listed[i] && in[0].shape[i] == 1))
        shape.push_back(in[0].shape[i]);
    out.shape = shape;
    return out;
  }
  if (kind == EvalKind::Pack || kind == EvalKind::ConcatV2) {
    SmallVector<Tensor> parts(in.begin(),
                              kind == EvalKind::Pack ? in.end() : in.end() - 1);
    if (parts.empty())
      return failure();
    int64_t rank = parts[0].shape.size();
    int64_t axis;
    if (kind == EvalKind::Pack) {
      axis = intAttr("axis", 0);
      if (axis < 0)
        axis += rank + 1;
      if (axis < 0 || axis > rank)
        return fail("axis out of range");
      for (Tensor &p : parts)
        p.shape.insert(
            p.shape.begin() + std::min<int64_t>(axis, p.shape.size()), 1);
      ++rank;
    } else {
      std::optional<SmallVector<int64_t>> a = intValues(in.back());
      if (!a || a->size() != 1)
        return failure();
      axis = (*a)[0] < 0 ? (*a)[0] + rank : (*a)[0];
    }
    if (axis < 0 || axis >= rank)
      return fail("axis out of range");
    Tensor out;
    out.elementType = parts[0].elementType;
    out.shape = parts[0].shape;
    out.shape[axis] = 0;
    for (const Tensor &p : parts) {
      if (p.elementType != out.elementType ||
          static_cast<int64_t>(p.shape.size()) != rank)
        return fail("inputs of different dtypes or ranks");
      for (int64_t d = 0; d < rank; ++d)
        if (d != axis && p.shape[d] != parts[0].shape[d])
          return fail("input shapes differ off the axis");
      out.shape[axis] += p.shape[axis];
    }
    int64_t outer = numElements(ArrayRef<int64_t>(out.shape).take_front(axis));
    int64_t inner =
        numElements(ArrayRef<int64_t>(out.shape).drop_front(axis + 1));
    for (int64_t o = 0; o < outer; ++o)
      for (const Tensor &p : parts) {
        int64_t chunk = p.shape[axis] * inner;
        for (int64_t k = 0; k < chunk; ++k)
          append(out, p, o * chunk + k);
      }
    return out;
  }
  if (kind == EvalKind::Fill) {
    std::optional<SmallVector<int64_t>> dims =
        arity(2) ? intValues(in[0]) : std::nullopt;
    if (!dims || in[1].size() != 1)
      return failure();
    if (llvm::any_of(*dims, [](int64_t d) { return d < 0; }))
      return fail("negative dimension");
    if (failed(checkSize(numElements(*dims))))
      return failure();
    Tensor out = emptyLike(in[1], *dims);
    for (int64_t i = 0, n = numElements(*dims); i < n; ++i)
      append(out, in[1], 0);
    return out;
  }
  if (kind == EvalKind::Range) {
    if (!arity(3) || in[0].size() != 1 || in[1].size() != 1 ||
        in[2].size() != 1)
      return failure();
    Tensor out;
    out.elementType = in[0].elementType;
    if (out.isFloat()) {
      double start = in[0].floats[0], limit = in[1].floats[0],
             delta = in[2].floats[0];
      if (delta == 0)
        return fail("delta is 0");
      int64_t n = std::max<int64_t>(
          0, static_cast<int64_t>(std::ceil((limit - start) / delta)));
      if (failed(checkSize(n)))
        return failure();
      for (int64_t i = 0; i < n; ++i)
        out.floats.push_back(roundFloat(start + i * delta, out.elementType));
      out.shape = {n};
    } else {
      int64_t start = in[0].ints[0], limit = in[1].ints[0],
              delta = in[2].ints[0];
      if (delta == 0)
        return fail("delta is 0");
      int64_t n =
          delta > 0
              ? (limit > start ? (limit - start + delta - 1) / delta : 0)
              : (start > limit ? (start - limit - delta - 1) / -delta : 0);
      if (failed(checkSize(n)))
        return failure();
      for (int64_t i = 0; i < n; ++i)
        out.ints.push_back(start + i * delta);
      out.shape = {n};
    }
    return out;
  }
  if (kind == EvalKind::Transpose)
    return arity(2) ? transpose(in[0], in[1]) : FailureOr<Tensor>(failure());
  if (kind == EvalKind::Slice) {
    auto begin = arity(3) ? intValues(in[1]) : std::nullopt;
    auto size = arity(3) ? intValues(in[2]) : std::nullopt;
    if (!begin || !size)
      return failure();
    int64_t rank = in[0].shape.size();
    if (static_cast<int64_t>(begin->size()) != rank ||
        static_cast<int64_t>(size->size()) != rank)
      return fail("begin and size must have one entry per dimension");
    for (int64_t d = 0; d < rank; ++d) {
      if ((*size)[d] == -1)
        (*size)[d] = in[0].shape[d] - (*begin)[d];
      if ((*begin)[d] < 0 || (*size)[d] < 0 ||
          (*begin)[d] + (*size)[d] > in[0].shape[d])
        return fail("slice out of bounds in dimension " + Twine(d));
    }
    return slice(in[0], *begin, *size, SmallVector<int64_t>(rank, 1), *size);
  }
  if (kind == EvalKind::StridedSlice)
    return arity(4) ? stridedSlice(in[0], in[1], in[2], in[3])
                    : FailureOr<Tensor>(failure());
  if (kind == EvalKind::Tile)
    return arity(2) ? tile(in[0], in[1]) : FailureOr<Tensor>(failure());
  if (kind == EvalKind::BroadcastTo) {
    auto shape = arity(2) ? intValues(in[1]) : std::nullopt;
    if (!shape)
      return failure();
    return broadcastTo(in[0], *shape);
  }
  if (kind == EvalKind::GatherV2 || kind == EvalKind::Gather) {
    if (kind == EvalKind::GatherV2) {
      auto axis = arity(3) ? intValues(in[2]) : std::nullopt;
      if (!axis || axis->size() != 1)
        return failure();
      return gather(in[0], in[1], (*axis)[0]);
    }
    return arity(2) ? gather(in[0], in[1], 0) : FailureOr<Tensor>(failure());
  }
  if (kind == EvalKind::Pad)
    return arity(2) ? pad(in[0], in[1], std::nullopt)
                    : FailureOr<Tensor>(failure());
  if (kind == EvalKind::PadV2)
    return arity(3) ? pad(in[0], in[1], in[2]) : FailureOr<Tensor>(failure());
  if (kind == EvalKind::Sum || kind == EvalKind::Prod ||
      kind == EvalKind::Max || kind == EvalKind::Min ||
      kind == EvalKind::Mean || kind == EvalKind::All || kind == EvalKind::Any)
    return arity(2) ? reduce(in[0], in[1]) : FailureOr<Tensor>(failure());
  if (kind == EvalKind::ArgMax || kind == EvalKind::ArgMin)
    return arity(2) ? argMinMax(in[0], in[1]) : FailureOr<Tensor>(failure());
  if (kind == EvalKind::Select || kind == EvalKind::SelectV2)
    return arity(3) ? select(in[0], in[1], in[2])
                    : FailureOr<Tensor>(failure());
  return failure();
}

FailureOr<SmallVector<ElementsAttr>>
mlir::tfg::evaluateNode(Operation *node, uint64_t maxBytes,
                        std::string &error) {
  error.clear();
  if (!isEvaluableOpType(getNodeOpType(node)))
    return failure();
  // Bound the element count so that nothing far over the limit is ever
  // built: every element takes at least a byte. The exact byte check is
  // below, per result.
  int64_t maxElements =
      static_cast<int64_t>(std::min<uint64_t>(maxBytes, uint64_t(1) << 40));
  NodeEvaluator evaluator(node, maxElements, error);
  FailureOr<SmallVector<Tensor>> results = evaluator.run();
  if (failed(results))
    return failure();
  if (results->size() != getDataResults(node).size())
    return failure();
  SmallVector<ElementsAttr> attrs;
  for (const Tensor &t : *results) {
    uint64_t bits = t.elementType.getIntOrFloatBitWidth();
    if (static_cast<uint64_t>(t.size()) * std::max<uint64_t>(bits, 8) / 8 >
        maxBytes)
      return failure();
    attrs.push_back(toAttr(t));
  }
  return attrs;
}
