//===- FunctionalControlFlow.cpp - Lower If/While to v1 control flow ------===//
//
// Structural like inlining (it builds a loop or a conditional around copies
// of function bodies), so C++ rather than a DRR/PDLL pattern. The bodies
// are copied by the function inliner: each branch is first a temporary
// `PartitionedCall` named `<node>/then` (`/else`, `/cond`, `/body`) wired
// to the Switch outputs, so the copies are named `<node>/then/<body node>`
// and get the inliner's argument, result and control rules: the call's
// control input (a pivot) goes to the body's entry nodes, which puts a
// branch's constants under its predicate and a loop body's into its frame.
//
//===----------------------------------------------------------------------===//

#include "TFG/Transforms/Utils/FunctionalControlFlow.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <deque>

using namespace mlir;
using namespace mlir::tfg;

namespace {

constexpr llvm::StringLiteral kPass = "tfg-functional-to-v1-control-flow";

/// A functional node still to lower, with the functions whose bodies it was
/// copied from (outermost first), to detect recursion.
struct PendingNode {
  Operation *node;
  SmallVector<StringRef> chain;
};

unsigned numDataArgs(FuncOp func) {
  unsigned count = 0;
  for (int32_t size : func.getInputArgSizes())
    count += size;
  return count;
}

class Lowering {
public:
  Lowering(Block &block, SymbolTable &functions,
           const FunctionInliningLimits &limits)
      : block(block), functions(functions), limits(limits),
        rewriter(block.getParentOp()->getContext()) {
    for (Operation &op : block)
      if (isNodeOp(&op))
        names.insert(getNodeName(&op));
    collectSignatureNames();
  }

  LogicalResult run() {
    for (Operation &op : block)
      if (isFunctionalControlFlow(&op))
        pending.push_back({&op, {}});
    while (!pending.empty()) {
      PendingNode node = std::move(pending.front());
      pending.pop_front();
      LogicalResult result =
          isFunctionalIf(node.node) ? lowerIf(node)
          : isFunctionalWhile(node.node)
              ? lowerWhile(node)
              : nodeError(node.node, "is a " + getNodeOpType(node.node) +
                                         ", which is not lowered "
                                         "(only If and While are)");
      if (failed(result))
        return failure();
    }
    return success();
  }

private:
  void collectSignatureNames() {
    Operation *module = block.getParentOp();
    while (module && !isa<ModuleOp>(module))
      module = module->getParentOp();
    if (!module)
      return;
    auto signature = module->getAttrOfType<DictionaryAttr>(attrs::kSignature);
    if (!signature)
      return;
    for (StringRef key : {"inputs", "outputs"})
      if (auto tensors = signature.getAs<DictionaryAttr>(key))
        for (NamedAttribute tensor : tensors)
          if (auto name = dyn_cast<StringAttr>(tensor.getValue()))
            signatureNodes.insert(nodeNameOfTensor(name.getValue()));
  }

  LogicalResult nodeError(Operation *node, const Twine &what) {
    return node->emitError()
           << kPass << ": node '" << getNodeName(node) << "' " << what;
  }

  /// The function `attrName` of `node` refers to, checked against the
  /// recursion chain and the depth limit.
  FailureOr<std::pair<FuncOp, FuncAttr>>
  getFunction(const PendingNode &pendingNode, StringRef attrName) {
    Operation *node = pendingNode.node;
    auto ref = node->getAttrOfType<FuncAttr>(attrName);
    if (!ref)
      return nodeError(node, "has no function reference in its '" + attrName +
                                 "' attr");
    StringRef name = ref.getName().getValue();
    auto func = functions.lookup<FuncOp>(name);
    if (!func)
      return nodeError(node, "refers to function '" + name + "' (" + attrName +
                                 "), which the function library lacks");
    if (llvm::is_contained(pendingNode.chain, name)) {
      std::string chain = llvm::join(pendingNode.chain.begin(),
                                     pendingNode.chain.end(), " -> ");
      return nodeError(node, "recurses through function '" + name + "' (" +
                                 chain + " -> " + name +
                                 "); recursion cannot be lowered");
    }
    if (pendingNode.chain.size() >= limits.maxDepth)
      return nodeError(node, "is nested more than " + Twine(limits.maxDepth) +
                                 " functions deep");
    return std::make_pair(func, ref);
  }

  /// The dtype of entry `index` of the list(type) attr `attrName`, else the
  /// element type of `value`'s type.
  FailureOr<Type> dtypeOf(Operation *node, StringRef attrName, unsigned index,
                          Value value) {
    if (auto list = node->getAttrOfType<ArrayAttr>(attrName))
      if (index < list.size())
        if (auto type = dyn_cast<TypeAttr>(list[index]))
          return type.getValue();
    if (auto shaped = dyn_cast<ShapedType>(value.getType()))
      return shaped.getElementType();
    return nodeError(node, "has no dtype for tensor " + Twine(index) +
                               " (no '" + attrName + "' attr)");
  }

  std::string uniqueName(StringRef base) {
    std::string name = base.str();
    for (unsigned i = 1; names.contains(name); ++i)
      name = (base + "_" + Twine(i)).str();
    names.insert(name);
    return name;
  }

  /// Builds a node of op type `opType` named `<like>/<suffix>` (unique) on
  /// `like`'s device, before `like`.
  Operation *createNode(Operation *like, StringRef suffix, StringRef opType,
                        ValueRange data, ValueRange controls,
                        ArrayRef<Type> dataTypes,
                        ArrayRef<NamedAttribute> attrs) {
    OperationState state(like->getLoc(), ("tfg." + opType).str());
    state.addOperands(data);
    state.addOperands(controls);
    state.addAttributes(attrs);
    state.addTypes(dataTypes);
    state.addTypes(ControlType::get(like->getContext()));
    setOperandSegments(state, controls.size());
    rewriter.setInsertionPoint(like);
    Operation *node = rewriter.create(state);
    std::string name =
        suffix.empty() ? getNodeName(like).str()
                       : uniqueName((getNodeName(like) + "/" + suffix).str());
    setNodeNameAndDeviceLike(node, rewriter.getStringAttr(name), like);
    return node;
  }

  NamedAttribute typeAttr(StringRef name, Type type) {
    return rewriter.getNamedAttr(name, TypeAttr::get(type));
  }

  Type scalarBool() { return RankedTensorType::get({}, rewriter.getI1Type()); }

  /// A temporary call of `ref` named `<like>/<suffix>`, for the inliner.
  Operation *createCall(Operation *like, StringRef suffix, FuncAttr ref,
                        ValueRange data, Value control,
                        ArrayRef<Type> resultTypes) {
    OperationState state(like->getLoc(), "tfg.generic");
    state.addOperands(data);
    state.addOperands(control);
    state.addAttribute(attrs::kOpType,
                       rewriter.getStringAttr("PartitionedCall"));
    state.addAttribute("f", ref);
    state.addTypes(resultTypes);
    state.addTypes(ControlType::get(like->getContext()));
    rewriter.setInsertionPoint(like);
    Operation *call = rewriter.create(state);
    setNodeNameAndDeviceLike(call,
                             rewriter.getStringAttr(uniqueName(
                                 (getNodeName(like) + "/" + suffix).str())),
                             like);
    return call;
  }

  /// Inlines `call` (of `func`) and queues the functional nodes its copy
  /// brings, with `chain` + `func`. `pivot` is the call's control input:
  /// the token every node of the branch runs after.
  LogicalResult inlineBranch(Operation *call, FuncOp func,
                             ArrayRef<StringRef> chain) {
    Value pivot = getControlOperands(call).front();
    uint64_t size = func.getBlock().getOperations().size() - 1;
    if (size > limits.maxInlinedNodes - copiedNodes)
      return nodeError(call, "would copy more than " +
                                 Twine(limits.maxInlinedNodes) + " nodes");
    copiedNodes += size;
    SmallVector<Operation *> created;
    FunctionInliningLimits callLimits = limits;
    callLimits.maxInlinedNodes = limits.maxInlinedNodes - copiedNodes;
    if (failed(inlineCallNodes(block, {call}, functions, chain, created,
                               nullptr, callLimits)))
      return failure();
    SmallVector<StringRef> innerChain(chain);
    innerChain.push_back(func.getSymName());
    for (Operation *node : created) {
      names.insert(getNodeName(node));
      // The inliner gives the call's control input to the entry nodes of
      // the copy, but not to those of a call the copy holds whose data
      // already comes after it (nor to a call with no outside operand): a
      // node with no input at all would run outside the branch (a
      // constant live in the untaken branch, or outside the loop's frame).
      if (node->getNumOperands() == 0)
        setControlOperands(rewriter, node, pivot);
      if (isFunctionalControlFlow(node))
        pending.push_back({node, innerChain});
    }
    return success();
  }

  /// Is `node` fetched by name: the signature names it, or nothing uses it
  /// (an output of the graph)?
  bool isFetched(Operation *node) {
    return signatureNodes.contains(getNodeName(node)) ||
           (isa<GraphOp>(block.getParentOp()) &&
            llvm::all_of(node->getResults(),
                         [](Value result) { return result.use_empty(); }));
  }

  /// What stays of a lowered node of name `c` when needed: an IdentityN `c`
  /// over `outputs` when it is fetched, else a NoOp `c` when something
  /// waits for it; either depends on `controls`.
  void replaceByStandIn(Operation *node, ValueRange outputs,
                        ValueRange controls) {
    bool fetched = isFetched(node);
    Value token = getControlToken(node);
    for (auto [result, output] : llvm::zip(getDataResults(node), outputs))
      rewriter.replaceAllUsesWith(result, output);
    if (fetched || !token.use_empty()) {
      Operation *standIn;
      if (fetched && !outputs.empty()) {
        SmallVector<Attribute> dtypes;
        SmallVector<Type> types;
        for (auto [result, output] : llvm::zip(getDataResults(node), outputs)) {
          types.push_back(result.getType());
          Type type = output.getType();
          if (auto shaped = dyn_cast<ShapedType>(result.getType()))
            type = shaped.getElementType();
          else if (auto shaped = dyn_cast<ShapedType>(type))
            type = shaped.getElementType();
          dtypes.push_back(TypeAttr::get(type));
        }
        standIn = createNode(
            node, "", "IdentityN", outputs, controls, types,
            {rewriter.getNamedAttr("T", rewriter.getArrayAttr(dtypes))});
      } else {
        // Without control inputs of its own, the NoOp waits for the
        // outputs (a loop's Exits).
        SmallVector<Value> tokens(controls);
        if (tokens.empty())
          for (Value output : outputs)
            if (Operation *producer = output.getDefiningOp())
              if (!llvm::is_contained(tokens, getControlToken(producer)))
                tokens.push_back(getControlToken(producer));
        standIn = createNode(node, "", "NoOp", {}, tokens, {}, {});
      }
      rewriter.replaceAllUsesWith(token, getControlToken(standIn));
    }
    rewriter.eraseOp(node);
  }

  LogicalResult checkArity(Operation *node, StringRef role, FuncOp func,
                           unsigned inputs, unsigned outputs) {
    unsigned takes = numDataArgs(func);
    unsigned returns = func.getReturnOp().getData().size();
    if (takes != inputs || returns != outputs)
      return nodeError(node, "passes " + Twine(inputs) + " tensors to " + role +
                                 " '" + func.getSymName() + "' and expects " +
                                 Twine(outputs) + " back; the function takes " +
                                 Twine(takes) + " and returns " +
                                 Twine(returns));
    return success();
  }

  LogicalResult lowerIf(PendingNode &pendingNode) {
    Operation *node = pendingNode.node;
    auto thenBranch = getFunction(pendingNode, "then_branch");
    if (failed(thenBranch))
      return failure();
    auto elseBranch = getFunction(pendingNode, "else_branch");
    if (failed(elseBranch))
      return failure();
    OperandRange data = getDataOperands(node);
    if (data.empty())
      return nodeError(node, "has no predicate operand");
    Value pred = data.front();
    OperandRange inputs = data.drop_front();
    ResultRange outputs = getDataResults(node);
    for (auto [role, branch] : {std::make_pair("then_branch", *thenBranch),
                                std::make_pair("else_branch", *elseBranch)})
      if (failed(checkArity(node, role, branch.first, inputs.size(),
                            outputs.size())))
        return failure();
    Type predType;
    if (auto tcond = node->getAttrOfType<TypeAttr>("Tcond"))
      predType = tcond.getValue();
    else if (auto shaped = dyn_cast<ShapedType>(pred.getType()))
      predType = shaped.getElementType();
    if (!predType || !predType.isInteger(1)) {
      std::string dtype = "unknown";
      if (predType) {
        dtype.clear();
        llvm::raw_string_ostream os(dtype);
        predType.print(os);
      }
      return nodeError(node, "has a predicate of dtype " + dtype +
                                 "; Switch takes a bool (compare it first)");
    }

    SmallVector<Value> controls(getControlOperands(node));
    Type boolType = scalarBool();
    Operation *switchPred =
        createNode(node, "switch_pred", "Switch", {pred, pred}, controls,
                   {pred.getType(), pred.getType()},
                   {typeAttr("T", rewriter.getI1Type())});
    Type i1 = rewriter.getI1Type();
    Operation *pivotT =
        createNode(node, "switch_t", "Identity", {switchPred->getResult(1)}, {},
                   {boolType}, {typeAttr("T", i1)});
    Operation *pivotF =
        createNode(node, "switch_f", "Identity", {switchPred->getResult(0)}, {},
                   {boolType}, {typeAttr("T", i1)});
    SmallVector<Value> thenInputs, elseInputs;
    for (auto [index, input] : llvm::enumerate(inputs)) {
      FailureOr<Type> dtype = dtypeOf(node, "Tin", index, input);
      if (failed(dtype))
        return failure();
      Operation *inputSwitch = createNode(
          node, ("switch_" + Twine(index)).str(), "Switch", {input, pred},
          controls, {input.getType(), input.getType()},
          {typeAttr("T", *dtype)});
      elseInputs.push_back(inputSwitch->getResult(0));
      thenInputs.push_back(inputSwitch->getResult(1));
    }
    SmallVector<Type> outputTypes(outputs.getTypes());
    Operation *thenCall =
        createCall(node, "then", thenBranch->second, thenInputs,
                   getControlToken(pivotT), outputTypes);
    Operation *elseCall =
        createCall(node, "else", elseBranch->second, elseInputs,
                   getControlToken(pivotF), outputTypes);
    SmallVector<Value> merged;
    for (auto [index, output] : llvm::enumerate(outputs)) {
      FailureOr<Type> dtype = dtypeOf(node, "Tout", index, output);
      if (failed(dtype))
        return failure();
      Operation *merge = createNode(
          node, ("merge_" + Twine(index)).str(), "Merge",
          {thenCall->getResult(index), elseCall->getResult(index)}, {},
          {output.getType(), RankedTensorType::get({}, rewriter.getI32Type())},
          {typeAttr("T", *dtype),
           rewriter.getNamedAttr("N", rewriter.getI64IntegerAttr(2))});
      merged.push_back(merge->getResult(0));
    }
    // Whoever waits for the If waits for the branch that ran (its control
    // outputs): a Merge of the pivots is live whichever branch ran, and a
    // Merge's control inputs order it without making it dead.
    SmallVector<Value> standInControls;
    if (isFetched(node) || !getControlToken(node).use_empty()) {
      Operation *branchExecuted = createNode(
          node, "branch_executed", "Merge",
          {pivotT->getResult(0), pivotF->getResult(0)},
          {getControlToken(thenCall), getControlToken(elseCall)},
          {boolType, RankedTensorType::get({}, rewriter.getI32Type())},
          {typeAttr("T", i1),
           rewriter.getNamedAttr("N", rewriter.getI64IntegerAttr(2))});
      standInControls.push_back(getControlToken(branchExecuted));
    }
    replaceByStandIn(node, merged, standInControls);

    if (failed(inlineBranch(thenCall, thenBranch->first, pendingNode.chain)))
      return failure();
    return inlineBranch(elseCall, elseBranch->first, pendingNode.chain);
  }

  LogicalResult lowerWhile(PendingNode &pendingNode) {
    Operation *node = pendingNode.node;
    auto cond = getFunction(pendingNode, "cond");
    if (failed(cond))
      return failure();
    auto body = getFunction(pendingNode, "body");
    if (failed(body))
      return failure();
    OperandRange vars = getDataOperands(node);
    ResultRange outputs = getDataResults(node);
    if (vars.empty())
      return nodeError(node, "has no loop variables");
    if (outputs.size() != vars.size())
      return nodeError(node, "has " + Twine(vars.size()) +
                                 " loop variables but " +
                                 Twine(outputs.size()) + " outputs");
    unsigned bodyTakes = numDataArgs(body->first);
    unsigned bodyReturns = body->first.getReturnOp().getData().size();
    if (bodyTakes != bodyReturns)
      return nodeError(node, "has body '" + body->first.getSymName() +
                                 "' that takes " + Twine(bodyTakes) +
                                 " values and returns " + Twine(bodyReturns) +
                                 "; a loop body returns its loop variables");
    if (failed(checkArity(node, "cond", cond->first, vars.size(), 1)) ||
        failed(checkArity(node, "body", body->first, vars.size(), vars.size())))
      return failure();
    int64_t parallelIterations = 10;
    if (auto attr = node->getAttrOfType<IntegerAttr>("parallel_iterations"))
      parallelIterations = attr.getInt();

    SmallVector<Value> controls(getControlOperands(node));
    SmallVector<Type> dtypes;
    SmallVector<Operation *> merges;
    for (auto [index, var] : llvm::enumerate(vars)) {
      FailureOr<Type> dtype = dtypeOf(node, "T", index, var);
      if (failed(dtype))
        return failure();
      dtypes.push_back(*dtype);
      Type type = outputs[index].getType();
      Operation *enter = createNode(
          node, ("enter_" + Twine(index)).str(), "Enter", {var}, controls,
          {type},
          {typeAttr("T", *dtype),
           rewriter.getNamedAttr("frame_name",
                                 rewriter.getStringAttr(getNodeName(node))),
           rewriter.getNamedAttr("is_constant", rewriter.getBoolAttr(false)),
           rewriter.getNamedAttr(
               "parallel_iterations",
               rewriter.getI64IntegerAttr(parallelIterations))});
      // The second input becomes the NextIteration once it exists.
      Operation *merge = createNode(
          node, ("merge_" + Twine(index)).str(), "Merge",
          {enter->getResult(0), enter->getResult(0)}, {},
          {type, RankedTensorType::get({}, rewriter.getI32Type())},
          {typeAttr("T", *dtype),
           rewriter.getNamedAttr("N", rewriter.getI64IntegerAttr(2))});
      merges.push_back(merge);
    }
    SmallVector<Value> merged;
    for (Operation *merge : merges)
      merged.push_back(merge->getResult(0));
    Type boolType = scalarBool();
    Operation *condCall = createCall(node, "cond", cond->second, merged,
                                     getControlToken(merges[0]), {boolType});
    Operation *loopCond =
        createNode(node, "loop_cond", "LoopCond", {condCall->getResult(0)}, {},
                   {boolType}, {});
    SmallVector<Value> bodyInputs, exits;
    SmallVector<Type> varTypes;
    for (auto [index, merge] : llvm::enumerate(merges)) {
      Type type = outputs[index].getType();
      varTypes.push_back(type);
      Operation *loopSwitch =
          createNode(node, ("switch_" + Twine(index)).str(), "Switch",
                     {merge->getResult(0), loopCond->getResult(0)}, {},
                     {type, type}, {typeAttr("T", dtypes[index])});
      Operation *exit = createNode(node, ("exit_" + Twine(index)).str(), "Exit",
                                   {loopSwitch->getResult(0)}, {}, {type},
                                   {typeAttr("T", dtypes[index])});
      exits.push_back(exit->getResult(0));
      Operation *identity =
          createNode(node, ("identity_" + Twine(index)).str(), "Identity",
                     {loopSwitch->getResult(1)}, {}, {type},
                     {typeAttr("T", dtypes[index])});
      bodyInputs.push_back(identity->getResult(0));
    }
    Operation *bodyCall = createCall(
        node, "body", body->second, bodyInputs,
        bodyInputs.front().getDefiningOp()->getResults().back(), varTypes);
    for (auto [index, merge] : llvm::enumerate(merges)) {
      Operation *next =
          createNode(node, ("next_iteration_" + Twine(index)).str(),
                     "NextIteration", {bodyCall->getResult(index)}, {},
                     {varTypes[index]}, {typeAttr("T", dtypes[index])});
      merge->setOperand(1, next->getResult(0));
    }
    replaceByStandIn(node, exits, {});

    if (failed(inlineBranch(condCall, cond->first, pendingNode.chain)))
      return failure();
    return inlineBranch(bodyCall, body->first, pendingNode.chain);
  }

  Block &block;
  SymbolTable &functions;
  const FunctionInliningLimits &limits;
  IRRewriter rewriter;
  llvm::StringSet<> names;
  llvm::StringSet<> signatureNodes;
  std::deque<PendingNode> pending;
  uint64_t copiedNodes = 0;
};

} // namespace

LogicalResult
mlir::tfg::lowerFunctionalControlFlow(Block &block, SymbolTable &functions,
                                      const FunctionInliningLimits &limits) {
  return Lowering(block, functions, limits).run();
}
