//===- RandomPatterns.cpp - RandomUniform ---------------------------------===//
//
// RandomUniform as a counter-based generator: element i is a 32-bit integer
// hash (lowbias32) of i and the node's seeds, scaled into [0, 1). Any
// uniform sample is what the op means; TensorFlow's own stream (Philox) is
// not reproduced, so graphs whose outputs depend on the samples (a dropout
// with keep_prob < 1) compute other, equally valid, values.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

LogicalResult lowerRandomUniform(Operation *node, ValueRange data,
                                 ConversionPatternRewriter &rewriter) {
  auto shape = requireConstantInts(node, data[0], "shape");
  if (failed(shape))
    return failure();
  auto dtype = node->getAttrOfType<TypeAttr>("dtype");
  if (!dtype || !isa<FloatType>(dtype.getValue()))
    return nodeError(node, "only float samples are lowered");
  Type elementType = dtype.getValue();
  uint32_t seed = (uint32_t)intAttrOr(node, "seed", 0) * 0x9E3779B9u +
                  (uint32_t)intAttrOr(node, "seed2", 0);
  SmallVector<int64_t> dims(*shape);
  Value result = buildElementwise(
      rewriter, node->getLoc(), {}, dims, elementType,
      [&](OpBuilder &b, Location l, ValueRange) -> Value {
        Type i32 = b.getI32Type();
        auto c = [&](uint32_t v) {
          return createScalar(b, l, i32, (int32_t)v);
        };
        Value linear = arith::ConstantIndexOp::create(b, l, 0);
        for (auto [d, size] : llvm::enumerate(dims)) {
          linear = arith::MulIOp::create(
              b, l, linear, arith::ConstantIndexOp::create(b, l, size));
          linear = arith::AddIOp::create(b, l, linear,
                                         linalg::IndexOp::create(b, l, d));
        }
        Value x = arith::IndexCastOp::create(b, l, i32, linear);
        x = arith::AddIOp::create(
            b, l, arith::MulIOp::create(b, l, x, c(0x9E3779B9u)), c(seed));
        auto mix = [&](unsigned shift, uint32_t multiplier) {
          x = arith::XOrIOp::create(b, l, x,
                                    arith::ShRUIOp::create(b, l, x, c(shift)));
          if (multiplier)
            x = arith::MulIOp::create(b, l, x, c(multiplier));
        };
        mix(16, 0x7feb352du);
        mix(15, 0x846ca68bu);
        mix(16, 0);
        // The top 24 bits, exactly representable in f32: [0, 1).
        Value bits = arith::ShRUIOp::create(b, l, x, c(8));
        Value f = arith::UIToFPOp::create(b, l, b.getF32Type(), bits);
        f = arith::MulFOp::create(
            b, l, f, createScalar(b, l, b.getF32Type(), 1.0 / (1 << 24)));
        return castScalar(b, l, f, elementType);
      });
  replaceNode(rewriter, node, result);
  return success();
}

} // namespace

void lowering::populateRandomPatterns(RewritePatternSet &patterns) {
  patterns.add<NodeLowering>("RandomUniform", patterns.getContext(),
                             lowerRandomUniform);
}
