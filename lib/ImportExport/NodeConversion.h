//===- NodeConversion.h - NodeDef <-> node op -------------------*- C++ -*-===//
//
// Internal to lib/ImportExport, and its bottom layer (above AttrConversion):
// the conversion of one node, shared by graph import/export
// (GraphDefImporter, GraphDefExporter) and function import/export
// (FunctionLibrary), which call down into it and never into each other.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_NODECONVERSION_H
#define TFG_LIB_IMPORTEXPORT_NODECONVERSION_H

#include "AttrConversion.h"

#include "function.pb.h"
#include "node_def.pb.h"
#include "op_def.pb.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tfg {

/// Op signatures known while importing: the registry plus the library's
/// functions (a node whose op names a function calls it).
class SignatureLookup {
public:
  explicit SignatureLookup(const tensorflow::FunctionDefLibrary *library);
  /// Registry OpDef or function signature of `opType`, or null.
  const tensorflow::OpDef *lookup(llvm::StringRef opType) const;
  /// True if `opType` is a function of the library (not a registered op).
  bool isFunction(llvm::StringRef opType) const;

private:
  llvm::StringMap<const tensorflow::OpDef *> functions;
};

/// The attr `name` of the node, or null if it is missing or a placeholder
/// (unknown until a function body is instantiated).
const tensorflow::AttrValue *findResolvedAttr(const tensorflow::NodeDef &node,
                                              const std::string &name);

/// Adds the OpDef's default values of attrs the node lacks (what TensorFlow
/// does at import). Fails, after a diagnostic through `emitError`, if an
/// attr without default is missing.
LogicalResult addDefaultAttrs(tensorflow::NodeDef &node,
                              const tensorflow::OpDef &opDef,
                              function_ref<InFlightDiagnostic()> emitError);

/// Checks that every attr of the node that the OpDef declares holds the kind
/// of value the OpDef's attr type calls for (`type` a type, `list(int)` a
/// list of ints, ...), as TensorFlow's ValidateNodeDef does. A typed op
/// stores its attrs as properties of fixed C++ types, so a wrong kind must
/// be reported here, before any op is built; placeholders (function bodies)
/// are left for instantiation. Also checks that a Const's value tensor has
/// the Const's dtype (passes read the value as that dtype). Fails after a
/// diagnostic through `emitError` naming the attr and what is wrong (for a
/// kind, the expected and the actual one).
LogicalResult checkNodeAttrs(const tensorflow::NodeDef &node,
                             const tensorflow::OpDef &opDef,
                             function_ref<InFlightDiagnostic()> emitError);

/// Checks that a node of a known op type (or function) has as many data
/// inputs (tensors) as its OpDef and attrs call for, and that no attr that
/// sizes an input list is negative. A size not known yet (a placeholder attr
/// in a function body) skips the check. Fails after a diagnostic through
/// `emitError` saying what the OpDef expects.
LogicalResult checkInputCount(const tensorflow::NodeDef &node,
                              const tensorflow::OpDef &opDef,
                              int64_t numDataInputs,
                              function_ref<InFlightDiagnostic()> emitError);

/// The longest list of tensors an attr (number_attr, type_list_attr) may
/// give an output arg, unless the node has more data inputs (a list that
/// also sizes an input is bounded by the inputs). Sizes read from a file
/// must be bounded before anything is allocated: `num_split: 10^12` would
/// otherwise build a trillion result types.
constexpr int64_t kMaxAttrListSize = 1 << 16;

/// One OpDef output arg of a node: its name and how many tensors it is.
struct OutputArg {
  std::string name;
  int64_t count;
};

/// The tensor type of an OpDef arg of dtype `dtype` (0 or unknown: an
/// opaque tensor), as a ref type when `isRef`.
Type getArgTensorType(MLIRContext *context, int dtype, bool isRef);

/// The data result types of a node from its OpDef and attrs (dtype from the
/// OpDef, shape from `_output_shapes` when given). `args`, if non-null,
/// receives the output args with their sizes. Fails if a list size cannot be
/// found from the attrs, or is larger than kMaxAttrListSize and the node's
/// data inputs.
LogicalResult computeOutputTypes(const tensorflow::NodeDef &node,
                                 const tensorflow::OpDef &opDef,
                                 MLIRContext *context,
                                 SmallVectorImpl<Type> &types,
                                 SmallVectorImpl<OutputArg> *args,
                                 std::string &error);

/// Gives `types` the shapes the node states: a Const's value shape, a
/// Placeholder's `shape` attr, and `_output_shapes` (when it has one shape
/// per result; it wins).
void applyOutputShapes(const tensorflow::NodeDef &node,
                       SmallVectorImpl<Type> &types);

/// Creates the op for `node` at the builder's insertion point, with its
/// attrs and result types but no operands yet (they are set once every node
/// exists: graphs may have cycles). `numControl` sizes the control operand
/// segment. Tensor bytes of the node are moved into the op. A node that no
/// op can hold is reported through `emitError` (which names the node).
FailureOr<Operation *>
createNodeOp(OpBuilder &builder, tensorflow::NodeDef &node,
             ArrayRef<Type> dataResultTypes, unsigned numControl, Location loc,
             AttrImportContext &ctx,
             function_ref<InFlightDiagnostic()> emitError);

/// An input string split: `^ctl`, `name`, `name:2`.
struct ParsedInput {
  llvm::StringRef node;
  int64_t index = 0;
  bool isControl = false;
};
ParsedInput parseInputString(llvm::StringRef input);

/// Writes the node fields held by `op` (name, op type, device, attrs, debug
/// info, full type) into `node`; inputs are the caller's business. Fails,
/// after a diagnostic at `op`, on an attr no AttrValue can express.
LogicalResult exportNodeFields(Operation *op, tensorflow::NodeDef &node);

/// Names the node ops of `block` that have none (made by rewrites) after
/// their op type, unique among the names in the block and `used`.
void assignMissingNodeNames(Block &block, llvm::StringSet<> used = {});

} // namespace mlir::tfg

#endif // TFG_LIB_IMPORTEXPORT_NODECONVERSION_H
