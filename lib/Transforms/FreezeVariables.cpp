//===- FreezeVariables.cpp - Variables to constants from a checkpoint -----===//
//
// TensorFlow's freeze_graph / convert_variables_to_constants, natively: keep
// what the outputs need, then every VariableV2 / VarHandleOp left becomes a
// Const holding its checkpoint value (ReadVariableOp becomes Identity, as
// TensorFlow does), so the graph no longer needs the checkpoint.
//
//===----------------------------------------------------------------------===//

#include "FreezeTables.h"

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Checkpoint/CheckpointReader.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
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
/// The largest text file `fold-tables` reads into Consts.
static constexpr uint64_t kMaxTableFileBytes = uint64_t(64) << 20;
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

/// A variable the checkpoint does not hold but the graph assigns exactly
/// once from a Const (TF2 keeps asset paths in such variables): that value,
/// with the assignment removed (its control users wait for the Const
/// instead). Failure, changing nothing, otherwise.
static FailureOr<ElementsAttr> takeConstantInitialValue(Operation *variable) {
  Operation *assign = nullptr;
  for (Operation *user : variable->getResult(0).getUsers()) {
    if (!writesVariable(getNodeOpType(user)))
      continue;
    if (assign)
      return failure();
    assign = user;
  }
  StringRef type = assign ? getNodeOpType(assign) : "";
  if ((type != "AssignVariableOp" && type != "Assign") ||
      getDataOperands(assign).size() != 2 ||
      llvm::any_of(getDataResults(assign),
                   [](Value result) { return !result.use_empty(); }))
    return failure();
  Value source = getDataOperands(assign)[1];
  while (source.getDefiningOp() && isForwarding(source.getDefiningOp()))
    source = getDataOperands(source.getDefiningOp())[0];
  auto constant = dyn_cast_or_null<ConstOp>(source.getDefiningOp());
  auto value =
      constant ? constant->getAttrOfType<ElementsAttr>("value") : nullptr;
  auto dtype = variable->getAttrOfType<TypeAttr>("dtype");
  if (!value || !dtype || value.getElementType() != dtype.getValue())
    return failure();
  getControlToken(assign).replaceAllUsesWith(getControlToken(constant));
  assign->erase();
  return value;
}

/// Nodes a resource handle passes through unchanged on its way to a read:
/// the v1 control flow of a `tf.cond` or `tf.while_loop` built around a
/// Keras layer, and Identity chains. Freezing retypes them from `resource`
/// to the variable's dtype, as TensorFlow's convert_variables_to_constants
/// does.
static bool forwardsHandle(Operation *node) {
  return isForwarding(node) || isSwitchLike(node) || isMergeLike(node) ||
         isEnterLike(node) || isExitLike(node) || isNextIterationLike(node);
}

static bool isResourceTensor(Type type) {
  auto tensor = dyn_cast<TensorType>(type);
  return tensor && isa<ResourceType>(tensor.getElementType());
}

/// Replaces `variable` by a Const of `value` (name, dtype and value only,
/// as TensorFlow writes it). A resource variable's handle may reach its
/// readers through forwardsHandle() nodes, which are retyped to the value;
/// ReadVariableOp readers become Identity, ResourceGather readers GatherV2.
LogicalResult FreezeVariablesPass::freeze(Operation *variable,
                                          ElementsAttr value) {
  MLIRContext *context = variable->getContext();
  bool resource = isa<VarHandleOpOp>(variable);
  Value handle = variable->getResult(0);
  Type dtype = value.getElementType();

  // Everything the handle reaches, checked before anything changes.
  SmallVector<Operation *> forwarders, reads;
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<Value> worklist{handle};
  while (!worklist.empty()) {
    Value reached = worklist.pop_back_val();
    for (Operation *user : reached.getUsers()) {
      StringRef type = getNodeOpType(user);
      if (writesVariable(type))
        return user->emitError()
               << "node '" << getNodeName(user) << "' (" << type
               << ") writes variable '" << getNodeName(variable)
               << "', and the outputs depend on it: a frozen graph cannot "
                  "keep state (choose outputs that do not need this node)";
      // A RefSwitch or RefIdentity left on the outputs' path would get the
      // Const, where TensorFlow wants a reference ("expected float_ref").
      if (!resource && takesRefInput(user))
        return user->emitError()
               << "node '" << getNodeName(user) << "' (" << type
               << ") needs the reference of variable '" << getNodeName(variable)
               << "', which freezing replaces by a Const (tfg-repair-ref-ops "
                  "makes such nodes value ops where it can)";
      if (!resource)
        continue;
      if (isa<ReadVariableOpOp>(user) || type == "ResourceGather") {
        if (seen.insert(user).second)
          reads.push_back(user);
        continue;
      }
      if (forwardsHandle(user)) {
        if (!seen.insert(user).second)
          continue;
        forwarders.push_back(user);
        if (auto t = user->getAttrOfType<TypeAttr>("T");
            t && !isa<ResourceType>(t.getValue()) && t.getValue() != dtype)
          return user->emitError()
                 << "node '" << getNodeName(user) << "' (" << type
                 << ") forwards resource variable '" << getNodeName(variable)
                 << "' of dtype " << dtype << " and a tensor of " << t;
        for (Value result : getDataResults(user))
          if (isResourceTensor(result.getType()))
            worklist.push_back(result);
        continue;
      }
      return user->emitError()
             << "node '" << getNodeName(user) << "' (" << type
             << ") uses resource variable '" << getNodeName(variable)
             << "'; a frozen variable can only be read (ReadVariableOp, "
                "ResourceGather), on the way through Identity, Switch, "
                "Merge, Enter, Exit or NextIteration";
    }
  }

  OpBuilder builder(variable);
  OperationState state(variable->getLoc(), "tfg.Const");
  state.addAttribute("dtype", TypeAttr::get(dtype));
  state.addAttribute("value", value);
  state.addTypes({value.getShapedType(), ControlType::get(context)});
  Operation *constant = builder.create(state);
  setNodeName(constant, getNodeNameAttr(variable));
  handle.replaceAllUsesWith(constant->getResult(0));

  // The handle's path now carries the value.
  for (Operation *forwarder : forwarders) {
    if (forwarder->hasAttr("T"))
      forwarder->setAttr("T", TypeAttr::get(dtype));
    for (Value result : getDataResults(forwarder))
      if (isResourceTensor(result.getType()))
        result.setType(value.getShapedType());
  }
  for (Operation *read : reads) {
    builder.setInsertionPoint(read);
    Value source = getDataOperands(read)[0];
    Operation *replacement;
    if (isa<ReadVariableOpOp>(read)) {
      OperationState identity(read->getLoc(), "tfg.Identity");
      identity.addOperands(source);
      identity.addOperands(getControlOperands(read));
      identity.addAttribute("T", TypeAttr::get(dtype));
      if (Attribute cls = read->getAttr("_class"))
        identity.addAttribute("_class", cls);
      identity.addTypes(read->getResultTypes());
      replacement = builder.create(identity);
    } else {
      // ResourceGather(handle, indices) is GatherV2(value, indices, axis)
      // with the axis at batch_dims (convert_to_constants does the same).
      int64_t batchDims = 0;
      if (auto attr = read->getAttrOfType<IntegerAttr>("batch_dims"))
        batchDims = attr.getInt();
      std::string axisName =
          getUniqueNodeName(read, (getNodeName(read) + "/axis").str());
      auto axisType = RankedTensorType::get({}, builder.getI32Type());
      OperationState axis(read->getLoc(), "tfg.Const");
      axis.addOperands(getControlOperands(read));
      axis.addAttribute("dtype", TypeAttr::get(builder.getI32Type()));
      axis.addAttribute("value",
                        DenseElementsAttr::get(
                            axisType, builder.getI32IntegerAttr(batchDims)));
      axis.addTypes({axisType, ControlType::get(context)});
      Operation *axisNode = builder.create(axis);
      setNodeNameAndDeviceLike(axisNode, builder.getStringAttr(axisName), read);
      OperationState gather(read->getLoc(), "tfg.GatherV2");
      gather.addOperands(
          {source, getDataOperands(read)[1], axisNode->getResult(0)});
      gather.addOperands(getControlOperands(read));
      gather.addAttribute("Tparams", TypeAttr::get(dtype));
      gather.addAttribute("Tindices", read->getAttr("Tindices"));
      gather.addAttribute("Taxis", TypeAttr::get(builder.getI32Type()));
      gather.addAttribute("batch_dims", builder.getI64IntegerAttr(batchDims));
      gather.addTypes(read->getResultTypes());
      replacement = builder.create(gather);
    }
    setNodeNameAndDeviceLike(replacement, getNodeNameAttr(read), read);
    read->replaceAllUsesWith(replacement);
    read->erase();
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

  auto objectGraphKeys = reader->readObjectGraphKeys();
  if (!objectGraphKeys) {
    graph.emitError() << llvm::toString(objectGraphKeys.takeError());
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
  // A TF2 SavedModel computes only through its signatures; without one
  // (a module saved for its variables alone) the unconsumed nodes are its
  // save and restore functions, which are no outputs to freeze for.
  ModuleOp module = getOperation();
  if (outputs.empty() && module->hasAttr(attrs::kTF2ObjectGraph) &&
      !module->hasAttr(attrs::kSignature)) {
    graph.emitError("tfg-freeze-variables: the TF2 SavedModel has no serving "
                    "signature (or not the one asked for): name the outputs "
                    "to freeze (outputs=..., tfg-translate --freeze-outputs)");
    return signalPassFailure();
  }
  auto roots = resolveOutputNodes(graph, outputs, "tfg-freeze-variables");
  if (failed(roots))
    return signalPassFailure();
  // Lookup tables the outputs use keep their initializers (and the assets
  // those read).
  bindAssetPaths(graph);
  if (Operation *initAllTables = collectTableInitializers(graph, *roots))
    roots->push_back(initAllTables);
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
    // A TF2 SavedModel's variables are saved under their object-graph path:
    // the checkpoint's own object graph says which, else the path import
    // derived from the SavedModel's.
    if (auto objectKey =
            variable->getAttrOfType<StringAttr>(attrs::kCheckpointKey))
      key = objectKey.getValue().str();
    if (auto id = variable->getAttrOfType<IntegerAttr>(attrs::kSavedObjectId))
      if (auto it = objectGraphKeys->find(id.getInt());
          it != objectGraphKeys->end())
        key = it->second;
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
    FailureOr<ElementsAttr> value = reader->lookup(key)
                                        ? FailureOr<ElementsAttr>(failure())
                                        : takeConstantInitialValue(variable);
    if (failed(value))
      value = readValue(variable, *reader, key);
    if (failed(value) || failed(freeze(variable, *value)))
      failedAny = true;
  }
  if (failedAny)
    return signalPassFailure();
  if (foldTables) {
    if (failed(foldTextFileInitializers(graph, kMaxTableFileBytes)))
      return signalPassFailure();
    // The asset paths the folded initializers read are no longer needed.
    eraseNodesNotReachedFrom(graph, *roots);
  }
  if (verbose)
    emitRemark(graph.getLoc())
        << "tfg-freeze-variables: froze " << variables.size()
        << " variables from '" << reader->prefix() << "'"
        << (useMovingAverages
                ? " (" + std::to_string(fromAverages) + " from moving averages)"
                : std::string());
}
