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

/// Static types of all `operands`, or an error naming the node.
FailureOr<SmallVector<RankedTensorType>>
requireStaticOperands(Operation *node, ValueRange operands);

/// The value of an operand produced by an arith.constant, or null.
DenseElementsAttr getConstantElements(Value value);

/// Integer values of a constant operand (any int dtype), or an error naming
/// the node and what the operand is (`what`).
FailureOr<SmallVector<int64_t>>
requireConstantInts(Operation *node, Value value, StringRef what);

/// Normalizes a possibly negative axis into [0, rank); error when out of range.
FailureOr<int64_t> normalizeAxis(Operation *node, int64_t axis, int64_t rank);

/// TensorFlow (numpy) broadcasting of two shapes; failure when incompatible.
FailureOr<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> a,
                                                ArrayRef<int64_t> b);

Value createEmpty(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                  Type elementType);
/// A scalar of `type` (float or int) holding `value`.
Value createScalar(OpBuilder &b, Location loc, Type type, double value);
/// A tensor filled with `scalar`.
Value createFilled(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   Value scalar);
/// The identity / lowest / highest value of `type` for reductions.
Value createLowest(OpBuilder &b, Location loc, Type type);
Value createHighest(OpBuilder &b, Location loc, Type type);

/// Computes `body` elementwise over `inputs` with TensorFlow broadcasting
/// into a `resultElementType` tensor of `resultShape`. Size-1 dimensions
/// that broadcast are collapsed away first, so every indexing map is a
/// projected permutation (what the vectorizer wants).
using ScalarBody = function_ref<Value(OpBuilder &, Location, ValueRange)>;
Value buildElementwise(OpBuilder &b, Location loc, ValueRange inputs,
                       ArrayRef<int64_t> resultShape, Type resultElementType,
                       ScalarBody body);

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

/// Transposes a static tensor: result dim i = input dim perm[i].
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

/// tensor.pad with a constant `padValue` scalar.
Value padConstant(OpBuilder &b, Location loc, Value value,
                  ArrayRef<int64_t> low, ArrayRef<int64_t> high,
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

/// tensor.extract_slice with static offsets/sizes/strides.
Value extractSlice(OpBuilder &b, Location loc, Value value,
                   ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                   ArrayRef<int64_t> strides);

/// Concatenates static tensors along `axis` (insert_slice into an empty
/// tensor).
Value concatenate(OpBuilder &b, Location loc, ValueRange values, int64_t axis);

} // namespace mlir::tfg::lowering
