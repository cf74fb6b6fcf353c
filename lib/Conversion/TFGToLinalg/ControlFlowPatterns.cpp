//===- ControlFlowPatterns.cpp - If / While / Case -> scf
//------------------===//
//
// Functional control flow: `If`/`StatelessIf` become `scf.if`, `While`/
// `StatelessWhile` become `scf.while`, `Case`/`StatelessCase` become
// `scf.index_switch`. The branches and bodies are the library functions that
// tfg-graph-to-func kept as private func.funcs of TFG nodes (marked
// `tfg.function_body`). Each is lowered for the static types this node calls
// it with (a copy, converted by its own full conversion, nested ones
// included), and its ops are then cloned into the scf region. Lowering per
// call rather than per function is what lets every pattern inside keep
// computing static shapes from static operands: the same body called with
// other shapes is other code.
//
// A loop variable whose shape the body changes gets the join of the shapes
// it takes (dimensions that differ become dynamic): the cond and body are
// lowered again with the joined types until they give back what they were
// given (a fixpoint; a loop whose shapes do not change is lowered once, and
// stays static). Branches whose results have different shapes return the
// join likewise, each branch casting to it. A growing TensorArray's flow is
// two values (data and lengths, TensorListPatterns.cpp); control flow
// carries them as two scf values and bundles them again around the bodies.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "TFG/Dialect/IR/OpCategories.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::lowering;

namespace {

/// A copy of a library body lowered for one call; erased on destruction.
class LoweredBody {
public:
  LoweredBody() = default;
  LoweredBody(const LoweredBody &) = delete;
  LoweredBody(LoweredBody &&other)
      : func(other.func), nodeResults(std::move(other.nodeResults)) {
    other.func = {};
  }
  ~LoweredBody() {
    if (func)
      func.erase();
  }
  func::FuncOp get() const { return func; }
  /// The lowered function's results: a growing array's parts separately.
  TypeRange resultTypes() const { return func.getFunctionType().getResults(); }
  /// The types of the node's outputs (a growing array bundled).
  ArrayRef<Type> nodeResultTypes() const { return nodeResults; }

  /// Lowers a copy of the body `name` that `node` calls, for arguments of
  /// `argTypes` (lowered from the node's `graphArgs`). The copy lives
  /// beside the original in the module while it is used (the nested
  /// lowering of functional nodes inside it looks up their bodies there).
  static FailureOr<LoweredBody> lower(Operation *node, StringAttr name,
                                      TypeRange argTypes,
                                      ValueRange graphArgs) {
    auto body = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(node, name);
    if (!body || !body->hasAttr(attrs::kFunctionBody))
      return nodeError(node, "function '" + name.getValue() +
                                 "' is not in the module (tfg-graph-to-func "
                                 "keeps the bodies that If/While/Case call)");
    FunctionType type = body.getFunctionType();
    if (type.getNumInputs() != argTypes.size())
      return nodeError(node, "function '" + name.getValue() + "' takes " +
                                 Twine(type.getNumInputs()) +
                                 " arguments, the node passes " +
                                 Twine(argTypes.size()));
    for (auto [i, declared, given, graphArg] :
         llvm::enumerate(type.getInputs(), argTypes, graphArgs)) {
      // A list or a TensorArray's handle and flow (variant, resource,
      // float) are lowered to tensors of other dtypes (loop state, see
      // TensorListPatterns.cpp): the graph's dtype is what must match. In
      // a body that is itself lowered (an If in a While), the graph's
      // operand is already the lowered value: a variant or resource
      // parameter takes whatever represents it.
      Type declaredElement = cast<ShapedType>(declared).getElementType();
      if (isa<VariantType, ResourceType>(declaredElement))
        continue;
      if (declaredElement != cast<ShapedType>(given).getElementType() &&
          declaredElement != getElementTypeOrSelf(graphArg.getType()))
        return nodeError(node, "argument " + Twine(i) + " of function '" +
                                   name.getValue() + "' is " +
                                   typeStr(declared) + ", the node passes " +
                                   typeStr(given));
    }
    LoweredBody lowered;
    lowered.func = cast<func::FuncOp>(body->clone());
    lowered.func->removeAttr(attrs::kFunctionBody);
    // Beside the original: SymbolTable::insert renames on a clash.
    auto module = body->getParentOfType<ModuleOp>();
    SymbolTable(module).insert(lowered.func, Block::iterator(body));
    for (auto [arg, t] : llvm::zip(lowered.func.getArguments(), argTypes))
      arg.setType(t);
    lowered.func.setType(
        FunctionType::get(body.getContext(), argTypes, type.getResults()));
    lowered.expandArguments();
    // The body's node names are not the graph's: keep them out of the
    // shapes tfg-infer-shapes reports.
    ScopedShapeLog pause(nullptr);
    if (failed(lowerTFGNodes(lowered.func)))
      return failure();
    if (failed(lowered.expandResults(node, name)))
      return failure();
    return lowered;
  }

private:
  /// A growing array argument becomes two (data, lengths), bundled again
  /// at the entry for the nodes that use it.
  void expandArguments() {
    Block &entry = func.getBody().front();
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
      BlockArgument arg = entry.getArgument(i);
      if (!isGrowingArray(arg.getType()))
        continue;
      bool unset = isUnsetGrowingArray(arg.getType());
      SmallVector<Type, 2> parts = growingArrayPartTypes(arg.getType());
      Value lengths = entry.insertArgument(i + 1, parts[1], arg.getLoc());
      Value bundle = bundleGrowingArray(b, arg.getLoc(), arg, lengths, unset);
      arg.replaceAllUsesExcept(bundle, bundle.getDefiningOp());
      arg.setType(parts[0]);
      ++i;
    }
    func.setType(FunctionType::get(func.getContext(), entry.getArgumentTypes(),
                                   func.getFunctionType().getResults()));
  }

  /// Records the node's result types and returns a growing array's parts.
  LogicalResult expandResults(Operation *node, StringAttr name) {
    func::ReturnOp ret;
    func.walk([&](func::ReturnOp r) { ret = r; });
    SmallVector<Value> operands;
    for (Value v : ret.getOperands()) {
      nodeResults.push_back(v.getType());
      if (!isGrowingArray(v.getType())) {
        operands.push_back(v);
        continue;
      }
      auto parts = unbundleGrowingArray(v);
      if (failed(parts))
        return nodeError(node, "function '" + name.getValue() +
                                   "' returns a TensorArray flow that does "
                                   "not come from a growing TensorArray");
      operands.append({parts->first, parts->second});
    }
    ret->setOperands(operands);
    func.setType(FunctionType::get(func.getContext(), func.getArgumentTypes(),
                                   ValueRange(operands).getTypes()));
    return success();
  }

  mutable func::FuncOp func;
  SmallVector<Type> nodeResults;
};

/// The values control flow carries for node-level `values`: a growing
/// array's data and lengths separately.
SmallVector<Value> expandGrowingArrays(ValueRange values) {
  SmallVector<Value> expanded;
  for (Value v : values) {
    if (isGrowingArray(v.getType())) {
      auto parts = unbundleGrowingArray(v);
      assert(succeeded(parts) && "a growing array is always bundled");
      expanded.append({parts->first, parts->second});
    } else {
      expanded.push_back(v);
    }
  }
  return expanded;
}

SmallVector<Type> expandGrowingArrayTypes(TypeRange types) {
  SmallVector<Type> expanded;
  for (Type t : types) {
    if (isGrowingArray(t))
      llvm::append_range(expanded, growingArrayPartTypes(t));
    else
      expanded.push_back(t);
  }
  return expanded;
}

/// The node-level values of `types` from carried `values` (the inverse of
/// expandGrowingArrays).
SmallVector<Value> bundleGrowingArrays(OpBuilder &b, Location loc,
                                       ValueRange values, TypeRange types) {
  SmallVector<Value> bundled;
  size_t k = 0;
  for (Type t : types) {
    if (isGrowingArray(t)) {
      bundled.push_back(bundleGrowingArray(b, loc, values[k], values[k + 1],
                                           isUnsetGrowingArray(t)));
      k += 2;
    } else {
      bundled.push_back(values[k++]);
    }
  }
  return bundled;
}

/// Casts the carried `values` of node-level types `from` to the joined
/// node-level `to`, and carries them again.
SmallVector<Value> castCarried(OpBuilder &b, Location loc, ValueRange values,
                               TypeRange from, TypeRange to) {
  SmallVector<Value> bundled = bundleGrowingArrays(b, loc, values, from);
  for (auto [v, t] : llvm::zip(bundled, to))
    v = castToJoinedType(b, loc, v, t);
  return expandGrowingArrays(bundled);
}

/// Clones the lowered body's ops into `block` (its arguments stand for the
/// body's) and returns what its func.return returns.
SmallVector<Value> cloneBody(ConversionPatternRewriter &rewriter,
                             const LoweredBody &body, Block *block,
                             ValueRange args) {
  IRMapping mapping;
  Block &entry = body.get().getBody().front();
  mapping.map(entry.getArguments(), args);
  rewriter.setInsertionPointToEnd(block);
  SmallVector<Value> results;
  for (Operation &op : entry) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands())
        results.push_back(mapping.lookupOrDefault(v));
      break;
    }
    rewriter.clone(op, mapping);
  }
  return results;
}

/// TensorFlow's truth of a tensor (`ToBool`): a scalar is true when it is
/// not zero; any other tensor when it has elements.
FailureOr<Value> toBool(Operation *node, OpBuilder &b, Location loc,
                        Value tensor) {
  auto type = dyn_cast<RankedTensorType>(tensor.getType());
  if (!type)
    return nodeError(node, "the predicate " + typeStr(tensor.getType()) +
                               " has no known rank");
  if (type.getRank() != 0 && type.hasStaticShape())
    return Value(arith::ConstantIntOp::create(b, loc, type.getNumElements() > 0,
                                              /*width=*/1));
  if (type.getRank() != 0) {
    // A dynamic shape: true when no dimension is 0 at run time.
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value truth = arith::ConstantIntOp::create(b, loc, 1, /*width=*/1);
    for (int64_t d = 0; d < type.getRank(); ++d) {
      Value size = sizeValue(b, loc, dimSize(b, loc, tensor, d));
      truth = arith::AndIOp::create(
          b, loc, truth,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, size, zero));
    }
    return truth;
  }
  Value scalar = tensor::ExtractOp::create(b, loc, tensor, ValueRange{});
  Type element = type.getElementType();
  if (element.isInteger(1))
    return scalar;
  if (isa<FloatType>(element))
    return Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE,
                                       scalar,
                                       createScalar(b, loc, element, 0)));
  if (isa<IntegerType>(element))
    return Value(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, scalar,
                                       createScalar(b, loc, element, 0)));
  return nodeError(node, "a predicate of type " + typeStr(type) +
                             " has no truth value");
}

/// The node's result types: the join of every branch's (dimensions that
/// differ are dynamic; a list that one branch leaves unset and another
/// writes takes the written type, see TensorListPatterns.cpp); an error
/// when two branches give types that do not join (another rank or dtype).
FailureOr<SmallVector<Type>> unifyResults(Operation *node,
                                          ArrayRef<LoweredBody> branches,
                                          ArrayRef<StringRef> names) {
  SmallVector<Type> types(branches.front().nodeResultTypes());
  if (types.size() != getDataResults(node).size())
    return nodeError(node, "its functions return " + Twine(types.size()) +
                               " values, the node has " +
                               Twine(getDataResults(node).size()) + " outputs");
  for (size_t b = 1; b < branches.size(); ++b)
    for (auto [i, t] : llvm::enumerate(branches[b].nodeResultTypes())) {
      Type joined = joinLoweredTypes(types[i], t);
      if (!joined)
        return nodeError(node, "output " + Twine(i) + " is " +
                                   typeStr(types[i]) + " in '" + names[0] +
                                   "' but " + typeStr(t) + " in '" + names[b] +
                                   "': outputs of another rank or dtype per "
                                   "branch have no common type");
      types[i] = joined;
    }
  return types;
}

/// Yields a branch's carried `results` as the joined node types `types`
/// (tensor.cast to dynamic dimensions, zeros for a list it left unset).
void yieldResults(ConversionPatternRewriter &rewriter, Location loc,
                  const LoweredBody &branch, SmallVector<Value> results,
                  ArrayRef<Type> types) {
  scf::YieldOp::create(
      rewriter, loc,
      castCarried(rewriter, loc, results, branch.nodeResultTypes(), types));
}

StringAttr funcNameAttr(Operation *node, StringRef attrName) {
  if (auto f = node->getAttrOfType<FuncAttr>(attrName))
    return f.getName();
  return {};
}

struct FunctionalControlFlowLowering : OpConversionPattern<GenericOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GenericOp node, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isFunctionalControlFlow(node))
      return failure();
    ValueRange data =
        adaptor.getOperands().take_front(getDataOperands(node).size());
    for (Value v : data)
      if (!isa<RankedTensorType>(v.getType()))
        return nodeError(node, "operand of type " + typeStr(v.getType()) +
                                   " has no known rank");
    if (isFunctionalWhile(node))
      return lowerWhile(node, data, rewriter);
    if (isFunctionalIf(node))
      return lowerIf(node, data, rewriter);
    return lowerCase(node, data, rewriter);
  }

  LogicalResult lowerWhile(Operation *node, ValueRange inits,
                           ConversionPatternRewriter &rewriter) const {
    StringAttr condName = funcNameAttr(node, "cond");
    StringAttr bodyName = funcNameAttr(node, "body");
    if (!condName || !bodyName)
      return nodeError(node, "needs function attrs 'cond' and 'body'");
    ValueRange graphInits =
        node->getOperands().take_front(getDataOperands(node).size());
    SmallVector<Type> types(inits.getTypes());
    std::optional<LoweredBody> cond, body;
    // Lower cond and body for the loop variables' types, and again with
    // the join of what the body gives back until it gives back what it is
    // given. Joining only turns dimensions dynamic and unset lists or
    // arrays into written ones, so this ends (the bound is a safeguard); a
    // loop whose shapes do not change is lowered once.
    int64_t maxRounds = 2;
    for (Type t : types)
      maxRounds +=
          1 +
          (isa<RankedTensorType>(t) ? cast<RankedTensorType>(t).getRank() : 0);
    for (int64_t round = 0;; ++round) {
      if (round == maxRounds)
        return nodeError(node, "the types of its loop variables do not "
                               "settle after " +
                                   Twine(maxRounds) + " lowerings of '" +
                                   bodyName.getValue() + "'");
      cond.reset();
      body.reset();
      auto loweredCond = LoweredBody::lower(node, condName, types, graphInits);
      if (failed(loweredCond))
        return failure();
      cond.emplace(std::move(*loweredCond));
      auto loweredBody = LoweredBody::lower(node, bodyName, types, graphInits);
      if (failed(loweredBody))
        return failure();
      body.emplace(std::move(*loweredBody));
      if (cond->nodeResultTypes().size() != 1)
        return nodeError(node, "its cond '" + condName.getValue() +
                                   "' returns " +
                                   Twine(cond->nodeResultTypes().size()) +
                                   " values, not one predicate");
      if (body->nodeResultTypes().size() != types.size())
        return nodeError(
            node, "its body '" + bodyName.getValue() + "' returns " +
                      Twine(body->nodeResultTypes().size()) + " values for " +
                      Twine(types.size()) + " loop variables");
      bool changed = false;
      for (auto [i, after] : llvm::enumerate(body->nodeResultTypes())) {
        Type joined = joinLoweredTypes(types[i], after);
        if (!joined)
          return nodeError(node, "loop variable " + Twine(i) + " enters as " +
                                     typeStr(types[i]) + " and the body '" +
                                     bodyName.getValue() + "' makes it " +
                                     typeStr(after) +
                                     ": a loop variable whose rank or dtype "
                                     "changes has no common type");
        changed |= joined != types[i];
        types[i] = joined;
      }
      if (!changed)
        break;
    }

    Location loc = node->getLoc();
    SmallVector<Value> loopInits;
    for (auto [init, type] : llvm::zip(inits, types))
      loopInits.push_back(castToJoinedType(rewriter, loc, init, type));
    loopInits = expandGrowingArrays(loopInits);
    SmallVector<Type> carried = expandGrowingArrayTypes(types);
    SmallVector<Location> locs(carried.size(), loc);
    auto loop = scf::WhileOp::create(rewriter, loc, carried, loopInits);
    OpBuilder::InsertionGuard guard(rewriter);
    Block *before = rewriter.createBlock(&loop.getBefore(), {}, carried, locs);
    SmallVector<Value> predicate =
        cloneBody(rewriter, *cond, before, before->getArguments());
    FailureOr<Value> truth = toBool(node, rewriter, loc, predicate.front());
    if (failed(truth))
      return failure();
    scf::ConditionOp::create(rewriter, loc, *truth, before->getArguments());
    Block *after = rewriter.createBlock(&loop.getAfter(), {}, carried, locs);
    SmallVector<Value> next =
        cloneBody(rewriter, *body, after, after->getArguments());
    scf::YieldOp::create(
        rewriter, loc,
        castCarried(rewriter, loc, next, body->nodeResultTypes(), types));
    rewriter.setInsertionPointAfter(loop);
    replaceNode(rewriter, node,
                bundleGrowingArrays(rewriter, loc, loop.getResults(), types));
    return success();
  }

  LogicalResult lowerIf(Operation *node, ValueRange data,
                        ConversionPatternRewriter &rewriter) const {
    StringAttr thenName = funcNameAttr(node, "then_branch");
    StringAttr elseName = funcNameAttr(node, "else_branch");
    if (!thenName || !elseName)
      return nodeError(node,
                       "needs function attrs 'then_branch' and 'else_branch'");
    ValueRange args = data.drop_front();
    ValueRange graphArgs =
        node->getOperands().slice(1, getDataOperands(node).size() - 1);
    SmallVector<LoweredBody> branches;
    for (StringAttr name : {thenName, elseName}) {
      auto branch = LoweredBody::lower(node, name, args.getTypes(), graphArgs);
      if (failed(branch))
        return failure();
      branches.push_back(std::move(*branch));
    }
    auto types = unifyResults(node, branches,
                              {thenName.getValue(), elseName.getValue()});
    if (failed(types))
      return failure();
    Location loc = node->getLoc();
    FailureOr<Value> truth = toBool(node, rewriter, loc, data.front());
    if (failed(truth))
      return failure();
    auto ifOp = scf::IfOp::create(rewriter, loc,
                                  expandGrowingArrayTypes(*types), *truth,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    SmallVector<Value> carriedArgs = expandGrowingArrays(args);
    for (auto [region, branch] : llvm::zip(ifOp->getRegions(), branches)) {
      // With results, the builder makes the blocks without terminators.
      Block *block = &region.front();
      yieldResults(rewriter, loc, branch,
                   cloneBody(rewriter, branch, block, carriedArgs), *types);
    }
    rewriter.setInsertionPointAfter(ifOp);
    replaceNode(rewriter, node,
                bundleGrowingArrays(rewriter, loc, ifOp.getResults(), *types));
    return success();
  }

  /// Case runs branches[index]; an index out of range runs the last branch,
  /// as TensorFlow's Case does, which is scf.index_switch's default region.
  LogicalResult lowerCase(Operation *node, ValueRange data,
                          ConversionPatternRewriter &rewriter) const {
    auto list = node->getAttrOfType<ArrayAttr>("branches");
    if (!list || list.empty())
      return nodeError(node, "needs a non-empty 'branches' list");
    ValueRange args = data.drop_front();
    ValueRange graphArgs =
        node->getOperands().slice(1, getDataOperands(node).size() - 1);
    SmallVector<LoweredBody> branches;
    SmallVector<StringRef> names;
    for (Attribute attr : list) {
      auto callee = dyn_cast<FuncAttr>(attr);
      if (!callee)
        return nodeError(node, "'branches' must hold functions");
      auto branch = LoweredBody::lower(node, callee.getName(), args.getTypes(),
                                       graphArgs);
      if (failed(branch))
        return failure();
      branches.push_back(std::move(*branch));
      names.push_back(callee.getName().getValue());
    }
    auto types = unifyResults(node, branches, names);
    if (failed(types))
      return failure();
    auto indexType = cast<RankedTensorType>(data.front().getType());
    if (indexType.getRank() != 0 ||
        !isa<IntegerType>(indexType.getElementType()))
      return nodeError(node, "branch_index must be an integer scalar, not " +
                                 typeStr(indexType));
    Location loc = node->getLoc();
    Value index =
        tensor::ExtractOp::create(rewriter, loc, data.front(), ValueRange{});
    index = arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                       index);
    SmallVector<int64_t> cases;
    for (int64_t i = 0; i + 1 < (int64_t)branches.size(); ++i)
      cases.push_back(i);
    auto switchOp = scf::IndexSwitchOp::create(rewriter, loc,
                                               expandGrowingArrayTypes(*types),
                                               index, cases, cases.size());
    OpBuilder::InsertionGuard guard(rewriter);
    SmallVector<Value> carriedArgs = expandGrowingArrays(args);
    for (auto [i, branch] : llvm::enumerate(branches)) {
      Region &region = i + 1 < branches.size() ? switchOp.getCaseRegions()[i]
                                               : switchOp.getDefaultRegion();
      Block *block = rewriter.createBlock(&region);
      yieldResults(rewriter, loc, branch,
                   cloneBody(rewriter, branch, block, carriedArgs), *types);
    }
    rewriter.setInsertionPointAfter(switchOp);
    replaceNode(
        rewriter, node,
        bundleGrowingArrays(rewriter, loc, switchOp.getResults(), *types));
    return success();
  }
};

} // namespace

void lowering::populateControlFlowPatterns(RewritePatternSet &patterns) {
  patterns.add<FunctionalControlFlowLowering>(patterns.getContext());
}
