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
};

NestEffects summarizeEffects(func::FuncOp callee) {
  NestEffects result;
  result.read.assign(callee.getNumArguments(), false);
  result.written.assign(callee.getNumArguments(), false);
  Block &entry = callee.getBody().front();
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
        (write ? result.written : result.read)[arg.getArgNumber()] = true;
        continue;
      }
      if (value && (value.getDefiningOp<memref::AllocOp>() ||
                    value.getDefiningOp<memref::AllocaOp>() ||
                    (!write && value.getDefiningOp<memref::GetGlobalOp>())))
        continue;
      result.unknown = true;
    }
  });
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
struct StepAccesses {
  SmallVector<std::pair<Footprint, bool>> accesses; // (memory, written)
  bool unknown = false;
  /// The step ends with a barrier that is kept whatever follows.
  bool barrierAfter = false;

  void add(func::CallOp call, const NestEffects &effects) {
    unknown |= effects.unknown;
    for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
      if (!isa<MemRefType>(operand.getType()))
        continue;
      if (effects.written[index] || effects.read[index])
        accesses.push_back(
            {Footprint::of(operand), bool(effects.written[index])});
    }
  }

  /// Whether running `this` and `other` at once (without a barrier
  /// between) could change what either reads or writes.
  bool dependsOn(const StepAccesses &other) const {
    if (unknown || other.unknown)
      return true;
    for (const auto &[mine, iWrite] : accesses)
      for (const auto &[theirs, theyWrite] : other.accesses)
        if ((iWrite || theyWrite) && mine.mayOverlap(theirs))
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
    SmallVector<std::pair<Operation *, StepAccesses>> steps;
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
        if (inLoop) {
          steps.push_back({nullptr, {}});
          steps.back().second.add(cast<func::CallOp>(op), effects);
          steps.back().second.barrierAfter = true;
          continue;
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
};

} // namespace
