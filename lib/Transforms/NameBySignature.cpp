//===- NameBySignature.cpp - Inputs and outputs named as the signature ----===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Passes.h"
#include "TFG/Transforms/Utils/RewriteUtils.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_NAMEBYSIGNATURE
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct NameBySignaturePass
    : tfg::impl::NameBySignatureBase<NameBySignaturePass> {
  void runOnOperation() override;

private:
  /// The output `index` of the node a tensor name ("n:1") names; null after
  /// an error.
  Value resolveTensor(GraphOp graph, StringRef key, StringRef tensor);
  /// Gives `node` the name `name`, renaming a node that has it out of the
  /// way.
  void claimName(Operation *node, StringRef name);

  llvm::StringMap<Operation *> byName;
  llvm::StringSet<> names;
};
} // namespace

Value NameBySignaturePass::resolveTensor(GraphOp graph, StringRef key,
                                         StringRef tensor) {
  StringRef nodeName = nodeNameOfTensor(tensor);
  unsigned index = 0;
  if (nodeName.size() < tensor.size())
    (void)tensor.drop_front(nodeName.size() + 1).getAsInteger(10, index);
  auto it = byName.find(nodeName);
  if (it == byName.end()) {
    graph.emitError() << "tfg-name-by-signature: signature tensor '" << key
                      << "' is '" << tensor << "', but no node is named '"
                      << nodeName << "'";
    return nullptr;
  }
  ResultRange results = getDataResults(it->second);
  if (index >= results.size()) {
    it->second->emitError()
        << "tfg-name-by-signature: signature tensor '" << key << "' is '"
        << tensor << "', but node '" << nodeName << "' has " << results.size()
        << " outputs";
    return nullptr;
  }
  return results[index];
}

void NameBySignaturePass::claimName(Operation *node, StringRef name) {
  if (getNodeName(node) == name)
    return;
  auto it = byName.find(name);
  if (it != byName.end() && it->second != node) {
    Operation *other = it->second;
    std::string moved = name.str();
    for (unsigned i = 1; names.contains(moved); ++i)
      moved = (name + "_" + Twine(i)).str();
    names.insert(moved);
    setNodeName(other, moved);
    byName[moved] = other;
  }
  byName.erase(getNodeName(node));
  setNodeName(node, name);
  names.insert(name);
  byName[name] = node;
}

void NameBySignaturePass::runOnOperation() {
  ModuleOp module = getOperation();
  auto signature = module->getAttrOfType<DictionaryAttr>(attrs::kSignature);
  if (!signature)
    return;
  GraphOp graph = getSingleGraph(module);
  if (!graph)
    return signalPassFailure();
  byName.clear();
  names.clear();
  for (Operation &op : graph.getBlock()) {
    byName[getNodeName(&op)] = &op;
    names.insert(getNodeName(&op));
  }
  Builder b(&getContext());

  // Resolve everything first: renaming inputs must not change what an
  // output name refers to.
  SmallVector<std::pair<StringRef, Operation *>> inputNodes;
  llvm::DenseMap<Operation *, StringRef> keyOfInput;
  for (SignatureTensor input : getSignatureTensors(module, "inputs")) {
    Value value = resolveTensor(graph, input.key, input.tensor);
    if (!value)
      return signalPassFailure();
    Operation *node = value.getDefiningOp();
    if (!isPlaceholderLike(node)) {
      node->emitError() << "tfg-name-by-signature: signature input '"
                        << input.key << "' is node '" << getNodeName(node)
                        << "', which is a " << getNodeOpType(node)
                        << ", not a Placeholder";
      return signalPassFailure();
    }
    auto [it, inserted] = keyOfInput.try_emplace(node, input.key);
    if (!inserted) {
      node->emitError() << "tfg-name-by-signature: Placeholder '"
                        << getNodeName(node) << "' is both signature input '"
                        << it->second << "' and '" << input.key << "'";
      return signalPassFailure();
    }
    inputNodes.emplace_back(input.key, node);
  }
  SmallVector<std::pair<StringRef, Value>> outputValues;
  for (SignatureTensor output : getSignatureTensors(module, "outputs")) {
    Value value = resolveTensor(graph, output.key, output.tensor);
    if (!value)
      return signalPassFailure();
    outputValues.emplace_back(output.key, value);
  }

  SmallVector<NamedAttribute> newInputs, newOutputs;
  for (auto [key, node] : inputNodes) {
    claimName(node, key);
    newInputs.push_back(b.getNamedAttr(key, b.getStringAttr(key + ":0")));
  }
  IRRewriter rewriter(&getContext());
  SmallVector<Operation *> forwarders;
  for (auto [key, value] : outputValues) {
    Operation *producer = value.getDefiningOp();
    SmallVector<Value> controls;
    // Look through the IdentityN an inlined call leaves: the output reads
    // the tensor itself, after the IdentityN's control inputs.
    if (auto identityN = dyn_cast<IdentityNOp>(producer)) {
      unsigned index = cast<OpResult>(value).getResultNumber();
      controls.assign(getControlOperands(producer).begin(),
                      getControlOperands(producer).end());
      value = getDataOperands(producer)[index];
      forwarders.push_back(producer);
    }
    rewriter.setInsertionPointAfter(producer);
    OperationState state(producer->getLoc(), "tfg.Identity");
    state.addOperands(value);
    state.addOperands(controls);
    state.addAttribute(
        "T", TypeAttr::get(cast<ShapedType>(value.getType()).getElementType()));
    state.addTypes({value.getType(), ControlType::get(&getContext())});
    Operation *identity = rewriter.create(state);
    // The Identity is new: give it a placeholder name, then claim the key.
    std::string temporary = (key + "/signature_output").str();
    for (unsigned i = 1; names.contains(temporary); ++i)
      temporary = (key + "/signature_output_" + Twine(i)).str();
    setNodeNameAndDeviceLike(identity, b.getStringAttr(temporary), producer);
    names.insert(temporary);
    byName[temporary] = identity;
    claimName(identity, key);
    newOutputs.push_back(b.getNamedAttr(key, b.getStringAttr(key + ":0")));
  }
  // A look-through IdentityN nothing else uses has no job left.
  for (Operation *forwarder : forwarders)
    if (forwarder->use_empty())
      rewriter.eraseOp(forwarder);

  // Everything but the tensors (the signature's name) stays as it was.
  NamedAttrList rewritten(signature);
  rewritten.set("inputs", b.getDictionaryAttr(newInputs));
  rewritten.set("outputs", b.getDictionaryAttr(newOutputs));
  module->setAttr(attrs::kSignature, rewritten.getDictionary(&getContext()));
}
