//===- RaiseControlFlow.cpp - v1 control flow to functional While/If
//-------===//
//
// TensorFlow's functionalize_control_flow (tf2xla: functionalize_while.cc,
// functionalize_cond.cc) on TFG's IR. Structural (whole frames and whole
// conditionals become functions), so C++ like FunctionalControlFlow.cpp,
// its inverse.
//
// Loops: every node gets a frame by TensorFlow's executor rules
// (control_flow.cc BuildControlFlowInfo: an Enter's users are in the
// Enter's frame_name under the Enter's own frame, an Exit's users in the
// parent frame, everyone else's users in the node's frame; a node fed from
// two frames is an error). Frames are raised innermost first, so an outer
// body holds the inner loop as a `While` node. Conditionals are raised
// afterwards in each block (the graph, each new body), innermost first:
// a Switch group is raised once its branches hold no other conditional.
//
//===----------------------------------------------------------------------===//

#include "TFG/Transforms/Utils/RaiseControlFlow.h"

#include "TFG/Analysis/DeadnessAnalysis.h"
#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <map>

using namespace mlir;
using namespace mlir::tfg;

namespace {

constexpr llvm::StringLiteral kPass = "tfg-raise-v1-control-flow";

/// Follows Identity-like nodes up to the value they forward: TensorFlow's
/// tf.cond switches its inputs on `pred_id = Identity(pred)` but its pivots
/// on `pred` itself; both are one conditional.
Value forwardedRoot(Value value) {
  while (Operation *producer = value.getDefiningOp()) {
    if (!isForwarding(producer) || getDataOperands(producer).empty())
      break;
    value = getDataOperands(producer).front();
  }
  return value;
}

/// A constant subgraph (a Const, or a stateless node of constants only) can
/// be copied into whichever function uses it: grappler and graph tools drop
/// the control edge that would tie a loop's constant to its frame.
bool isConstOp(Operation *op) {
  return isNodeOp(op) && op->getNumOperands() == 0 &&
         getNodeOpType(op) == "Const";
}

bool canFloat(Operation *op) {
  return isNodeOp(op) && !isV1ControlFlow(op) && !isFunctionalControlFlow(op) &&
         isStatelessOpType(getNodeOpType(op));
}

/// The element type of a tensor type; null for !tfg.tensor and others.
Type elementDtype(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return {};
}

/// The `T` attr of a v1 control-flow node, else its value's element type.
Type nodeDtype(Operation *node, Value value) {
  if (auto attr = node->getAttrOfType<TypeAttr>("T"))
    return attr.getValue();
  return elementDtype(value.getType());
}

/// Letters, digits, '_', '.', '-' only: a library function name TensorFlow
/// and TF.js accept.
std::string sanitizedName(StringRef name) {
  std::string result;
  for (char c : name)
    result += (llvm::isAlnum(c) || c == '_' || c == '.' || c == '-') ? c : '_';
  if (result.empty() || !llvm::isAlpha(result.front()))
    result = "f_" + result;
  return result;
}

/// What the frame and conditional raisers share: names, functions, the
/// module's fetched node names, and node building.
class RaiseContext {
public:
  RaiseContext(Block &block, SymbolTable &functions)
      : functions(functions), context(block.getParentOp()->getContext()) {
    for (StringRef side : {"inputs", "outputs"})
      for (SignatureTensor tensor :
           getSignatureTensors(block.getParentOp(), side))
        signatureNodes.insert(nodeNameOfTensor(tensor.tensor));
  }

  MLIRContext *getContext() { return context; }

  /// A node name not yet used in `block`.
  std::string uniqueNodeName(Block &block, StringRef base) {
    llvm::StringSet<> names;
    for (Operation &op : block)
      if (isNodeOp(&op))
        names.insert(getNodeName(&op));
    std::string name = base.str();
    for (unsigned i = 1; names.contains(name); ++i)
      name = (base + "_" + Twine(i)).str();
    return name;
  }

  /// Is `node` fetched by name: the signature names it, or it is a graph
  /// node nothing uses (a graph output)?
  bool isFetched(Operation *node) {
    if (!isa<GraphOp>(node->getParentOp()))
      return false; // a function's outputs are its return
    return signatureNodes.contains(getNodeName(node)) || node->use_empty();
  }

  /// A new library function `base` (made unique) with one data argument of
  /// `argTypes[i]` (dtype `argDtypes[i]`) per input arg and one result arg
  /// of dtype `resultDtypes[j]` each; its block holds the arguments, data
  /// then control, and no nodes yet.
  FuncOp createFunction(Location loc, StringRef base, ArrayRef<Type> argTypes,
                        ArrayRef<Type> argDtypes, ArrayRef<Type> resultDtypes,
                        StringRef resultPrefix) {
    SmallVector<Attribute> inputs, outputs;
    auto argDef = [&](StringRef name, Type dtype) {
      return ArgDefAttr::get(context, name, dtype, "", "", "", false,
                             ArrayAttr(), "", StringAttr());
    };
    for (auto [index, dtype] : llvm::enumerate(argDtypes))
      inputs.push_back(argDef(("arg" + Twine(index)).str(), dtype));
    for (auto [index, dtype] : llvm::enumerate(resultDtypes))
      outputs.push_back(argDef((resultPrefix + Twine(index)).str(), dtype));
    OpBuilder builder(context);
    auto func = FuncOp::create(builder, loc, sanitizedName(base),
                               ArrayAttr::get(context, inputs),
                               ArrayAttr::get(context, outputs));
    functions.insert(func);
    Block &body = func.getBlock();
    for (Type type : argTypes)
      body.addArgument(type, loc);
    for (size_t i = 0; i < argTypes.size(); ++i)
      body.addArgument(ControlType::get(context), loc);
    return func;
  }

  /// Copies `nodes` (in this order) into `func` with `mapping` (which maps
  /// the boundary values to the function's arguments) and ends it with a
  /// return of `results`' copies.
  LogicalResult fillFunction(FuncOp func, ArrayRef<Operation *> nodes,
                             IRMapping &mapping, ArrayRef<Value> results,
                             Operation *errorAt) {
    Block &body = func.getBlock();
    OpBuilder builder = OpBuilder::atBlockEnd(&body);
    SmallVector<Operation *> copies;
    for (Operation *node : nodes)
      copies.push_back(builder.clone(*node, mapping));
    // A graph region has no dominance: a copy may read a node copied
    // after it.
    for (Operation *copy : copies)
      for (OpOperand &operand : copy->getOpOperands()) {
        if (Value mapped = mapping.lookupOrNull(operand.get()))
          operand.set(mapped);
        if (operand.get().getParentRegion() != &func.getBody())
          return errorAt->emitError()
                 << kPass << ": node '" << getNodeName(copy)
                 << "' of function '" << func.getSymName()
                 << "' reads a value from outside it";
      }
    SmallVector<Value> returned;
    for (Value result : results) {
      Value mapped = mapping.lookupOrNull(result);
      if (!mapped)
        return errorAt->emitError()
               << kPass << ": a result of function '" << func.getSymName()
               << "' is computed outside it";
      returned.push_back(mapped);
    }
    ReturnOp::create(builder, func.getLoc(), returned, ValueRange{});
    return success();
  }

  /// A `tfg.generic` node of op type `opType` named `name` before `before`.
  Operation *createNode(Operation *before, StringRef opType, StringRef name,
                        ValueRange data, ValueRange controls,
                        ArrayRef<Type> resultTypes,
                        ArrayRef<NamedAttribute> attrs, StringAttr device) {
    // The typed op where the dialect has one (Identity), else generic.
    std::string typedName = ("tfg." + opType).str();
    bool typed =
        RegisteredOperationName::lookup(typedName, context).has_value();
    OperationState state(before->getLoc(), typed ? typedName : "tfg.generic");
    state.addOperands(data);
    state.addOperands(controls);
    if (!typed)
      state.addAttribute(attrs::kOpType, StringAttr::get(context, opType));
    state.addAttributes(attrs);
    state.addTypes(resultTypes);
    state.addTypes(ControlType::get(context));
    if (typed)
      setOperandSegments(state, controls.size());
    OpBuilder builder(before);
    Operation *node = builder.create(state);
    setNodeName(node, StringAttr::get(context, name));
    setNodeDevice(node, device);
    return node;
  }

  /// Replaces the uses of `removed`'s result `index` (and its token) by
  /// `value` (and `token`). A fetched `removed` leaves an Identity of its
  /// name over `value`, so `removed:0` can still be fetched.
  void replaceRemovedNode(Operation *removed, unsigned index, Value value,
                          Value token, Type dtype, bool mayBeFetched = true) {
    if (mayBeFetched && isFetched(removed)) {
      Operation *standIn = createNode(
          removed, "Identity", getNodeName(removed), {value}, {},
          {getDataResults(removed)[index].getType()},
          {NamedAttribute(StringAttr::get(context, "T"), TypeAttr::get(dtype))},
          getNodeDeviceAttr(removed));
      value = standIn->getResult(0);
      token = getControlToken(standIn);
      // The stand-in takes the name: the removed node's own goes.
      setNodeName(removed, getNodeName(removed).str() + "/raised");
    }
    getDataResults(removed)[index].replaceAllUsesWith(value);
    getControlToken(removed).replaceAllUsesWith(token);
  }

  SymbolTable &functions;

private:
  MLIRContext *context;
  llvm::StringSet<> signatureNodes;
};

/// Erases `nodes`, whose results only `nodes` may use (in cycles too); a
/// node outside that still reads one is an error at that node, before
/// anything is erased.
LogicalResult eraseNodes(ArrayRef<Operation *> nodes) {
  llvm::DenseSet<Operation *> erased(nodes.begin(), nodes.end());
  for (Operation *node : nodes)
    for (Operation *user : node->getUsers())
      if (!erased.contains(user))
        return user->emitError()
               << kPass << ": node '"
               << (isNodeOp(user) ? getNodeName(user) : StringRef("return"))
               << "' reads '" << getNodeName(node)
               << "', which the raising replaces and cannot be read there";
  for (Operation *node : nodes)
    node->dropAllReferences();
  for (Operation *node : nodes)
    node->erase();
  return success();
}

/// Erases the nodes of `candidates` left without users, and then their
/// producers among `candidates` that this leaves without users.
void eraseUnusedNodes(llvm::SetVector<Operation *> candidates) {
  bool erased = true;
  while (erased) {
    erased = false;
    for (Operation *node : llvm::to_vector(candidates))
      if (node->use_empty()) {
        candidates.remove(node);
        node->erase();
        erased = true;
      }
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

namespace {

struct Frame {
  std::string name; ///< frame_name; empty for the block's own (root) frame.
  int parent = -1;
  unsigned depth = 0;
  /// The Enter nodes that enter it (they are in the parent frame).
  SmallVector<Operation *> enters;
  /// Its nodes, Exits included, in block order.
  llvm::SetVector<Operation *> members;
};

/// One loop variable (an Enter with is_constant = false) or invariant (an
/// Enter with is_constant = true, which has only the Enter).
struct LoopVar {
  Operation *enter = nullptr;
  Operation *merge = nullptr;
  Operation *next = nullptr;
  Operation *loopSwitch = nullptr;
  SmallVector<Operation *> exits;
  Type dtype;
};

class LoopRaiser {
public:
  LoopRaiser(Block &block, RaiseContext &ctx) : block(block), ctx(ctx) {}

  /// Raises every frame of the block; the cond and body functions built are
  /// appended to `created`.
  LogicalResult run(SmallVectorImpl<FuncOp> &created) {
    findFloatingNodes();
    if (failed(assignFrames()))
      return failure();
    SmallVector<int> order;
    for (int index = 1, e = frames.size(); index < e; ++index)
      order.push_back(index);
    llvm::stable_sort(
        order, [&](int a, int b) { return frames[a].depth > frames[b].depth; });
    for (int index : order)
      if (failed(raiseFrame(index, created)))
        return failure();
    eraseUnusedNodes(usedFloating);
    return success();
  }

private:
  /// Constant subgraphs, which belong to no frame (see canFloat).
  void findFloatingNodes() {
    SmallVector<Operation *> worklist;
    for (Operation &op : block)
      if (isConstOp(&op) && floating.insert(&op).second)
        worklist.push_back(&op);
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      for (Operation *user : op->getUsers()) {
        if (floating.contains(user) || !canFloat(user))
          continue;
        if (llvm::all_of(user->getOperands(), [&](Value operand) {
              Operation *producer = operand.getDefiningOp();
              return producer && floating.contains(producer);
            })) {
          floating.insert(user);
          worklist.push_back(user);
        }
      }
    }
  }

  InFlightDiagnostic frameError(int frame, Operation *node) {
    InFlightDiagnostic diag = node->emitError();
    diag << kPass << ": cannot raise frame '" << frames[frame].name
         << "': node '" << getNodeName(node) << "' (" << getNodeOpType(node)
         << ") ";
    return diag;
  }

  /// The frame `enter` (in frame `parent`) enters.
  FailureOr<int> childFrame(int parent, Operation *enter) {
    auto name = enter->getAttrOfType<StringAttr>("frame_name");
    if (!name || name.getValue().empty())
      return enter->emitError() << kPass << ": node '" << getNodeName(enter)
                                << "' (Enter) has no frame_name";
    auto [it, inserted] =
        frameIndex.try_emplace({parent, name.getValue().str()}, 0);
    if (inserted) {
      it->second = frames.size();
      Frame frame;
      frame.name = name.getValue().str();
      frame.parent = parent;
      frame.depth = frames[parent].depth + 1;
      frames.push_back(std::move(frame));
    }
    frames[it->second].enters.push_back(enter);
    return it->second;
  }

  /// TensorFlow's BuildControlFlowInfo over data and control edges.
  LogicalResult assignFrames() {
    frames.emplace_back();
    SmallVector<Operation *> worklist;
    auto reach = [&](Operation *user, int frame,
                     Operation *from) -> LogicalResult {
      if (!isNodeOp(user) || floating.contains(user))
        return success();
      auto [it, inserted] = frameOf.try_emplace(user, frame);
      if (inserted) {
        worklist.push_back(user);
        return success();
      }
      if (it->second == frame)
        return success();
      auto frameName = [&](int index) {
        return index == 0 ? std::string("the graph's own frame")
                          : "frame '" + frames[index].name + "'";
      };
      return user->emitError()
             << kPass << ": node '" << getNodeName(user) << "' ("
             << getNodeOpType(user)
             << ") takes inputs from two frames: " << frameName(it->second)
             << " and " << frameName(frame) << " (through '"
             << getNodeName(from)
             << "'); values enter a frame only through an Enter";
    };
    auto drain = [&]() -> LogicalResult {
      while (!worklist.empty()) {
        Operation *node = worklist.pop_back_val();
        int frame = frameOf[node];
        int usersFrame = frame;
        if (isEnterLike(node)) {
          FailureOr<int> child = childFrame(frame, node);
          if (failed(child))
            return failure();
          usersFrame = *child;
        } else if (isExitLike(node)) {
          if (frame == 0)
            return node->emitError()
                   << kPass << ": node '" << getNodeName(node)
                   << "' (Exit) is outside any loop frame: no Enter leads "
                      "to it";
          usersFrame = frames[frame].parent;
        }
        for (Operation *user : node->getUsers())
          if (failed(reach(user, usersFrame, node)))
            return failure();
      }
      return success();
    };
    auto isRootSeed = [&](Operation &op) {
      return llvm::all_of(op.getOperands(), [&](Value operand) {
        Operation *producer = operand.getDefiningOp();
        return !producer || floating.contains(producer);
      });
    };
    for (Operation &op : block)
      if (isNodeOp(&op) && !floating.contains(&op) && isRootSeed(op) &&
          frameOf.try_emplace(&op, 0).second)
        worklist.push_back(&op);
    if (failed(drain()))
      return failure();
    // Nodes only a cycle reaches: in the root frame, where the checks
    // below name them.
    for (Operation &op : block)
      if (isNodeOp(&op) && !floating.contains(&op) &&
          frameOf.try_emplace(&op, 0).second) {
        worklist.push_back(&op);
        if (failed(drain()))
          return failure();
      }
    // Loop variables in graph order, whatever order the walk met them.
    for (Frame &frame : frames)
      llvm::sort(frame.enters, [](Operation *a, Operation *b) {
        return a->isBeforeInBlock(b);
      });
    for (Operation &op : block) {
      if (!isNodeOp(&op) || floating.contains(&op))
        continue;
      int frame = frameOf[&op];
      if (frame != 0) {
        frames[frame].members.insert(&op);
        continue;
      }
      if (isExitLike(&op) || isNextIterationLike(&op) || isLoopCond(&op))
        return op.emitError() << kPass << ": node '" << getNodeName(&op)
                              << "' (" << getNodeOpType(&op)
                              << ") is outside any loop frame: no Enter "
                                 "leads to it";
    }
    return success();
  }

  /// Finds the loop variables of frame `index`, checking TensorFlow's
  /// structure: Enter -> Merge(Enter, NextIteration) -> Switch(Merge,
  /// LoopCond) -> Exit on output 0, the body on output 1.
  LogicalResult findLoopVars(int index, Operation *&loopCond,
                             SmallVectorImpl<LoopVar> &vars,
                             SmallVectorImpl<LoopVar> &invariants) {
    Frame &frame = frames[index];
    SmallVector<Operation *> loopConds;
    for (Operation *member : frame.members)
      if (isLoopCond(member))
        loopConds.push_back(member);
    if (loopConds.empty())
      return frameError(index, frame.enters.front())
             << "enters a frame that has no LoopCond";
    if (loopConds.size() > 1)
      return frameError(index, loopConds[1])
             << "is the frame's second LoopCond (the first is '"
             << getNodeName(loopConds[0]) << "')";
    loopCond = loopConds.front();
    if (getDataOperands(loopCond).size() != 1)
      return frameError(index, loopCond) << "does not have one input";
    Value predicate = getDataResults(loopCond)[0];

    for (Operation *enter : frame.enters) {
      LoopVar var;
      var.enter = enter;
      if (getDataOperands(enter).size() != 1)
        return frameError(index, enter) << "does not have one input";
      var.dtype = nodeDtype(enter, getDataResults(enter)[0]);
      if (!var.dtype)
        return frameError(index, enter) << "has no dtype (no 'T' attr)";
      auto isConstant = enter->getAttrOfType<BoolAttr>("is_constant");
      if (isConstant && isConstant.getValue()) {
        invariants.push_back(var);
        continue;
      }
      Value entered = getDataResults(enter)[0];
      for (Operation *user : entered.getUsers()) {
        if (!isMergeLike(user) || !frame.members.contains(user))
          return frameError(index, enter)
                 << "feeds '" << getNodeName(user)
                 << "', not a Merge: a loop variable (is_constant = false) "
                    "enters through a Merge";
        if (var.merge && var.merge != user)
          return frameError(index, enter)
                 << "feeds two Merges ('" << getNodeName(var.merge) << "' and '"
                 << getNodeName(user) << "')";
        var.merge = user;
      }
      if (!var.merge)
        return frameError(index, enter) << "feeds no Merge";
      OperandRange mergeInputs = getDataOperands(var.merge);
      if (mergeInputs.size() != 2)
        return frameError(index, var.merge)
               << "has " << mergeInputs.size()
               << " inputs; a loop Merge has the Enter and a NextIteration";
      Value back = mergeInputs[0] == entered ? mergeInputs[1] : mergeInputs[0];
      var.next = back.getDefiningOp();
      if (!var.next || !isNextIterationLike(var.next))
        return frameError(index, var.merge)
               << "merges Enter '" << getNodeName(enter)
               << "' with no NextIteration";
      if (!getDataResults(var.merge)[1].use_empty())
        return frameError(index, var.merge)
               << "has its value_index output used; a While has no such "
                  "output";
      for (Operation *user : getDataResults(var.merge)[0].getUsers()) {
        if (!isSwitchLike(user) || getDataOperands(user).size() != 2 ||
            getDataOperands(user)[1] != predicate)
          continue;
        if (var.loopSwitch)
          return frameError(index, var.merge)
                 << "is switched twice on LoopCond '" << getNodeName(loopCond)
                 << "'";
        var.loopSwitch = user;
      }
      if (!var.loopSwitch)
        return frameError(index, var.merge) << "is not switched on LoopCond '"
                                            << getNodeName(loopCond) << "'";
      for (Operation *user : getDataResults(var.loopSwitch)[0].getUsers()) {
        if (!isExitLike(user))
          return frameError(index, var.loopSwitch)
                 << "passes the loop's exit value to '" << getNodeName(user)
                 << "', not to an Exit";
        var.exits.push_back(user);
      }
      vars.push_back(std::move(var));
    }
    if (vars.empty())
      return frameError(index, loopCond)
             << "is in a frame with no loop variable (every Enter has "
                "is_constant = true)";

    // Every NextIteration, Exit and LoopCond Switch must be a variable's.
    llvm::DenseSet<Operation *> known;
    for (LoopVar &var : vars) {
      known.insert(var.next);
      known.insert(var.loopSwitch);
      known.insert(var.exits.begin(), var.exits.end());
      for (Operation *user : var.next->getUsers())
        if (user != var.merge)
          return frameError(index, var.next) << "feeds '" << getNodeName(user)
                                             << "' besides its loop Merge '"
                                             << getNodeName(var.merge) << "'";
    }
    for (Operation *member : frame.members) {
      if (known.contains(member))
        continue;
      if (isNextIterationLike(member))
        return frameError(index, member)
               << "feeds no loop Merge (Merge of an Enter and it)";
      if (isExitLike(member))
        return frameError(index, member)
               << "is not on a loop variable's Switch";
      if (isSwitchLike(member) && getDataOperands(member).size() == 2 &&
          getDataOperands(member)[1] == predicate)
        return frameError(index, member)
               << "switches on LoopCond '" << getNodeName(loopCond)
               << "' a value that is not a loop variable's Merge";
    }
    return success();
  }

  /// The members of frame `index` that `roots` reach backwards over data
  /// and control edges, stopping at the values `boundary` maps; in block
  /// order.
  FailureOr<SmallVector<Operation *>>
  sliceFrame(int index, ArrayRef<Value> roots, const IRMapping &boundary,
             const llvm::DenseSet<Operation *> &skeleton, StringRef role) {
    Frame &frame = frames[index];
    llvm::DenseSet<Operation *> reached;
    SmallVector<Value> worklist(roots);
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (boundary.contains(value))
        continue;
      Operation *producer = value.getDefiningOp();
      if (!producer)
        return frameError(index, frame.enters.front())
               << "enters a frame whose " << role
               << " reads a function argument directly";
      if (!reached.insert(producer).second)
        continue;
      if (skeleton.contains(producer))
        return frameError(index, producer)
               << "is read by the loop's " << role
               << " other than through a loop variable";
      if (!frame.members.contains(producer) && !floating.contains(producer))
        return frameError(index, producer)
               << "is outside the frame and read by its " << role;
      if (floating.contains(producer))
        usedFloating.insert(producer);
      llvm::append_range(worklist, producer->getOperands());
    }
    SmallVector<Operation *> slice;
    for (Operation &op : block)
      if (reached.contains(&op))
        slice.push_back(&op);
    return slice;
  }

  LogicalResult raiseFrame(int index, SmallVectorImpl<FuncOp> &created) {
    Frame &frame = frames[index];
    Operation *loopCond = nullptr;
    SmallVector<LoopVar> vars, invariants;
    if (failed(findLoopVars(index, loopCond, vars, invariants)))
      return failure();
    SmallVector<LoopVar> all(vars);
    llvm::append_range(all, invariants);

    llvm::DenseSet<Operation *> skeleton{loopCond};
    for (LoopVar &var : all) {
      skeleton.insert(var.enter);
      if (var.merge)
        for (Operation *node : {var.merge, var.next, var.loopSwitch})
          skeleton.insert(node);
      skeleton.insert(var.exits.begin(), var.exits.end());
    }

    // The functions' arguments: the loop variables, then the invariants.
    // Control edges from the skeleton become the argument's control token
    // (a LoopCond's, the first argument's).
    MLIRContext *context = ctx.getContext();
    FuncOp cond, body;
    SmallVector<Type> argTypes, dtypes;
    for (LoopVar &var : all) {
      argTypes.push_back(getDataResults(var.enter)[0].getType());
      dtypes.push_back(var.dtype);
    }
    std::string base = frame.name;
    if (StringRef(base).ends_with("/while_context"))
      base = StringRef(base).drop_back(strlen("/while_context")).str();
    std::string nodeName = ctx.uniqueNodeName(block, base);
    Location loc = loopCond->getLoc();

    IRMapping condMap, bodyMap;
    cond = ctx.createFunction(loc, nodeName + "_cond", argTypes, dtypes,
                              {IntegerType::get(context, 1)}, "cond");
    body = ctx.createFunction(loc, nodeName + "_body", argTypes, dtypes, dtypes,
                              "out");
    created.push_back(cond);
    created.push_back(body);
    auto mapArg = [&](IRMapping &map, FuncOp func, unsigned i, Value data,
                      Operation *node) {
      if (data)
        map.map(data, func.getBlock().getArgument(i));
      map.map(getControlToken(node),
              func.getBlock().getArgument(all.size() + i));
    };
    for (auto [i, var] : llvm::enumerate(all)) {
      for (auto [map, func] :
           {std::make_pair(&condMap, cond), std::make_pair(&bodyMap, body)}) {
        Value entered = var.merge ? Value() : getDataResults(var.enter)[0];
        mapArg(*map, func, i, entered, var.enter);
        if (var.merge) {
          mapArg(*map, func, i, getDataResults(var.merge)[0], var.merge);
          mapArg(*map, func, i, Value(), var.loopSwitch);
          mapArg(*map, func, i, Value(), var.next);
        }
      }
      if (var.merge)
        mapArg(bodyMap, body, i, getDataResults(var.loopSwitch)[1],
               var.loopSwitch);
    }
    mapArg(condMap, cond, 0, Value(), loopCond);
    mapArg(bodyMap, body, 0, Value(), loopCond);

    Value predicate = getDataOperands(loopCond)[0];
    auto condNodes = sliceFrame(index, {predicate}, condMap, skeleton, "cond");
    if (failed(condNodes))
      return failure();
    // The body: what the next values need, and every other node of the
    // frame (nodes run for their effects, and a NextIteration's control
    // inputs), so that nothing of the frame is lost.
    SmallVector<Value> bodyRoots;
    for (LoopVar &var : vars) {
      bodyRoots.push_back(getDataOperands(var.next)[0]);
      llvm::append_range(bodyRoots, getControlOperands(var.next));
    }
    llvm::DenseSet<Operation *> inCond(condNodes->begin(), condNodes->end());
    for (Operation *member : frame.members)
      if (!skeleton.contains(member) && !inCond.contains(member))
        bodyRoots.push_back(getControlToken(member));
    auto bodyNodes = sliceFrame(index, bodyRoots, bodyMap, skeleton, "body");
    if (failed(bodyNodes))
      return failure();

    SmallVector<Value> nextValues;
    for (auto [i, var] : llvm::enumerate(all))
      nextValues.push_back(var.merge ? getDataOperands(var.next)[0]
                                     : getDataResults(var.enter)[0]);
    if (failed(ctx.fillFunction(cond, *condNodes, condMap, {predicate},
                                loopCond)) ||
        failed(
            ctx.fillFunction(body, *bodyNodes, bodyMap, nextValues, loopCond)))
      return failure();

    // The While node, in the frame the Enters are in; it waits for what
    // the Enters waited for.
    SmallVector<Value> inputs;
    llvm::SetVector<Value> controls;
    for (LoopVar &var : all) {
      inputs.push_back(getDataOperands(var.enter)[0]);
      controls.insert_range(getControlOperands(var.enter));
    }
    SmallVector<Attribute> typeList;
    for (Type dtype : dtypes)
      typeList.push_back(TypeAttr::get(dtype));
    auto funcAttr = [&](FuncOp func) {
      return FuncAttr::get(context, func.getSymNameAttr(),
                           DictionaryAttr::get(context, {}));
    };
    SmallVector<NamedAttribute> attrs{
        NamedAttribute(StringAttr::get(context, "T"),
                       ArrayAttr::get(context, typeList)),
        NamedAttribute(StringAttr::get(context, "cond"), funcAttr(cond)),
        NamedAttribute(StringAttr::get(context, "body"), funcAttr(body))};
    if (Attribute parallel = vars.front().enter->getAttr("parallel_iterations"))
      attrs.push_back(NamedAttribute(
          StringAttr::get(context, "parallel_iterations"), parallel));
    Operation *whileNode = ctx.createNode(
        vars.front().enter, "While", nodeName, inputs, controls.getArrayRef(),
        argTypes, attrs, getNodeDeviceAttr(loopCond));

    for (auto [i, var] : llvm::enumerate(vars))
      for (Operation *exit : var.exits)
        // Only the graph's own frame has outputs: an unused Exit of an
        // inner loop computes nothing anyone can fetch.
        ctx.replaceRemovedNode(exit, 0, whileNode->getResult(i),
                               getControlToken(whileNode), var.dtype,
                               /*mayBeFetched=*/frame.parent == 0);

    // Everything left of the frame goes; the Enters were in the parent.
    SmallVector<Operation *> removed(frame.members.begin(),
                                     frame.members.end());
    Frame &parent = frames[frame.parent];
    for (LoopVar &var : all) {
      removed.push_back(var.enter);
      parent.members.remove(var.enter);
    }
    frameOf[whileNode] = frame.parent;
    if (frame.parent != 0)
      parent.members.insert(whileNode);
    for (Operation *node : removed)
      frameOf.erase(node);
    frame.members.clear();
    return eraseNodes(removed);
  }

  Block &block;
  RaiseContext &ctx;
  SmallVector<Frame> frames;
  std::map<std::pair<int, std::string>, int> frameIndex;
  llvm::DenseMap<Operation *, int> frameOf;
  llvm::DenseSet<Operation *> floating;
  llvm::SetVector<Operation *> usedFloating;
};

} // namespace

//===----------------------------------------------------------------------===//
// Conditionals
//===----------------------------------------------------------------------===//

namespace {

enum class Branch { Else = 0, Then = 1 };

/// One conditional: the Switches on one predicate, the nodes of each
/// branch, and the Merges that join them.
struct Cond {
  Value predicate; ///< Forwarded root of the Switches' predicates.
  SmallVector<Operation *> switches;
  llvm::DenseMap<Operation *, Branch> branchOf;
  SmallVector<Operation *> merges; ///< The outputs, in block order.
};

class CondRaiser {
public:
  CondRaiser(Block &block, RaiseContext &ctx) : block(block), ctx(ctx) {}

  LogicalResult run() {
    while (true) {
      llvm::MapVector<Value, SmallVector<Operation *>> groups;
      for (Operation &op : block) {
        // Switch and RefSwitch: (data, pred) -> (false, true). _SwitchN, a
        // runtime-internal form with an int branch index, is not raised.
        if (!isSwitchLike(&op) || getDataOperands(&op).size() != 2 ||
            getDataResults(&op).size() != 2 || getNodeOpType(&op) == "_SwitchN")
          continue;
        Value predicate = getDataOperands(&op)[1];
        if (getConstantPredicate(predicate))
          continue; // tfg-eliminate-switch-merge's
        groups[forwardedRoot(predicate)].push_back(&op);
      }
      if (groups.empty())
        return success();
      SmallVector<Cond> conds;
      for (auto &[predicate, switches] : groups)
        for (SmallVector<Operation *> &part : splitByRegion(switches)) {
          Cond cond;
          cond.predicate = predicate;
          cond.switches = std::move(part);
          conds.push_back(std::move(cond));
        }
      bool raised = false;
      for (Cond &cond : conds) {
        FailureOr<bool> innermost = analyze(cond);
        if (failed(innermost))
          return failure();
        if (!*innermost)
          continue;
        if (failed(raise(cond)))
          return failure();
        raised = true;
        break;
      }
      if (!raised) {
        Operation *first = conds.front().switches.front();
        return condError(first) << "is in a conditional whose branches "
                                   "overlap another's without nesting";
      }
    }
  }

private:
  /// Splits the Switches on one predicate into conditionals: two Switches
  /// are one conditional when the nodes their outputs reach (up to the
  /// Merges) meet. tf.cond twice on one predicate (a batch norm's and a
  /// dropout's `training`) is two conditionals, the second switching the
  /// first's Merge.
  SmallVector<SmallVector<Operation *>>
  splitByRegion(ArrayRef<Operation *> switches) {
    SmallVector<unsigned> leader(switches.size());
    for (unsigned i = 0; i < switches.size(); ++i)
      leader[i] = i;
    auto find = [&](unsigned i) {
      while (leader[i] != i)
        i = leader[i] = leader[leader[i]];
      return i;
    };
    llvm::DenseMap<Operation *, unsigned> reachedBy;
    for (auto [index, switchNode] : llvm::enumerate(switches)) {
      SmallVector<Operation *> worklist;
      auto visit = [&](Operation *user) {
        auto [it, inserted] = reachedBy.try_emplace(user, index);
        if (!inserted) {
          leader[find(it->second)] = find(index);
          return;
        }
        if (!isMergeLike(user))
          worklist.push_back(user);
      };
      for (Value output : getDataResults(switchNode))
        for (Operation *user : output.getUsers())
          visit(user);
      while (!worklist.empty())
        for (Operation *user : worklist.pop_back_val()->getUsers())
          visit(user);
    }
    llvm::MapVector<unsigned, SmallVector<Operation *>> parts;
    for (auto [index, switchNode] : llvm::enumerate(switches))
      parts[find(index)].push_back(switchNode);
    SmallVector<SmallVector<Operation *>> result;
    for (auto &entry : parts)
      result.push_back(std::move(entry.second));
    return result;
  }

  InFlightDiagnostic condError(Operation *node) {
    InFlightDiagnostic diag = node->emitError();
    diag << kPass << ": cannot raise the conditional of Switch '"
         << getNodeName(node) << "': ";
    return diag;
  }

  InFlightDiagnostic nodeError(Cond &cond, Operation *node) {
    InFlightDiagnostic diag = node->emitError();
    diag << kPass << ": cannot raise the conditional of Switch '"
         << getNodeName(cond.switches.front()) << "': node '"
         << getNodeName(node) << "' (" << getNodeOpType(node) << ") ";
    return diag;
  }

  /// The branch a data value is computed in, if any.
  std::optional<Branch> branchOfValue(Cond &cond, Value value) {
    Operation *producer = value.getDefiningOp();
    if (!producer)
      return std::nullopt;
    if (llvm::is_contained(cond.switches, producer)) {
      unsigned index = cast<OpResult>(value).getResultNumber();
      if (index < 2)
        return static_cast<Branch>(index);
      return std::nullopt;
    }
    auto it = cond.branchOf.find(producer);
    if (it == cond.branchOf.end())
      return std::nullopt;
    return it->second;
  }

  /// Finds the branches (forward from the Switch outputs, over data and
  /// control edges, through Merges whose inputs are all in one branch) and
  /// the output Merges. False when a branch holds another conditional's
  /// Switch, which must be raised first.
  FailureOr<bool> analyze(Cond &cond) {
    SmallVector<Operation *> worklist;
    llvm::SetVector<Operation *> merges;
    auto reach = [&](Operation *user, Branch branch,
                     Operation *from) -> LogicalResult {
      if (!isNodeOp(user))
        return nodeError(cond, from)
               << "is in a branch and returned by the function; only a "
                  "Merge's output can be";
      if (llvm::is_contained(cond.switches, user))
        return nodeError(cond, user)
               << "switches a value computed in its own branch";
      if (isMergeLike(user)) {
        merges.insert(user);
        return success();
      }
      auto [it, inserted] = cond.branchOf.try_emplace(user, branch);
      if (inserted) {
        worklist.push_back(user);
        return success();
      }
      if (it->second != branch)
        return nodeError(cond, user)
               << "is in both branches (it reads '" << getNodeName(from)
               << "'); join them with a Merge";
      return success();
    };
    for (Operation *switchNode : cond.switches)
      for (Branch branch : {Branch::Else, Branch::Then})
        for (Operation *user :
             getDataResults(switchNode)[static_cast<unsigned>(branch)]
                 .getUsers())
          if (failed(reach(user, branch, switchNode)))
            return failure();
    auto drain = [&]() -> LogicalResult {
      while (!worklist.empty()) {
        Operation *node = worklist.pop_back_val();
        Branch branch = cond.branchOf.lookup(node);
        for (Operation *user : node->getUsers())
          if (failed(reach(user, branch, node)))
            return failure();
      }
      return success();
    };
    if (failed(drain()))
      return failure();
    // A Merge of one branch's values (a constant-predicate conditional
    // inside it) is in that branch.
    bool joined = true;
    while (joined) {
      joined = false;
      for (Operation *merge : merges) {
        if (cond.branchOf.contains(merge))
          continue;
        std::optional<Branch> common;
        bool single = !getDataOperands(merge).empty();
        for (Value input : getDataOperands(merge)) {
          std::optional<Branch> branch = branchOfValue(cond, input);
          if (!branch || (common && *common != *branch))
            single = false;
          common = branch;
        }
        if (!single)
          continue;
        cond.branchOf[merge] = *common;
        worklist.push_back(merge);
        if (failed(drain()))
          return failure();
        joined = true;
      }
    }
    for (Operation *merge : merges) {
      if (cond.branchOf.contains(merge))
        continue;
      unsigned thenInputs = 0, elseInputs = 0, outside = 0;
      for (Value input : getDataOperands(merge)) {
        std::optional<Branch> branch = branchOfValue(cond, input);
        if (!branch)
          ++outside;
        else if (*branch == Branch::Then)
          ++thenInputs;
        else
          ++elseInputs;
      }
      if (thenInputs + elseInputs == 0)
        continue; // waits for a branch node only: an outside node
      if (thenInputs != 1 || elseInputs != 1 || outside != 0)
        return nodeError(cond, merge)
               << "merges " << thenInputs << " value(s) of the true branch, "
               << elseInputs << " of the false branch and " << outside
               << " from outside; an If output merges one of each";
      if (!getDataResults(merge)[1].use_empty())
        return nodeError(cond, merge)
               << "has its value_index output used; an If has no such "
                  "output";
      cond.merges.push_back(merge);
    }
    if (cond.merges.empty())
      return condError(cond.switches.front()) << "no Merge joins its branches";
    for (auto &[node, branch] : cond.branchOf) {
      if (!isSwitchLike(node) || getDataOperands(node).size() != 2)
        continue;
      Value predicate = getDataOperands(node)[1];
      if (!getConstantPredicate(predicate) &&
          forwardedRoot(predicate) != cond.predicate)
        return false;
    }
    llvm::sort(cond.merges, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    return true;
  }

  LogicalResult raise(Cond &cond) {
    MLIRContext *context = ctx.getContext();
    Operation *first = cond.switches.front();

    // If inputs: each Switch's data input, then what the branches read
    // from outside (captures); both branches take them all.
    llvm::MapVector<Value, unsigned> inputIndex;
    SmallVector<Type> inputDtypes;
    auto addInput = [&](Value value, Type dtype) -> LogicalResult {
      if (inputIndex.contains(value))
        return success();
      if (!dtype)
        return condError(first)
               << "cannot tell the dtype of an input it reads from outside";
      inputIndex[value] = inputIndex.size();
      inputDtypes.push_back(dtype);
      return success();
    };
    for (Operation *switchNode : cond.switches) {
      Value data = getDataOperands(switchNode)[0];
      if (failed(addInput(data, nodeDtype(switchNode, data))))
        return failure();
    }
    SmallVector<Operation *> branchNodes[2];
    llvm::SetVector<Value> controls;
    for (Operation *switchNode : cond.switches)
      controls.insert_range(getControlOperands(switchNode));
    for (Operation &op : block) {
      auto it = cond.branchOf.find(&op);
      if (it == cond.branchOf.end())
        continue;
      branchNodes[static_cast<unsigned>(it->second)].push_back(&op);
      for (Value operand : getDataOperands(&op))
        if (!branchOfValue(cond, operand)) {
          // The value's element type, else its producer's dtype (a Const,
          // a Placeholder) or `T` (most one-output ops).
          Type dtype = elementDtype(operand.getType());
          Operation *producer = operand.getDefiningOp();
          if (!dtype && producer && getDataResults(producer).size() == 1)
            for (StringRef attrName : {"dtype", "T"})
              if (auto attr = producer->getAttrOfType<TypeAttr>(attrName)) {
                dtype = attr.getValue();
                break;
              }
          if (failed(addInput(operand, dtype)))
            return failure();
        }
      for (Value token : getControlOperands(&op)) {
        Operation *producer = token.getDefiningOp();
        if (!producer || (!cond.branchOf.contains(producer) &&
                          !llvm::is_contained(cond.switches, producer)))
          controls.insert(token);
      }
    }

    SmallVector<Type> inputTypes;
    for (auto &entry : inputIndex)
      inputTypes.push_back(entry.first.getType());
    SmallVector<Type> outputTypes, outputDtypes;
    for (Operation *merge : cond.merges) {
      Value result = getDataResults(merge)[0];
      outputTypes.push_back(result.getType());
      outputDtypes.push_back(nodeDtype(merge, result));
      if (!outputDtypes.back())
        return nodeError(cond, merge) << "has no dtype (no 'T' attr)";
    }

    StringRef mergeName = getNodeName(cond.merges.front());
    std::string base = mergeName.contains('/')
                           ? mergeName.rsplit('/').first.str()
                           : (mergeName + "/If").str();
    std::string nodeName = ctx.uniqueNodeName(block, base);
    FuncOp branches[2];
    for (Branch branch : {Branch::Then, Branch::Else}) {
      unsigned side = static_cast<unsigned>(branch);
      FuncOp func = ctx.createFunction(
          first->getLoc(),
          nodeName + (branch == Branch::Then ? "_then" : "_else"), inputTypes,
          inputDtypes, outputDtypes, "out");
      Block &body = func.getBlock();
      IRMapping mapping;
      for (auto &[value, index] : inputIndex)
        mapping.map(value, body.getArgument(index));
      for (Operation *switchNode : cond.switches) {
        unsigned index = inputIndex.lookup(getDataOperands(switchNode)[0]);
        mapping.map(getDataResults(switchNode)[side], body.getArgument(index));
        mapping.map(getControlToken(switchNode),
                    body.getArgument(inputIndex.size() + index));
      }
      // Control edges from outside are the If's control inputs.
      for (Value token : controls)
        mapping.map(token, body.getArgument(inputIndex.size()));
      SmallVector<Value> results;
      for (Operation *merge : cond.merges)
        for (Value input : getDataOperands(merge))
          if (branchOfValue(cond, input) == branch)
            results.push_back(input);
      if (failed(ctx.fillFunction(func, branchNodes[side], mapping, results,
                                  first)))
        return failure();
      branches[side] = func;
    }

    SmallVector<Value> operands{getDataOperands(first)[1]};
    for (auto &entry : inputIndex)
      operands.push_back(entry.first);
    SmallVector<Attribute> tin, tout;
    for (Type dtype : inputDtypes)
      tin.push_back(TypeAttr::get(dtype));
    for (Type dtype : outputDtypes)
      tout.push_back(TypeAttr::get(dtype));
    auto funcAttr = [&](FuncOp func) {
      return FuncAttr::get(context, func.getSymNameAttr(),
                           DictionaryAttr::get(context, {}));
    };
    // A Switch's predicate is a bool (its `T` is the data's dtype).
    Type predicateDtype = IntegerType::get(context, 1);
    auto named = [&](StringRef name, Attribute value) {
      return NamedAttribute(StringAttr::get(context, name), value);
    };
    Operation *ifNode =
        ctx.createNode(cond.merges.front(), "If", nodeName, operands,
                       controls.getArrayRef(), outputTypes,
                       {named("Tcond", TypeAttr::get(predicateDtype)),
                        named("Tin", ArrayAttr::get(context, tin)),
                        named("Tout", ArrayAttr::get(context, tout)),
                        named("then_branch", funcAttr(branches[1])),
                        named("else_branch", funcAttr(branches[0]))},
                       getNodeDeviceAttr(first));

    for (auto [index, merge] : llvm::enumerate(cond.merges))
      ctx.replaceRemovedNode(merge, 0, ifNode->getResult(index),
                             getControlToken(ifNode), outputDtypes[index]);
    // Control edges out of the conditional (from a Switch, or from a branch
    // node to a node outside) wait for the If.
    Value ifToken = getControlToken(ifNode);
    SmallVector<Operation *> removed(cond.switches);
    for (auto &[node, branch] : cond.branchOf)
      removed.push_back(node);
    llvm::DenseSet<Operation *> removedSet(removed.begin(), removed.end());
    for (Operation *merge : cond.merges)
      removedSet.insert(merge);
    auto isOutside = [&](OpOperand &use) {
      return !removedSet.contains(use.getOwner());
    };
    for (auto &[node, branch] : cond.branchOf)
      getControlToken(node).replaceUsesWithIf(ifToken, isOutside);
    // A control edge from a Switch means "the Switch ran", which does not
    // wait for a branch: it becomes an edge from what the Switch waited for
    // (its data input's producer), not from the If, which may depend on
    // the waiting node.
    IRRewriter rewriter(context);
    for (Operation *switchNode : cond.switches) {
      Value token = getControlToken(switchNode);
      Operation *producer = getDataOperands(switchNode)[0].getDefiningOp();
      if (producer) {
        token.replaceUsesWithIf(getControlToken(producer), isOutside);
        continue;
      }
      for (Operation *user : llvm::to_vector(token.getUsers())) {
        if (removedSet.contains(user))
          continue;
        SmallVector<Value> kept;
        for (Value control : getControlOperands(user))
          if (control != token)
            kept.push_back(control);
        setControlOperands(rewriter, user, kept);
      }
    }
    llvm::append_range(removed, cond.merges);

    // The predicate's Identity chains (tf.cond's pred_id) go with the
    // Switches when nothing else reads them.
    llvm::SetVector<Operation *> chains;
    for (Operation *switchNode : cond.switches)
      for (Value value = getDataOperands(switchNode)[1];
           Operation *producer = value.getDefiningOp();
           value = getDataOperands(producer).front()) {
        if (!isForwarding(producer) || getDataOperands(producer).empty())
          break;
        chains.insert(producer);
      }
    if (failed(eraseNodes(removed)))
      return failure();
    eraseUnusedNodes(chains);
    return success();
  }

  Block &block;
  RaiseContext &ctx;
};

} // namespace

LogicalResult mlir::tfg::raiseV1ControlFlow(Block &block,
                                            SymbolTable &functions) {
  RaiseContext ctx(block, functions);
  SmallVector<FuncOp> created;
  if (failed(LoopRaiser(block, ctx).run(created)))
    return failure();
  if (failed(CondRaiser(block, ctx).run()))
    return failure();
  for (FuncOp func : created)
    if (failed(CondRaiser(func.getBlock(), ctx).run()))
      return failure();
  return success();
}
