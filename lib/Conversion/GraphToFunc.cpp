//===- GraphToFunc.cpp - tfg.graph -> func.func with static inputs --------===//
//
// The first lowering step: the nodes the outputs need, in topological order,
// inside a func.func whose arguments are the fed nodes (static shapes) and
// whose results are the output tensors.
//
//===----------------------------------------------------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Conversion/Passes.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Dialect/IR/TFG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_GRAPHTOFUNC
#include "TFG/Conversion/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// "node" or "node:3" -> (node, 3). Fails on a bad index.
static FailureOr<std::pair<StringRef, unsigned>>
splitTensorName(StringRef name) {
  auto [node, index] = name.rsplit(':');
  if (index.empty() || node.empty())
    return std::make_pair(name, 0u);
  unsigned i;
  if (index.getAsInteger(10, i))
    return failure();
  return std::make_pair(node, i);
}

/// The dims given for `name` in input-shapes ("name:1x2x3"), if any.
static FailureOr<std::optional<SmallVector<int64_t>>>
findGivenShape(ArrayRef<std::string> inputShapes, StringRef name,
               Operation *diagOp) {
  for (StringRef spec : inputShapes) {
    auto [node, dims] = spec.rsplit(':');
    if (node != name)
      continue;
    SmallVector<int64_t> shape;
    SmallVector<StringRef> parts;
    if (!dims.empty())
      dims.split(parts, 'x');
    for (StringRef part : parts) {
      int64_t dim;
      if (part.getAsInteger(10, dim) || dim < 0) {
        diagOp->emitError()
            << "input-shapes: bad dimension '" << part << "' in '" << spec
            << "' (expected name:1x224x224x3)";
        return failure();
      }
      shape.push_back(dim);
    }
    return std::optional<SmallVector<int64_t>>(shape);
  }
  return std::optional<SmallVector<int64_t>>();
}

struct GraphToFuncPass : tfg::impl::GraphToFuncBase<GraphToFuncPass> {
  using GraphToFuncBase::GraphToFuncBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    GraphOp graph = getSingleGraph(module);
    if (!graph)
      return signalPassFailure();
    if (failed(build(module, graph)))
      return signalPassFailure();
  }

  LogicalResult build(ModuleOp module, GraphOp graph) {
    llvm::StringMap<Operation *> byName;
    for (Operation &op : graph.getBlock())
      byName[getNodeName(&op)] = &op;

    // Output tensors.
    SmallVector<std::string> outputNames(outputs.begin(), outputs.end());
    if (outputNames.empty())
      if (auto signature =
              module->getAttrOfType<DictionaryAttr>(attrs::kSignature))
        if (auto outs = signature.getAs<DictionaryAttr>("outputs"))
          for (NamedAttribute output : outs)
            if (auto tensor = dyn_cast<StringAttr>(output.getValue()))
              outputNames.push_back(tensor.str());
    SmallVector<Value> outputValues;
    if (outputNames.empty()) {
      for (Operation *node : inferOutputNodes(graph))
        for (auto [i, result] : llvm::enumerate(getDataResults(node))) {
          outputValues.push_back(result);
          outputNames.push_back(getNodeName(node).str() +
                                (i ? ":" + std::to_string(i) : ""));
        }
    } else {
      for (StringRef name : outputNames) {
        auto split = splitTensorName(name);
        auto it = failed(split) ? byName.end() : byName.find(split->first);
        if (it == byName.end())
          return graph.emitError() << "output '" << name
                                   << "': no node of that name in the graph";
        ResultRange results = getDataResults(it->second);
        if (split->second >= results.size())
          return it->second->emitError()
                 << "output '" << name << "': node '" << split->first
                 << "' has " << results.size() << " outputs";
        outputValues.push_back(results[split->second]);
      }
    }
    if (outputValues.empty())
      return graph.emitError("no outputs to compute");
    // A TensorList (variant) or a TensorArray / variable handle (resource)
    // is no tensor of numbers: the lowering makes lists tensors internally
    // (docs/design.md, "Loop state") but a caller fetches their contents.
    for (auto [name, value] : llvm::zip(outputNames, outputValues))
      if (isa<VariantType, ResourceType>(getElementTypeOrSelf(value)))
        return value.getDefiningOp()->emitError()
               << "output '" << name << "' is a "
               << (isa<VariantType>(getElementTypeOrSelf(value))
                       ? "variant (a TensorList)"
                       : "resource handle")
               << ", not a tensor: fetch its contents (TensorListStack, "
                  "TensorArrayGatherV3, ReadVariableOp) instead";

    // Fed nodes.
    llvm::DenseSet<Operation *> fed;
    for (StringRef name : inputs) {
      auto it = byName.find(nodeNameOfTensor(name));
      if (it == byName.end())
        return graph.emitError()
               << "input '" << name << "': no node of that name in the graph";
      fed.insert(it->second);
    }

    // Topological order of what the outputs reach over data edges
    // (iterative DFS; a node on the stack reached again is a cycle).
    SmallVector<Operation *> order;
    llvm::DenseMap<Operation *, int> state; // 1: on stack, 2: done
    for (Value output : outputValues) {
      SmallVector<std::pair<Operation *, unsigned>> stack;
      auto push = [&](Operation *op) -> LogicalResult {
        int &s = state[op];
        if (s == 2)
          return success();
        if (s == 1)
          return reportLoop(op, outputValues, fed);
        s = 1;
        stack.push_back({op, 0});
        return success();
      };
      if (failed(push(output.getDefiningOp())))
        return failure();
      while (!stack.empty()) {
        auto &[op, next] = stack.back();
        bool isInput =
            fed.contains(op) || (inputs.empty() && isa<PlaceholderOp>(op));
        OperandRange data = getDataOperands(op);
        if (!isInput && next < data.size()) {
          Operation *producer = data[next++].getDefiningOp();
          if (failed(push(producer)))
            return failure();
          continue;
        }
        state[op] = 2;
        order.push_back(op);
        stack.pop_back();
      }
    }

    // A Placeholder the outputs need but nobody feeds has no value.
    for (Operation *node : order)
      if (isa<PlaceholderOp>(node) && !fed.contains(node) && !inputs.empty())
        return node->emitError()
               << "Placeholder '" << getNodeName(node)
               << "' is needed by the outputs but not fed: feed it (inputs) "
                  "or bind it to a constant (tfg-bind-placeholders)";

    // Arguments: the fed nodes in graph order (outputs reach them).
    SmallVector<Operation *> argNodes;
    for (Operation &op : graph.getBlock())
      if (state.lookup(&op) == 2 &&
          (fed.contains(&op) || (inputs.empty() && isa<PlaceholderOp>(op))))
        argNodes.push_back(&op);
    SmallVector<Type> argTypes;
    for (Operation *node : argNodes) {
      FailureOr<Type> type = inputType(node);
      if (failed(type))
        return failure();
      argTypes.push_back(*type);
    }

    OpBuilder builder(module.getBodyRegion());
    builder.setInsertionPointToEnd(module.getBody());
    SmallVector<Type> resultTypes;
    for (Value v : outputValues)
      resultTypes.push_back(v.getType());
    auto func =
        func::FuncOp::create(builder, graph.getLoc(), funcName,
                             builder.getFunctionType(argTypes, resultTypes));
    Block *body = func.addEntryBlock();
    builder.setInsertionPointToStart(body);
    MLIRContext *context = &getContext();
    IRMapping mapping;
    for (auto [i, node] : llvm::enumerate(argNodes)) {
      func.setArgAttr(i, attrs::kName,
                      StringAttr::get(context, getNodeName(node)));
      mapping.map(getDataResults(node)[0], body->getArgument(i));
    }
    // Control edges only order execution: every control operand of a
    // cloned node uses one NoOp's token, which the lowering erases.
    OperationState noOpState(graph.getLoc(), "tfg.NoOp");
    noOpState.addTypes(ControlType::get(context));
    Operation *noOp = builder.create(noOpState);
    setNodeName(noOp, "_control_edges_dropped");
    for (Operation *node : order) {
      if (llvm::is_contained(argNodes, node))
        continue;
      for (Value ctl : getControlOperands(node))
        mapping.map(ctl, noOp->getResult(0));
      builder.clone(*node, mapping);
    }
    SmallVector<Value> returned;
    for (Value v : outputValues)
      returned.push_back(mapping.lookup(v));
    func::ReturnOp::create(builder, graph.getLoc(), returned);
    // An output may be an argument (a fed node), with the argument's type.
    func.setType(
        builder.getFunctionType(argTypes, ValueRange(returned).getTypes()));
    for (auto [i, name] : llvm::enumerate(outputNames))
      func.setResultAttr(i, attrs::kName, StringAttr::get(context, name));

    // The bodies of functional control flow (If/While/Case) are lowered
    // with the node, for the static types it is called with, so they stay
    // as private functions of TFG nodes; the rest of the library goes.
    SmallVector<func::FuncOp> bodies;
    if (failed(buildCalledBodies(module, order, bodies)))
      return failure();

    // The function is the model now: drop the graph and the library.
    SmallVector<Operation *> toErase;
    for (Operation &op : *module.getBody())
      if (&op != func.getOperation() && op.getDialect() &&
          op.getDialect()->getNamespace() == "tfg")
        toErase.push_back(&op);
    for (Operation *op : toErase) {
      op->dropAllDefinedValueUses();
      op->erase();
    }
    for (func::FuncOp body : bodies)
      module.push_back(body);
    return success();
  }

  /// The library functions that the functional control-flow nodes among
  /// `nodes` call (branches, conds, bodies), and those their bodies call in
  /// turn, each as a private func.func marked `tfg.function_body`: its data
  /// arguments, the nodes its results reach in topological order (control
  /// edges dropped as in @main) and a func.return. Built detached: the
  /// library's tfg.funcs still hold the names until they are erased.
  LogicalResult buildCalledBodies(ModuleOp module, ArrayRef<Operation *> nodes,
                                  SmallVectorImpl<func::FuncOp> &bodies) {
    SymbolTable library(module);
    llvm::StringSet<> queued;
    SmallVector<std::pair<StringAttr, Operation *>> worklist;
    auto queueCallees = [&](Operation *node) {
      if (!isFunctionalControlFlow(node))
        return;
      for (NamedAttribute attr : node->getAttrs()) {
        SmallVector<FuncAttr> callees;
        if (auto callee = dyn_cast<FuncAttr>(attr.getValue()))
          callees.push_back(callee);
        else if (auto list = dyn_cast<ArrayAttr>(attr.getValue()))
          for (Attribute element : list)
            if (auto callee = dyn_cast<FuncAttr>(element))
              callees.push_back(callee);
        for (FuncAttr callee : callees)
          if (queued.insert(callee.getName().getValue()).second)
            worklist.push_back({callee.getName(), node});
      }
    };
    for (Operation *node : nodes)
      queueCallees(node);
    while (!worklist.empty()) {
      auto [name, caller] = worklist.pop_back_val();
      auto function = library.lookup<tfg::FuncOp>(name);
      if (!function)
        return caller->emitError()
               << "node '" << getNodeName(caller) << "' ("
               << getNodeOpType(caller) << ") calls function '"
               << name.getValue() << "', which the library does not have";
      FailureOr<func::FuncOp> body = buildBody(function);
      if (failed(body))
        return failure();
      bodies.push_back(*body);
      body->walk([&](Operation *op) { queueCallees(op); });
    }
    return success();
  }

  FailureOr<func::FuncOp> buildBody(tfg::FuncOp function) {
    MLIRContext *context = &getContext();
    Block &block = function.getBlock();
    SmallVector<BlockArgument> dataArgs;
    for (BlockArgument arg : block.getArguments())
      if (!isa<ControlType>(arg.getType()))
        dataArgs.push_back(arg);
    ReturnOp ret = function.getReturnOp();
    SmallVector<Value> results;
    for (Value v : ret->getOperands())
      if (!isa<ControlType>(v.getType()))
        results.push_back(v);

    // Topological order of what the results reach over data edges.
    SmallVector<Operation *> order;
    llvm::DenseMap<Operation *, int> state; // 1: on stack, 2: done
    for (Value result : results) {
      Operation *root = result.getDefiningOp();
      if (!root || state[root] == 2)
        continue;
      SmallVector<std::pair<Operation *, unsigned>> stack{{root, 0}};
      state[root] = 1;
      while (!stack.empty()) {
        auto &[op, next] = stack.back();
        OperandRange data = getDataOperands(op);
        if (next < data.size()) {
          Operation *producer = data[next++].getDefiningOp();
          if (!producer)
            continue; // a function argument
          int &s = state[producer];
          if (s == 1)
            return producer->emitError()
                   << "node '" << getNodeName(producer) << "' ("
                   << getNodeOpType(producer) << ") in function '"
                   << function.getSymName()
                   << "' is on a cycle (a v1 while loop): loops inside "
                      "functions cannot be lowered; raise them to While "
                      "first (tfg-raise-v1-control-flow)";
          if (s == 0) {
            s = 1;
            stack.push_back({producer, 0});
          }
          continue;
        }
        state[op] = 2;
        order.push_back(op);
        stack.pop_back();
      }
    }
    // A polymorphic function's attrs are placeholders that only a call
    // instantiates; functional control flow is lowered per node, not per
    // instantiation.
    for (Operation *node : order)
      for (NamedAttribute attr : node->getAttrs())
        if (isa<PlaceholderAttr>(attr.getValue()))
          return node->emitError()
                 << "node '" << getNodeName(node) << "' in function '"
                 << function.getSymName() << "': attr '"
                 << attr.getName().getValue()
                 << "' is a placeholder of the function's attrs; "
                    "polymorphic functions cannot be lowered";

    SmallVector<Type> argTypes;
    for (BlockArgument arg : dataArgs)
      argTypes.push_back(arg.getType());
    auto body = func::FuncOp::create(
        function.getLoc(), function.getSymName(),
        FunctionType::get(context, argTypes, ValueRange(results).getTypes()));
    body.setPrivate();
    body->setAttr(attrs::kFunctionBody, UnitAttr::get(context));
    Block *entry = body.addEntryBlock();
    OpBuilder builder = OpBuilder::atBlockBegin(entry);
    IRMapping mapping;
    for (auto [arg, newArg] : llvm::zip(dataArgs, entry->getArguments()))
      mapping.map(arg, newArg);
    OperationState noOpState(function.getLoc(), "tfg.NoOp");
    noOpState.addTypes(ControlType::get(context));
    Operation *noOp = builder.create(noOpState);
    setNodeName(noOp, "_control_edges_dropped");
    for (BlockArgument arg : block.getArguments())
      if (isa<ControlType>(arg.getType()))
        mapping.map(arg, noOp->getResult(0));
    for (Operation *node : order) {
      for (Value ctl : getControlOperands(node))
        mapping.map(ctl, noOp->getResult(0));
      builder.clone(*node, mapping);
    }
    SmallVector<Value> returned;
    for (Value v : results)
      returned.push_back(mapping.lookup(v));
    func::ReturnOp::create(builder, ret.getLoc(), returned);
    return body;
  }

  /// A cycle (v1 while loop) blocks lowering: one error naming a node on it
  /// and listing the control-flow nodes the outputs reach, by op type.
  LogicalResult reportLoop(Operation *onCycle, ArrayRef<Value> outputs,
                           const llvm::DenseSet<Operation *> &fed) {
    llvm::DenseSet<Operation *> seen;
    SmallVector<Operation *> worklist;
    for (Value v : outputs)
      if (seen.insert(v.getDefiningOp()).second)
        worklist.push_back(v.getDefiningOp());
    llvm::MapVector<StringRef, SmallVector<StringRef>> byType;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (isV1ControlFlow(op))
        byType[getNodeOpType(op)].push_back(getNodeName(op));
      if (fed.contains(op))
        continue;
      for (Value operand : getDataOperands(op))
        if (seen.insert(operand.getDefiningOp()).second)
          worklist.push_back(operand.getDefiningOp());
    }
    std::string list;
    for (auto &[type, names] : byType) {
      llvm::sort(names);
      list += "\n  " + type.str() + ": " +
              llvm::join(ArrayRef(names).take_front(6), ", ") +
              (names.size() > 6 ? ", ... (" + std::to_string(names.size()) + ")"
                                : std::string());
    }
    return onCycle->emitError()
           << "node '" << getNodeName(onCycle) << "' ("
           << getNodeOpType(onCycle)
           << ") is on a cycle (a v1 while loop): loops cannot be lowered "
              "until raised to While (tfg-raise-v1-control-flow); control "
              "flow the outputs reach:"
           << list;
  }

  /// The static argument type of a fed node: its dtype, and the shape given
  /// in input-shapes or its own with the batch dimension filled in.
  FailureOr<Type> inputType(Operation *node) {
    StringRef name = getNodeName(node);
    auto given = findGivenShape(inputShapes, name, node);
    if (failed(given))
      return failure();
    auto tensor = dyn_cast<TensorType>(getDataResults(node)[0].getType());
    Type dtype = tensor ? tensor.getElementType() : Type();
    if (auto attr = node->getAttrOfType<TypeAttr>("dtype"))
      dtype = attr.getValue();
    if (!dtype || !dtype.isIntOrIndexOrFloat())
      return node->emitError()
             << "input '" << name << "': dtype " << (dtype ? dtype : Type())
             << " cannot be fed to compiled code";
    if (*given) {
      // A given shape must agree with what the Placeholder knows.
      auto known = dyn_cast_or_null<RankedTensorType>(tensor);
      if (known && isa<PlaceholderOp>(node)) {
        bool agrees = known.getRank() == (int64_t)(*given)->size();
        for (int64_t d = 0; agrees && d < known.getRank(); ++d)
          agrees = known.isDynamicDim(d) || known.getDimSize(d) == (**given)[d];
        if (!agrees)
          return node->emitError()
                 << "input '" << name << "': the shape given ["
                 << llvm::join(llvm::map_range(
                                   **given,
                                   [](int64_t d) { return std::to_string(d); }),
                               ",")
                 << "] does not fit the Placeholder's " << known;
      }
      return Type(RankedTensorType::get(**given, dtype));
    }
    SmallVector<int64_t> shape;
    if (auto ranked = dyn_cast<RankedTensorType>(tensor))
      shape.assign(ranked.getShape().begin(), ranked.getShape().end());
    else if (auto attr = node->getAttrOfType<ShapeAttr>("shape");
             attr && !attr.getUnranked())
      shape.assign(attr.getDims().begin(), attr.getDims().end());
    else
      return node->emitError()
             << "input '" << name
             << "': its rank is unknown; give its shape with input-shapes="
             << name << ":1x224x224x3 (tfg-run: --input-shape)";
    for (auto [i, dim] : llvm::enumerate(shape)) {
      if (dim >= 0)
        continue;
      if (dynamicDims) {
        dim = ShapedType::kDynamic;
        continue;
      }
      if (i != 0)
        return node->emitError()
               << "input '" << name << "': dimension " << i
               << " is unknown (-1); give its shape with input-shapes=" << name
               << ":"
               << llvm::join(llvm::map_range(shape,
                                             [](int64_t d) {
                                               return d < 0 ? std::string("N")
                                                            : std::to_string(d);
                                             }),
                             "x");
      dim = batchSize;
    }
    return Type(RankedTensorType::get(shape, dtype));
  }
};

} // namespace
