//===- StripUnusedNodes.cpp - Keep what the outputs need ------------------===//

#include "TFG/Analysis/GraphQueries.h"
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

/// TensorFlow's dtype spelling ("float", "int32", "uint8", ...): DataType
/// names without "DT_", lower case.
static Type parseDType(MLIRContext *context, StringRef name) {
  for (int dtype = 1; dtype < 64; ++dtype) {
    StringRef full = dataTypeName(dtype);
    if (full.consume_front("DT_") && full.equals_insensitive(name))
      return dataTypeToType(context, dtype);
  }
  return {};
}

/// Replaces `node` by a Placeholder of its first output's dtype and shape,
/// or of `dtypeOverride` / `dimsOverride` when given (then a Placeholder is
/// rebuilt too, as transform_graph's strip_unused_nodes(type, shape) does).
static LogicalResult
replaceWithPlaceholder(Operation *node, Type dtypeOverride,
                       std::optional<SmallVector<int64_t>> dimsOverride) {
  if (isa<PlaceholderOp>(node) && !dtypeOverride && !dimsOverride)
    return success();
  if (getDataResults(node).size() != 1)
    return node->emitError()
           << "cannot become an input: it has " << getDataResults(node).size()
           << " outputs, a Placeholder has one";
  Value result = node->getResult(0);
  auto tensor = dyn_cast<TensorType>(result.getType());
  Type dtype = tensor ? tensor.getElementType() : Type();
  for (StringRef attrName : {"dtype", "T"})
    if (auto attr = node->getAttrOfType<TypeAttr>(attrName))
      dtype = attr.getValue();
  if (dtypeOverride)
    dtype = dtypeOverride;
  if (!dtype || (isa<OpaqueTensorType>(result.getType()) && !dimsOverride))
    return node->emitError(
        "cannot become an input: its dtype is not known (no dtype/T attr)");
  if (auto ref = dyn_cast<RefType>(dtype))
    dtype = ref.getElementType();
  MLIRContext *context = node->getContext();
  Attribute shape = ShapeAttr::get(context, {}, /*unranked=*/true);
  Type type = tensor ? tensor.clone(dtype) : result.getType();
  if (dimsOverride) {
    shape = ShapeAttr::get(context, *dimsOverride, /*unranked=*/false);
    SmallVector<int64_t> dims;
    for (int64_t d : *dimsOverride)
      dims.push_back(d < 0 ? ShapedType::kDynamic : d);
    type = RankedTensorType::get(dims, dtype);
  } else if (auto ranked = dyn_cast_or_null<RankedTensorType>(tensor)) {
    SmallVector<int64_t> dims;
    for (int64_t d : ranked.getShape())
      dims.push_back(ShapedType::isDynamic(d) ? -1 : d);
    shape = ShapeAttr::get(context, dims, /*unranked=*/false);
  }
  OpBuilder builder(node);
  OperationState state(node->getLoc(), "tfg.Placeholder");
  state.addAttribute("dtype", TypeAttr::get(dtype));
  state.addAttribute("shape", shape);
  state.addTypes({type, ControlType::get(context)});
  Operation *placeholder = builder.create(state);
  setNodeNameAndDeviceLike(placeholder, getNodeNameAttr(node), node);
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

    Type dtypeOverride;
    if (!inputDType.empty()) {
      dtypeOverride = parseDType(&getContext(), inputDType);
      if (!dtypeOverride) {
        graph.emitError() << "tfg-strip-unused-nodes: unknown dtype '"
                          << inputDType << "' (TensorFlow's names: float, "
                          << "int32, uint8, ...)";
        return signalPassFailure();
      }
    }
    std::optional<SmallVector<int64_t>> dimsOverride;
    if (!inputShape.empty()) {
      dimsOverride.emplace();
      for (StringRef dim : llvm::split(StringRef(inputShape), ',')) {
        int64_t size;
        if (dim.trim().getAsInteger(10, size) || size < -1) {
          graph.emitError()
              << "tfg-strip-unused-nodes: input-shape '" << inputShape
              << "' is not a list of sizes (-1: unknown)";
          return signalPassFailure();
        }
        dimsOverride->push_back(size);
      }
    }
    for (const std::string &input : inputs) {
      Operation *node = lookup(input);
      if (!node ||
          failed(replaceWithPlaceholder(node, dtypeOverride, dimsOverride)))
        return signalPassFailure();
    }
    auto roots = resolveOutputNodes(graph, outputs, "tfg-strip-unused-nodes");
    if (failed(roots))
      return signalPassFailure();
    eraseNodesNotReachedFrom(graph, *roots);
  }
};
} // namespace
