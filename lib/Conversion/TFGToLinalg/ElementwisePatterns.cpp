//===- ElementwisePatterns.cpp - Elementwise, activation, logic, Cast -----===//
//
// One linalg.generic per node, with TensorFlow's broadcasting. The scalar
// computation of each op type is a small function below; TensorFlow's CPU
// kernel defines what it computes (the functors of cwise_ops.h, Eigen's).
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

using B = OpBuilder;
using ScalarFn = Value (*)(B &, Location, ValueRange, Operation *);

bool isFloat(Value v) { return isa<FloatType>(v.getType()); }
Value scalar(B &b, Location loc, Value like, double v) {
  return createScalar(b, loc, like.getType(), v);
}

// Arithmetic on float or signless int.
Value add(B &b, Location l, ValueRange a, Operation *) {
  return isFloat(a[0]) ? Value(arith::AddFOp::create(b, l, a[0], a[1]))
                       : Value(arith::AddIOp::create(b, l, a[0], a[1]));
}
Value sub(B &b, Location l, ValueRange a, Operation *) {
  return isFloat(a[0]) ? Value(arith::SubFOp::create(b, l, a[0], a[1]))
                       : Value(arith::SubIOp::create(b, l, a[0], a[1]));
}
Value mul(B &b, Location l, ValueRange a, Operation *) {
  return isFloat(a[0]) ? Value(arith::MulFOp::create(b, l, a[0], a[1]))
                       : Value(arith::MulIOp::create(b, l, a[0], a[1]));
}
// Integer division by 0 fails in TensorFlow's kernels ("Integer division
// by zero"), and INT_MIN / -1 overflows; in compiled code both trap in the
// hardware division (SIGFPE) and kill the process. Compiled code cannot
// fail at run time, so every integer division divides by 1 instead of 0 or
// -1 and fixes the result up: x / 0 and x mod 0 give 0 (as DivNoNan does
// for floats), x / -1 gives -x (wrapping for INT_MIN), x mod -1 gives 0.
struct SafeIntDivisor {
  Value divisor, isZero, isMinusOne;
};
SafeIntDivisor safeIntDivisor(B &b, Location l, Value divisor) {
  auto equals = [&](double v) {
    return arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, divisor,
                                 scalar(b, l, divisor, v));
  };
  Value isZero = equals(0), isMinusOne = equals(-1);
  Value replaced = arith::OrIOp::create(b, l, isZero, isMinusOne);
  return {arith::SelectOp::create(b, l, replaced, scalar(b, l, divisor, 1),
                                  divisor),
          isZero, isMinusOne};
}
// A quotient computed with safeIntDivisor: -x where the divisor was -1, 0
// where it was 0.
Value fixQuotient(B &b, Location l, const SafeIntDivisor &safe, Value x,
                  Value quotient) {
  Value zero = scalar(b, l, x, 0);
  Value negated = arith::SubIOp::create(b, l, zero, x);
  quotient = arith::SelectOp::create(b, l, safe.isMinusOne, negated, quotient);
  return arith::SelectOp::create(b, l, safe.isZero, zero, quotient);
}
Value div(B &b, Location l, ValueRange a, Operation *) {
  if (isFloat(a[0]))
    return arith::DivFOp::create(b, l, a[0], a[1]);
  SafeIntDivisor safe = safeIntDivisor(b, l, a[1]);
  return fixQuotient(b, l, safe, a[0],
                     arith::DivSIOp::create(b, l, a[0], safe.divisor));
}
Value maximum(B &b, Location l, ValueRange a, Operation *) {
  return isFloat(a[0]) ? Value(arith::MaximumFOp::create(b, l, a[0], a[1]))
                       : Value(arith::MaxSIOp::create(b, l, a[0], a[1]));
}
Value minimum(B &b, Location l, ValueRange a, Operation *) {
  return isFloat(a[0]) ? Value(arith::MinimumFOp::create(b, l, a[0], a[1]))
                       : Value(arith::MinSIOp::create(b, l, a[0], a[1]));
}
Value pow(B &b, Location l, ValueRange a, Operation *) {
  return math::PowFOp::create(b, l, a[0], a[1]);
}
Value squaredDifference(B &b, Location l, ValueRange a, Operation *n) {
  Value d = sub(b, l, a, n);
  return mul(b, l, {d, d}, n);
}
// Floor division / modulo round towards negative infinity (Python's).
Value floorDiv(B &b, Location l, ValueRange a, Operation *) {
  if (isFloat(a[0]))
    return math::FloorOp::create(b, l, arith::DivFOp::create(b, l, a[0], a[1]));
  SafeIntDivisor safe = safeIntDivisor(b, l, a[1]);
  return fixQuotient(b, l, safe, a[0],
                     arith::FloorDivSIOp::create(b, l, a[0], safe.divisor));
}
Value floorMod(B &b, Location l, ValueRange a, Operation *) {
  Value zero = scalar(b, l, a[0], 0);
  if (isFloat(a[0])) {
    Value r = arith::RemFOp::create(b, l, a[0], a[1]);
    Value rNeg =
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, r, zero);
    Value bNeg =
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, a[1], zero);
    Value nonZero =
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, r, zero);
    Value fix = arith::AndIOp::create(b, l, nonZero,
                                      arith::XOrIOp::create(b, l, rNeg, bNeg));
    return arith::SelectOp::create(b, l, fix,
                                   arith::AddFOp::create(b, l, r, a[1]), r);
  }
  // Dividing by 1 instead of 0 or -1 gives 0, TensorFlow's value for -1.
  Value r =
      arith::RemSIOp::create(b, l, a[0], safeIntDivisor(b, l, a[1]).divisor);
  Value rNeg = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, r, zero);
  Value bNeg =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, a[1], zero);
  Value nonZero =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, r, zero);
  Value fix = arith::AndIOp::create(b, l, nonZero,
                                    arith::XOrIOp::create(b, l, rNeg, bNeg));
  return arith::SelectOp::create(b, l, fix,
                                 arith::AddIOp::create(b, l, r, a[1]), r);
}
Value addN(B &b, Location l, ValueRange a, Operation *n) {
  Value sum = a[0];
  for (Value v : a.drop_front())
    sum = add(b, l, {sum, v}, n);
  return sum;
}
// PReLU: x for x >= 0, alpha * x below (TensorFlow.js's prelu).
Value prelu(B &b, Location l, ValueRange a, Operation *) {
  Value negative = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, a[0],
                                         scalar(b, l, a[0], 0));
  return arith::SelectOp::create(b, l, negative,
                                 arith::MulFOp::create(b, l, a[1], a[0]), a[0]);
}

template <arith::CmpFPredicate F, arith::CmpIPredicate I>
Value compare(B &b, Location l, ValueRange a, Operation *) {
  if (isFloat(a[0]))
    return arith::CmpFOp::create(b, l, F, a[0], a[1]);
  return arith::CmpIOp::create(b, l, I, a[0], a[1]);
}
Value logicalAnd(B &b, Location l, ValueRange a, Operation *) {
  return arith::AndIOp::create(b, l, a[0], a[1]);
}
Value logicalOr(B &b, Location l, ValueRange a, Operation *) {
  return arith::OrIOp::create(b, l, a[0], a[1]);
}
Value logicalNot(B &b, Location l, ValueRange a, Operation *) {
  return arith::XOrIOp::create(b, l, a[0],
                               createScalar(b, l, a[0].getType(), 1));
}
Value select(B &b, Location l, ValueRange a, Operation *) {
  return arith::SelectOp::create(b, l, a[0], a[1], a[2]);
}

// Unary float math.
Value neg(B &b, Location l, ValueRange a, Operation *) {
  if (isFloat(a[0]))
    return arith::NegFOp::create(b, l, a[0]);
  return arith::SubIOp::create(b, l, scalar(b, l, a[0], 0), a[0]);
}
Value abs(B &b, Location l, ValueRange a, Operation *) {
  if (isFloat(a[0]))
    return math::AbsFOp::create(b, l, a[0]);
  return math::AbsIOp::create(b, l, a[0]);
}
Value square(B &b, Location l, ValueRange a, Operation *n) {
  return mul(b, l, {a[0], a[0]}, n);
}
Value reciprocal(B &b, Location l, ValueRange a, Operation *n) {
  return div(b, l, {scalar(b, l, a[0], 1), a[0]}, n);
}
Value sign(B &b, Location l, ValueRange a, Operation *) {
  Value zero = scalar(b, l, a[0], 0);
  if (isFloat(a[0])) {
    Value pos =
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, a[0], zero);
    Value neg =
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, a[0], zero);
    Value s = arith::SelectOp::create(b, l, neg, scalar(b, l, a[0], -1), zero);
    return arith::SelectOp::create(b, l, pos, scalar(b, l, a[0], 1), s);
  }
  Value pos =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, a[0], zero);
  Value neg =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, a[0], zero);
  Value s = arith::SelectOp::create(b, l, neg, scalar(b, l, a[0], -1), zero);
  return arith::SelectOp::create(b, l, pos, scalar(b, l, a[0], 1), s);
}
template <typename MathOp>
Value unaryMath(B &b, Location l, ValueRange a, Operation *) {
  return MathOp::create(b, l, a[0]);
}
Value activation(B &b, Location l, ValueRange a, Operation *n) {
  double alpha = 0.2;
  if (auto attr = n->getAttrOfType<FloatAttr>("alpha"))
    alpha = attr.getValueAsDouble();
  return *applyActivation(b, l, getNodeOpType(n), a[0], alpha);
}
Value selu(B &b, Location l, ValueRange a, Operation *) {
  const double scale = 1.0507009873554804934193349852946;
  const double alpha = 1.6732632423543772848170429916717;
  Value zero = scalar(b, l, a[0], 0);
  Value negative =
      arith::MulFOp::create(b, l, scalar(b, l, a[0], scale * alpha),
                            math::ExpM1Op::create(b, l, a[0]));
  Value positive = arith::MulFOp::create(b, l, scalar(b, l, a[0], scale), a[0]);
  Value isPos =
      arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, a[0], zero);
  return arith::SelectOp::create(b, l, isPos, positive, negative);
}
Value softplus(B &b, Location l, ValueRange a, Operation *) {
  // log(1 + exp(x)) without overflow: max(x, 0) + log1p(exp(-|x|)).
  Value zero = scalar(b, l, a[0], 0);
  Value absX = math::AbsFOp::create(b, l, a[0]);
  Value tail = math::Log1pOp::create(
      b, l, math::ExpOp::create(b, l, arith::NegFOp::create(b, l, absX)));
  return arith::AddFOp::create(
      b, l, arith::MaximumFOp::create(b, l, a[0], zero), tail);
}
Value softsign(B &b, Location l, ValueRange a, Operation *) {
  Value denominator = arith::AddFOp::create(b, l, scalar(b, l, a[0], 1),
                                            math::AbsFOp::create(b, l, a[0]));
  return arith::DivFOp::create(b, l, a[0], denominator);
}
Value rsqrt(B &b, Location l, ValueRange a, Operation *) {
  return arith::DivFOp::create(b, l, scalar(b, l, a[0], 1),
                               math::SqrtOp::create(b, l, a[0]));
}
Value zerosLike(B &b, Location l, ValueRange a, Operation *) {
  return scalar(b, l, a[0], 0);
}
Value onesLike(B &b, Location l, ValueRange a, Operation *) {
  return scalar(b, l, a[0], 1);
}

// Trigonometric and hyperbolic functions: libm's, as TensorFlow's functors
// (std::sin, std::atan2, ...) are.
template <typename MathOp>
Value mathOp(B &b, Location l, ValueRange a, Operation *) {
  return MathOp::create(b, l, a);
}
// Half and bfloat16 compute `Fn` in f32 and round back, as Eigen does for
// them (and libm has f32 and f64 functions only).
template <ScalarFn Fn>
Value viaF32(B &b, Location l, ValueRange a, Operation *n) {
  Type type = a[0].getType();
  if (type.isF32() || type.isF64())
    return Fn(b, l, a, n);
  SmallVector<Value> wide;
  for (Value v : a)
    wide.push_back(arith::ExtFOp::create(b, l, b.getF32Type(), v));
  return arith::TruncFOp::create(b, l, type, Fn(b, l, wide, n));
}
// Expm1 and Log1p as Eigen's generic_expm1 / generic_log1p compute them
// for TensorFlow's vectorized float kernels. Not math.expm1 / math.log1p:
// math-to-llvm expands those to exp(x) - 1 and log(1 + x), which lose every
// digit for |x| near 0 (expm1(1e-8) would be 0).
Value expm1(B &b, Location l, ValueRange a, Operation *) {
  Value x = a[0];
  Value one = scalar(b, l, x, 1), minusOne = scalar(b, l, x, -1);
  auto eq = [&](Value p, Value q) {
    return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, p, q);
  };
  Value u = math::ExpOp::create(b, l, x);
  Value uMinusOne = arith::SubFOp::create(b, l, u, one);
  Value logU = math::LogOp::create(b, l, u);
  // (u - 1) * x / log(u) corrects the rounding error of u.
  Value corrected = arith::MulFOp::create(b, l, uMinusOne,
                                          arith::DivFOp::create(b, l, x, logU));
  // u = +inf: log(u) = u.
  corrected = arith::SelectOp::create(b, l, eq(logU, u), u, corrected);
  corrected = arith::SelectOp::create(b, l, eq(uMinusOne, minusOne), minusOne,
                                      corrected);
  return arith::SelectOp::create(b, l, eq(u, one), x, corrected);
}
Value log1p(B &b, Location l, ValueRange a, Operation *) {
  Value x = a[0];
  Value one = scalar(b, l, x, 1);
  auto eq = [&](Value p, Value q) {
    return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, p, q);
  };
  Value xPlusOne = arith::AddFOp::create(b, l, x, one);
  Value logXPlusOne = math::LogOp::create(b, l, xPlusOne);
  // x * log(1 + x) / ((1 + x) - 1) corrects the rounding error of 1 + x.
  Value corrected = arith::MulFOp::create(
      b, l, x,
      arith::DivFOp::create(b, l, logXPlusOne,
                            arith::SubFOp::create(b, l, xPlusOne, one)));
  // 1 + x rounds to 1 (tiny x) or log(1 + x) = 1 + x (+inf): x itself.
  Value useX =
      arith::OrIOp::create(b, l, eq(xPlusOne, one), eq(xPlusOne, logXPlusOne));
  return arith::SelectOp::create(b, l, useX, x, corrected);
}
Value isNan(B &b, Location l, ValueRange a, Operation *) {
  return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, a[0], a[0]);
}
Value isInf(B &b, Location l, ValueRange a, Operation *) {
  return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ,
                               math::AbsFOp::create(b, l, a[0]),
                               createHighest(b, l, a[0].getType()));
}
Value isFinite(B &b, Location l, ValueRange a, Operation *) {
  // Ordered: NaN is not finite.
  return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT,
                               math::AbsFOp::create(b, l, a[0]),
                               createHighest(b, l, a[0].getType()));
}
// Mod truncates (C's fmod and %; FloorMod rounds to -inf). x mod 0 is 0
// and INT_MIN mod -1 does not trap (safeIntDivisor: dividing by 1 instead).
Value mod(B &b, Location l, ValueRange a, Operation *) {
  if (isFloat(a[0]))
    return arith::RemFOp::create(b, l, a[0], a[1]);
  return arith::RemSIOp::create(b, l, a[0], safeIntDivisor(b, l, a[1]).divisor);
}
// DivNoNan: 0 where the divisor is 0, whatever the dividend (NaN too).
Value divNoNan(B &b, Location l, ValueRange a, Operation *) {
  Value zero = scalar(b, l, a[0], 0);
  Value isZero =
      arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, a[1], zero);
  return arith::SelectOp::create(b, l, isZero, zero,
                                 arith::DivFOp::create(b, l, a[0], a[1]));
}
Value bitwiseAnd(B &b, Location l, ValueRange a, Operation *) {
  return arith::AndIOp::create(b, l, a[0], a[1]);
}
// Relu and Relu6 take integers too (TensorFlow registers them for every
// real type): max(x, 0), min(max(x, 0), 6).
Value relu(B &b, Location l, ValueRange a, Operation *n) {
  if (isFloat(a[0]))
    return activation(b, l, a, n);
  Value result = arith::MaxSIOp::create(b, l, a[0], scalar(b, l, a[0], 0));
  if (getNodeOpType(n) == "Relu6")
    result = arith::MinSIOp::create(b, l, result, scalar(b, l, a[0], 6));
  return result;
}
// Round of an integer is the integer (TensorFlow's kernel for int types).
Value round(B &b, Location l, ValueRange a, Operation *) {
  if (isFloat(a[0]))
    return math::RoundEvenOp::create(b, l, a[0]);
  return a[0];
}

enum class Result { SameAsInput, Bool, SameAsSecond };
enum class Accepts { Any, Float, Integer };

/// One elementwise node: its data operands broadcast together, `fn`
/// computes each element.
struct ElementwiseLowering : ConversionPattern {
  ElementwiseLowering(StringRef opName, MLIRContext *context, ScalarFn fn,
                      Result result, Accepts accepts)
      : ConversionPattern("tfg." + opName.str(), 1, context), fn(fn),
        result(result), accepts(accepts) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange data =
        ValueRange(operands).take_front(getDataOperands(op).size());
    Type inputType =
        elementTypeOf(data[result == Result::SameAsSecond ? 1 : 0]);
    if (accepts == Accepts::Float && !isa<FloatType>(inputType))
      return nodeError(op, "dtype " + typeStr(inputType) +
                               " is not lowered (float only)");
    if (!isa<FloatType>(inputType) && !inputType.isSignlessInteger())
      return nodeError(op, "dtype " + typeStr(inputType) + " is not lowered");
    if (accepts == Accepts::Integer &&
        (!inputType.isSignlessInteger() || inputType.isInteger(1)))
      return nodeError(op, "dtype " + typeStr(inputType) +
                               " is not lowered (integers only)");
    Type resultType = result == Result::Bool ? rewriter.getI1Type() : inputType;
    auto value = buildBroadcastingElementwise(
        op, rewriter, data, resultType,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          return fn(b, loc, args, op);
        });
    if (failed(value))
      return failure();
    replaceNode(rewriter, op, *value);
    return success();
  }

  ScalarFn fn;
  Result result;
  Accepts accepts;
};

/// Cast: TensorFlow's conversions (float -> int truncates toward zero).
struct CastLowering : OpConversionPattern<CastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type to = op.getDstT();
    Value input = adaptor.getOperands().front();
    Type from = elementTypeOf(input);
    auto supported = [](Type t) {
      return isa<FloatType>(t) || t.isSignlessInteger();
    };
    if (!supported(from) || !supported(to))
      return nodeError(op, "cast from " + typeStr(from) + " to " + typeStr(to) +
                               " is not lowered");
    auto value = buildBroadcastingElementwise(
        op, rewriter, input, to,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          return castScalar(b, loc, args[0], to);
        });
    if (failed(value))
      return failure();
    replaceNode(rewriter, op, *value);
    return success();
  }
};

/// BiasAdd: the bias is added along the channel dimension (last for NHWC,
/// 1 for NCHW).
struct BiasAddLowering : OpConversionPattern<BiasAddOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BiasAddOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The value may have dynamic dimensions but its channels.
    auto types = requireRankedOperands(op, adaptor.getOperands().take_front(1));
    auto biasType =
        requireStaticOperands(op, adaptor.getOperands().slice(1, 1));
    if (failed(types) || failed(biasType))
      return failure();
    types->append(*biasType);
    Value value = adaptor.getOperands()[0], bias = adaptor.getOperands()[1];
    RankedTensorType valueType = (*types)[0];
    int64_t channelDim = valueType.getRank() - 1;
    if (op.getDataFormat() && *op.getDataFormat() == "NCHW")
      channelDim = 1;
    if (valueType.getRank() < 1)
      return nodeError(op, "value must have rank >= 1");
    if (failed(requireStaticDims(op, value, {channelDim}, "value")))
      return failure();
    if ((*types)[1].getRank() != 1 ||
        (*types)[1].getDimSize(0) != valueType.getDimSize(channelDim))
      return nodeError(op, "bias " + typeStr((*types)[1]) +
                               " does not match the channels of " +
                               typeStr(valueType));
    SmallVector<int64_t> biasShape(valueType.getRank() - channelDim, 1);
    biasShape[0] = valueType.getDimSize(channelDim);
    bias = reshapeTo(rewriter, op.getLoc(), bias, biasShape);
    Value result =
        buildElementwise(rewriter, op.getLoc(), {value, bias},
                         valueType.getShape(), valueType.getElementType(),
                         [&](OpBuilder &b, Location loc, ValueRange args) {
                           return add(b, loc, args, op);
                         });
    replaceNode(rewriter, op, result);
    return success();
  }
};

/// Select (v1): a vector condition picks rows of higher-rank operands.
struct SelectLowering : OpConversionPattern<SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto types = requireRankedOperands(op, adaptor.getOperands().take_front(3));
    if (failed(types))
      return failure();
    Value cond = adaptor.getOperands()[0];
    RankedTensorType condType = (*types)[0], thenType = (*types)[1];
    if (condType.getRank() == 1 && thenType.getRank() > 1) {
      // A vector condition picks rows: [n] -> [n, 1, ...].
      SmallVector<OpFoldResult> sizes(thenType.getRank(),
                                      rewriter.getIndexAttr(1));
      sizes[0] = dimSize(rewriter, op.getLoc(), cond, 0);
      cond = reshapeTo(rewriter, op.getLoc(), cond, sizes);
    }
    auto value = buildBroadcastingElementwise(
        op, rewriter,
        {cond, adaptor.getOperands()[1], adaptor.getOperands()[2]},
        thenType.getElementType(),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          return select(b, loc, args, op);
        });
    if (failed(value))
      return failure();
    replaceNode(rewriter, op, *value);
    return success();
  }
};

/// ClipByValue: std::max(std::min(x, hi), lo), as TensorFlow's clip
/// functors compute it: a NaN x stays NaN and lo wins when lo > hi. The
/// bounds are scalars or have x's shape; TensorFlow broadcasts nothing else.
LogicalResult lowerClipByValue(Operation *node, ValueRange data,
                               ConversionPatternRewriter &rewriter) {
  auto types = requireStaticOperands(node, data);
  if (failed(types))
    return failure();
  RankedTensorType type = (*types)[0];
  Type elementType = type.getElementType();
  if (!isa<FloatType>(elementType) &&
      (!elementType.isSignlessInteger() || elementType.isInteger(1)))
    return nodeError(node, "dtype " + typeStr(elementType) + " is not lowered");
  for (auto [i, name] :
       {std::pair(1, "clip_value_min"), std::pair(2, "clip_value_max")})
    if ((*types)[i].getRank() != 0 && (*types)[i].getShape() != type.getShape())
      return nodeError(node, Twine(name) + " " + typeStr((*types)[i]) +
                                 " must be a scalar or have the shape of " +
                                 typeStr(type));
  Value result = buildElementwise(
      rewriter, node->getLoc(), data, type.getShape(), elementType,
      [&](OpBuilder &b, Location l, ValueRange a) -> Value {
        auto less = [&](Value p, Value q) -> Value {
          if (isFloat(p))
            return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, p, q);
          return arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, p, q);
        };
        Value upper =
            arith::SelectOp::create(b, l, less(a[2], a[0]), a[2], a[0]);
        return arith::SelectOp::create(b, l, less(upper, a[1]), a[1], upper);
      });
  replaceNode(rewriter, node, result);
  return success();
}

} // namespace

void lowering::populateElementwisePatterns(RewritePatternSet &patterns) {
  MLIRContext *c = patterns.getContext();
  auto add_ = [&](StringRef name, ScalarFn fn, Result r = Result::SameAsInput,
                  Accepts a = Accepts::Any) {
    patterns.add<ElementwiseLowering>(name, c, fn, r, a);
  };
  using P = arith::CmpFPredicate;
  using I = arith::CmpIPredicate;
  for (StringRef name : {"Add", "AddV2"})
    add_(name, add);
  add_("Sub", sub);
  add_("Mul", mul);
  add_("RealDiv", div);
  add_("Div", div);
  add_("Maximum", maximum);
  add_("Minimum", minimum);
  add_("Pow", pow, Result::SameAsInput, Accepts::Float);
  add_("SquaredDifference", squaredDifference);
  add_("FloorDiv", floorDiv);
  add_("FloorMod", floorMod);
  add_("AddN", addN);
  add_("Prelu", prelu, Result::SameAsInput, Accepts::Float);
  add_("Equal", compare<P::OEQ, I::eq>, Result::Bool);
  add_("NotEqual", compare<P::UNE, I::ne>, Result::Bool);
  add_("Less", compare<P::OLT, I::slt>, Result::Bool);
  add_("LessEqual", compare<P::OLE, I::sle>, Result::Bool);
  add_("Greater", compare<P::OGT, I::sgt>, Result::Bool);
  add_("GreaterEqual", compare<P::OGE, I::sge>, Result::Bool);
  add_("LogicalAnd", logicalAnd);
  add_("LogicalOr", logicalOr);
  add_("LogicalNot", logicalNot);
  add_("SelectV2", select, Result::SameAsSecond);
  add_("Mod", mod);
  add_("DivNoNan", divNoNan, Result::SameAsInput, Accepts::Float);
  add_("BitwiseAnd", bitwiseAnd, Result::SameAsInput, Accepts::Integer);
  add_("Atan2", viaF32<mathOp<math::Atan2Op>>, Result::SameAsInput,
       Accepts::Float);
  add_("Neg", neg);
  add_("Abs", abs);
  add_("Square", square);
  add_("Reciprocal", reciprocal);
  add_("Sign", sign);
  add_("ZerosLike", zerosLike);
  add_("OnesLike", onesLike);
  add_("Relu", relu);
  add_("Relu6", relu);
  add_("Round", round);
  add_("IsNan", isNan, Result::Bool, Accepts::Float);
  add_("IsInf", isInf, Result::Bool, Accepts::Float);
  add_("IsFinite", isFinite, Result::Bool, Accepts::Float);
  const std::pair<StringRef, ScalarFn> floatMath[] = {
      {"Exp", unaryMath<math::ExpOp>},
      {"Log", unaryMath<math::LogOp>},
      {"Sqrt", unaryMath<math::SqrtOp>},
      {"Rsqrt", rsqrt},
      {"Floor", unaryMath<math::FloorOp>},
      {"Ceil", unaryMath<math::CeilOp>},
      {"Erf", unaryMath<math::ErfOp>},
      {"Tanh", activation},
      {"Sigmoid", activation},
      {"Elu", activation},
      {"LeakyRelu", activation},
      {"Selu", selu},
      {"Softplus", softplus},
      {"Softsign", softsign},
      {"Sin", viaF32<mathOp<math::SinOp>>},
      {"Cos", viaF32<mathOp<math::CosOp>>},
      {"Tan", viaF32<mathOp<math::TanOp>>},
      {"Asin", viaF32<mathOp<math::AsinOp>>},
      {"Acos", viaF32<mathOp<math::AcosOp>>},
      {"Atan", viaF32<mathOp<math::AtanOp>>},
      {"Sinh", viaF32<mathOp<math::SinhOp>>},
      {"Cosh", viaF32<mathOp<math::CoshOp>>},
      {"Asinh", viaF32<mathOp<math::AsinhOp>>},
      {"Acosh", viaF32<mathOp<math::AcoshOp>>},
      {"Atanh", viaF32<mathOp<math::AtanhOp>>},
      {"Expm1", viaF32<expm1>},
      {"Log1p", viaF32<log1p>}};
  for (auto [name, fn] : floatMath)
    add_(name, fn, Result::SameAsInput, Accepts::Float);
  patterns.add<CastLowering, BiasAddLowering, SelectLowering>(c);
  patterns.add<NodeLowering>("ClipByValue", c, lowerClipByValue);
}
