//===- StripUnusedNodes.cpp - Keep what the outputs need -------------------===//

#include "TFG/Transforms/GraphQueries.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_STRIPUNUSEDNODES
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

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
      auto it = byName.find(nodeNameOfTensor(tensorName));
      if (it != byName.end())
        return it->second;
      graph.emitError() << "no node named '" << nodeNameOfTensor(tensorName)
                        << "' in the graph";
      return nullptr;
    };

    for (const std::string &input : inputs) {
      Operation *node = lookup(input);
      if (!node || failed(replaceWithPlaceholder(node)))
        return signalPassFailure();
    }
    auto roots =
        resolveOutputNodes(graph, outputs, "tfg-strip-unused-nodes");
    if (failed(roots))
      return signalPassFailure();
    eraseNodesNotReachedFrom(graph, *roots);
  }
};
} // namespace
