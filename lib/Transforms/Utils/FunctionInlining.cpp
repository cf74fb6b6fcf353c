//===- FunctionInlining.cpp - Replace function calls by their bodies ------===//
//
// Inlining is structural (copy a region, re-wire its arguments and results),
// like upstream MLIR's inliner, so it is C++ rather than a DRR/PDLL pattern:
// there is no source pattern to match beyond "a call node", and the result
// is not a fixed set of ops.
//
//===----------------------------------------------------------------------===//

#include "TFG/Transforms/Utils/FunctionInlining.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <deque>

using namespace mlir;
using namespace mlir::tfg;

std::optional<CalleeRef> mlir::tfg::getCallee(Operation *node,
                                              SymbolTable &functions) {
  if (!isNodeOp(node))
    return std::nullopt;
  if (isFunctionCall(node)) {
    if (auto f = node->getAttrOfType<FuncAttr>("f"))
      return CalleeRef{f.getName().getValue(), f.getAttrs()};
    return CalleeRef{};
  }
  // A call by function name: the node's op type is the function, its
  // TensorFlow attrs instantiate it.
  if (isa<GenericOp>(node) && functions.lookup<FuncOp>(getNodeOpType(node))) {
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : node->getAttrs())
      if (!isTFGAttrName(attr.getName()))
        attrs.push_back(attr);
    return CalleeRef{getNodeOpType(node),
                     DictionaryAttr::get(node->getContext(), attrs)};
  }
  return std::nullopt;
}

namespace {

/// A call still to inline, with the chain of functions whose bodies it was
/// copied from (outermost first), to detect recursion.
struct PendingCall {
  Operation *node;
  SmallVector<StringRef> chain;
};

class CallInliner {
public:
  CallInliner(Block &block, SymbolTable &functions, FuncOp enclosing,
              const FunctionInliningLimits &limits)
      : block(block), functions(functions), enclosing(enclosing),
        limits(limits), rewriter(block.getParentOp()->getContext()) {
    for (Operation &op : block)
      if (isNodeOp(&op))
        names.insert(getNodeName(&op));
    collectSignatureNames();
  }

  LogicalResult run() {
    SmallVector<StringRef> root;
    if (enclosing)
      root.push_back(enclosing.getSymName());
    for (Operation &op : block)
      if (getCallee(&op, functions))
        pending.push_back({&op, root});
    return drain();
  }

  /// Inlines `calls` (and what their copies call); `chain` is the functions
  /// they were copied from. The nodes created that remain are appended to
  /// `created`.
  LogicalResult run(ArrayRef<Operation *> calls, ArrayRef<StringRef> chain,
                    SmallVectorImpl<Operation *> &created) {
    SmallVector<StringRef> root(chain);
    if (enclosing && !llvm::is_contained(root, enclosing.getSymName()))
      root.insert(root.begin(), enclosing.getSymName());
    for (Operation *call : calls)
      pending.push_back({call, root});
    createdNodes = &created;
    LogicalResult result = drain();
    for (Operation *node : createdList)
      if (node)
        created.push_back(node);
    return result;
  }

private:
  LogicalResult drain() {
    while (!pending.empty()) {
      PendingCall call = std::move(pending.front());
      pending.pop_front();
      if (failed(inlineCall(call)))
        return failure();
    }
    return success();
  }

  /// Node names the module's serving signature feeds or fetches: a call
  /// named there keeps a node of its name.
  void collectSignatureNames() {
    for (StringRef side : {"inputs", "outputs"})
      for (SignatureTensor entry :
           getSignatureTensors(block.getParentOp(), side))
        signatureNodes.insert(nodeNameOfTensor(entry.tensor));
  }

  std::string uniqueName(StringRef base) {
    std::string name = base.str();
    for (unsigned i = 1; names.contains(name); ++i)
      name = (base + "_" + Twine(i)).str();
    names.insert(name);
    return name;
  }

  /// The control tokens that stand for "`value` is available": its
  /// producer's token, or for an argument of the enclosing function, the
  /// argument's control token.
  void appendTokensOf(Value value, llvm::SetVector<Value> &tokens) {
    if (Operation *producer = value.getDefiningOp()) {
      if (isNodeOp(producer))
        tokens.insert(getControlToken(producer));
      return;
    }
    auto arg = cast<BlockArgument>(value);
    auto func = dyn_cast<FuncOp>(arg.getOwner()->getParentOp());
    if (!func)
      return;
    if (isa<ControlType>(arg.getType())) {
      tokens.insert(arg);
      return;
    }
    unsigned start = 0;
    for (auto [index, size] : llvm::enumerate(func.getInputArgSizes())) {
      if (arg.getArgNumber() < start + size) {
        tokens.insert(func.getInputArgControl(index));
        return;
      }
      start += size;
    }
  }

  LogicalResult callError(Operation *call, const CalleeRef &callee,
                          const Twine &what) {
    return call->emitError()
           << "tfg-inline-functions: call node '" << getNodeName(call)
           << "' of function '" << callee.name << "': " << what;
  }

  /// The attrs of `callee` the body's placeholders resolve to: the call's,
  /// then the declared defaults.
  DenseMap<StringAttr, Attribute> instantiationAttrs(FuncOp func,
                                                     const CalleeRef &callee) {
    DenseMap<StringAttr, Attribute> values;
    if (callee.attrs)
      for (NamedAttribute attr : callee.attrs)
        values[attr.getName()] = attr.getValue();
    if (std::optional<ArrayAttr> defs = func.getAttrDefs())
      for (Attribute def : *defs)
        if (auto attrDef = dyn_cast<AttrDefAttr>(def))
          if (Attribute value = attrDef.getDefaultValue())
            values.try_emplace(
                StringAttr::get(func.getContext(), attrDef.getName()), value);
    return values;
  }

  LogicalResult inlineCall(PendingCall &pendingCall) {
    Operation *call = pendingCall.node;
    std::optional<CalleeRef> callee = getCallee(call, functions);
    if (callee && callee->name.empty()) {
      Attribute f = call->getAttr("f");
      if (auto placeholder = dyn_cast_or_null<PlaceholderAttr>(f))
        return call->emitError()
               << "tfg-inline-functions: call node '" << getNodeName(call)
               << "': its function is the placeholder '"
               << placeholder.getName()
               << "' of the enclosing function, which no call gives";
      return call->emitError()
             << "tfg-inline-functions: call node '" << getNodeName(call)
             << "' has no function reference in its 'f' attr";
    }
    auto func = functions.lookup<FuncOp>(callee->name);
    if (!func)
      return callError(call, *callee,
                       "the function library has no such function");
    if (llvm::is_contained(pendingCall.chain, callee->name)) {
      std::string chain = llvm::join(pendingCall.chain.begin(),
                                     pendingCall.chain.end(), " -> ");
      return callError(call, *callee,
                       "recursive call (" + chain + " -> " + callee->name +
                           "); recursion cannot be inlined");
    }
    if (pendingCall.chain.size() >= limits.maxDepth)
      return callError(call, *callee,
                       "calls nested more than " + Twine(limits.maxDepth) +
                           " deep");

    Block &body = func.getBlock();
    ReturnOp ret = func.getReturnOp();
    SmallVector<int32_t> argSizes = func.getInputArgSizes();
    unsigned numDataArgs = 0;
    for (int32_t size : argSizes)
      numDataArgs += size;
    OperandRange callInputs = getDataOperands(call);
    ResultRange callOutputs = getDataResults(call);
    if (callInputs.size() != numDataArgs)
      return callError(call, *callee,
                       "the call passes " + Twine(callInputs.size()) +
                           " tensors, the function takes " +
                           Twine(numDataArgs));
    if (callOutputs.size() > ret.getData().size())
      return callError(call, *callee,
                       "the call has " + Twine(callOutputs.size()) +
                           " outputs, the function returns " +
                           Twine(ret.getData().size()));
    uint64_t bodySize = body.getOperations().size() - 1;
    if (bodySize > limits.maxInlinedNodes - inlinedNodes)
      return callError(call, *callee,
                       "inlining would copy more than " +
                           Twine(limits.maxInlinedNodes) + " nodes");
    inlinedNodes += bodySize;

    // Arguments: data to the call's operands; each argument's control token
    // to the tokens of those operands' producers.
    IRMapping mapping;
    for (auto [arg, input] :
         llvm::zip(body.getArguments().take_front(numDataArgs), callInputs))
      mapping.map(arg, input);
    DenseMap<Value, SmallVector<Value>> argTokens;
    unsigned start = 0;
    for (auto [index, size] : llvm::enumerate(argSizes)) {
      llvm::SetVector<Value> tokens;
      for (Value input : callInputs.slice(start, size))
        appendTokensOf(input, tokens);
      argTokens[func.getInputArgControl(index)] =
          SmallVector<Value>(tokens.getArrayRef());
      start += size;
    }

    // Placeholder attrs resolve to the call's instantiation.
    DenseMap<StringAttr, Attribute> values = instantiationAttrs(func, *callee);
    StringRef missing;
    AttrTypeReplacer replacer;
    replacer.addReplacement(
        [&](PlaceholderAttr placeholder) -> std::optional<Attribute> {
          auto it = values.find(
              StringAttr::get(func.getContext(), placeholder.getName()));
          if (it != values.end())
            return it->second;
          if (missing.empty())
            missing = placeholder.getName();
          return std::nullopt;
        });

    // Copy the body before the call. Operands produced later in the body
    // (graph regions have no order; loops make cycles) are re-pointed once
    // every node exists.
    StringRef callName = getNodeName(call);
    SmallVector<Operation *> copies;
    llvm::SmallPtrSet<Operation *, 16> copySet;
    rewriter.setInsertionPoint(call);
    for (Operation &op : body.without_terminator()) {
      Operation *copy = rewriter.clone(op, mapping);
      DictionaryAttr attrs = copy->getAttrDictionary();
      auto resolved = cast<DictionaryAttr>(replacer.replace(attrs));
      if (!missing.empty())
        return callError(call, *callee,
                         "the function's attr '" + missing +
                             "' is neither given by the call nor defaulted");
      if (resolved != attrs)
        copy->setAttrs(resolved);
      setNodeName(copy, rewriter.getStringAttr(uniqueName(
                            (callName + "/" + getNodeName(&op)).str())));
      copies.push_back(copy);
      copySet.insert(copy);
      if (createdNodes)
        recordCreated(copy);
    }
    auto remapControls = [&](ValueRange controls) {
      llvm::SetVector<Value> mapped;
      for (Value control : controls) {
        auto it = argTokens.find(control);
        if (it != argTokens.end())
          mapped.insert(it->second.begin(), it->second.end());
        else
          mapped.insert(mapping.lookupOrDefault(control));
      }
      return SmallVector<Value>(mapped.getArrayRef());
    };
    for (Operation *copy : copies) {
      unsigned numData = getDataOperands(copy).size();
      for (OpOperand &operand : copy->getOpOperands().take_front(numData))
        operand.set(mapping.lookupOrDefault(operand.get()));
      SmallVector<Value> controls =
          remapControls(ValueRange(getControlOperands(copy)));
      setControlOperands(rewriter, copy, controls);
    }

    // The call's control inputs order the entry nodes, hence the whole
    // body.
    SmallVector<Operation *> withoutOperands;
    for (Operation *copy : copies)
      if (copy->getNumOperands() == 0)
        withoutOperands.push_back(copy);
    SmallVector<Value> callControls(getControlOperands(call));
    if (!callControls.empty())
      for (Operation *copy : copies)
        if (llvm::none_of(copy->getOperands(), [&](Value operand) {
              return copySet.contains(operand.getDefiningOp());
            }))
          addControlOperands(rewriter, copy, callControls);
    // A copied node with no operand at all (a Const) would otherwise run
    // outside the call's frame and deadness: inside a v1 loop or an untaken
    // branch, the call did not run at all. It waits for the call's inputs,
    // as TensorFlow's inliner makes such nodes wait for its input nodes.
    llvm::SetVector<Value> inputTokens;
    for (Value input : callInputs)
      appendTokensOf(input, inputTokens);
    if (!inputTokens.empty())
      for (Operation *copy : withoutOperands)
        addControlOperands(rewriter, copy, inputTokens.getArrayRef());

    // Outputs.
    SmallVector<Value> returned;
    for (Value value : ret.getData())
      returned.push_back(mapping.lookupOrDefault(value));
    SmallVector<Value> controlRets = remapControls(ValueRange(ret.getCtls()));
    llvm::SetVector<Value> doneTokens(controlRets.begin(), controlRets.end());
    for (Value value : returned)
      appendTokensOf(value, doneTokens);
    Value callToken = getControlToken(call);
    // A call the signature names, or whose outputs nothing in the graph
    // uses (a graph output, fetched by name), keeps a node of its name.
    bool unused = llvm::all_of(callOutputs,
                               [](Value output) { return output.use_empty(); });
    bool fetched = signatureNodes.contains(callName) ||
                   (isa<GraphOp>(block.getParentOp()) && !callOutputs.empty() &&
                    unused && callToken.use_empty());
    for (auto [output, value] : llvm::zip(callOutputs, returned))
      rewriter.replaceAllUsesWith(output, value);
    std::string standInName = callName.str();
    if (fetched || !callToken.use_empty()) {
      rewriter.setInsertionPoint(call);
      Operation *standIn;
      if (fetched && !callOutputs.empty()) {
        // An IdentityN of the call's name keeps `c:i` fetchable.
        OperationState state(call->getLoc(), "tfg.IdentityN");
        SmallVector<Attribute> dtypes;
        SmallVector<Type> types;
        for (auto [output, value] : llvm::zip(callOutputs, returned)) {
          state.addOperands(value);
          types.push_back(output.getType());
          dtypes.push_back(TypeAttr::get(
              cast<ShapedType>(output.getType()).getElementType()));
        }
        state.addOperands(controlRets);
        state.addAttribute("T", rewriter.getArrayAttr(dtypes));
        types.push_back(ControlType::get(call->getContext()));
        state.addTypes(types);
        setOperandSegments(state, controlRets.size());
        standIn = rewriter.create(state);
      } else {
        OperationState state(call->getLoc(), "tfg.NoOp");
        SmallVector<Value> tokens(doneTokens.getArrayRef());
        if (tokens.empty())
          tokens = callControls;
        state.addOperands(tokens);
        state.addTypes(ControlType::get(call->getContext()));
        standIn = rewriter.create(state);
      }
      setNodeNameAndDeviceLike(standIn, rewriter.getStringAttr(standInName),
                               call);
      if (createdNodes)
        recordCreated(standIn);
      rewriter.replaceAllUsesWith(callToken, getControlToken(standIn));
    } else {
      names.erase(callName);
    }
    // A call that was itself a copy is gone (its address may be reused).
    if (auto it = createdIndex.find(call); it != createdIndex.end()) {
      createdList[it->second] = nullptr;
      createdIndex.erase(it);
    }
    rewriter.eraseOp(call);

    // Calls the copy brought along are inlined in turn.
    SmallVector<StringRef> chain = pendingCall.chain;
    chain.push_back(func.getSymName());
    for (Operation *copy : copies)
      if (getCallee(copy, functions))
        pending.push_back({copy, chain});
    return success();
  }

  Block &block;
  SymbolTable &functions;
  FuncOp enclosing;
  const FunctionInliningLimits &limits;
  IRRewriter rewriter;
  llvm::StringSet<> names;
  llvm::StringSet<> signatureNodes;
  std::deque<PendingCall> pending;
  uint64_t inlinedNodes = 0;
  SmallVectorImpl<Operation *> *createdNodes = nullptr;
  SmallVector<Operation *> createdList;
  DenseMap<Operation *, size_t> createdIndex;

  void recordCreated(Operation *node) {
    createdIndex[node] = createdList.size();
    createdList.push_back(node);
  }
};

} // namespace

LogicalResult
mlir::tfg::inlineFunctionCalls(Block &block, SymbolTable &functions,
                               FuncOp enclosing,
                               const FunctionInliningLimits &limits) {
  return CallInliner(block, functions, enclosing, limits).run();
}

LogicalResult mlir::tfg::inlineCallNodes(
    Block &block, ArrayRef<Operation *> calls, SymbolTable &functions,
    ArrayRef<StringRef> chain, SmallVectorImpl<Operation *> &created,
    FuncOp enclosing, const FunctionInliningLimits &limits) {
  return CallInliner(block, functions, enclosing, limits)
      .run(calls, chain, created);
}

llvm::StringSet<> mlir::tfg::getReferencedFunctions(ModuleOp module) {
  SymbolTable functions(module);
  llvm::StringSet<> reached;
  SmallVector<FuncOp> worklist;
  auto reach = [&](StringRef name) {
    if (auto func = functions.lookup<FuncOp>(name))
      if (reached.insert(name).second)
        worklist.push_back(func);
  };
  auto reachFrom = [&](Operation *root) {
    root->walk([&](Operation *op) {
      if (isNodeOp(op))
        reach(getNodeOpType(op));
      op->getAttrDictionary().walk(
          [&](FuncAttr f) { reach(f.getName().getValue()); });
    });
  };
  // Gradients are kept with their function; registered gradients belong to
  // an op type, which any graph may use.
  llvm::StringMap<SmallVector<StringRef>> gradientsOf;
  for (Operation &op : module.getBody()->getOperations()) {
    if (isa<GraphOp>(op))
      reachFrom(&op);
    else if (auto gradient = dyn_cast<GradientOp>(op))
      gradientsOf[gradient.getFunction()].push_back(gradient.getGradient());
    else if (auto registered = dyn_cast<RegisteredGradientOp>(op))
      reach(registered.getGradient());
  }
  while (!worklist.empty()) {
    FuncOp func = worklist.pop_back_val();
    for (StringRef gradient : gradientsOf.lookup(func.getSymName()))
      reach(gradient);
    reachFrom(func);
  }
  return reached;
}

unsigned mlir::tfg::eraseUnreferencedFunctions(ModuleOp module) {
  llvm::StringSet<> reached = getReferencedFunctions(module);
  unsigned erased = 0;
  for (Operation &op :
       llvm::make_early_inc_range(module.getBody()->getOperations())) {
    if (auto func = dyn_cast<FuncOp>(op)) {
      if (!reached.contains(func.getSymName())) {
        func.erase();
        ++erased;
      }
    } else if (auto gradient = dyn_cast<GradientOp>(op)) {
      if (!reached.contains(gradient.getFunction()))
        gradient.erase();
    }
  }
  return erased;
}
