//===- CPUMergeParallelRegions.cpp - One OpenMP region for a run of nests -===//
//
// After convert-scf-to-openmp every chunked op is an outlined loop nest
// (tfg-cpu-outline-loop-nests) that forks its own team: omp.parallel around
// one omp.wsloop. This pass puts a run of consecutive calls of such nests
// in one omp.parallel of the caller: the nests' loops become worksharing
// loops of that region (orphaned in their functions, bound to the caller's
// team at run time), each ending with its implicit barrier, and the serial
// nests between them run in omp.single. A run forks once instead of once
// per nest, and the threads wait for each other at barriers instead of
// joining and forking again.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUMERGEPARALLELREGIONS
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;

namespace {

/// What a call of an outlined loop nest does, for the merge.
enum class NestKind {
  /// Not mergeable: kept as it is, and it ends a run.
  Other,
  /// Forks a team for one worksharing loop: omp.parallel { omp.wsloop }.
  Parallel,
  /// Runs on the calling thread alone, no OpenMP, no call.
  Serial,
};

/// An op that every thread of a team may run as well as one: no memory
/// effects, no regions (views, casts, constants).
bool isReplicable(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         !op->hasTrait<OpTrait::IsTerminator>();
}

/// An op that may run earlier, before a merged region, instead of between
/// two nests in it: a replicable op, or an allocation (only its lifetime
/// grows; its contents are written after it anyway).
bool isHoistable(Operation *op) {
  if (isReplicable(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return effects && op->getNumRegions() == 0 &&
         effects.hasEffect<MemoryEffects::Allocate>() &&
         !effects.hasEffect<MemoryEffects::Free>() &&
         !effects.hasEffect<MemoryEffects::Read>() &&
         !effects.hasEffect<MemoryEffects::Write>();
}

/// The team's thread count of `parallel` when it is a plain fork of one
/// worksharing loop: a constant num_threads and no other clause, a body of
/// replicable ops and worksharing loops (which every thread of the team
/// runs). Zero otherwise.
int64_t plainForkThreads(omp::ParallelOp parallel) {
  if (parallel->getNumOperands() != 1 || !parallel.getNumThreads() ||
      parallel.getReductionSymsAttr() || parallel.getPrivateSymsAttr() ||
      parallel.getProcBindKindAttr() || !parallel.getRegion().hasOneBlock())
    return 0;
  APInt count;
  if (!matchPattern(parallel.getNumThreads(), m_ConstantInt(&count)) ||
      count.getSExtValue() < 2)
    return 0;
  for (Operation &op : parallel.getRegion().front()) {
    if (isa<omp::TerminatorOp>(op) || isReplicable(&op))
      continue;
    auto loop = dyn_cast<omp::WsloopOp>(op);
    // nowait would let a thread run ahead into the next nest, whose data it
    // may need: the join stood for that barrier.
    if (!loop || loop.getNowait() || loop->getNumOperands() != 0)
      return 0;
    bool nested = false;
    loop->walk([&](Operation *inner) {
      nested |= isa<omp::ParallelOp, omp::SingleOp, CallOpInterface>(inner);
    });
    if (nested)
      return 0;
  }
  return count.getSExtValue();
}

/// Whether every thread of a team may run `loop` (an scf.for around forks
/// of a nest: a padded depthwise layer's left and right border columns)
/// and meet the same worksharing loops in the same order: its bounds are
/// the same on every thread (values from outside it), and its body holds
/// only replicable ops, plain forks (collected in `forks`) and loops of the
/// same kind.
bool isReplicableLoopOfForks(scf::ForOp loop,
                             SmallVectorImpl<omp::ParallelOp> &forks) {
  if (loop.getNumResults() != 0)
    return false;
  for (Operation &op : *loop.getBody()) {
    if (isa<scf::YieldOp>(op) || isReplicable(&op))
      continue;
    if (auto fork = dyn_cast<omp::ParallelOp>(op)) {
      forks.push_back(fork);
      continue;
    }
    auto inner = dyn_cast<scf::ForOp>(op);
    if (!inner || !isReplicableLoopOfForks(inner, forks))
      return false;
  }
  return true;
}

/// How `func` (an outlined nest) runs, and its team's size (Parallel).
std::pair<NestKind, int64_t> classifyNest(func::FuncOp func) {
  if (!func.isPrivate() || !func->hasAttr("tfg.outlined") ||
      !func.getBody().hasOneBlock() || func.getNumResults() != 0)
    return {NestKind::Other, 0};
  // The fork, at the top or in loops that every thread can run.
  SmallVector<omp::ParallelOp> forks;
  bool sideEffectsOutside = false;
  for (Operation &op : func.getBody().front()) {
    if (auto fork = dyn_cast<omp::ParallelOp>(op))
      forks.push_back(fork);
    else if (auto loop = dyn_cast<scf::ForOp>(op))
      sideEffectsOutside |= !isReplicableLoopOfForks(loop, forks);
    else if (!isa<func::ReturnOp>(op) && !isReplicable(&op))
      sideEffectsOutside = true;
  }
  if (!forks.empty()) {
    // Every thread of the team will run the function: what is outside the
    // fork must be replicable (it ran once).
    if (sideEffectsOutside || forks.size() != 1)
      return {NestKind::Other, 0};
    int64_t threads = plainForkThreads(forks.front());
    return threads ? std::make_pair(NestKind::Parallel, threads)
                   : std::make_pair(NestKind::Other, int64_t{0});
  }
  bool openMPOrCall = false;
  func.walk([&](Operation *op) {
    openMPOrCall |= isa_and_nonnull<omp::OpenMPDialect>(op->getDialect()) ||
                    isa<CallOpInterface>(op);
  });
  return {openMPOrCall ? NestKind::Other : NestKind::Serial, 0};
}

/// Runs its callee's worksharing loop on the enclosing team: the callee's
/// omp.parallel is replaced by its body (the callee is only called from
/// inside the merged region, by every thread of the team).
void dissolveFork(func::FuncOp callee) {
  omp::ParallelOp parallel;
  callee.walk([&](omp::ParallelOp op) { parallel = op; });
  Block &body = parallel.getRegion().front();
  body.getTerminator()->erase();
  parallel->getBlock()->getOperations().splice(parallel->getIterator(),
                                               body.getOperations());
  parallel->erase();
}

/// Which of a nest's arguments it reads and writes (through views of
/// them); `unknown` when it touches memory it does not reach through an
/// argument (other than its own allocations and constant globals) or has an
/// op whose effects are unknown.
struct NestEffects {
  SmallVector<bool> read, written;
  bool unknown = false;
  /// The nest's one worksharing loop's constant bounds (lower, upper,
  /// step), where it has one.
  std::optional<std::array<int64_t, 3>> geometry;
  /// Per argument: the dimension along which every access of it is
  /// confined to the band of the worksharing loop's iteration, rows [iv,
  /// iv + step) (see bandDimension).
  SmallVector<std::optional<unsigned>> band;
};

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

/// Follows dimension `dim` of `value` up its views while sourceDimension
/// can, to the first value it cannot see through.
std::pair<Value, unsigned> rootDimension(Value value, unsigned dim) {
  while (std::optional<std::pair<Value, unsigned>> up =
             sourceDimension(value, dim))
    std::tie(value, dim) = *up;
  return {value, dim};
}

/// Where `accessed` (memory an op of `loop`'s body reads or writes) is a
/// view of a subview taken at the loop's induction variable with the loop's
/// step as its size (the band of rows one iteration computes), and that
/// subview's dimension is a dimension of the entry block's argument
/// (through views that keep it, sourceDimension): the argument and that
/// dimension. The subviews, reshapes and casts below the band's subview
/// stay inside its memory.
std::optional<std::pair<BlockArgument, unsigned>>
bandDimension(Value accessed, omp::LoopNestOp loop, int64_t step,
              Block &entry) {
  if (loop.getIVs().size() != 1)
    return std::nullopt;
  Value iv = loop.getIVs()[0];
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

NestEffects summarizeEffects(func::FuncOp callee) {
  NestEffects result;
  result.read.assign(callee.getNumArguments(), false);
  result.written.assign(callee.getNumArguments(), false);
  result.band.assign(callee.getNumArguments(), std::nullopt);
  Block &entry = callee.getBody().front();
  // The bands of the nest's one worksharing loop with constant bounds;
  // an argument accessed otherwise, or along two dimensions, has none.
  omp::LoopNestOp loopNest;
  unsigned loopNests = 0;
  callee.walk([&](omp::LoopNestOp nest) {
    loopNest = nest;
    ++loopNests;
  });
  if (loopNests == 1 && loopNest.getIVs().size() == 1) {
    APInt lb, ub, step;
    if (matchPattern(loopNest.getLoopLowerBounds()[0], m_ConstantInt(&lb)) &&
        matchPattern(loopNest.getLoopUpperBounds()[0], m_ConstantInt(&ub)) &&
        matchPattern(loopNest.getLoopSteps()[0], m_ConstantInt(&step)))
      result.geometry = {lb.getSExtValue(), ub.getSExtValue(),
                         step.getSExtValue()};
  }
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
        if (result.geometry && loopNest->isAncestor(op))
          band = bandDimension(effect.getValue(), loopNest,
                               (*result.geometry)[2], entry);
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

/// The memory a memref value of the caller covers, as far as it can be
/// told from its definition: the buffer it views (a function argument, an
/// allocation, a byte range of an arena through memref.view, a global) and,
/// where a static subview of that buffer is taken, the box of the buffer's
/// indices it spans.
struct Footprint {
  enum class Kind { Unknown, Argument, Allocation, ArenaView, Global };
  Kind kind = Kind::Unknown;
  /// The argument, the allocation, the arena or the global's op.
  Value base;
  Operation *global = nullptr;
  /// ArenaView: the view and its bytes [begin, end) in the arena.
  Value view;
  int64_t begin = 0, end = 0;
  /// The box spanned in the buffer's (or view's) indices; empty: all.
  SmallVector<int64_t> lo, hi;

  static Footprint of(Value value) {
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

  void setBox(memref::SubViewOp subview) {
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

  bool boxesOverlap(const Footprint &other) const {
    if (lo.empty() || other.lo.empty() || lo.size() != other.lo.size())
      return true;
    for (unsigned d = 0; d < lo.size(); ++d)
      if (hi[d] <= other.lo[d] || other.hi[d] <= lo[d])
        return false;
    return true;
  }

  /// Whether the two may share memory.
  bool mayOverlap(const Footprint &other) const {
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
};

/// The memory one step of a merged region (a nest, or the serial nests of
/// one omp.single) reads and writes.
/// An access confined to the band of rows of its worksharing loop's
/// iteration: the buffer of the caller and its dimension the band runs
/// along, and the loop's bounds. Two such accesses with the same of all
/// three touch the same rows in the same iteration, and OpenMP's static
/// schedule gives an iteration to the same thread in both loops (same trip
/// count, same team, no chunk size): a thread only meets its own rows.
struct Band {
  Value buffer;
  unsigned dim;
  std::array<int64_t, 3> geometry;
  bool operator==(const Band &other) const {
    return sameBuffer(buffer, other.buffer) && dim == other.dim &&
           geometry == other.geometry;
  }
  /// The same value, or views of one arena at the same constant byte
  /// offset with the same type (the memory plan makes a view per use).
  static bool sameBuffer(Value a, Value b) {
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
};

struct Access {
  Footprint memory;
  bool written;
  std::optional<Band> band;
};

struct StepAccesses {
  SmallVector<Access, 4> accesses;
  bool unknown = false;
  /// The step ends with a barrier that is kept whatever follows.
  bool barrierAfter = false;

  void add(func::CallOp call, const NestEffects &effects) {
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

  /// Whether running `this` and `other` at once (without a barrier
  /// between) could change what either reads or writes.
  bool dependsOn(const StepAccesses &other) const {
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
};

struct CPUMergeParallelRegionsPass
    : tfg::impl::CPUMergeParallelRegionsBase<CPUMergeParallelRegionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);

    // A nest's fork may only be dissolved where its function is used by one
    // call and nothing else (the outlining makes one function a nest).
    llvm::DenseMap<StringAttr, unsigned> uses;
    if (std::optional<SymbolTable::UseRange> all =
            SymbolTable::getSymbolUses(&module.getBodyRegion()))
      for (const SymbolTable::SymbolUse &use : *all)
        ++uses[use.getSymbolRef().getRootReference()];
    module.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || call->getNumResults() != 0 ||
          uses.lookup(callee.getSymNameAttr()) != 1)
        return;
      kinds[call] = classifyNest(callee);
      callees[call] = callee;
    });

    // The blocks to scan: every block not inside an OpenMP construct (a
    // call there already runs on a team).
    SmallVector<Block *> blocks;
    module.walk([&](Block *block) {
      Operation *parent = block->getParentOp();
      if (!isa<omp::OpenMPDialect>(parent->getDialect()) &&
          !parent->getParentOfType<omp::ParallelOp>() &&
          !parent->getParentOfType<omp::WsloopOp>() &&
          !parent->getParentOfType<omp::SingleOp>())
        blocks.push_back(block);
    });

    for (Block *block : blocks) {
      SmallVector<Operation *> run;
      int64_t runThreads = 0;
      auto flush = [&] {
        mergeRun(run);
        run.clear();
        runThreads = 0;
      };
      for (Operation &op : llvm::make_early_inc_range(*block)) {
        auto [kind, threads] = kindOf(&op);
        if (kind == NestKind::Parallel) {
          if (runThreads && threads != runThreads)
            flush();
          runThreads = threads;
          run.push_back(&op);
        } else if (kind == NestKind::Serial ||
                   (isHoistable(&op) && !run.empty())) {
          run.push_back(&op);
        } else {
          flush();
        }
      }
      flush();
    }
    for (func::FuncOp callee : toDissolve)
      dissolveFork(callee);
  }

  std::pair<NestKind, int64_t> kindOf(Operation *op) const {
    auto it = kinds.find(op);
    return it == kinds.end() ? std::make_pair(NestKind::Other, int64_t{0})
                             : it->second;
  }
  bool isFork(Operation *op) const {
    return kindOf(op).first == NestKind::Parallel;
  }

  /// Merges `run` (parallel nest calls, serial nest calls and replicable
  /// ops, in block order) into one omp.parallel when it holds two forks or
  /// more; the serial calls and replicable ops at its ends stay outside.
  void mergeRun(ArrayRef<Operation *> run) {
    auto fork = [&](Operation *op) { return isFork(op); };
    auto first = llvm::find_if(run, fork);
    if (first == run.end())
      return;
    auto last = llvm::find_if(llvm::reverse(run), fork).base();
    if (std::count_if(first, last, fork) < 2)
      return;
    ArrayRef<Operation *> merged(first, last);

    // Views, constants and allocations first, run by the calling thread:
    // the region then holds only calls and defines no value used after it.
    Operation *anchor = merged.front();
    for (Operation *op : merged)
      if (isHoistable(op))
        op->moveBefore(anchor);

    OpBuilder builder(anchor);
    Location loc = anchor->getLoc();
    Value threads = LLVM::ConstantOp::create(
        builder, loc, builder.getI32IntegerAttr(kindOf(anchor).second));
    omp::ParallelOperands clauses;
    clauses.numThreads = threads;
    auto parallel = omp::ParallelOp::create(builder, loc, clauses);
    Block *body = builder.createBlock(&parallel.getRegion());
    builder.setInsertionPointToEnd(body);
    auto terminator = omp::TerminatorOp::create(builder, loc);

    // Serial nests in omp.single (one thread runs them, the team waits at
    // its implicit barrier: the next nest may read what they wrote);
    // consecutive ones share one.
    omp::SingleOp single;
    // Each step's barrier-carrying op (the nest's last worksharing loop,
    // or the omp.single) and what the step touches.
    SmallVector<std::pair<Operation *, StepAccesses>, 0> steps;
    for (Operation *op : merged) {
      if (isHoistable(op))
        continue;
      func::FuncOp callee = callees.lookup(op);
      NestEffects effects = summarizeEffects(callee);
      if (isFork(op)) {
        single = nullptr;
        op->moveBefore(terminator);
        toDissolve.push_back(callee);
        ++forksMerged;
        // The barrier that ends the nest: its last worksharing loop's (a
        // fork with none has no barrier to keep).
        omp::WsloopOp last;
        bool inLoop = false;
        callee.walk([&](omp::ParallelOp fork) {
          for (auto loop : fork.getRegion().front().getOps<omp::WsloopOp>())
            last = loop;
          inLoop = fork->getParentOp() != callee.getOperation();
        });
        // A fork in a loop is one barrier per iteration: the iterations
        // may depend on each other (a nest is not known to be a parallel
        // loop), so it stays, and orders the next step as well.
        // Unless every iteration's thread meets only its own rows of what
        // the nest writes (the border columns' rows): then the loop's
        // iterations need no barrier between them, and the nest's barrier
        // is dropped, or kept as one barrier after the loop, like any
        // nest's.
        if (inLoop) {
          StepAccesses accesses;
          accesses.add(cast<func::CallOp>(op), effects);
          if (accesses.dependsOn(accesses)) {
            accesses.barrierAfter = true;
            steps.push_back({nullptr, std::move(accesses)});
            continue;
          }
          Operation *outer = last;
          while (outer->getParentOp() != callee.getOperation())
            outer = outer->getParentOp();
          loopAroundFork[last] = outer;
        }
        steps.push_back({last, {}});
        steps.back().second.add(cast<func::CallOp>(op), effects);
        continue;
      }
      if (!single) {
        builder.setInsertionPoint(terminator);
        single = omp::SingleOp::create(builder, loc, omp::SingleOperands{});
        Block *singleBody = builder.createBlock(&single.getRegion());
        builder.setInsertionPointToEnd(singleBody);
        omp::TerminatorOp::create(builder, loc);
        steps.push_back({single, {}});
      }
      op->moveBefore(single.getRegion().front().getTerminator());
      steps.back().second.add(cast<func::CallOp>(op), effects);
      ++serialNestsMerged;
    }
    dropBarriers(steps);
    ++regions;
  }

  /// Marks nowait the steps whose barrier nothing needs: the next step
  /// touches nothing that a step since the last barrier writes, or writes
  /// nothing it touches; the last step's too, as the region ends with its
  /// join.
  void dropBarriers(ArrayRef<std::pair<Operation *, StepAccesses>> steps) {
    SmallVector<const StepAccesses *> pending;
    for (auto [index, step] : llvm::enumerate(steps)) {
      pending.push_back(&step.second);
      if (step.second.barrierAfter) {
        pending.clear(); // a barrier that stays
        continue;
      }
      if (!step.first)
        continue; // no barrier
      bool needed = false;
      if (index + 1 < steps.size())
        for (const StepAccesses *before : pending)
          needed |= steps[index + 1].second.dependsOn(*before);
      if (needed) {
        pending.clear();
        // A nest's loop of aligned worksharing loops: one barrier after
        // the loop instead of one per iteration.
        if (Operation *outer = loopAroundFork.lookup(step.first)) {
          cast<omp::WsloopOp>(step.first).setNowait(true);
          OpBuilder builder(outer->getContext());
          builder.setInsertionPointAfter(outer);
          omp::BarrierOp::create(builder, outer->getLoc());
        }
        continue;
      }
      if (auto loop = dyn_cast<omp::WsloopOp>(step.first))
        loop.setNowait(true);
      else
        cast<omp::SingleOp>(step.first).setNowait(true);
      ++barriersDropped;
    }
  }

  llvm::DenseMap<Operation *, std::pair<NestKind, int64_t>> kinds;
  llvm::DenseMap<Operation *, func::FuncOp> callees;
  SmallVector<func::FuncOp> toDissolve;
  /// The worksharing loop of a nest whose fork is in a loop, whose
  /// iterations need no barrier between them: the nest's outermost loop.
  llvm::DenseMap<Operation *, Operation *> loopAroundFork;
};

} // namespace
