//===- LoweringUtils.h - Helpers shared by the TFG lowering patterns -*- C++
//-*-===//
//
// Every pattern file lowers one op family; what they share lives here:
// diagnostics naming the node, replacing a node (data results + token),
// reading constant operands, static shapes, and builders for tensors and
// broadcasting elementwise linalg.generic ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_TFGTOLINALG_LOWERINGUTILS_H
#define TFG_LIB_CONVERSION_TFGTOLINALG_LOWERINGUTILS_H

#include "TFG/Dialect/IR/TFG.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tfg::lowering {

/// A type (or attribute) as printed, for diagnostics.
template <typename T> std::string typeStr(T value) {
  std::string text;
  llvm::raw_string_ostream(text) << value;
  return text;
}

/// Constant inputs of at most this many result elements are evaluated while
/// lowering (shape arithmetic must give constants); larger ones are code.
inline constexpr int64_t kMaxFoldedElements = 1024;

/// Emits "node 'n' (OpType): <message>" on the node and returns failure.
LogicalResult nodeError(Operation *node, const Twine &message);

/// While alive, replaceNode records each node's replacement types by node
/// name in `log` (tfg-infer-shapes reads the lowering's shapes this way; the
/// conversion's listener sees no values); null stops recording. Scopes
/// nest (a function body lowered inside a lowering pauses the log); one
/// active log per thread.
class ScopedShapeLog {
public:
  explicit ScopedShapeLog(llvm::StringMap<SmallVector<Type>> *log);
  ~ScopedShapeLog();

private:
  llvm::StringMap<SmallVector<Type>> *previous;
};

/// Replaces a node by `data` (one value per data result); its control
/// token has no users left once control edges are dropped.
void replaceNode(ConversionPatternRewriter &rewriter, Operation *node,
                 ValueRange data);

/// The operand's type when it is a tensor of static shape, else null.
RankedTensorType getStaticType(Value value);

/// Static types of all `operands`, or an error naming the node, the input
/// and its first dynamic dimension (what a pattern that needs static
/// shapes says when it meets a dynamic one).
FailureOr<SmallVector<RankedTensorType>>
requireStaticOperands(Operation *node, ValueRange operands);

/// Ranked types of all `operands`, whose dimensions may be dynamic (`?`),
/// or an error naming the node. Patterns that handle dynamic dimensions
/// use this; requireStaticDims then names a dimension they cannot handle.
FailureOr<SmallVector<RankedTensorType>>
requireRankedOperands(Operation *node, ValueRange operands);

/// An error naming the node, `what` (an operand's name) and the first of
/// its `dims` that is dynamic, when one is; success otherwise.
LogicalResult requireStaticDims(Operation *node, Value value,
                                ArrayRef<int64_t> dims, StringRef what);

//===----------------------------------------------------------------------===//
// Dynamic dimensions
//
// A dynamic dimension is read with tensor.dim of the value it comes from:
// dimSize follows a tensor through the ops that keep it (destination-style
// ops to their init, tensor.empty to its size operand, casts), so all the
// batch dimensions of a network read the same `tensor.dim %input, 0` and a
// Reshape can see that the `batch` of Shape(x)[0] is x's own dimension.
//===----------------------------------------------------------------------===//

/// Where a dynamic dimension comes from: dimension `dim` of `source`, a
/// value none of the ops above produce (usually a function argument).
struct DimRoot {
  Value source;
  int64_t dim = 0;
  bool operator==(const DimRoot &other) const {
    return source == other.source && dim == other.dim;
  }
};

/// The root of dimension `dim` of `tensor` (which must be dynamic there).
DimRoot traceDim(Value tensor, int64_t dim);

/// The root of an index or integer scalar that is a dynamic dimension
/// (tensor.dim, through index casts and extracts of tensor.from_elements),
/// or nullopt.
std::optional<DimRoot> traceDimScalar(Value scalar);

/// Size of dimension `dim` of `tensor`: an index attribute when static,
/// else tensor.dim of its root.
OpFoldResult dimSize(OpBuilder &b, Location loc, Value tensor, int64_t dim);

/// Records on the function being built (TFG/Conversion/Passes.h's
/// kRunTimeDimChecks) that dimension `a` must equal dimension `b` (or the
/// static `size` when `b` is null) at run time, where both are dimensions
/// of its arguments; the runner checks them before each call. `loc` names
/// the node. Nothing is recorded for other roots (sizes computed inside).
void recordRunTimeDimCheck(OpBuilder &b, Location loc, DimRoot a,
                           std::optional<DimRoot> other, int64_t size = 0);

/// dimSize of every dimension.
SmallVector<OpFoldResult> getMixedSizes(OpBuilder &b, Location loc,
                                        Value tensor);

/// The static shape of mixed sizes (kDynamic for values).
SmallVector<int64_t> staticShapeOf(ArrayRef<OpFoldResult> sizes);

/// An index value of a mixed size (arith.constant for an attribute).
Value sizeValue(OpBuilder &b, Location loc, OpFoldResult size);

/// a * b and a + b of mixed sizes: folded when both are static.
OpFoldResult mulSizes(OpBuilder &b, Location loc, OpFoldResult x,
                      OpFoldResult y);
OpFoldResult addSizes(OpBuilder &b, Location loc, OpFoldResult x,
                      OpFoldResult y);

/// The integer elements of a small 1-D or 0-D tensor known element by
/// element: a constant (all known), or tensor.from_elements whose operands
/// are constants (known) or values computed at run time (nullopt, with the
/// scalar in `values` when asked for). Shape subgraphs on dynamic tensors
/// are built from tensor.from_elements (Shape, slices, Pack, ConcatV2,
/// elementwise arithmetic on them), so that their constant elements stay
/// visible. Failure when `value` is neither.
FailureOr<SmallVector<std::optional<int64_t>>>
getPartialConstantInts(Value value, SmallVectorImpl<Value> *values = nullptr);

/// The value of an operand produced by an arith.constant, or null.
DenseElementsAttr getConstantElements(Value value);

/// Integer values of a constant operand (any int dtype), or an error naming
/// the node and what the operand is (`what`).
FailureOr<SmallVector<int64_t>>
requireConstantInts(Operation *node, Value value, StringRef what);

/// Normalizes a possibly negative axis into [0, rank); error when out of range.
FailureOr<int64_t> normalizeAxis(Operation *node, int64_t axis, int64_t rank);

/// TensorFlow (numpy) broadcasting of two shapes; failure when incompatible.
/// A dynamic dimension broadcasts only against a static 1 (giving `?`) or
/// another dynamic one (assumed equal, giving `?`); against a static N > 1
/// it is taken to be N (as TOSA and StableHLO do): a run-time 1 there is
/// not broadcast.
FailureOr<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> a,
                                                ArrayRef<int64_t> b);

Value createEmpty(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                  Type elementType);
/// tensor.empty with mixed (static or dynamic) sizes.
Value createEmpty(OpBuilder &b, Location loc,
                  const SmallVectorImpl<OpFoldResult> &sizes, Type elementType);
/// A scalar of `type` (float or int) holding `value`.
Value createScalar(OpBuilder &b, Location loc, Type type, double value);
/// A tensor filled with `scalar`.
Value createFilled(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   Value scalar);
Value createFilled(OpBuilder &b, Location loc,
                   const SmallVectorImpl<OpFoldResult> &sizes, Value scalar);
/// The identity / lowest / highest value of `type` for reductions.
Value createLowest(OpBuilder &b, Location loc, Type type);
Value createHighest(OpBuilder &b, Location loc, Type type);

/// Computes `body` elementwise over `inputs` with TensorFlow broadcasting
/// into a `resultElementType` tensor of `resultShape`. Size-1 dimensions
/// that broadcast are collapsed away first, so every indexing map is a
/// projected permutation (what the vectorizer wants). A dynamic dimension of
/// the result takes its size from an input that has it dynamic.
using ScalarBody = function_ref<Value(OpBuilder &, Location, ValueRange)>;
Value buildElementwise(OpBuilder &b, Location loc, ValueRange inputs,
                       ArrayRef<int64_t> resultShape, Type resultElementType,
                       ScalarBody body);
/// The same with the result's sizes given (for results whose dynamic sizes
/// no input has, such as a gather's).
Value buildElementwise(OpBuilder &b, Location loc, ValueRange inputs,
                       const SmallVectorImpl<OpFoldResult> &resultSizes,
                       Type resultElementType, ScalarBody body);

/// Evaluates `body` on constant scalars by building it in a scratch block
/// and running the ops' folders; null when some op does not fold.
Attribute foldScalarBody(OpBuilder &b, Location loc, ArrayRef<Attribute> args,
                         ScalarBody body);

/// Broadcasts `inputs` against each other and computes `body`; an error
/// naming the node when the shapes are not broadcast-compatible.
FailureOr<Value> buildBroadcastingElementwise(Operation *node, OpBuilder &b,
                                              ValueRange inputs,
                                              Type resultElementType,
                                              ScalarBody body);

/// Scalar conversion between int / float / bool element types, with
/// TensorFlow's Cast semantics (float -> int truncates, -> bool is != 0).
Value castScalar(OpBuilder &b, Location loc, Value value, Type to,
                 bool isUnsignedFrom = false);

/// Applies a TensorFlow activation by name ("Relu", "Relu6", "Elu",
/// "LeakyRelu", "Sigmoid", "Tanh") to a float scalar.
FailureOr<Value> applyActivation(OpBuilder &b, Location loc, StringRef name,
                                 Value x, double leakyAlpha);

/// Reshape of a static tensor to another static shape of the same size
/// (collapse/expand when possible, tensor.reshape otherwise).
Value reshapeTo(OpBuilder &b, Location loc, Value value,
                ArrayRef<int64_t> shape);
/// Reshape to mixed sizes (the caller knows the element count matches):
/// collapse/expand when the dimensions group, else tensor.reshape with a
/// shape tensor.
Value reshapeTo(OpBuilder &b, Location loc, Value value,
                const SmallVectorImpl<OpFoldResult> &sizes);

/// Transposes a tensor: result dim i = input dim perm[i].
Value transpose(OpBuilder &b, Location loc, Value value,
                ArrayRef<int64_t> perm);

/// Element type of a (tensor) value.
inline Type elementTypeOf(Value v) {
  return cast<ShapedType>(v.getType()).getElementType();
}

/// Lowers every TFG node in `func` (the family patterns as one full
/// conversion); first lists nodes without a lowering in one error.
LogicalResult lowerTFGNodes(func::FuncOp func, ConversionConfig config = {});

/// Registration of each family's patterns (one file each).
void populateConstantPatterns(RewritePatternSet &patterns);
void populateElementwisePatterns(RewritePatternSet &patterns);
void populateConvolutionPatterns(RewritePatternSet &patterns);
void populateMatMulPatterns(RewritePatternSet &patterns);
void populatePoolingPatterns(RewritePatternSet &patterns);
void populateReductionPatterns(RewritePatternSet &patterns);
void populateShapePatterns(RewritePatternSet &patterns);
void populateResizePatterns(RewritePatternSet &patterns);
void populateGatherPatterns(RewritePatternSet &patterns);
void populateNormalizationPatterns(RewritePatternSet &patterns);
void populateRandomPatterns(RewritePatternSet &patterns);
void populateQuantizationPatterns(RewritePatternSet &patterns);
void populateControlFlowPatterns(RewritePatternSet &patterns);
void populateScatterPatterns(RewritePatternSet &patterns);
void populateTopKPatterns(RewritePatternSet &patterns);
void populateTensorListPatterns(RewritePatternSet &patterns);

/// Loop state (TensorListPatterns.cpp): a TensorList, and a TensorArrayV3's
/// flow, are tensors [num_elements, element...]. A list whose element
/// shape is not known yet (nothing written, no fully known element_shape)
/// is a tensor<num_elements x dtype> with this encoding: it holds no data;
/// the first write makes it zeros of the written shape.
inline constexpr llvm::StringLiteral kUnsetListEncoding = "tfg.unset_list";
bool isUnsetList(Type type);
/// The list type that the unset list `loopType` takes when a loop body
/// returns `written` for it (a list of the same length and dtype), else
/// null.
RankedTensorType refineUnsetList(Type loopType, Type written);
/// A list of `type` whose elements are zeros (TensorFlow's value of unset
/// elements).
Value createZeroList(OpBuilder &b, Location loc, RankedTensorType type);

/// A growing TensorArray (dynamic_size = true; docs/design.md, "Growing
/// TensorArrays") is carried as two tensors: `data`, its elements joined
/// along dimension 0 ([rows, rest...]), and `lengths`, each element's
/// dimension 0 (tensor<?xi64>, one per element, 0 for an unwritten one).
/// Where one value must stand for the array (a flow), the two are bundled
/// by an unrealized_conversion_cast into a tensor of data's type with this
/// encoding; control flow carries the parts (expandGrowingArrays). An array
/// whose element shape is not known yet (nothing written, element_shape of
/// unknown rank) has a tensor<0xdtype> data part and the "unset" encoding;
/// the first Write gives it the written rank.
inline constexpr llvm::StringLiteral kGrowingArrayEncoding =
    "tfg.growing_array";
inline constexpr llvm::StringLiteral kUnsetGrowingArrayEncoding =
    "tfg.unset_growing_array";
/// Either encoding.
bool isGrowingArray(Type type);
bool isUnsetGrowingArray(Type type);
/// The types of the parts of a growing array of (bundle) type `type`:
/// data, then lengths.
SmallVector<Type, 2> growingArrayPartTypes(Type type);
/// Bundles `data` and `lengths` into one value (unset: the unset encoding).
Value bundleGrowingArray(OpBuilder &b, Location loc, Value data, Value lengths,
                         bool unset);
/// The data and lengths of a value made by bundleGrowingArray; failure when
/// `value` was not made by it.
FailureOr<std::pair<Value, Value>> unbundleGrowingArray(Value value);

/// The type a loop variable (or a branch result) takes when it is `a` on
/// one path and `b` on another: dimensions that differ become dynamic, an
/// unset list or growing array takes the written type; null when the two
/// cannot be one type (another rank, dtype or representation).
Type joinLoweredTypes(Type a, Type b);
/// `value` as `type`, a join of its own type (joinLoweredTypes):
/// tensor.cast to the dynamic dimensions, zeros for an unset list, an
/// empty array for an unset growing array.
Value castToJoinedType(OpBuilder &b, Location loc, Value value, Type type);
void populateNonMaxSuppressionPatterns(RewritePatternSet &patterns);

/// A quantized Const's #tfg.tensor_proto as signless integers of the
/// dtype's width (raw values); an error naming the node for other dtypes.
FailureOr<DenseElementsAttr> decodeQuantizedConstant(Operation *node,
                                                     TensorProtoAttr attr);

} // namespace mlir::tfg::lowering

#endif // TFG_LIB_CONVERSION_TFGTOLINALG_LOWERINGUTILS_H

namespace mlir::tfg::lowering {

/// Padding and output size of one spatial dimension of a window op
/// (convolution, pooling), as TensorFlow computes them for "SAME",
/// "VALID" and "EXPLICIT" padding.
struct WindowDim {
  int64_t padBefore = 0, padAfter = 0, outSize = 0;
};
FailureOr<WindowDim> computeWindowDim(Operation *node, StringRef padding,
                                      int64_t inSize, int64_t kernel,
                                      int64_t stride, int64_t dilation,
                                      int64_t explicitBefore = 0,
                                      int64_t explicitAfter = 0);

/// The same for a spatial dimension whose size may be known only at run
/// time (a `?` image): a static `inSize` gives computeWindowDim's constants
/// (as index attributes), a dynamic one index arithmetic with TensorFlow's
/// formulas (SAME: out = ceil(in / stride), pad_total = max((out - 1) *
/// stride + (kernel - 1) * dilation + 1 - in, 0), before = total / 2). An
/// input smaller than the window gives an empty output at run time, where
/// TensorFlow rejects it.
struct MixedWindowDim {
  OpFoldResult padBefore, padAfter, outSize;
};
FailureOr<MixedWindowDim>
computeMixedWindowDim(Operation *node, OpBuilder &b, Location loc,
                      StringRef padding, OpFoldResult inSize, int64_t kernel,
                      int64_t stride, int64_t dilation,
                      int64_t explicitBefore = 0, int64_t explicitAfter = 0);

/// tensor.pad with a constant `padValue` scalar.
Value padConstant(OpBuilder &b, Location loc, Value value,
                  ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                  Value padValue);
/// The same with padding amounts computed at run time (padConstant's code
/// when they are all constants).
Value padConstantMixed(OpBuilder &b, Location loc, Value value,
                       ArrayRef<OpFoldResult> low, ArrayRef<OpFoldResult> high,
                       Value padValue);

/// The `fused_ops` epilogue of _FusedConv2D / FusedDepthwiseConv2dNative /
/// _FusedMatMul on `x` (channels in dimension `channelDim`): BiasAdd,
/// FusedBatchNorm (inference), then an activation, reading `epsilon` and
/// `leakyrelu_alpha` from the node. `args` are the fused ops' operands.
FailureOr<Value> applyFusedOps(Operation *node, OpBuilder &b, Value x,
                               ValueRange args, int64_t channelDim);

/// A dense i64 vector attribute (linalg strides / dilations).
DenseIntElementsAttr i64Elements(OpBuilder &b, ArrayRef<int64_t> values);

} // namespace mlir::tfg::lowering

namespace mlir::tfg::lowering {

/// A lowering written as a function of the node and its converted data
/// operands (it calls replaceNode itself). For families with many small
/// op types whose typed accessors add nothing.
using NodeLoweringFn = LogicalResult (*)(Operation *node, ValueRange data,
                                         ConversionPatternRewriter &rewriter);
struct NodeLowering : ConversionPattern {
  NodeLowering(StringRef opType, MLIRContext *context, NodeLoweringFn fn)
      : ConversionPattern("tfg." + opType.str(), 1, context), fn(fn) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    return fn(op, ValueRange(operands).take_front(getDataOperands(op).size()),
              rewriter);
  }
  NodeLoweringFn fn;
};

/// The same for an op type without a typed ODS op: its nodes are
/// `tfg.generic` ops with a `tfg.op_type` attr. The pattern's debug name is
/// the op type, which tells the lowering's check for unlowered nodes that
/// generic nodes of this op type lower.
struct GenericNodeLowering : OpConversionPattern<GenericOp> {
  GenericNodeLowering(StringRef opType, MLIRContext *context, NodeLoweringFn fn)
      : OpConversionPattern(context), opType(opType), fn(fn) {
    setDebugName(opType);
  }
  LogicalResult
  matchAndRewrite(GenericOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (getNodeOpType(op) != opType)
      return failure();
    return fn(op, adaptor.getOperands().take_front(getDataOperands(op).size()),
              rewriter);
  }
  StringRef opType;
  NodeLoweringFn fn;
};

/// Registers `fn` for op type `opType` (a string with static storage): a
/// NodeLowering when the dialect has a typed op for it, else a
/// GenericNodeLowering.
void addNodeLowering(RewritePatternSet &patterns, StringRef opType,
                     NodeLoweringFn fn);

/// Integer attr of a node, or `fallback` when absent.
int64_t intAttrOr(Operation *node, StringRef name, int64_t fallback);

/// tensor.extract_slice with static offsets/sizes/strides (mixed sizes in
/// the second form: a dynamic dimension taken whole).
Value extractSlice(OpBuilder &b, Location loc, Value value,
                   ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                   ArrayRef<int64_t> strides);
Value extractSlice(OpBuilder &b, Location loc, Value value,
                   ArrayRef<int64_t> offsets,
                   const SmallVectorImpl<OpFoldResult> &sizes,
                   ArrayRef<int64_t> strides);

/// Concatenates tensors along `axis` (insert_slice into an empty tensor;
/// tensor.from_elements when all are small element-wise known vectors).
Value concatenate(OpBuilder &b, Location loc, ValueRange values, int64_t axis);

} // namespace mlir::tfg::lowering
