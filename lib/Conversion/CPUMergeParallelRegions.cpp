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

#include "CPUParallelSteps.h"

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
using namespace mlir::tfg;

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
      NestEffects effects = summarizeNestEffects(callee);
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
