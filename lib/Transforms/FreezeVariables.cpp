//===- FreezeVariables.cpp - Variables to constants from a checkpoint -----===//
//
// TensorFlow's freeze_graph / convert_variables_to_constants, natively: keep
// what the outputs need, then every VariableV2 / VarHandleOp left becomes a
// Const holding its checkpoint value (ReadVariableOp becomes Identity, as
// TensorFlow does), so the graph no longer needs the checkpoint.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Checkpoint/CheckpointReader.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstring>

namespace mlir::tfg {
#define GEN_PASS_DEF_FREEZEVARIABLES
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;
namespace ckpt = ::tfg::checkpoint;

/// The suffix tf.train.ExponentialMovingAverage gives its shadow variables.
static constexpr llvm::StringLiteral kMovingAverageSuffix =
    "/ExponentialMovingAverage";
/// Values of at least this many bytes become dense resources, as on import.
static constexpr size_t kResourceThresholdBytes = 1024;

/// Ops that change a variable: a graph that still needs one after the
/// outputs are chosen computes with state, which freezing cannot keep.
static bool writesVariable(StringRef opType) {
  return opType.starts_with("Assign") || opType.starts_with("Scatter") ||
         opType.starts_with("Apply") || opType.starts_with("ResourceApply") ||
         opType.starts_with("ResourceScatter") ||
         opType.starts_with("SparseApply") ||
         opType.starts_with("ResourceSparseApply") || opType == "CountUpTo" ||
         opType == "DestroyResourceOp";
}

/// The string elements of a Const node, or an empty list.
static SmallVector<StringRef> constStrings(Value value) {
  SmallVector<StringRef> strings;
  Operation *producer = value.getDefiningOp();
  if (!isa_and_nonnull<ConstOp>(producer))
    return strings;
  auto dense = producer->getAttrOfType<DenseStringElementsAttr>("value");
  if (!dense)
    return strings;
  for (StringRef s : dense.getValues<StringRef>())
    strings.push_back(s);
  if (dense.isSplat())
    strings.resize(dense.getNumElements(), strings.front());
  return strings;
}

/// The variable node behind `value`, looking through Identity.
static Operation *variableBehind(Value value) {
  while (Operation *producer = value.getDefiningOp()) {
    if (isVariableLike(producer))
      return producer;
    if (!isa<IdentityOp>(producer))
      return nullptr;
    value = producer->getOperand(0);
  }
  return nullptr;
}

namespace {
/// How the graph's own saver names a variable in the checkpoint: the
/// `tensor_names` of the RestoreV2 output assigned to it.
struct SaverKey {
  std::string key;
  std::string slice; // shape_and_slices; non-empty for partitioned variables
};

struct FreezeVariablesPass
    : mlir::tfg::impl::FreezeVariablesBase<FreezeVariablesPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  llvm::DenseMap<Operation *, SaverKey> readSaverKeys(GraphOp graph);
  FailureOr<ElementsAttr> readValue(Operation *variable,
                                    const ckpt::CheckpointReader &reader,
                                    StringRef key);
  LogicalResult freeze(Operation *variable, ElementsAttr value);
};
} // namespace

llvm::DenseMap<Operation *, SaverKey>
FreezeVariablesPass::readSaverKeys(GraphOp graph) {
  llvm::DenseMap<Operation *, SaverKey> keys;
  for (Operation &op : graph.getBlock()) {
    if (!isa<RestoreV2Op>(op))
      continue;
    OperandRange inputs = getDataOperands(&op);
    if (inputs.size() != 3)
      continue;
    SmallVector<StringRef> names = constStrings(inputs[1]);
    SmallVector<StringRef> slices = constStrings(inputs[2]);
    ResultRange restored = getDataResults(&op);
    if (names.size() != restored.size())
      continue;
    for (auto [i, result] : llvm::enumerate(restored))
      for (Operation *user : result.getUsers()) {
        StringRef type = getNodeOpType(user);
        if (type != "Assign" && type != "AssignVariableOp")
          continue;
        if (Operation *variable = variableBehind(user->getOperand(0)))
          keys[variable] = {names[i].str(),
                            i < slices.size() ? slices[i].str() : ""};
      }
  }
  return keys;
}

FailureOr<ElementsAttr> FreezeVariablesPass::readValue(
    Operation *variable, const ckpt::CheckpointReader &reader, StringRef key) {
  const tensorflow::BundleEntryProto *entry = reader.lookup(key);
  auto fail = [&]() {
    return variable->emitError() << "variable '" << getNodeName(variable)
                                 << "' (checkpoint key '" << key << "'): ";
  };
  if (!entry) {
    InFlightDiagnostic diag = fail() << "not found in checkpoint '"
                                     << reader.prefix() << "'";
    return diag;
  }
  if (entry->slices_size() > 0)
    return fail() << "partitioned (sliced) in the checkpoint; freezing "
                     "partitioned variables is not supported";

  auto dtypeAttr = variable->getAttrOfType<TypeAttr>("dtype");
  if (!dtypeAttr)
    return fail() << "the node has no dtype attr";
  int dtype = typeToDataType(dtypeAttr.getValue());
  if (dtype != entry->dtype())
    return fail() << "the checkpoint holds " << ckpt::dtypeName(entry->dtype())
                  << ", the variable is " << ckpt::dtypeName(dtype);

  SmallVector<int64_t> dims;
  for (const auto &dim : entry->shape().dim())
    dims.push_back(dim.size());
  if (auto shape = variable->getAttrOfType<ShapeAttr>("shape");
      shape && !shape.getUnranked()) {
    ArrayRef<int64_t> expected = shape.getDims();
    bool compatible = expected.size() == dims.size();
    for (size_t i = 0; compatible && i < dims.size(); ++i)
      compatible = expected[i] < 0 || expected[i] == dims[i];
    if (!compatible) {
      auto printDims = [](ArrayRef<int64_t> d) {
        std::string s = "[";
        for (size_t i = 0; i < d.size(); ++i)
          s += (i ? "," : "") + std::to_string(d[i]);
        return s + "]";
      };
      return fail() << "the checkpoint holds shape " << printDims(dims)
                    << ", the variable's shape is " << printDims(expected);
    }
  }

  Type elementType = dataTypeToType(variable->getContext(), dtype);
  auto type = RankedTensorType::get(dims, elementType);
  if (dtype == 7 /*DT_STRING*/) {
    auto strings = reader.readStringTensor(key);
    if (!strings)
      return fail() << llvm::toString(strings.takeError());
    SmallVector<StringRef> refs(strings->begin(), strings->end());
    return ElementsAttr(DenseStringElementsAttr::get(type, refs));
  }
  auto bytes = reader.readTensorBytes(key);
  if (!bytes)
    return fail() << llvm::toString(bytes.takeError());
  int64_t n = type.getNumElements();
  if (dtype == 10 /*DT_BOOL*/) {
    SmallVector<bool> values;
    for (char c : *bytes)
      values.push_back(c != 0);
    return ElementsAttr(DenseElementsAttr::get(type, values));
  }
  size_t elementSize = ckpt::dtypeSize(dtype);
  bool splat = n > 1;
  for (int64_t i = 1; splat && i < n; ++i)
    splat = std::memcmp(bytes->data(), bytes->data() + i * elementSize,
                        elementSize) == 0;
  // A dense resource exports as tensor_content, the encoding TensorFlow
  // gives every frozen tensor of more than one element (also splats).
  if (n <= 1 || (!splat && bytes->size() < kResourceThresholdBytes))
    return ElementsAttr(DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(bytes->data(), bytes->size())));
  auto *owned = new std::string(std::move(*bytes));
  AsmResourceBlob blob(
      ArrayRef<char>(owned->data(), owned->size()),
      std::min<size_t>(elementSize, 8),
      [owned](void *, size_t, size_t) { delete owned; },
      /*dataIsMutable=*/false);
  std::string blobName = getNodeName(variable).str();
  for (char &c : blobName)
    if (!llvm::isAlnum(c) && c != '_' && c != '.')
      c = '_';
  return ElementsAttr(DenseResourceElementsAttr::get(
      cast<ShapedType>(type), blobName, std::move(blob)));
}

/// Replaces `variable` by a Const of `value` (name, dtype and value only,
/// as TensorFlow writes it), and a resource variable's ReadVariableOp
/// users by Identity.
LogicalResult FreezeVariablesPass::freeze(Operation *variable,
                                          ElementsAttr value) {
  MLIRContext *context = variable->getContext();
  bool resource = isa<VarHandleOpOp>(variable);
  Value handle = variable->getResult(0);
  for (Operation *user : handle.getUsers()) {
    StringRef type = getNodeOpType(user);
    if (writesVariable(type))
      return user->emitError()
             << "node '" << getNodeName(user) << "' (" << type
             << ") writes variable '" << getNodeName(variable)
             << "', and the outputs depend on it: a frozen graph cannot "
                "keep state (choose outputs that do not need this node)";
    if (resource && !isa<ReadVariableOpOp>(user))
      return user->emitError()
             << "node '" << getNodeName(user) << "' (" << type
             << ") uses resource variable '" << getNodeName(variable)
             << "'; only ReadVariableOp can read a frozen variable";
  }

  OpBuilder builder(variable);
  OperationState state(variable->getLoc(), "tfg.Const");
  state.addAttribute(attrs::kName, variable->getAttr(attrs::kName));
  state.addAttribute("dtype", TypeAttr::get(value.getElementType()));
  state.addAttribute("value", value);
  state.addTypes({value.getShapedType(), ControlType::get(context)});
  Operation *constant = builder.create(state);

  if (resource) {
    for (Operation *read : llvm::make_early_inc_range(handle.getUsers())) {
      builder.setInsertionPoint(read);
      OperationState identity(read->getLoc(), "tfg.Identity");
      identity.addOperands(constant->getResult(0));
      identity.addOperands(getControlOperands(read));
      identity.addAttribute(attrs::kName, read->getAttr(attrs::kName));
      identity.addAttribute("T", TypeAttr::get(value.getElementType()));
      if (Attribute cls = read->getAttr("_class"))
        identity.addAttribute("_class", cls);
      identity.addTypes(read->getResultTypes());
      Operation *replacement = builder.create(identity);
      read->replaceAllUsesWith(replacement);
      read->erase();
    }
  } else {
    handle.replaceAllUsesWith(constant->getResult(0));
  }
  getControlToken(variable).replaceAllUsesWith(getControlToken(constant));
  variable->erase();
  return success();
}

void FreezeVariablesPass::runOnOperation() {
  GraphOp graph = getSingleGraph(getOperation());
  if (!graph)
    return signalPassFailure();
  if (checkpoint.empty()) {
    graph.emitError("tfg-freeze-variables: no checkpoint given "
                    "(option checkpoint=PREFIX)");
    return signalPassFailure();
  }
  auto reader = ckpt::CheckpointReader::open(checkpoint);
  if (!reader) {
    graph.emitError() << llvm::toString(reader.takeError());
    return signalPassFailure();
  }

  llvm::StringMap<std::string> renamed;
  for (StringRef entry : rename) {
    auto [variable, key] = entry.split('=');
    if (variable.empty() || key.empty()) {
      graph.emitError() << "tfg-freeze-variables: rename entry '" << entry
                        << "' is not VARIABLE=CHECKPOINT_KEY";
      return signalPassFailure();
    }
    renamed[variable] = key.str();
  }

  // The saver nodes go with everything the outputs do not need, so read
  // their names first.
  llvm::DenseMap<Operation *, SaverKey> saverKeys = readSaverKeys(graph);
  auto roots = resolveOutputNodes(graph, outputs, "tfg-freeze-variables");
  if (failed(roots))
    return signalPassFailure();
  eraseNodesNotReachedFrom(graph, *roots);

  SmallVector<Operation *> variables;
  for (Operation &op : graph.getBlock())
    if (isVariableLike(&op))
      variables.push_back(&op);

  bool failedAny = false;
  unsigned fromAverages = 0;
  for (Operation *variable : variables) {
    StringRef name = getNodeName(variable);
    std::string key = name.str();
    auto saved = saverKeys.find(variable);
    if (saved != saverKeys.end()) {
      if (!saved->second.slice.empty()) {
        variable->emitError()
            << "variable '" << name << "' is saved as a slice ('"
            << saved->second.slice << "' of checkpoint key '"
            << saved->second.key
            << "'): freezing partitioned variables is not supported";
        failedAny = true;
        continue;
      }
      key = saved->second.key;
    }
    // A TF2 SavedModel's variables are saved under their object-graph path.
    if (auto objectKey =
            variable->getAttrOfType<StringAttr>(attrs::kCheckpointKey))
      key = objectKey.getValue().str();
    if (auto it = renamed.find(name); it != renamed.end()) {
      key = it->second;
    } else if (useMovingAverages &&
               reader->lookup(key + kMovingAverageSuffix.str())) {
      // Variables without a shadow (global_step, batch-norm moving
      // statistics) keep their own values, as ExponentialMovingAverage's
      // variables_to_restore() maps them.
      key += kMovingAverageSuffix;
      ++fromAverages;
    }
    FailureOr<ElementsAttr> value = readValue(variable, *reader, key);
    if (failed(value) || failed(freeze(variable, *value)))
      failedAny = true;
  }
  if (failedAny)
    return signalPassFailure();
  if (verbose)
    emitRemark(graph.getLoc())
        << "tfg-freeze-variables: froze " << variables.size()
        << " variables from '" << reader->prefix() << "'"
        << (useMovingAverages
                ? " (" + std::to_string(fromAverages) + " from moving averages)"
                : std::string());
}
