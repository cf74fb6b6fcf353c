//===- CPUPackGemv.h - One-row products with panel-packed weights -*- C++
//-*-===//
//
// tfg-cpu-vectorize-matmul packs the constant weights of a one-row product
// (x . W, a GEMV: a classifier's last layer) into panels of columns, each a
// contiguous block of memory. tfg-cpu-parallelize packs them the same way
// before it splits such a product among threads, so that every thread
// streams its own panels: a split of the unpacked columns would give each
// thread a strided window of every weight row, with a dynamic width that
// the register blocking cannot take.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_CPUPACKGEMV_H
#define TFG_LIB_CONVERSION_CPUPACKGEMV_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tfg {

/// Columns of one weight panel of a packed one-row product.
constexpr int64_t kGemvPanelColumns = 64;

/// Marks the packed product (a linalg.generic with loops panel, row, column
/// in the panel, reduction); tiles and chunks of it keep the mark, and
/// tfg-cpu-vectorize-matmul register-blocks what carries it.
constexpr llvm::StringLiteral kPackedGemvMark = "tfg.packed_gemv";

/// Rewrites `op`, a one-row f32 product x . W with W a constant K x N wider
/// than one panel and a filled output, into a product with W packed at
/// compile time into panels of kGemvPanelColumns columns, [P][K][columns]
/// (the last panel padded with zeros), marked with kPackedGemvMark, whose
/// 1 x P x columns result is flattened and cut back to N columns. Returns
/// the packed product, or null (the IR unchanged) when `op` is not such a
/// product.
linalg::GenericOp packConstantGemv(RewriterBase &rewriter, linalg::MatmulOp op);

} // namespace mlir::tfg

#endif // TFG_LIB_CONVERSION_CPUPACKGEMV_H
