//===- StripUnusedNodes.cpp - Keep what the outputs need -------------------===//

#include "TFG/Transforms/GraphQueries.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_STRIPUNUSEDNODES
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

/// "name", "name:1" and "^name" all mean node "name".
static StringRef nodeNameOf(StringRef tensorName) {
  tensorName.consume_front("^");
  size_t colon = tensorName.rfind(':');
  if (colon != StringRef::npos &&
      llvm::all_of(tensorName.drop_front(colon + 1), llvm::isDigit))
    return tensorName.take_front(colon);
  return tensorName;
}

/// Replaces `node` by a Placeholder of its first output's dtype and shape.
static LogicalResult replaceWithPlaceholder(Operation *node) {
  if (getNodeOpType(node) == "Placeholder")
    return success();
  if (getDataResults(node).size() != 1)
    return node->emitError() << "cannot become an input: it has "
                             << getDataResults(node).size()
                             << " outputs, a Placeholder has one";
  Value result = node->getResult(0);
  auto tensor = dyn_cast<TensorType>(result.getType());
  Type dtype = tensor ? tensor.getElementType() : Type();
  for (StringRef attrName : {"dtype", "T"})
    if (auto attr = node->getAttrOfType<TypeAttr>(attrName))
      dtype = attr.getValue();
  if (!dtype || isa<OpaqueTensorType>(result.getType()))
    return node->emitError(
        "cannot become an input: its dtype is not known (no dtype/T attr)");
  if (auto ref = dyn_cast<RefType>(dtype))
    dtype = ref.getElementType();
  MLIRContext *context = node->getContext();
  Attribute shape = ShapeAttr::get(context, {}, /*unranked=*/true);
  if (auto ranked = dyn_cast_or_null<RankedTensorType>(tensor)) {
    SmallVector<int64_t> dims;
    for (int64_t d : ranked.getShape())
      dims.push_back(ShapedType::isDynamic(d) ? -1 : d);
    shape = ShapeAttr::get(context, dims, /*unranked=*/false);
  }
  OpBuilder builder(node);
  OperationState state(node->getLoc(), "tfg.Placeholder");
  state.addAttribute(attrs::kName, node->getAttr(attrs::kName));
  if (Attribute device = node->getAttr(attrs::kDevice))
    state.addAttribute(attrs::kDevice, device);
  state.addAttribute("dtype", TypeAttr::get(dtype));
  state.addAttribute("shape", shape);
  state.addTypes({tensor ? tensor.clone(dtype) : result.getType(),
                  ControlType::get(context)});
  Operation *placeholder = builder.create(state);
  node->replaceAllUsesWith(placeholder);
  node->dropAllReferences();
  node->erase();
  return success();
}

namespace {
struct StripUnusedNodesPass
    : tfg::impl::StripUnusedNodesBase<StripUnusedNodesPass> {
  using Base::Base;

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    llvm::StringMap<Operation *> byName;
    for (Operation &op : graph.getBlock())
      byName[getNodeName(&op)] = &op;
    auto lookup = [&](StringRef tensorName) -> Operation * {
      auto it = byName.find(nodeNameOf(tensorName));
      if (it != byName.end())
        return it->second;
      graph.emitError() << "no node named '" << nodeNameOf(tensorName)
                        << "' in the graph";
      return nullptr;
    };

    for (const std::string &input : inputs) {
      Operation *node = lookup(input);
      if (!node || failed(replaceWithPlaceholder(node)))
        return signalPassFailure();
    }
    // Names may now refer to the new placeholders.
    byName.clear();
    for (Operation &op : graph.getBlock())
      byName[getNodeName(&op)] = &op;

    SmallVector<Operation *> roots;
    if (outputs.empty()) {
      roots = inferOutputNodes(graph);
      std::string names;
      for (Operation *op : roots)
        names += (names.empty() ? "" : ", ") + getNodeName(op).str();
      emitRemark(graph.getLoc()) << "tfg-strip-unused-nodes: no outputs given; inferred: "
                         << (names.empty() ? "(none)" : names);
    } else {
      for (const std::string &output : outputs) {
        Operation *node = lookup(output);
        if (!node)
          return signalPassFailure();
        roots.push_back(node);
      }
    }

    // Everything the roots reach over data and control edges stays.
    llvm::SetVector<Operation *> live(roots.begin(), roots.end());
    for (unsigned i = 0; i < live.size(); ++i)
      for (Value operand : live[i]->getOperands())
        if (Operation *producer = operand.getDefiningOp())
          live.insert(producer);
    SmallVector<Operation *> dead;
    for (Operation &op : graph.getBlock())
      if (!live.contains(&op))
        dead.push_back(&op);
    // Dead nodes may form cycles: drop all their edges before erasing.
    for (Operation *op : dead)
      op->dropAllReferences();
    for (Operation *op : dead)
      op->erase();
  }
};
} // namespace
