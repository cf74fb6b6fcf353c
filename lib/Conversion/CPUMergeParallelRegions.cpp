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
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

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
      nested |= isa<omp::ParallelOp, omp::SingleOp>(inner) ||
                isa<CallOpInterface>(inner);
    });
    if (nested)
      return 0;
  }
  return count.getSExtValue();
}

/// How `func` (an outlined nest) runs, and its team's size (Parallel).
std::pair<NestKind, int64_t> classifyNest(func::FuncOp func) {
  if (!func.isPrivate() || !func->hasAttr("tfg.outlined") ||
      !func.getBody().hasOneBlock() || func.getNumResults() != 0)
    return {NestKind::Other, 0};
  omp::ParallelOp parallel;
  for (Operation &op : func.getBody().front()) {
    if (auto fork = dyn_cast<omp::ParallelOp>(op)) {
      if (parallel)
        return {NestKind::Other, 0};
      parallel = fork;
      continue;
    }
    if (isa<func::ReturnOp>(op) || isReplicable(&op))
      continue;
    if (parallel) // side effects outside the region: run once, not per thread
      return {NestKind::Other, 0};
  }
  if (parallel) {
    // Every op outside the fork must then be replicable too.
    for (Operation &op : func.getBody().front())
      if (&op != parallel.getOperation() && !isa<func::ReturnOp>(op) &&
          !isReplicable(&op))
        return {NestKind::Other, 0};
    int64_t threads = plainForkThreads(parallel);
    return threads ? std::make_pair(NestKind::Parallel, threads)
                   : std::make_pair(NestKind::Other, int64_t{0});
  }
  bool openMPOrCall = false;
  func.walk([&](Operation *op) {
    openMPOrCall |=
        isa<omp::OpenMPDialect>(op->getDialect()) || isa<CallOpInterface>(op);
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
    for (Operation *op : merged) {
      if (isHoistable(op))
        continue;
      if (isFork(op)) {
        single = nullptr;
        op->moveBefore(terminator);
        toDissolve.push_back(callees.lookup(op));
        ++forksMerged;
        continue;
      }
      if (!single) {
        builder.setInsertionPoint(terminator);
        single = omp::SingleOp::create(builder, loc, omp::SingleOperands{});
        Block *singleBody = builder.createBlock(&single.getRegion());
        builder.setInsertionPointToEnd(singleBody);
        omp::TerminatorOp::create(builder, loc);
      }
      op->moveBefore(single.getRegion().front().getTerminator());
      ++serialNestsMerged;
    }
    ++regions;
  }

  llvm::DenseMap<Operation *, std::pair<NestKind, int64_t>> kinds;
  llvm::DenseMap<Operation *, func::FuncOp> callees;
  SmallVector<func::FuncOp> toDissolve;
};

} // namespace
