//===- CPUPackConvFilters.cpp - Filters laid out for the conv kernels -----===//
//
// A convolution kernel's block of P output channels reads, per step, a few
// filter rows of P floats: in HWCF order those rows are F floats apart (4
// KiB at 1024 output channels), so the rows of one block's input-channel
// chunk all fall into the same few sets of the L1 cache and evict each
// other; every pass over the pixels reads them from L2 again. Laid out as
// [F / P, KH, KW, C, P] (the layout of IREE's pack and ORT's reordered
// NCHWc weights) a block's rows are one contiguous array. The filter is a
// constant, so the layout is computed once here, at compile time, and the
// kernels' reads are redirected to it. Each read of a block also prefetches
// the same rows of the next block into L2: in a whole model the filters
// stream from L3 or memory (MobileNet v1's 16 MiB do not stay in L2 between
// runs), and the next block's addresses are known.
//
//===----------------------------------------------------------------------===//

#include "CPUPackConvFilters.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <numeric>

using namespace mlir;

namespace {

/// A number `value` (an index) is known to be a multiple of, 0 where it is
/// known to be 0 (the gcd's identity), 1 where nothing is known: through
/// constants, scf.for induction variables (lower bound and step), sums,
/// products, minima and maxima, selects and affine.apply of those.
int64_t knownMultiple(Value value, int depth = 0);

int64_t product(int64_t a, int64_t b) {
  int64_t result;
  if (__builtin_mul_overflow(a, b, &result))
    return 1;
  return result;
}

int64_t exprMultiple(AffineExpr expr, ValueRange operands, unsigned dims,
                     int depth) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return std::abs(constant.getValue());
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return knownMultiple(operands[dim.getPosition()], depth + 1);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return knownMultiple(operands[dims + symbol.getPosition()], depth + 1);
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return 1;
  int64_t lhs = exprMultiple(binary.getLHS(), operands, dims, depth);
  int64_t rhs = exprMultiple(binary.getRHS(), operands, dims, depth);
  if (expr.getKind() == AffineExprKind::Add)
    return std::gcd(lhs, rhs);
  if (expr.getKind() == AffineExprKind::Mul)
    return product(lhs, rhs);
  return 1;
}

int64_t knownMultiple(Value value, int depth) {
  if (depth > 16)
    return 1;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return std::abs(*constant);
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    // An induction variable of a loop (scf.for) or of a chunk of
    // tfg-cpu-parallelize (scf.forall, split along output channels) is a
    // multiple of what its lower bound and step are multiples of.
    Operation *parent = arg.getOwner()->getParentOp();
    if (!isa<scf::ForOp, scf::ForallOp>(parent))
      return 1;
    auto loop = cast<LoopLikeOpInterface>(parent);
    std::optional<SmallVector<Value>> ivs = loop.getLoopInductionVars();
    std::optional<SmallVector<OpFoldResult>> lbs = loop.getLoopLowerBounds();
    std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
    if (!ivs || !lbs || !steps)
      return 1;
    auto found = llvm::find(*ivs, arg);
    if (found == ivs->end())
      return 1;
    size_t index = found - ivs->begin();
    auto multiple = [&](OpFoldResult bound) -> int64_t {
      if (auto attr = dyn_cast<Attribute>(bound)) {
        std::optional<int64_t> constant = getConstantIntValue(attr);
        return constant ? std::abs(*constant) : 1;
      }
      return knownMultiple(cast<Value>(bound), depth + 1);
    };
    return std::gcd(multiple((*lbs)[index]), multiple((*steps)[index]));
  }
  Operation *op = value.getDefiningOp();
  if (isa<arith::AddIOp, arith::SubIOp, arith::MinSIOp, arith::MaxSIOp,
          arith::MinUIOp, arith::MaxUIOp>(op))
    return std::gcd(knownMultiple(op->getOperand(0), depth + 1),
                    knownMultiple(op->getOperand(1), depth + 1));
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return std::gcd(knownMultiple(select.getTrueValue(), depth + 1),
                    knownMultiple(select.getFalseValue(), depth + 1));
  if (auto mul = dyn_cast<arith::MulIOp>(op))
    return product(knownMultiple(mul.getLhs(), depth + 1),
                   knownMultiple(mul.getRhs(), depth + 1));
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return exprMultiple(apply.getAffineMap().getResult(0),
                        apply.getMapOperands(),
                        apply.getAffineMap().getNumDims(), depth);
  return 1;
}

/// Filter dimensions (HWCF).
constexpr unsigned kOutChannelDim = 3;

/// Whether `read` reads its filter the way a packed filter can be read: in
/// bounds, unmasked, its vector's last dimension along output channels and
/// the others along filter dimensions before them.
bool isPackableRead(vector::TransferReadOp read) {
  if (read.getMask() || read.hasOutOfBoundsDim())
    return false;
  AffineMap map = read.getPermutationMap();
  if (map.getNumResults() == 0 || !map.isProjectedPermutation())
    return false;
  ArrayRef<AffineExpr> results = map.getResults();
  if (results.back() != getAffineDimExpr(kOutChannelDim, map.getContext()))
    return false;
  return llvm::all_of(results.drop_back(), [](AffineExpr e) {
    return cast<AffineDimExpr>(e).getPosition() < kOutChannelDim;
  });
}

/// The bytes of `attr`'s f32 elements, or none where they are not at hand
/// (a splat is handled apart).
std::optional<ArrayRef<char>> rawFloats(ElementsAttr attr) {
  size_t bytes = attr.getNumElements() * sizeof(float);
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob || blob->getData().size() != bytes)
      return std::nullopt;
    return blob->getData();
  }
  if (auto dense = dyn_cast<DenseElementsAttr>(attr);
      dense && !dense.isSplat() && dense.getRawData().size() == bytes)
    return dense.getRawData();
  return std::nullopt;
}

/// `filter` ([KH, KW, C, F]) in blocks of `block` output channels:
/// [F / block, KH, KW, C, block]. Null where its elements are not at hand.
ElementsAttr packFilter(ElementsAttr filter, int64_t block) {
  auto type = cast<RankedTensorType>(filter.getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t outChannels = shape[kOutChannelDim];
  int64_t rows = shape[0] * shape[1] * shape[2];
  auto packedType = RankedTensorType::get(
      {outChannels / block, shape[0], shape[1], shape[2], block},
      type.getElementType());
  if (auto dense = dyn_cast<DenseElementsAttr>(filter);
      dense && dense.isSplat())
    return DenseElementsAttr::get(packedType, dense.getSplatValue<Attribute>());
  std::optional<ArrayRef<char>> raw = rawFloats(filter);
  if (!raw)
    return nullptr;
  const char *from = raw->data();
  // Owned by the blob (freed with it), as folded constants' blobs are.
  auto *packed = new std::vector<char>(raw->size());
  size_t rowBytes = block * sizeof(float);
  for (int64_t b = 0, blocks = outChannels / block; b < blocks; ++b)
    for (int64_t row = 0; row < rows; ++row)
      std::memcpy(packed->data() + (b * rows + row) * rowBytes,
                  from + (row * outChannels + b * block) * sizeof(float),
                  rowBytes);
  AsmResourceBlob blob(
      ArrayRef<char>(packed->data(), packed->size()), alignof(float),
      [packed](void *, size_t, size_t) { delete packed; },
      /*dataIsMutable=*/false);
  return DenseResourceElementsAttr::get(packedType, "packed_filter",
                                        std::move(blob));
}

/// The block of output channels `reads` all allow (each reads a whole
/// number of blocks starting at a multiple of the block): the narrowest
/// read's width; 0 where there is none or it is all the channels (the
/// layout would not change).
int64_t chooseBlock(ArrayRef<vector::TransferReadOp> reads,
                    int64_t outChannels) {
  int64_t block = outChannels;
  for (vector::TransferReadOp read : reads)
    block = std::min(block, read.getVectorType().getShape().back());
  if (block >= outChannels || outChannels % block != 0)
    return 0;
  for (vector::TransferReadOp read : reads) {
    int64_t width = read.getVectorType().getShape().back();
    int64_t offset = knownMultiple(read.getIndices()[kOutChannelDim]);
    if (width % block != 0 || offset % block != 0)
      return 0;
  }
  return block;
}

/// `read` of the HWCF filter redirected to `packed`, its `block`-channel
/// blocks: one read per block it spans, joined into the same vector.
/// Prefetches into L2, for a read of `rows` x `block` floats of block
/// `first` of `buffer` (the packed filter), the same rows of the next block:
/// the block the kernel reads after this one, from L3 or memory otherwise.
/// Each line of it is prefetched once per column block of this one; the
/// ones after the first find it in L2 already, which costs little.
/// MobileNet v1 at 1 thread, per-function CPU time in the whole model
/// (perf): 0.92x the kernel time in all, layer 26 (1024 -> 1024 at 7x7, 4
/// MiB of filter) 0.80x, layer 24 0.78x, the 512 -> 512 layers 0.91x; each
/// layer alone, its filter in L2/L3 from the run before, 1.00-1.03x.
void prefetchNextBlock(RewriterBase &rewriter, vector::TransferReadOp read,
                       Value buffer, Value first, int64_t block) {
  Location loc = read.getLoc();
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  ValueRange indices = read.getIndices();
  int64_t blocks = cast<ShapedType>(buffer.getType()).getDimSize(0);
  // The last block prefetches itself (an address in bounds).
  Value next = arith::MinUIOp::create(
      rewriter, loc, arith::AddIOp::create(rewriter, loc, first, index(1)),
      index(blocks - 1));
  constexpr int64_t kLineFloats = 64 / sizeof(float);
  int64_t rows = read.getVectorType().getShape()[0];
  for (int64_t r = 0; r < rows; ++r) {
    Value row = arith::AddIOp::create(rewriter, loc, indices[2], index(r));
    for (int64_t line = 0; line < block; line += kLineFloats)
      memref::PrefetchOp::create(
          rewriter, loc, buffer,
          ValueRange{next, indices[0], indices[1], row, index(line)},
          /*isWrite=*/rewriter.getBoolAttr(false),
          /*localityHint=*/rewriter.getI32IntegerAttr(2),
          /*isDataCache=*/rewriter.getBoolAttr(true));
  }
}

void redirectRead(RewriterBase &rewriter, vector::TransferReadOp read,
                  Value packed, int64_t block, Value buffer) {
  Location loc = read.getLoc();
  rewriter.setInsertionPoint(read);
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  ValueRange indices = read.getIndices();
  Value first = arith::DivUIOp::create(rewriter, loc, indices[kOutChannelDim],
                                       index(block));
  // Dimension d < 3 of the filter is dimension d + 1 of the packed one;
  // output channels are the packed block's last.
  AffineMap map = read.getPermutationMap();
  MLIRContext *context = map.getContext();
  SmallVector<AffineExpr> results;
  for (AffineExpr e : map.getResults().drop_back())
    results.push_back(
        getAffineDimExpr(cast<AffineDimExpr>(e).getPosition() + 1, context));
  results.push_back(getAffineDimExpr(kOutChannelDim + 1, context));
  AffineMap packedMap = AffineMap::get(5, 0, results, context);
  VectorType type = read.getVectorType();
  SmallVector<int64_t> partShape(type.getShape());
  partShape.back() = block;
  auto partType = VectorType::get(partShape, type.getElementType());
  SmallVector<bool> inBounds(type.getRank(), true);
  int64_t parts = type.getShape().back() / block;
  Value result;
  if (parts > 1)
    result = arith::ConstantOp::create(rewriter, loc, type,
                                       rewriter.getZeroAttr(type));
  for (int64_t part = 0; part < parts; ++part) {
    Value blockIndex =
        part ? arith::AddIOp::create(rewriter, loc, first, index(part))
                   .getResult()
             : first;
    SmallVector<Value> at{blockIndex, indices[0], indices[1], indices[2],
                          index(0)};
    Value piece =
        vector::TransferReadOp::create(rewriter, loc, partType, packed, at,
                                       read.getPadding(), packedMap, inBounds);
    if (parts == 1) {
      result = piece;
      // (A block of input-channel rows: what the kernels read.)
      if (type.getRank() == 2 &&
          cast<AffineDimExpr>(map.getResult(0)).getPosition() == 2)
        prefetchNextBlock(rewriter, read, buffer, first, block);
      break;
    }
    SmallVector<int64_t> offsets(type.getRank(), 0), strides(type.getRank(), 1);
    offsets.back() = part * block;
    result = vector::InsertStridedSliceOp::create(rewriter, loc, piece, result,
                                                  offsets, strides);
  }
  rewriter.replaceOp(read, result);
}

} // namespace

void tfg::packConvFilters(RewriterBase &rewriter, func::FuncOp func,
                          int64_t minOutChannels) {
  SmallVector<arith::ConstantOp> filters;
  func.walk([&](arith::ConstantOp constant) {
    auto type = dyn_cast<RankedTensorType>(constant.getType());
    if (type && type.getRank() == 4 && type.hasStaticShape() &&
        type.getElementType().isF32() &&
        type.getDimSize(kOutChannelDim) >= minOutChannels &&
        isa<ElementsAttr>(constant.getValue()))
      filters.push_back(constant);
  });
  for (arith::ConstantOp constant : filters) {
    SmallVector<vector::TransferReadOp> reads;
    bool onlyReads = llvm::all_of(constant->getUses(), [&](OpOperand &use) {
      auto read = dyn_cast<vector::TransferReadOp>(use.getOwner());
      if (!read || read.getBase() != constant.getResult() ||
          !isPackableRead(read))
        return false;
      reads.push_back(read);
      return true;
    });
    auto type = cast<RankedTensorType>(constant.getType());
    int64_t block =
        onlyReads ? chooseBlock(reads, type.getDimSize(kOutChannelDim)) : 0;
    if (!block)
      continue;
    ElementsAttr packed =
        packFilter(cast<ElementsAttr>(constant.getValue()), block);
    if (!packed)
      continue;
    rewriter.setInsertionPoint(constant);
    Value packedFilter = arith::ConstantOp::create(rewriter, constant.getLoc(),
                                                   cast<TypedAttr>(packed));
    // Its buffer, for the prefetches (read only: the constant's global).
    auto packedType = cast<RankedTensorType>(packedFilter.getType());
    Value buffer = bufferization::ToBufferOp::create(
        rewriter, constant.getLoc(),
        MemRefType::get(packedType.getShape(), packedType.getElementType()),
        packedFilter, rewriter.getUnitAttr());
    for (vector::TransferReadOp read : reads)
      redirectRead(rewriter, read, packedFilter, block, buffer);
    if (buffer.use_empty())
      rewriter.eraseOp(buffer.getDefiningOp());
    rewriter.eraseOp(constant);
  }
}
