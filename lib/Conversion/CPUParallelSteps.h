//===- CPUParallelSteps.h - The memory of parallel steps --------*- C++ -*-===//
//
// What the outlined loop nests that one OpenMP parallel region runs one
// after the other (its steps) read and write, and when two of them may run
// at once without a barrier between them. tfg-cpu-merge-parallel-regions
// drops the barriers this finds unneeded; tfg-cpu-plan-memory asks the same
// question before the OpenMP conversion, to keep the buffers a step reads
// apart from those the next steps write where only that reuse would need a
// barrier.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_CPUPARALLELSTEPS_H
#define TFG_LIB_CONVERSION_CPUPARALLELSTEPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Value.h"

#include <array>
#include <optional>

namespace mlir::tfg {

/// An op that every thread of a team may run as well as one: no memory
/// effects, no regions (views, casts, constants).
bool isReplicable(Operation *op);

/// An op that may run earlier, before a merged region, instead of between
/// two nests in it: a replicable op, or an allocation (only its lifetime
/// grows; its contents are written after it anyway). It separates no steps.
bool isHoistable(Operation *op);

/// Which of a nest's arguments it reads and writes (through views of
/// them); `unknown` when it touches memory it does not reach through an
/// argument (other than its own allocations and constant globals) or has an
/// op whose effects are unknown.
struct NestEffects {
  SmallVector<bool> read, written;
  bool unknown = false;
  /// The nest's one parallel loop's constant bounds (lower, upper, step),
  /// where it has one.
  std::optional<std::array<int64_t, 3>> geometry;
  /// Per argument: the dimension along which every access of it is
  /// confined to the band of the parallel loop's iteration, rows [iv, iv +
  /// step).
  SmallVector<std::optional<unsigned>> band;
};

/// What `callee`, an outlined loop nest, reads and writes through its
/// arguments, and the bands of its one parallel loop: an `omp.loop_nest`
/// after the OpenMP conversion, an `scf.forall` or `scf.parallel` before it
/// (the same loop, the same bounds: the conversion keeps them).
NestEffects summarizeNestEffects(func::FuncOp callee);

/// Follows dimension `dim` of `value` up its views while they index it the
/// same way (a subview at offset 0 with stride 1, a reshape that only adds
/// or removes unit dimensions around it, a cast), to the first value it
/// cannot see through.
std::pair<Value, unsigned> rootDimension(Value value, unsigned dim);

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

  static Footprint of(Value value);
  /// Whether the two may share memory.
  bool mayOverlap(const Footprint &other) const;

private:
  void setBox(Operation *subview);
  bool boxesOverlap(const Footprint &other) const;
};

/// An access confined to the band of rows of its parallel loop's
/// iteration: the buffer of the caller and its dimension the band runs
/// along, and the loop's bounds. Two such accesses with the same of all
/// three touch the same rows in the same iteration, and OpenMP's static
/// schedule gives an iteration to the same thread in both loops (same trip
/// count, same team, no chunk size): a thread only meets its own rows.
struct Band {
  Value buffer;
  unsigned dim;
  std::array<int64_t, 3> geometry;
  bool operator==(const Band &other) const;
  /// The same value, or views of one arena at the same constant byte
  /// offset with the same type (the memory plan makes a view per use).
  static bool sameBuffer(Value a, Value b);
};

struct Access {
  Footprint memory;
  bool written;
  std::optional<Band> band;
};

/// The memory one step of a parallel region (a nest, or the serial nests
/// of one omp.single) reads and writes.
struct StepAccesses {
  SmallVector<Access, 4> accesses;
  bool unknown = false;
  /// The step ends with a barrier that is kept whatever follows.
  bool barrierAfter = false;

  /// Adds what `call` of a nest whose effects are `effects` touches.
  void add(func::CallOp call, const NestEffects &effects);
  /// Whether running `this` and `other` at once (without a barrier
  /// between) could change what either reads or writes.
  bool dependsOn(const StepAccesses &other) const;
};

} // namespace mlir::tfg

#endif // TFG_LIB_CONVERSION_CPUPARALLELSTEPS_H
