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
// A loop variable whose shape the body changes, or branches whose results
// have different shapes, cannot have one static type; they are errors
// naming the node, the variable and both shapes.
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
  LoweredBody(LoweredBody &&other) : func(other.func) { other.func = {}; }
  ~LoweredBody() {
    if (func)
      func.erase();
  }
  func::FuncOp get() const { return func; }
  TypeRange resultTypes() const { return func.getFunctionType().getResults(); }

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
      // TensorListPatterns.cpp): the graph's dtype is what must match.
      Type declaredElement = cast<ShapedType>(declared).getElementType();
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
    // The body's node names are not the graph's: keep them out of the
    // shapes tfg-infer-shapes reports.
    ScopedShapeLog pause(nullptr);
    if (failed(lowerTFGNodes(lowered.func)))
      return failure();
    return lowered;
  }

private:
  mutable func::FuncOp func;
};

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
  auto type = getStaticType(tensor);
  if (!type)
    return nodeError(node, "the predicate's shape is not static");
  if (type.getRank() != 0)
    return Value(arith::ConstantIntOp::create(b, loc, type.getNumElements() > 0,
                                              /*width=*/1));
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

/// Checks that every branch gives the same static types and returns them
/// (the node's result types). A list that one branch leaves unset and
/// another writes (TensorListPatterns.cpp) takes the written type: the
/// unset branch yields zeros of it (see yieldResults).
FailureOr<SmallVector<Type>> unifyResults(Operation *node,
                                          ArrayRef<LoweredBody> branches,
                                          ArrayRef<StringRef> names) {
  SmallVector<Type> types(branches.front().resultTypes());
  if (types.size() != getDataResults(node).size())
    return nodeError(node, "its functions return " + Twine(types.size()) +
                               " values, the node has " +
                               Twine(getDataResults(node).size()) + " outputs");
  // The branch each type comes from, for the diagnostic.
  SmallVector<size_t> from(types.size(), 0);
  for (size_t b = 1; b < branches.size(); ++b)
    for (auto [i, t] : llvm::enumerate(branches[b].resultTypes()))
      if (RankedTensorType written = refineUnsetList(types[i], t)) {
        types[i] = written;
        from[i] = b;
      }
  for (size_t b = 0; b < branches.size(); ++b)
    for (auto [i, t0, t] : llvm::enumerate(types, branches[b].resultTypes()))
      if (t0 != t && !refineUnsetList(t, t0))
        return nodeError(node, "output " + Twine(i) + " is " + typeStr(t0) +
                                   " in '" + names[from[i]] + "' but " +
                                   typeStr(t) + " in '" + names[b] +
                                   "': outputs whose shape depends on the "
                                   "branch taken are not lowered");
  return types;
}

/// Yields a branch's `results` as `types` (zeros for a list it left unset).
void yieldResults(ConversionPatternRewriter &rewriter, Location loc,
                  SmallVector<Value> results, ArrayRef<Type> types) {
  for (auto [value, type] : llvm::zip(results, types))
    if (value.getType() != type)
      value = createZeroList(rewriter, loc, cast<RankedTensorType>(type));
  scf::YieldOp::create(rewriter, loc, results);
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
      if (!getStaticType(v))
        return nodeError(node, "operand of type " + typeStr(v.getType()) +
                                   " is not a tensor of static shape");
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
    SmallVector<Value> loopInits(inits);
    SmallVector<Type> types(inits.getTypes());
    std::optional<LoweredBody> cond, body;
    // A list that enters unset (its element shape not known yet) takes the
    // type the body writes into it: lower again with that type, starting
    // from zeros (TensorListPatterns.cpp). Each round sets one list or more,
    // so this ends.
    while (true) {
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
      bool refined = false;
      for (auto [i, after] : llvm::enumerate(body->resultTypes()))
        if (i < types.size())
          if (RankedTensorType list = refineUnsetList(types[i], after)) {
            types[i] = list;
            loopInits[i] = createZeroList(rewriter, node->getLoc(), list);
            refined = true;
          }
      if (!refined)
        break;
    }
    if (cond->resultTypes().size() != 1)
      return nodeError(node, "its cond '" + condName.getValue() + "' returns " +
                                 Twine(cond->resultTypes().size()) +
                                 " values, not one predicate");
    if (body->resultTypes().size() != types.size())
      return nodeError(node, "its body '" + bodyName.getValue() + "' returns " +
                                 Twine(body->resultTypes().size()) +
                                 " values for " + Twine(types.size()) +
                                 " loop variables");
    for (auto [i, before, after] : llvm::enumerate(types, body->resultTypes()))
      if (before != after)
        return nodeError(node, "loop variable " + Twine(i) + " enters as " +
                                   typeStr(before) + " and the body '" +
                                   bodyName.getValue() + "' makes it " +
                                   typeStr(after) +
                                   ": loop variables whose shape changes "
                                   "across iterations are not lowered");

    Location loc = node->getLoc();
    SmallVector<Location> locs(types.size(), loc);
    auto loop = scf::WhileOp::create(rewriter, loc, types, loopInits);
    OpBuilder::InsertionGuard guard(rewriter);
    Block *before = rewriter.createBlock(&loop.getBefore(), {}, types, locs);
    SmallVector<Value> predicate =
        cloneBody(rewriter, *cond, before, before->getArguments());
    FailureOr<Value> truth = toBool(node, rewriter, loc, predicate.front());
    if (failed(truth))
      return failure();
    scf::ConditionOp::create(rewriter, loc, *truth, before->getArguments());
    Block *after = rewriter.createBlock(&loop.getAfter(), {}, types, locs);
    SmallVector<Value> next =
        cloneBody(rewriter, *body, after, after->getArguments());
    scf::YieldOp::create(rewriter, loc, next);
    replaceNode(rewriter, node, loop.getResults());
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
    auto ifOp = scf::IfOp::create(rewriter, loc, *types, *truth,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    for (auto [region, branch] : llvm::zip(ifOp->getRegions(), branches)) {
      // With results, the builder makes the blocks without terminators.
      Block *block = &region.front();
      yieldResults(rewriter, loc, cloneBody(rewriter, branch, block, args),
                   *types);
    }
    replaceNode(rewriter, node, ifOp.getResults());
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
    auto indexType = getStaticType(data.front());
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
    auto switchOp = scf::IndexSwitchOp::create(rewriter, loc, *types, index,
                                               cases, cases.size());
    OpBuilder::InsertionGuard guard(rewriter);
    for (auto [i, branch] : llvm::enumerate(branches)) {
      Region &region = i + 1 < branches.size() ? switchOp.getCaseRegions()[i]
                                               : switchOp.getDefaultRegion();
      Block *block = rewriter.createBlock(&region);
      yieldResults(rewriter, loc, cloneBody(rewriter, branch, block, args),
                   *types);
    }
    replaceNode(rewriter, node, switchOp.getResults());
    return success();
  }
};

} // namespace

void lowering::populateControlFlowPatterns(RewritePatternSet &patterns) {
  patterns.add<FunctionalControlFlowLowering>(patterns.getContext());
}
