//===- NonMaxSuppressionPatterns.cpp - NonMaxSuppression V1-V5 -----------===//
//
// Greedy non-maximum suppression computed as TensorFlow's CPU kernel does
// (DoNonMaxSuppressionOp, kernels/image/non_max_suppression_op.cc), built as
// scf loops over tensors in the lowered function:
//
// * The candidates (boxes whose score > score_threshold) wait in a priority
//   queue ordered by score, ties to the lower box index. Here it is a binary
//   heap in three parallel tensors (score, box, suppress_begin). The order
//   is total, so the top is TensorFlow's whatever the heap's layout.
// * Each step pops the top and compares it with the boxes selected since it
//   was last compared (its suppress_begin), newest first, multiplying its
//   score by the suppression weight: exp(-0.5 / sigma * iou^2) for soft-NMS
//   (soft_nms_sigma > 0; iou_threshold plays no part there), else 1, or 0
//   when iou > iou_threshold (then it is suppressed). An unchanged score
//   selects the box; a lowered score still above score_threshold puts it
//   back into the queue; anything else drops it. The step order, the
//   multiplication order and the float types are the kernel's, so the
//   selected indices and scores are TensorFlow's.
//
// Cost: every candidate is compared with each selected box at most once
// (suppress_begin), and pops cost O(log n): O(n log n + n * max_output_size)
// for hard NMS; soft-NMS re-queues a box at most once per selection.
//
// The selection is written into a buffer of `capacity` slots (zeros:
// TensorFlow's padding), with a count. pad_to_max_output_size returns the
// buffer ([max_output_size], so max_output_size must be a constant); the
// other forms return its first `count` elements, a tensor<?xi32>.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

/// What one NonMaxSuppression node asks for, in the kernel's terms.
struct NmsRequest {
  Value boxes;    // [n, 4]: y1, x1, y2, x2 in any corner order (or null)
  Value overlaps; // [n, n] similarities (NonMaxSuppressionWithOverlaps)
  Value scores;   // [n]
  Value maxOutputSize;
  Value iouThreshold; // scalar; null: iouThresholdAttr (V1's attribute)
  double iouThresholdAttr = 0.5;
  StringRef iouThresholdName = "iou_threshold";
  Value scoreThreshold; // scalar; null: the lowest float (V1, V2)
  Value softNmsSigma;   // scalar; null: 0, hard suppression (V1-V4)
  bool padToMaxOutputSize = false;
  bool returnScores = false;       // V5's selected_scores
  bool returnValidOutputs = false; // V4/V5's valid_outputs
  bool allowHalf = true;           // V2-V5 take T = half too
  bool thresholdsAreT = false;     // V5, WithOverlaps: scalars of type T
  bool checkIouRange = true;       // TensorFlow checks [0, 1] but for overlaps
};

Value indexConst(OpBuilder &b, Location l, int64_t value) {
  return arith::ConstantIndexOp::create(b, l, value);
}

/// std::min / std::max of floats as Eigen's numext::mini/maxi compute them
/// on the CPU ((b < a) ? b : a), so NaNs pick the same operand.
Value stdMin(OpBuilder &b, Location l, Value x, Value y) {
  Value yLess = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, y, x);
  return arith::SelectOp::create(b, l, yLess, y, x);
}
Value stdMax(OpBuilder &b, Location l, Value x, Value y) {
  Value xLess = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, x, y);
  return arith::SelectOp::create(b, l, xLess, y, x);
}

Value logicalNot(OpBuilder &b, Location l, Value flag) {
  return arith::XOrIOp::create(b, l, flag,
                               arith::ConstantIntOp::create(b, l, 1, 1));
}

/// A box with its corners ordered and its area, in f32 (the kernel's IOU
/// computes in float whatever T is).
struct Corners {
  Value ymin, xmin, ymax, xmax, area;
};

Corners loadCorners(OpBuilder &b, Location l, Value boxes, Value box) {
  Value c[4];
  for (int64_t k = 0; k < 4; ++k)
    c[k] = castScalar(b, l,
                      tensor::ExtractOp::create(
                          b, l, boxes, ValueRange{box, indexConst(b, l, k)}),
                      b.getF32Type());
  Corners r;
  r.ymin = stdMin(b, l, c[0], c[2]);
  r.xmin = stdMin(b, l, c[1], c[3]);
  r.ymax = stdMax(b, l, c[0], c[2]);
  r.xmax = stdMax(b, l, c[1], c[3]);
  r.area =
      arith::MulFOp::create(b, l, arith::SubFOp::create(b, l, r.ymax, r.ymin),
                            arith::SubFOp::create(b, l, r.xmax, r.xmin));
  return r;
}

/// Intersection over union; 0 when either box has no area (area <= 0).
Value intersectionOverUnion(OpBuilder &b, Location l, const Corners &i,
                            const Corners &j) {
  Value zero = createScalar(b, l, b.getF32Type(), 0);
  auto sub = [&](Value x, Value y) {
    return arith::SubFOp::create(b, l, x, y);
  };
  Value empty = arith::OrIOp::create(
      b, l,
      arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, i.area, zero),
      arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, j.area, zero));
  Value ymin = stdMax(b, l, i.ymin, j.ymin),
        xmin = stdMax(b, l, i.xmin, j.xmin);
  Value ymax = stdMin(b, l, i.ymax, j.ymax),
        xmax = stdMin(b, l, i.xmax, j.xmax);
  Value intersection =
      arith::MulFOp::create(b, l, stdMax(b, l, sub(ymax, ymin), zero),
                            stdMax(b, l, sub(xmax, xmin), zero));
  Value unionArea =
      sub(arith::AddFOp::create(b, l, i.area, j.area), intersection);
  Value iou = arith::DivFOp::create(b, l, intersection, unionArea);
  return arith::SelectOp::create(b, l, empty, zero, iou);
}

/// How similar a candidate is to a selected box, an f32: the IoU of two
/// boxes, or NonMaxSuppressionWithOverlaps's matrix entry.
class Similarity {
public:
  virtual ~Similarity() = default;
  /// Called at the start of each candidate's turn, before its comparisons.
  virtual void setCandidate(OpBuilder &b, Location l, Value box) = 0;
  virtual Value withSelected(OpBuilder &b, Location l, Value box) = 0;
};

class BoxIou : public Similarity {
public:
  explicit BoxIou(Value boxes) : boxes(boxes) {}
  void setCandidate(OpBuilder &b, Location l, Value box) override {
    candidate = loadCorners(b, l, boxes, box);
  }
  Value withSelected(OpBuilder &b, Location l, Value box) override {
    return intersectionOverUnion(b, l, candidate,
                                 loadCorners(b, l, boxes, box));
  }

private:
  Value boxes;
  Corners candidate;
};

class OverlapMatrix : public Similarity {
public:
  explicit OverlapMatrix(Value overlaps) : overlaps(overlaps) {}
  void setCandidate(OpBuilder &, Location, Value box) override {
    candidate = box;
  }
  Value withSelected(OpBuilder &b, Location l, Value box) override {
    return tensor::ExtractOp::create(b, l, overlaps,
                                     ValueRange{candidate, box});
  }

private:
  Value overlaps, candidate;
};

/// One queue entry: its current score (T), box index and suppress_begin
/// (index: the number of selected boxes it has been compared with).
struct Entry {
  Value score, box, begin;
};

/// The candidate queue: a binary max-heap in three parallel tensors of n
/// slots (every box enters at most once), `size` of them in use.
struct Heap {
  Value scores, boxes, begins, size;
};

/// Whether entry a leaves the queue before b: the higher score, ties to the
/// lower box index (the kernel's priority_queue comparator).
Value popsBefore(OpBuilder &b, Location l, Value scoreA, Value boxA,
                 Value scoreB, Value boxB) {
  Value higher =
      arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, scoreA, scoreB);
  Value tie =
      arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, scoreA, scoreB);
  Value lower =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, boxA, boxB);
  return arith::OrIOp::create(b, l, higher,
                              arith::AndIOp::create(b, l, tie, lower));
}

Entry readEntry(OpBuilder &b, Location l, const Heap &heap, Value slot) {
  return {tensor::ExtractOp::create(b, l, heap.scores, slot),
          tensor::ExtractOp::create(b, l, heap.boxes, slot),
          tensor::ExtractOp::create(b, l, heap.begins, slot)};
}

Heap writeEntry(OpBuilder &b, Location l, const Heap &heap, Value slot,
                const Entry &entry) {
  return {tensor::InsertOp::create(b, l, entry.score, heap.scores, slot),
          tensor::InsertOp::create(b, l, entry.box, heap.boxes, slot),
          tensor::InsertOp::create(b, l, entry.begin, heap.begins, slot),
          heap.size};
}

/// Sift-up: parents that `entry` pops before move down a level, then
/// `entry` takes the hole.
Heap push(OpBuilder &b, Location l, const Heap &heap, const Entry &entry) {
  Type index = b.getIndexType();
  SmallVector<Value> init = {heap.scores, heap.boxes, heap.begins, heap.size};
  SmallVector<Type> forwarded(ValueRange(init).getTypes());
  forwarded.push_back(index); // the parent slot
  auto loop = scf::WhileOp::create(
      b, l, forwarded, init,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value slot = args[3], one = indexConst(b, l, 1);
        Value parent = arith::DivUIOp::create(
            b, l,
            arith::SubIOp::create(b, l, arith::MaxUIOp::create(b, l, slot, one),
                                  one),
            indexConst(b, l, 2));
        Entry above = readEntry(b, l, {args[0], args[1], args[2], {}}, parent);
        Value up = arith::AndIOp::create(
            b, l,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ugt, slot,
                                  indexConst(b, l, 0)),
            popsBefore(b, l, entry.score, entry.box, above.score, above.box));
        SmallVector<Value> next(args);
        next.push_back(parent);
        scf::ConditionOp::create(b, l, up, next);
      },
      [&](OpBuilder &b, Location l, ValueRange args) {
        Heap h = {args[0], args[1], args[2], {}};
        h = writeEntry(b, l, h, args[3], readEntry(b, l, h, args[4]));
        scf::YieldOp::create(b, l,
                             ValueRange{h.scores, h.boxes, h.begins, args[4]});
      });
  Heap h = {loop.getResult(0), loop.getResult(1), loop.getResult(2), {}};
  h = writeEntry(b, l, h, loop.getResult(3), entry);
  h.size = arith::AddIOp::create(b, l, heap.size, indexConst(b, l, 1));
  return h;
}

/// Takes the top entry out (the heap is not empty): the last entry sinks
/// from the root past children that pop before it.
std::pair<Entry, Heap> pop(OpBuilder &b, Location l, const Heap &heap,
                           Value lastSlot) {
  Entry top = readEntry(b, l, heap, indexConst(b, l, 0));
  Value size = arith::SubIOp::create(b, l, heap.size, indexConst(b, l, 1));
  Entry last = readEntry(b, l, heap, size);
  Type index = b.getIndexType();
  SmallVector<Value> init = {heap.scores, heap.boxes, heap.begins,
                             indexConst(b, l, 0)};
  SmallVector<Type> forwarded(ValueRange(init).getTypes());
  forwarded.push_back(index); // the child slot to move up
  auto loop = scf::WhileOp::create(
      b, l, forwarded, init,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Heap h = {args[0], args[1], args[2], {}};
        Value slot = args[3];
        Value left = arith::AddIOp::create(
            b, l, arith::MulIOp::create(b, l, slot, indexConst(b, l, 2)),
            indexConst(b, l, 1));
        Value right = arith::AddIOp::create(b, l, left, indexConst(b, l, 1));
        // Reads stay inside the tensors; slots past `size` are masked.
        Entry l0 =
            readEntry(b, l, h, arith::MinUIOp::create(b, l, left, lastSlot));
        Entry r0 =
            readEntry(b, l, h, arith::MinUIOp::create(b, l, right, lastSlot));
        Value takeRight = arith::AndIOp::create(
            b, l,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, right, size),
            popsBefore(b, l, r0.score, r0.box, l0.score, l0.box));
        Value child = arith::SelectOp::create(b, l, takeRight, right, left);
        Value childScore =
            arith::SelectOp::create(b, l, takeRight, r0.score, l0.score);
        Value childBox =
            arith::SelectOp::create(b, l, takeRight, r0.box, l0.box);
        Value down = arith::AndIOp::create(
            b, l,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, left, size),
            popsBefore(b, l, childScore, childBox, last.score, last.box));
        SmallVector<Value> next(args);
        next.push_back(child);
        scf::ConditionOp::create(b, l, down, next);
      },
      [&](OpBuilder &b, Location l, ValueRange args) {
        Heap h = {args[0], args[1], args[2], {}};
        h = writeEntry(b, l, h, args[3], readEntry(b, l, h, args[4]));
        scf::YieldOp::create(b, l,
                             ValueRange{h.scores, h.boxes, h.begins, args[4]});
      });
  Heap h = {loop.getResult(0), loop.getResult(1), loop.getResult(2), {}};
  h = writeEntry(b, l, h, loop.getResult(3), last);
  h.size = size;
  return {top, h};
}

/// The selected boxes so far: indices (i32) and, for V5, their scores, in
/// buffers of `capacity` zeros, and how many are set.
struct Selection {
  Value indices, scores, count;
};

/// Loop-carried values of the main loop: heap, then selection.
SmallVector<Value> packState(const Heap &heap, const Selection &selection) {
  SmallVector<Value> values = {heap.scores, heap.boxes,        heap.begins,
                               heap.size,   selection.indices, selection.count};
  if (selection.scores)
    values.push_back(selection.scores);
  return values;
}
std::pair<Heap, Selection> unpackState(ValueRange values, bool withScores) {
  return {{values[0], values[1], values[2], values[3]},
          {values[4], withScores ? values[6] : Value(), values[5]}};
}

/// Scalar operands, read (and cast to T) inside the lowered function.
struct Thresholds {
  Value iou, score, scale, isSoft;
};

/// The kernel's selection loop over the first `numBoxes` boxes (a run-time
/// count when the boxes come out of Where). `limit` (index) is
/// min(max_output_size, capacity).
Selection buildSelection(OpBuilder &b, Location l, Value scores,
                         OpFoldResult numBoxes, OpFoldResult capacity,
                         bool withScores, Value limit, const Thresholds &t,
                         Similarity &similarity) {
  Type scoreType = elementTypeOf(scores);
  Type index = b.getIndexType();
  Value zeroIndex = indexConst(b, l, 0), oneIndex = indexConst(b, l, 1);
  Selection none = {
      createFilled(b, l, SmallVector<OpFoldResult>{capacity},
                   createScalar(b, l, b.getI32Type(), 0)),
      withScores ? createFilled(b, l, SmallVector<OpFoldResult>{capacity},
                                createScalar(b, l, scoreType, 0))
                 : Value(),
      zeroIndex};
  if (getConstantIntValue(numBoxes) == 0)
    return none;

  // Every box scoring above score_threshold enters the queue.
  SmallVector<OpFoldResult> slots{numBoxes};
  Heap empty = {createFilled(b, l, slots, createScalar(b, l, scoreType, 0)),
                createFilled(b, l, slots, zeroIndex),
                createFilled(b, l, slots, zeroIndex), zeroIndex};
  Value numBoxesValue = sizeValue(b, l, numBoxes);
  // Only read once the heap has an entry, so numBoxes >= 1.
  Value lastSlot = arith::SubIOp::create(b, l, numBoxesValue, oneIndex);
  auto fill = scf::ForOp::create(
      b, l, zeroIndex, numBoxesValue, oneIndex,
      ValueRange{empty.scores, empty.boxes, empty.begins, empty.size},
      [&](OpBuilder &b, Location l, Value box, ValueRange args) {
        Heap h = {args[0], args[1], args[2], args[3]};
        Value score = tensor::ExtractOp::create(b, l, scores, box);
        Value above = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT,
                                            score, t.score);
        auto maybePush = scf::IfOp::create(
            b, l, above,
            [&](OpBuilder &b, Location l) {
              Heap pushed = push(b, l, h, {score, box, zeroIndex});
              scf::YieldOp::create(b, l,
                                   ValueRange{pushed.scores, pushed.boxes,
                                              pushed.begins, pushed.size});
            },
            [&](OpBuilder &b, Location l) {
              scf::YieldOp::create(b, l, args);
            });
        scf::YieldOp::create(b, l, maybePush.getResults());
      });
  Heap queue = {fill.getResult(0), fill.getResult(1), fill.getResult(2),
                fill.getResult(3)};

  SmallVector<Value> init = packState(queue, none);
  auto loop = scf::WhileOp::create(
      b, l, ValueRange(init).getTypes(), init,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Heap heap;
        Selection selection;
        std::tie(heap, selection) = unpackState(args, withScores);
        Value more = arith::AndIOp::create(
            b, l,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                  selection.count, limit),
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ugt, heap.size,
                                  zeroIndex));
        scf::ConditionOp::create(b, l, more, args);
      },
      [&](OpBuilder &b, Location l, ValueRange args) {
        Heap heap;
        Selection selection;
        std::tie(heap, selection) = unpackState(args, withScores);
        Entry candidate;
        Heap rest; // the queue without the candidate
        std::tie(candidate, rest) = pop(b, l, heap, lastSlot);
        similarity.setCandidate(b, l, candidate.box);
        // Compare with the boxes selected since the candidate's last turn,
        // newest first; stop at a hard suppression or once the score is
        // down to score_threshold. Carried: the number of selected boxes
        // still to compare (from the newest), the score, hard-suppressed,
        // stop.
        Value falseValue = arith::ConstantIntOp::create(b, l, 0, 1);
        SmallVector<Value> scanInit = {selection.count, candidate.score,
                                       falseValue, falseValue};
        auto scan = scf::WhileOp::create(
            b, l, ValueRange(scanInit).getTypes(), scanInit,
            [&](OpBuilder &b, Location l, ValueRange s) {
              Value more = arith::AndIOp::create(
                  b, l,
                  arith::CmpIOp::create(b, l, arith::CmpIPredicate::ugt, s[0],
                                        candidate.begin),
                  logicalNot(b, l, s[3]));
              scf::ConditionOp::create(b, l, more, s);
            },
            [&](OpBuilder &b, Location l, ValueRange s) {
              Value j = arith::SubIOp::create(b, l, s[0], oneIndex);
              Value other = arith::IndexCastOp::create(
                  b, l, index,
                  tensor::ExtractOp::create(b, l, selection.indices, j));
              Value sim = castScalar(b, l, similarity.withSelected(b, l, other),
                                     scoreType);
              // weight = exp(scale * sim * sim), or 0 past the threshold
              // in hard mode (scale is 0 there).
              Value weight = math::ExpOp::create(
                  b, l,
                  arith::MulFOp::create(
                      b, l, arith::MulFOp::create(b, l, t.scale, sim), sim));
              Value within = arith::CmpFOp::create(
                  b, l, arith::CmpFPredicate::OLE, sim, t.iou);
              weight = arith::SelectOp::create(
                  b, l, arith::OrIOp::create(b, l, t.isSoft, within), weight,
                  createScalar(b, l, scoreType, 0));
              Value score = arith::MulFOp::create(b, l, s[1], weight);
              Value hard = arith::AndIOp::create(
                  b, l, logicalNot(b, l, t.isSoft),
                  arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, sim,
                                        t.iou));
              Value low = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE,
                                                score, t.score);
              Value stop = arith::OrIOp::create(b, l, hard, low);
              scf::YieldOp::create(b, l, ValueRange{j, score, hard, stop});
            });
        Value score = scan.getResult(1), hard = scan.getResult(2);
        Value notHard = logicalNot(b, l, hard);
        Value unchanged = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ,
                                                score, candidate.score);
        Value select = arith::AndIOp::create(b, l, notHard, unchanged);
        Value requeue = arith::AndIOp::create(
            b, l, notHard,
            arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, score,
                                  t.score));
        auto next = scf::IfOp::create(
            b, l, select,
            [&](OpBuilder &b, Location l) {
              Value box = arith::IndexCastOp::create(b, l, b.getI32Type(),
                                                     candidate.box);
              Selection more = selection;
              more.indices = tensor::InsertOp::create(
                  b, l, box, selection.indices, selection.count);
              if (withScores)
                more.scores = tensor::InsertOp::create(
                    b, l, score, selection.scores, selection.count);
              more.count =
                  arith::AddIOp::create(b, l, selection.count, oneIndex);
              scf::YieldOp::create(b, l, packState(rest, more));
            },
            [&](OpBuilder &b, Location l) {
              // Soft suppression lowered the score: back into the queue,
              // compared so far with every box selected until now.
              auto maybePush = scf::IfOp::create(
                  b, l, requeue,
                  [&](OpBuilder &b, Location l) {
                    Heap pushed = push(b, l, rest,
                                       {score, candidate.box, selection.count});
                    scf::YieldOp::create(b, l, packState(pushed, selection));
                  },
                  [&](OpBuilder &b, Location l) {
                    scf::YieldOp::create(b, l, packState(rest, selection));
                  });
              scf::YieldOp::create(b, l, maybePush.getResults());
            });
        scf::YieldOp::create(b, l, next.getResults());
      });
  return unpackState(loop.getResults(), withScores).second;
}

/// A scalar operand inside the function, cast to T as GetScalar<T> does.
Value readScalar(OpBuilder &b, Location l, Value tensor, Type to) {
  return castScalar(b, l, tensor::ExtractOp::create(b, l, tensor, ValueRange{}),
                    to);
}

std::optional<double> constantFloat(Value value) {
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr || !isa<FloatType>(attr.getElementType()))
    return std::nullopt;
  return (*attr.getValues<APFloat>().begin()).convertToDouble();
}

/// A threshold as it was written (shortest form of the float).
std::string floatStr(double value) {
  SmallString<16> text;
  APFloat(static_cast<float>(value)).toString(text);
  return text.str().str();
}

LogicalResult lowerNonMaxSuppression(Operation *node, const NmsRequest &r,
                                     ConversionPatternRewriter &rewriter) {
  Value boxesOrOverlaps = r.boxes ? r.boxes : r.overlaps;
  // The number of boxes may be dynamic (boxes kept by Where, as MTCNN's
  // candidates are); a box's 4 coordinates are static.
  auto types = requireRankedOperands(
      node, ValueRange{boxesOrOverlaps, r.scores, r.maxOutputSize});
  if (failed(types))
    return failure();
  RankedTensorType boxesType = (*types)[0], scoresType = (*types)[1],
                   maxType = (*types)[2];
  Type t = scoresType.getElementType();
  if (!t.isF32() && !(r.allowHalf && t.isF16()))
    return nodeError(node, "scores are " + typeStr(scoresType) +
                               "; it takes float" +
                               (r.allowHalf ? " or half" : "") + " scores");
  if (scoresType.getRank() != 1)
    return nodeError(node, "scores must be 1-D [num_boxes], got " +
                               typeStr(scoresType));
  int64_t numBoxes = scoresType.getDimSize(0);
  StringRef what = r.boxes ? "boxes" : "overlaps";
  int64_t columns = r.boxes ? 4 : numBoxes;
  // A dynamic count matches any other (compared at run time, below); the
  // 4 coordinates of a box must be static.
  auto matches = [](int64_t a, int64_t b) {
    return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
  };
  std::string n = ShapedType::isDynamic(numBoxes) ? std::string("?")
                                                  : std::to_string(numBoxes);
  if (boxesType.getRank() != 2 ||
      (r.boxes ? boxesType.getDimSize(1) != 4
               : !matches(boxesType.getDimSize(1), columns)) ||
      !matches(boxesType.getDimSize(0), numBoxes))
    return nodeError(node, what + " must be [" + n + ", " +
                               (r.boxes ? std::string("4") : n) + "] for " + n +
                               " scores, got " + typeStr(boxesType));
  if (boxesType.getElementType() != t)
    return nodeError(node, what + " are " + typeStr(boxesType) + ", scores " +
                               typeStr(scoresType) +
                               ": they must have one element type");
  if (maxType.getRank() != 0 || !maxType.getElementType().isInteger(32))
    return nodeError(node, "max_output_size must be an int32 scalar, got " +
                               typeStr(maxType));
  // The float scalars: 0-D, half or float (V5 and WithOverlaps: T).
  for (auto [value, name] :
       {std::pair(r.iouThreshold, r.iouThresholdName),
        std::pair(r.scoreThreshold, StringRef("score_threshold")),
        std::pair(r.softNmsSigma, StringRef("soft_nms_sigma"))}) {
    if (!value)
      continue;
    auto type = dyn_cast<RankedTensorType>(value.getType());
    Type element = type ? type.getElementType() : Type();
    bool ok =
        type && type.getRank() == 0 &&
        (r.thresholdsAreT ? element == t
                          : element && (element.isF32() || element.isF16()));
    if (!ok)
      return nodeError(node, name + " must be a " +
                                 (r.thresholdsAreT ? typeStr(t)
                                                   : std::string("float or "
                                                                 "half")) +
                                 " scalar, got " + typeStr(value.getType()));
  }

  // What TensorFlow checks when the kernel runs, checked here when the
  // values are constants (at run time they are used as they are).
  std::optional<int64_t> maxOutputSize;
  if (DenseElementsAttr attr = getConstantElements(r.maxOutputSize)) {
    maxOutputSize = (*attr.getValues<APInt>().begin()).getSExtValue();
    if (*maxOutputSize < 0)
      return nodeError(node, "max_output_size is " + Twine(*maxOutputSize) +
                                 "; it must be non-negative");
  }
  if (r.padToMaxOutputSize && !maxOutputSize)
    return nodeError(node, "max_output_size must be a constant with "
                           "pad_to_max_output_size: it is the static length "
                           "of the padded outputs");
  std::optional<double> iou =
      r.iouThreshold ? constantFloat(r.iouThreshold) : r.iouThresholdAttr;
  if (r.checkIouRange && iou && !(*iou >= 0 && *iou <= 1))
    return nodeError(node, r.iouThresholdName + " is " + floatStr(*iou) +
                               "; it must be in [0, 1]");
  std::optional<double> sigma =
      r.softNmsSigma ? constantFloat(r.softNmsSigma) : 0.0;
  if (sigma && !(*sigma >= 0))
    return nodeError(node, "soft_nms_sigma is " + floatStr(*sigma) +
                               "; it must be >= 0");

  OpBuilder &b = rewriter;
  Location l = node->getLoc();
  // The boxes compared: num_boxes, or at run time the shortest of the
  // dynamic counts (the boxes and the scores may come out of two Where
  // ops over one mask; TensorFlow rejects unequal counts), so that no read
  // leaves either tensor.
  OpFoldResult boxCount = b.getIndexAttr(numBoxes);
  if (ShapedType::isDynamic(numBoxes) || !boxesType.hasStaticShape()) {
    SmallVector<Value> counts;
    SmallVector<std::pair<Value, int64_t>> dims = {{r.scores, 0},
                                                   {boxesOrOverlaps, 0}};
    if (!r.boxes)
      dims.push_back({boxesOrOverlaps, 1});
    std::optional<int64_t> known;
    for (auto [value, dim] : dims) {
      auto type = cast<RankedTensorType>(value.getType());
      if (!type.isDynamicDim(dim))
        known = type.getDimSize(dim);
    }
    if (known) {
      boxCount = b.getIndexAttr(*known);
    } else {
      std::optional<DimRoot> root;
      bool sameRoot = true;
      for (auto [value, dim] : dims) {
        DimRoot other = traceDim(value, dim);
        sameRoot &= !root || *root == other;
        root = other;
        counts.push_back(sizeValue(b, l, dimSize(b, l, value, dim)));
      }
      Value count = counts[0];
      if (!sameRoot)
        for (Value other : ArrayRef(counts).drop_front())
          count = arith::MinSIOp::create(b, l, count, other);
      boxCount = count;
    }
  }
  // Every box is selected at most once: without padding, no more than
  // num_boxes slots are needed.
  std::optional<int64_t> staticCount = getConstantIntValue(boxCount);
  OpFoldResult capacity =
      r.padToMaxOutputSize ? OpFoldResult(b.getIndexAttr(*maxOutputSize))
      : maxOutputSize && staticCount
          ? OpFoldResult(b.getIndexAttr(std::min(*maxOutputSize, *staticCount)))
      : maxOutputSize ? OpFoldResult(arith::MinSIOp::create(
                                         b, l, indexConst(b, l, *maxOutputSize),
                                         sizeValue(b, l, boxCount))
                                         .getResult())
                      : boxCount;
  Value limit;
  if (maxOutputSize) {
    std::optional<int64_t> staticCapacity = getConstantIntValue(capacity);
    limit = staticCapacity
                ? indexConst(b, l, std::min(*maxOutputSize, *staticCapacity))
                : arith::MinSIOp::create(b, l, indexConst(b, l, *maxOutputSize),
                                         sizeValue(b, l, capacity))
                      .getResult();
  } else {
    limit = arith::IndexCastOp::create(
        b, l, b.getIndexType(),
        tensor::ExtractOp::create(b, l, r.maxOutputSize, ValueRange{}));
    limit = arith::MinSIOp::create(
        b, l, arith::MaxSIOp::create(b, l, limit, indexConst(b, l, 0)),
        sizeValue(b, l, capacity));
  }
  Thresholds thresholds;
  thresholds.iou = r.iouThreshold ? readScalar(b, l, r.iouThreshold, t)
                                  : createScalar(b, l, t, r.iouThresholdAttr);
  // V1 and V2 keep every score: std::numeric_limits<T>::lowest().
  thresholds.score =
      r.scoreThreshold
          ? readScalar(b, l, r.scoreThreshold, t)
          : Value(arith::ConstantOp::create(
                b, l,
                b.getFloatAttr(t, APFloat::getLargest(
                                      cast<FloatType>(t).getFloatSemantics(),
                                      /*Negative=*/true))));
  Value zero = createScalar(b, l, t, 0);
  if (r.softNmsSigma) {
    Value sigmaValue = readScalar(b, l, r.softNmsSigma, t);
    thresholds.isSoft = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT,
                                              sigmaValue, zero);
    thresholds.scale = arith::SelectOp::create(
        b, l, thresholds.isSoft,
        arith::DivFOp::create(b, l, createScalar(b, l, t, -0.5), sigmaValue),
        zero);
  } else {
    thresholds.isSoft = arith::ConstantIntOp::create(b, l, 0, 1);
    thresholds.scale = zero;
  }

  std::unique_ptr<Similarity> similarity;
  if (r.boxes)
    similarity = std::make_unique<BoxIou>(r.boxes);
  else
    similarity = std::make_unique<OverlapMatrix>(r.overlaps);
  Selection selection =
      buildSelection(b, l, r.scores, boxCount, capacity, r.returnScores, limit,
                     thresholds, *similarity);

  // Padded: the whole buffer; else its first `count` elements.
  auto result = [&](Value buffer) -> Value {
    if (r.padToMaxOutputSize)
      return buffer;
    return tensor::ExtractSliceOp::create(
        b, l, buffer, ArrayRef<OpFoldResult>{b.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{selection.count},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  };
  SmallVector<Value> results = {result(selection.indices)};
  if (r.returnScores)
    results.push_back(result(selection.scores));
  if (r.returnValidOutputs)
    results.push_back(tensor::FromElementsOp::create(
        b, l, RankedTensorType::get({}, b.getI32Type()),
        ValueRange{arith::IndexCastOp::create(b, l, b.getI32Type(),
                                              selection.count)}));
  replaceNode(rewriter, node, results);
  return success();
}

bool padAttr(Operation *node) {
  auto attr = node->getAttrOfType<BoolAttr>("pad_to_max_output_size");
  return attr && attr.getValue();
}

/// NonMaxSuppression: iou_threshold is an attribute (default 0.5), float
/// only, every score kept.
LogicalResult lowerV1(Operation *node, ValueRange data,
                      ConversionPatternRewriter &rewriter) {
  NmsRequest r;
  r.boxes = data[0];
  r.scores = data[1];
  r.maxOutputSize = data[2];
  if (auto attr = node->getAttrOfType<FloatAttr>("iou_threshold"))
    r.iouThresholdAttr = attr.getValueAsDouble();
  r.allowHalf = false;
  return lowerNonMaxSuppression(node, r, rewriter);
}

/// V2: iou_threshold an operand; V3 adds score_threshold; V4 padding and
/// valid_outputs; V5 soft_nms_sigma and selected_scores.
LogicalResult lowerV2ToV5(Operation *node, ValueRange data,
                          ConversionPatternRewriter &rewriter) {
  NmsRequest r;
  r.boxes = data[0];
  r.scores = data[1];
  r.maxOutputSize = data[2];
  r.iouThreshold = data[3];
  if (!isa<NonMaxSuppressionV2Op>(node))
    r.scoreThreshold = data[4];
  if (isa<NonMaxSuppressionV4Op, NonMaxSuppressionV5Op>(node)) {
    r.padToMaxOutputSize = padAttr(node);
    r.returnValidOutputs = true;
  }
  if (isa<NonMaxSuppressionV5Op>(node)) {
    r.softNmsSigma = data[5];
    r.returnScores = true;
    r.thresholdsAreT = true;
  }
  return lowerNonMaxSuppression(node, r, rewriter);
}

/// NonMaxSuppressionWithOverlaps: the similarity is given, float only; its
/// overlap_threshold has no range.
LogicalResult lowerWithOverlaps(Operation *node, ValueRange data,
                                ConversionPatternRewriter &rewriter) {
  NmsRequest r;
  r.overlaps = data[0];
  r.scores = data[1];
  r.maxOutputSize = data[2];
  r.iouThreshold = data[3];
  r.iouThresholdName = "overlap_threshold";
  r.checkIouRange = false;
  r.scoreThreshold = data[4];
  r.allowHalf = false;
  r.thresholdsAreT = true;
  return lowerNonMaxSuppression(node, r, rewriter);
}

} // namespace

void lowering::populateNonMaxSuppressionPatterns(RewritePatternSet &patterns) {
  MLIRContext *c = patterns.getContext();
  patterns.add<NodeLowering>("NonMaxSuppression", c, lowerV1);
  for (StringRef version : {"V2", "V3", "V4", "V5"})
    patterns.add<NodeLowering>(("NonMaxSuppression" + version).str(), c,
                               lowerV2ToV5);
  patterns.add<NodeLowering>("NonMaxSuppressionWithOverlaps", c,
                             lowerWithOverlaps);
}
