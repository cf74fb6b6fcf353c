//===- CPUPlanMemory.cpp - One arena for a function's intermediates -------===//
//
// Static memory planning (see the pass description in Passes.td): the
// static-shaped buffers a function allocates at its top level and frees
// before it returns become views of one arena, at offsets chosen so that
// buffers live at the same time never overlap and the others share memory.
//
//===----------------------------------------------------------------------===//

#include "TFG/Conversion/Passes.h"

#include "CPUParallelSteps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <map>

namespace mlir::tfg {
#define GEN_PASS_DEF_CPUPLANMEMORY
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// One buffer of the plan: a top-level allocation, when it is live (the
/// positions of the first and last top-level ops that touch it, both
/// included) and where it goes in the arena.
struct PlannedBuffer {
  memref::AllocOp alloc;
  uint64_t bytes = 0;
  uint64_t alignment = 1;
  unsigned firstOp = 0;
  unsigned lastOp = 0;
  /// The frees of the buffer (or of a view of it): the arena replaces them.
  SmallVector<memref::DeallocOp> deallocs;
  uint64_t offset = 0;

  bool overlapsInTime(const PlannedBuffer &other) const {
    return firstOp <= other.lastOp && other.firstOp <= lastOp;
  }
};

/// The size in bytes of a static-shaped allocation with an identity
/// layout in the default memory space whose elements have a size in
/// memory (integers, floats, index), or nothing: such an allocation is
/// left as it is.
std::optional<uint64_t> plannableBytes(memref::AllocOp alloc,
                                       const DataLayout &layout) {
  MemRefType type = alloc.getType();
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      type.getMemorySpace())
    return std::nullopt;
  Type element = type.getElementType();
  if (!isa<IntegerType, FloatType, IndexType>(element))
    return std::nullopt;
  // LLVM stores each element at its alloc size (an i1 takes a byte), and
  // so does the lowering of memref.alloc: the data layout's size is it.
  int64_t bytes = layout.getTypeSize(element).getFixedValue();
  for (int64_t dim : type.getShape())
    if (llvm::MulOverflow(bytes, dim, bytes))
      return std::nullopt;
  return bytes;
}

/// Whether `user`, which takes a view of the buffer as an operand, lets the
/// buffer's address out of what this analysis sees: into a value that is
/// not a view of it (a loop-carried or yielded buffer, a call's memref
/// result, a pointer as an integer) or out of its region (a terminator).
bool letsAddressEscape(Operation *user) {
  if (user->hasTrait<OpTrait::IsTerminator>() ||
      isa<RegionBranchTerminatorOpInterface>(user))
    return true;
  // The base buffer and the aligned pointer are how the deallocation
  // lowering compares buffers: two planned buffers may share an address.
  if (isa<memref::ExtractStridedMetadataOp,
          memref::ExtractAlignedPointerAsIndexOp, UnrealizedConversionCastOp>(
          user))
    return true;
  // An op with a memref result that is not a view (a call, a loop with
  // iteration arguments, a region op yielding buffers) may hand the
  // buffer back under another name.
  return llvm::any_of(user->getResultTypes(),
                      [](Type type) { return isa<BaseMemRefType>(type); });
}

/// The ops that touch a buffer through its views (ViewLikeOpInterface),
/// the frees apart.
struct BufferUses {
  SmallVector<Operation *> users;
  SmallVector<memref::DeallocOp> deallocs;
};

/// Follows the views of `buffer` to every op that touches it. Fails when
/// the buffer's address escapes (letsAddressEscape).
FailureOr<BufferUses> collectUses(Value buffer) {
  BufferUses uses;
  SmallVector<Value> worklist{buffer};
  while (!worklist.empty()) {
    Value view = worklist.pop_back_val();
    for (OpOperand &use : view.getUses()) {
      Operation *user = use.getOwner();
      if (auto dealloc = dyn_cast<memref::DeallocOp>(user)) {
        uses.deallocs.push_back(dealloc);
        continue;
      }
      auto viewLike = dyn_cast<ViewLikeOpInterface>(user);
      bool isView = viewLike && viewLike.getViewSource() == view &&
                    !isa<memref::ExtractStridedMetadataOp>(user);
      if (isView) {
        for (Value result : user->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.push_back(result);
      } else if (letsAddressEscape(user)) {
        return failure();
      }
      uses.users.push_back(user);
    }
  }
  return uses;
}

/// Records the span of top-level ops (`positions`: the function's
/// top-level ops in order) that touch the buffer, and its frees. A use by a
/// step of a parallel region counts until the last step that may run at
/// the same time on another thread (`concurrentUntil`, see
/// barrierFreeSpans). Fails when the buffer's address escapes.
LogicalResult
collectLiveRange(PlannedBuffer &buffer, Block &body,
                 const DenseMap<Operation *, unsigned> &positions,
                 const DenseMap<unsigned, unsigned> &concurrentUntil) {
  FailureOr<BufferUses> uses = collectUses(buffer.alloc.getResult());
  if (failed(uses))
    return failure();
  buffer.firstOp = buffer.lastOp = positions.lookup(buffer.alloc);
  for (Operation *user : uses->users) {
    // A use nested in a loop or a branch counts as its whole top-level
    // op: the buffer lives across every iteration.
    Operation *topLevel = body.findAncestorOpInBlock(*user);
    if (!topLevel)
      return failure();
    unsigned position = positions.lookup(topLevel);
    buffer.lastOp =
        std::max(buffer.lastOp, concurrentUntil.lookup_or(position, position));
  }
  buffer.deallocs = std::move(uses->deallocs);
  return success();
}

/// Moves a static-shaped allocation out of the sequential loops (scf.for,
/// scf.while) and branches (scf.if) around it when its buffer does not
/// outlive an iteration (it is not yielded, not carried: letsAddressEscape):
/// then one buffer serves every iteration, allocated once before the
/// outermost of them and freed after it, instead of a malloc and a free
/// per iteration; at the function's top level it is then planned. A
/// parallel body (scf.forall, scf.parallel) or any other region is not
/// crossed: each thread keeps its own buffer.
void hoistOutOfSequentialLoops(memref::AllocOp alloc) {
  if (!alloc.getDynamicSizes().empty() || !alloc.getSymbolOperands().empty())
    return;
  Operation *outermost = nullptr;
  for (Operation *parent = alloc->getParentOp();
       isa<scf::ForOp, scf::WhileOp, scf::IfOp>(parent);
       parent = parent->getParentOp())
    outermost = parent;
  if (!outermost)
    return;
  FailureOr<BufferUses> uses = collectUses(alloc.getResult());
  if (failed(uses))
    return;
  alloc->moveBefore(outermost);
  if (uses->deallocs.empty())
    return;
  // The frees (of the buffer or of a view made inside the loop) become one
  // free of the buffer after the loop.
  OpBuilder builder(outermost->getContext());
  builder.setInsertionPointAfter(outermost);
  memref::DeallocOp::create(builder, alloc.getLoc(), alloc.getResult());
  for (memref::DeallocOp dealloc : uses->deallocs)
    dealloc.erase();
}

/// Greedy by size (TFLite's arena planner, XLA's heap simulator): the
/// largest buffers first, each into the smallest gap that it fits among
/// the buffers already placed whose lives overlap its own, else above
/// them all. Returns the arena's size.
uint64_t assignOffsets(MutableArrayRef<PlannedBuffer> buffers) {
  SmallVector<PlannedBuffer *> bySize;
  for (PlannedBuffer &buffer : buffers)
    bySize.push_back(&buffer);
  // Ties in program order, so that the plan does not depend on the sort.
  llvm::sort(bySize, [](PlannedBuffer *a, PlannedBuffer *b) {
    return std::make_pair(b->bytes, a->firstOp) <
           std::make_pair(a->bytes, b->firstOp);
  });
  SmallVector<PlannedBuffer *> placed;
  uint64_t arenaBytes = 0;
  for (PlannedBuffer *buffer : bySize) {
    SmallVector<PlannedBuffer *> neighbours;
    for (PlannedBuffer *other : placed)
      if (other->overlapsInTime(*buffer))
        neighbours.push_back(other);
    llvm::sort(neighbours, [](PlannedBuffer *a, PlannedBuffer *b) {
      return a->offset < b->offset;
    });
    std::optional<uint64_t> best;
    uint64_t bestGap = 0;
    uint64_t free = 0;
    for (PlannedBuffer *other : neighbours) {
      uint64_t start = llvm::alignTo(free, buffer->alignment);
      if (start + buffer->bytes <= other->offset &&
          (!best || other->offset - free < bestGap)) {
        best = start;
        bestGap = other->offset - free;
      }
      free = std::max(free, other->offset + other->bytes);
    }
    buffer->offset = best ? *best : llvm::alignTo(free, buffer->alignment);
    arenaBytes = std::max(arenaBytes, buffer->offset + buffer->bytes);
    placed.push_back(buffer);
  }
  return arenaBytes;
}

/// Whether `loop` (in an outlined nest) holds, at any depth, only
/// replicable ops, loops of the same kind and parallel loops, which it
/// counts in `parallelLoops`: tfg-cpu-merge-parallel-regions runs such a
/// loop on every thread of a team (a padded layer's border columns).
bool holdsOnlyParallelLoops(scf::ForOp loop, unsigned &parallelLoops) {
  if (loop.getNumResults() != 0)
    return false;
  for (Operation &op : *loop.getBody()) {
    if (isa<scf::YieldOp>(op) || isReplicable(&op))
      continue;
    if (isa<scf::ForallOp, scf::ParallelOp>(op)) {
      ++parallelLoops;
      continue;
    }
    auto inner = dyn_cast<scf::ForOp>(op);
    if (!inner || !holdsOnlyParallelLoops(inner, parallelLoops))
      return false;
  }
  return true;
}

/// An outlined loop nest that becomes one step of a parallel region after
/// the OpenMP conversion (tfg-cpu-merge-parallel-regions' plain fork, seen
/// before the conversion): one parallel loop, at the top of the function
/// or in loops that every thread can run, and only replicable ops around
/// it. What it touches, and whether its loop is in a loop (whose
/// iterations keep their barrier where they depend on each other).
struct ParallelNest {
  NestEffects effects;
  bool inLoop = false;
};

std::optional<ParallelNest> parallelNest(func::FuncOp func) {
  if (!func.isPrivate() || !func->hasAttr("tfg.outlined") ||
      !func.getBody().hasOneBlock() || func.getNumResults() != 0)
    return std::nullopt;
  unsigned parallelLoops = 0;
  bool inLoop = false;
  for (Operation &op : func.getBody().front()) {
    if (isa<scf::ForallOp, scf::ParallelOp>(op)) {
      ++parallelLoops;
    } else if (auto loop = dyn_cast<scf::ForOp>(op)) {
      inLoop = true;
      if (!holdsOnlyParallelLoops(loop, parallelLoops))
        return std::nullopt;
    } else if (!isa<func::ReturnOp>(op) && !isReplicable(&op)) {
      return std::nullopt;
    }
  }
  if (parallelLoops != 1)
    return std::nullopt;
  return ParallelNest{summarizeNestEffects(func), inLoop};
}

/// The spans of consecutive calls of parallel nests (`nests`, by callee
/// name) that will run without a barrier between them: after the OpenMP
/// conversion, tfg-cpu-merge-parallel-regions runs such calls in one
/// parallel region and drops the barrier between two steps where the
/// second touches nothing that the steps since the last barrier write, nor
/// writes what they touch (CPUParallelSteps.h), counting aligned bands of
/// rows as no conflict. Here every buffer is its own allocation, so a
/// barrier kept is a real dependence (a step reading a halo of rows the
/// other thread wrote), not a reuse of memory. Returns, for the position
/// of each step in such a span, the position of the span's last step:
/// while a step runs, another thread may still run any step of its span,
/// so what the step touches must not share memory with what the span's
/// other steps touch. Any other op with memory effects (a serial nest in
/// omp.single, a copy, a loop) is taken as a barrier.
DenseMap<unsigned, unsigned>
barrierFreeSpans(Block &body, const DenseMap<Operation *, unsigned> &positions,
                 const llvm::StringMap<ParallelNest> &nests) {
  DenseMap<unsigned, unsigned> until;
  SmallVector<std::pair<unsigned, StepAccesses>, 0> span;
  auto close = [&] {
    if (span.size() > 1)
      for (auto &[position, accesses] : span)
        until[position] = span.back().first;
    span.clear();
  };
  for (Operation &op : body) {
    auto call = dyn_cast<func::CallOp>(op);
    auto nest = call ? nests.find(call.getCallee()) : nests.end();
    if (nest == nests.end()) {
      if (!isHoistable(&op))
        close();
      continue;
    }
    StepAccesses accesses;
    accesses.add(call, nest->second.effects);
    for (auto &[position, before] : span)
      if (accesses.dependsOn(before)) {
        close();
        break;
      }
    // A loop of parallel loops whose iterations depend on each other keeps
    // a barrier per iteration, the last one after the step.
    bool barrierAfter = nest->second.inLoop && accesses.dependsOn(accesses);
    span.push_back({positions.lookup(&op), std::move(accesses)});
    if (barrierAfter)
      close();
  }
  close();
  return until;
}

struct CPUPlanMemoryPass : tfg::impl::CPUPlanMemoryBase<CPUPlanMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    if (!llvm::isPowerOf2_64(alignment)) {
      for (func::FuncOp func : funcs)
        if (!func.isExternal())
          func.emitError() << "tfg-cpu-plan-memory: alignment "
                           << static_cast<uint64_t>(alignment)
                           << " is not a power of two";
      return signalPassFailure();
    }
    // The parallel nests and what they touch, before any function changes
    // (a function's plan moves its allocations): the callers' plans read
    // them, each function's plan runs on a thread of its own.
    SmallVector<std::optional<ParallelNest>> found(funcs.size());
    parallelFor(&getContext(), 0, funcs.size(), [&](size_t index) {
      found[index] = parallelNest(funcs[index]);
    });
    llvm::StringMap<ParallelNest> nests;
    for (auto [func, nest] : llvm::zip(funcs, found))
      if (nest)
        nests.try_emplace(func.getSymName(), std::move(*nest));
    parallelForEach(&getContext(), funcs,
                    [&](func::FuncOp func) { planFunction(func, nests); });
  }

  void planFunction(func::FuncOp func,
                    const llvm::StringMap<ParallelNest> &nests) {
    // One block: straight-line code whose loops and branches are regions
    // (scf). After the control-flow lowering a buffer's life would be a
    // set of blocks; the pipeline plans before it.
    if (func.isExternal() || !func.getBody().hasOneBlock())
      return;
    Block &body = func.getBody().front();
    // In program order, so that the allocations moved before one loop keep
    // their order.
    SmallVector<memref::AllocOp> nested;
    func.walk<WalkOrder::PreOrder>([&](memref::AllocOp alloc) {
      if (alloc->getBlock() != &body)
        nested.push_back(alloc);
    });
    for (memref::AllocOp alloc : nested)
      hoistOutOfSequentialLoops(alloc);

    DenseMap<Operation *, unsigned> positions;
    for (Operation &op : body)
      positions[&op] = positions.size();
    DenseMap<unsigned, unsigned> spans;
    if (!nests.empty())
      spans = barrierFreeSpans(body, positions, nests);

    DataLayout layout = DataLayout::closest(func);
    const DenseMap<unsigned, unsigned> noSpans;
    SmallVector<PlannedBuffer> buffers;
    for (auto alloc : body.getOps<memref::AllocOp>()) {
      std::optional<uint64_t> bytes = plannableBytes(alloc, layout);
      if (!bytes)
        continue;
      PlannedBuffer buffer;
      buffer.alloc = alloc;
      buffer.bytes = *bytes;
      buffer.alignment =
          std::max<uint64_t>(alignment, alloc.getAlignment().value_or(1));
      if (succeeded(collectLiveRange(buffer, body, positions, noSpans)))
        buffers.push_back(std::move(buffer));
    }
    if (buffers.empty())
      return;

    uint64_t arenaBytes = assignOffsets(buffers);
    // Where steps of a parallel region run without a barrier between them,
    // the buffers they touch stay apart (each lives until the last step
    // that may run at the same time as its last user), so that the plan's
    // reuse of memory adds no barrier (a write-after-read on another
    // thread's rows): the plan of two buffers used in turn gets a third.
    // Only while the arena grows by at most `parallelGrowth` percent (a
    // third buffer where two were used in turn is +50 % at equal sizes): a
    // larger arena takes more of the cache.
    std::optional<uint64_t> apartArenaBytes;
    uint64_t plainArenaBytes = arenaBytes;
    if (!spans.empty()) {
      SmallVector<PlannedBuffer> apart(buffers);
      for (PlannedBuffer &buffer : apart)
        (void)collectLiveRange(buffer, body, positions, spans);
      apartArenaBytes = assignOffsets(apart);
      if (*apartArenaBytes <= arenaBytes + arenaBytes * parallelGrowth / 100) {
        buffers = std::move(apart);
        arenaBytes = *apartArenaBytes;
      }
    }
    uint64_t arenaAlignment = alignment;
    uint64_t bufferBytes = 0;
    for (const PlannedBuffer &buffer : buffers) {
      arenaAlignment = std::max(arenaAlignment, buffer.alignment);
      bufferBytes += buffer.bytes;
    }
    if (report) {
      InFlightDiagnostic remark = func.emitRemark();
      remark << "memory plan: " << buffers.size() << " buffers of "
             << bufferBytes << " bytes in an arena of " << arenaBytes
             << " bytes";
      if (apartArenaBytes && arenaBytes == *apartArenaBytes)
        remark << " (" << plainArenaBytes
               << " with steps that run at once sharing memory)";
      else if (apartArenaBytes)
        remark << " (steps that run at once not kept apart: that took "
               << *apartArenaBytes << ")";
    }

    // The arena: allocated when the function starts, freed before it
    // returns (a block's terminator is its one return), one allocation per
    // call, so that concurrent calls (or a call on several threads) each
    // have their own.
    OpBuilder builder(&body, body.begin());
    Location loc = func.getLoc();
    auto arenaType = MemRefType::get(
        {static_cast<int64_t>(std::max<uint64_t>(arenaBytes, 1))},
        builder.getI8Type());
    auto arena = memref::AllocOp::create(
        builder, loc, arenaType, builder.getI64IntegerAttr(arenaAlignment));
    builder.setInsertionPoint(body.getTerminator());
    memref::DeallocOp::create(builder, loc, arena);

    // The offsets as constants after the arena, one per offset (in
    // order), the views where the allocations were.
    builder.setInsertionPointAfter(arena);
    std::map<uint64_t, Value> shifts;
    for (const PlannedBuffer &buffer : buffers)
      shifts[buffer.offset];
    for (auto &[offset, shift] : shifts)
      shift = arith::ConstantIndexOp::create(builder, loc,
                                             static_cast<int64_t>(offset));
    for (PlannedBuffer &buffer : buffers) {
      builder.setInsertionPoint(buffer.alloc);
      Value shift = shifts[buffer.offset];
      auto view = memref::ViewOp::create(builder, buffer.alloc.getLoc(),
                                         buffer.alloc.getType(), arena, shift,
                                         ValueRange{});
      buffer.alloc.replaceAllUsesWith(view.getResult());
      buffer.alloc.erase();
      for (memref::DeallocOp dealloc : buffer.deallocs)
        dealloc.erase();
    }
  }
};

} // namespace
