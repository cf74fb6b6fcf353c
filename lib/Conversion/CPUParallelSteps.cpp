//===- CPUParallelSteps.cpp - The memory of parallel steps ---------------===//
//
// See CPUParallelSteps.h.
//
//===----------------------------------------------------------------------===//

#include "CPUParallelSteps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// The dimension of `value`'s source that dimension `dim` of `value` (a
/// view) indexes, where that source dimension is indexed the same way (a
/// subview at offset 0 with stride 1, a reshape that only adds or removes
/// unit dimensions around it); the source and its dimension, or nothing.
std::optional<std::pair<Value, unsigned>> sourceDimension(Value value,
                                                          unsigned dim) {
  Operation *op = value.getDefiningOp();
  if (auto cast = dyn_cast_or_null<memref::CastOp>(op))
    return std::make_pair(cast.getSource(), dim);
  if (auto subview = dyn_cast_or_null<memref::SubViewOp>(op)) {
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    unsigned kept = 0;
    for (unsigned source = 0; source < dropped.size(); ++source) {
      if (dropped.test(source))
        continue;
      if (kept++ != dim)
        continue;
      if (subview.getStaticOffsets()[source] != 0 ||
          subview.getStaticStrides()[source] != 1)
        return std::nullopt;
      return std::make_pair(subview.getSource(), source);
    }
    return std::nullopt;
  }
  // The group of a reshape holding the dimension must have no other
  // dimension of size other than 1.
  auto single = [](ArrayRef<int64_t> shape, ArrayRef<int64_t> group,
                   int64_t dim) {
    return llvm::all_of(group,
                        [&](int64_t d) { return d == dim || shape[d] == 1; });
  };
  if (auto expand = dyn_cast_or_null<memref::ExpandShapeOp>(op)) {
    for (auto [index, group] :
         llvm::enumerate(expand.getReassociationIndices()))
      if (llvm::is_contained(group, dim))
        return single(expand.getResultType().getShape(), group, dim)
                   ? std::optional(
                         std::make_pair(expand.getSrc(), unsigned(index)))
                   : std::nullopt;
    return std::nullopt;
  }
  if (auto collapse = dyn_cast_or_null<memref::CollapseShapeOp>(op)) {
    ArrayRef<int64_t> shape = collapse.getSrcType().getShape();
    SmallVector<ReassociationIndices> groups =
        collapse.getReassociationIndices();
    if (dim >= groups.size())
      return std::nullopt;
    for (int64_t source : groups[dim])
      if (single(shape, groups[dim], source) && shape[source] != 1)
        return std::make_pair(collapse.getSrc(), unsigned(source));
    if (groups[dim].size() == 1)
      return std::make_pair(collapse.getSrc(), unsigned(groups[dim][0]));
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

std::pair<Value, unsigned> mlir::tfg::rootDimension(Value value, unsigned dim) {
  while (std::optional<std::pair<Value, unsigned>> up =
             sourceDimension(value, dim))
    std::tie(value, dim) = *up;
  return {value, dim};
}

namespace {

/// Where `accessed` (memory an op of `loop`'s body reads or writes) is a
/// view of a subview taken at the loop's induction variable `iv` with the
/// loop's step as its size (the band of rows one iteration computes), and that
/// subview's dimension is a dimension of the entry block's argument
/// (through views that keep it, sourceDimension): the argument and that
/// dimension. The subviews, reshapes and casts below the band's subview
/// stay inside its memory.
std::optional<std::pair<BlockArgument, unsigned>>
bandDimension(Value accessed, Value iv, int64_t step, Block &entry) {
  Value value = accessed;
  while (true) {
    Operation *op = value.getDefiningOp();
    auto subview = dyn_cast_or_null<memref::SubViewOp>(op);
    if (subview) {
      SmallVector<OpFoldResult> offsets = subview.getMixedOffsets();
      for (unsigned dim = 0; dim < offsets.size(); ++dim) {
        if (dyn_cast_if_present<Value>(offsets[dim]) != iv)
          continue;
        if (subview.getStaticSizes()[dim] != step ||
            subview.getStaticStrides()[dim] != 1)
          return std::nullopt;
        auto [root, rootDim] = rootDimension(subview.getSource(), dim);
        auto arg = dyn_cast<BlockArgument>(root);
        if (!arg || arg.getOwner() != &entry)
          return std::nullopt;
        return std::make_pair(arg, rootDim);
      }
    }
    if (!isa_and_nonnull<memref::SubViewOp, memref::ExpandShapeOp,
                         memref::CollapseShapeOp, memref::CastOp>(op))
      return std::nullopt;
    value = op->getOperand(0);
  }
}

/// A nest's one parallel loop: the loop, its induction variable and its
/// constant bounds (lower, upper, step).
struct ParallelLoop {
  Operation *op = nullptr;
  Value iv;
  std::array<int64_t, 3> geometry;
};

/// The one parallel loop of `callee` with one induction variable and
/// constant bounds, or nothing (none, several, or other bounds): an
/// omp.loop_nest after the OpenMP conversion, an scf.forall or scf.parallel
/// before it.
std::optional<ParallelLoop> findParallelLoop(func::FuncOp callee) {
  SmallVector<Operation *> loops;
  callee.walk([&](Operation *op) {
    if (isa<omp::LoopNestOp, scf::ForallOp, scf::ParallelOp>(op))
      loops.push_back(op);
  });
  if (loops.size() != 1)
    return std::nullopt;
  SmallVector<OpFoldResult> lbs, ubs, steps;
  ParallelLoop loop;
  loop.op = loops.front();
  if (auto nest = dyn_cast<omp::LoopNestOp>(loop.op)) {
    if (nest.getIVs().size() != 1)
      return std::nullopt;
    loop.iv = nest.getIVs()[0];
    lbs = getAsOpFoldResult(nest.getLoopLowerBounds());
    ubs = getAsOpFoldResult(nest.getLoopUpperBounds());
    steps = getAsOpFoldResult(nest.getLoopSteps());
  } else {
    // scf.forall or scf.parallel: the loop interface answers for both.
    auto parallel = cast<LoopLikeOpInterface>(loop.op);
    std::optional<SmallVector<Value>> ivs = parallel.getLoopInductionVars();
    std::optional<SmallVector<OpFoldResult>> lower =
        parallel.getLoopLowerBounds();
    std::optional<SmallVector<OpFoldResult>> upper =
        parallel.getLoopUpperBounds();
    std::optional<SmallVector<OpFoldResult>> step = parallel.getLoopSteps();
    if (!ivs || ivs->size() != 1 || !lower || !upper || !step)
      return std::nullopt;
    loop.iv = ivs->front();
    lbs = std::move(*lower);
    ubs = std::move(*upper);
    steps = std::move(*step);
  }
  std::optional<int64_t> lb = getConstantIntValue(lbs[0]);
  std::optional<int64_t> ub = getConstantIntValue(ubs[0]);
  std::optional<int64_t> step = getConstantIntValue(steps[0]);
  if (!lb || !ub || !step)
    return std::nullopt;
  loop.geometry = {*lb, *ub, *step};
  return loop;
}

} // namespace

bool mlir::tfg::isReplicable(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         !op->hasTrait<OpTrait::IsTerminator>();
}

bool mlir::tfg::isHoistable(Operation *op) {
  if (isReplicable(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return effects && op->getNumRegions() == 0 &&
         effects.hasEffect<MemoryEffects::Allocate>() &&
         !effects.hasEffect<MemoryEffects::Free>() &&
         !effects.hasEffect<MemoryEffects::Read>() &&
         !effects.hasEffect<MemoryEffects::Write>();
}

NestEffects mlir::tfg::summarizeNestEffects(func::FuncOp callee) {
  NestEffects result;
  result.read.assign(callee.getNumArguments(), false);
  result.written.assign(callee.getNumArguments(), false);
  result.band.assign(callee.getNumArguments(), std::nullopt);
  Block &entry = callee.getBody().front();
  // The bands of the nest's one parallel loop with constant bounds; an
  // argument accessed otherwise, or along two dimensions, has none.
  std::optional<ParallelLoop> loop = findParallelLoop(callee);
  if (loop)
    result.geometry = loop->geometry;
  SmallVector<bool> unbanded(callee.getNumArguments(), false);
  callee.walk([&](Operation *op) {
    // A loop's or region's effects are those of the ops in it, walked too.
    if (op == callee.getOperation() ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface) {
      result.unknown = true;
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (MemoryEffects::EffectInstance &effect : effects) {
      bool write = isa<MemoryEffects::Write>(effect.getEffect());
      if (!write && !isa<MemoryEffects::Read>(effect.getEffect()))
        continue; // allocating or freeing its own buffers
      Value value = effect.getValue();
      while (value)
        if (auto view = value.getDefiningOp<ViewLikeOpInterface>())
          value = view.getViewSource();
        else
          break;
      auto arg = dyn_cast_or_null<BlockArgument>(value);
      if (arg && arg.getOwner() == &entry) {
        unsigned number = arg.getArgNumber();
        (write ? result.written : result.read)[number] = true;
        std::optional<std::pair<BlockArgument, unsigned>> band;
        if (loop && loop->op->isAncestor(op))
          band = bandDimension(effect.getValue(), loop->iv, loop->geometry[2],
                               entry);
        if (!band || band->first != arg ||
            (result.band[number] && *result.band[number] != band->second))
          unbanded[number] = true;
        else
          result.band[number] = band->second;
        continue;
      }
      if (value && (value.getDefiningOp<memref::AllocOp>() ||
                    value.getDefiningOp<memref::AllocaOp>() ||
                    (!write && value.getDefiningOp<memref::GetGlobalOp>())))
        continue;
      result.unknown = true;
    }
  });
  for (unsigned number = 0; number < unbanded.size(); ++number)
    if (unbanded[number])
      result.band[number] = std::nullopt;
  return result;
}

Footprint Footprint::of(Value value) {
  Footprint footprint;
  while (true) {
    if (auto subview = value.getDefiningOp<memref::SubViewOp>()) {
      // The subview nearest the buffer contains the ones after it.
      footprint.setBox(subview);
      value = subview.getSource();
    } else if (isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp,
                               memref::CastOp>(value.getDefiningOp())) {
      // Other indices below a reshape: the box found so far no longer
      // applies to the buffer.
      footprint.lo.clear();
      footprint.hi.clear();
      value = value.getDefiningOp()->getOperand(0);
    } else {
      break;
    }
  }
  if (isa<BlockArgument>(value)) {
    footprint.kind = Kind::Argument;
    footprint.base = value;
  } else if (value.getDefiningOp<memref::AllocOp>() ||
             value.getDefiningOp<memref::AllocaOp>()) {
    footprint.kind = Kind::Allocation;
    footprint.base = value;
  } else if (auto global = value.getDefiningOp<memref::GetGlobalOp>()) {
    footprint.kind = Kind::Global;
    footprint.global =
        SymbolTable::lookupNearestSymbolFrom(global, global.getNameAttr());
  } else if (auto view = value.getDefiningOp<memref::ViewOp>()) {
    APInt shift;
    auto type = view.getType();
    // An arena of this function's (a view of an argument may alias the
    // other arguments: Unknown).
    bool local = view.getSource().getDefiningOp<memref::AllocOp>() ||
                 view.getSource().getDefiningOp<memref::AllocaOp>();
    if (local && matchPattern(view.getByteShift(), m_ConstantInt(&shift)) &&
        type.hasStaticShape() && type.getElementType().isIntOrFloat()) {
      footprint.kind = Kind::ArenaView;
      footprint.base = view.getSource();
      footprint.view = view;
      footprint.begin = shift.getSExtValue();
      footprint.end = footprint.begin +
                      type.getNumElements() *
                          llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    }
  }
  if (footprint.kind == Kind::Unknown) {
    footprint.lo.clear();
    footprint.hi.clear();
  }
  return footprint;
}

void Footprint::setBox(Operation *op) {
  auto subview = cast<memref::SubViewOp>(op);
  lo.clear();
  hi.clear();
  for (auto [offset, size, stride] :
       llvm::zip(subview.getStaticOffsets(), subview.getStaticSizes(),
                 subview.getStaticStrides())) {
    if (ShapedType::isDynamic(offset) || ShapedType::isDynamic(size) ||
        ShapedType::isDynamic(stride) || size < 1) {
      lo.clear();
      hi.clear();
      return;
    }
    lo.push_back(offset);
    hi.push_back(offset + (size - 1) * stride + 1);
  }
}

bool Footprint::boxesOverlap(const Footprint &other) const {
  if (lo.empty() || other.lo.empty() || lo.size() != other.lo.size())
    return true;
  for (unsigned d = 0; d < lo.size(); ++d)
    if (hi[d] <= other.lo[d] || other.hi[d] <= lo[d])
      return false;
  return true;
}

bool Footprint::mayOverlap(const Footprint &other) const {
  const Footprint &a = *this, &b = other;
  if (a.kind == Kind::Unknown || b.kind == Kind::Unknown)
    return true;
  if (a.kind != b.kind) {
    // An allocation of this function is no argument, no global, and only
    // its own views are in it.
    if (a.kind == Kind::Argument || b.kind == Kind::Argument)
      return a.kind == Kind::Global || b.kind == Kind::Global;
    if (a.kind == Kind::Global || b.kind == Kind::Global)
      return false;
    return a.base == b.base; // an arena and a view of it
  }
  switch (a.kind) {
  case Kind::Argument:
  case Kind::Allocation:
    // Distinct arguments may be views of one buffer.
    return a.base != b.base ? a.kind == Kind::Argument : a.boxesOverlap(b);
  case Kind::Global:
    return a.global == b.global && a.boxesOverlap(b);
  case Kind::ArenaView:
    if (a.base != b.base || a.end <= b.begin || b.end <= a.begin)
      return false;
    if (a.view == b.view ||
        (a.begin == b.begin && a.view.getType() == b.view.getType()))
      return a.boxesOverlap(b);
    return true;
  case Kind::Unknown:
    break;
  }
  return true;
}

bool Band::operator==(const Band &other) const {
  return sameBuffer(buffer, other.buffer) && dim == other.dim &&
         geometry == other.geometry;
}

bool Band::sameBuffer(Value a, Value b) {
  if (a == b)
    return true;
  auto viewA = a.getDefiningOp<memref::ViewOp>();
  auto viewB = b.getDefiningOp<memref::ViewOp>();
  APInt shiftA, shiftB;
  return viewA && viewB && viewA.getSource() == viewB.getSource() &&
         viewA.getType() == viewB.getType() &&
         viewA.getType().hasStaticShape() &&
         matchPattern(viewA.getByteShift(), m_ConstantInt(&shiftA)) &&
         matchPattern(viewB.getByteShift(), m_ConstantInt(&shiftB)) &&
         shiftA == shiftB;
}

void StepAccesses::add(func::CallOp call, const NestEffects &effects) {
  unknown |= effects.unknown;
  for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
    if (!isa<MemRefType>(operand.getType()))
      continue;
    if (!effects.written[index] && !effects.read[index])
      continue;
    std::optional<Band> band;
    if (effects.geometry && effects.band[index]) {
      auto [buffer, dim] = rootDimension(operand, *effects.band[index]);
      band = Band{buffer, dim, *effects.geometry};
    }
    accesses.push_back(
        {Footprint::of(operand), bool(effects.written[index]), band});
  }
}

bool StepAccesses::dependsOn(const StepAccesses &other) const {
  if (unknown || other.unknown)
    return true;
  for (const Access &mine : accesses)
    for (const Access &theirs : other.accesses)
      if ((mine.written || theirs.written) &&
          mine.memory.mayOverlap(theirs.memory) &&
          !(mine.band && theirs.band && *mine.band == *theirs.band))
        return true;
  return false;
}
