//===- Summarize.cpp - Print what a graph holds ---------------------------===//

#include "TFG/Analysis/GraphQueries.h"
#include "TFG/Dialect/IR/OpCategories.h"
#include "TFG/Transforms/Passes.h"

#include "llvm/ADT/StringSet.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_SUMMARIZE
#include "TFG/Transforms/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

static void printType(Type type, raw_ostream &os) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    os << tensor.getElementType() << "[";
    llvm::interleaveComma(tensor.getShape(), os, [&](int64_t d) {
      if (ShapedType::isDynamic(d))
        os << "?";
      else
        os << d;
    });
    os << "]";
  } else if (auto tensor = dyn_cast<TensorType>(type)) {
    os << tensor.getElementType() << "[*]";
  } else {
    os << type;
  }
}

/// `f32[3, 3]` from a variable's dtype and shape attrs.
static void printVariable(Operation *op, raw_ostream &os) {
  if (auto dtype = op->getAttrOfType<TypeAttr>("dtype"))
    os << dtype.getValue();
  else
    os << "?";
  auto shape = op->getAttrOfType<ShapeAttr>("shape");
  if (!shape || shape.getUnranked()) {
    os << "[*]";
    return;
  }
  os << "[";
  llvm::interleaveComma(shape.getDims(), os, [&](int64_t d) {
    if (d < 0)
      os << "?";
    else
      os << d;
  });
  os << "]";
}

/// What an input that only switches training machinery on or off should be
/// bound to for inference, or "" when it looks like real data: a scalar bool
/// placeholder (training, is_training, phase_train) becomes false; a scalar
/// float keep probability 1.0, a dropout rate 0.0.
static std::string suggestBinding(Operation *input) {
  auto type = dyn_cast<RankedTensorType>(input->getResult(0).getType());
  if (!type || type.getRank() != 0)
    return "";
  std::string name = getNodeName(input).lower();
  if (type.getElementType().isInteger(1))
    return "false";
  if (!isa<FloatType>(type.getElementType()))
    return "";
  if (StringRef(name).contains("keep"))
    return "1.0";
  if (StringRef(name).contains("rate") && StringRef(name).contains("drop"))
    return "0.0";
  return "";
}

namespace {
/// Sinks that summarize_graph lists but no inference caller fetches:
/// summary ops, and a cond's branch pivot (`Identity(Switch:i)`, e.g.
/// `cond/switch_f`) that nothing consumes.
static bool isTrainingOnlySink(Operation *node) {
  StringRef type = getNodeOpType(node);
  if (type.ends_with("Summary") || type.ends_with("SummaryV2"))
    return true;
  if (!isa<IdentityOp>(node) || getDataOperands(node).empty())
    return false;
  return isSwitchLike(getDataOperands(node)[0].getDefiningOp());
}

struct SummarizePass : tfg::impl::SummarizeBase<SummarizePass> {
  using Base::Base;

  /// A tfg-optimize-for-inference command line for this graph: the
  /// inputs that carry data, the bindings of those that only switch training
  /// on, the inferred outputs, and a checkpoint when variables remain.

  static void printSuggestedCommand(GraphOp graph, bool hasVariables,
                                    raw_ostream &os) {
    SmallVector<std::string> inputs, bindings, outputs;
    // A signature names the inputs a user feeds (not `saver_filename`), and
    // they need not be Placeholders (a SavedModel may feed a node after its
    // tf.Example parsing); the other Placeholders may still want binding.
    llvm::StringSet<> signatureInputs;
    for (SignatureTensor input : getSignatureTensors(graph, "inputs")) {
      StringRef node = nodeNameOfTensor(input.tensor);
      if (signatureInputs.insert(node).second)
        inputs.push_back(node.str());
    }
    for (Operation *input : getInputNodes(graph)) {
      if (signatureInputs.contains(getNodeName(input)))
        continue;
      std::string value = suggestBinding(input);
      if (!signatureInputs.empty() && value.empty())
        continue;
      if (value.empty())
        inputs.push_back(getNodeName(input).str());
      else
        bindings.push_back((getNodeName(input) + "=" + value).str());
    }
    SmallVector<SignatureTensor> signatureOutputs =
        getSignatureTensors(graph, "outputs");
    for (SignatureTensor output : signatureOutputs)
      outputs.push_back(output.tensor.str());
    if (signatureOutputs.empty())
      for (Operation *output : inferOutputNodes(graph))
        if (!isTrainingOnlySink(output))
          outputs.push_back(getNodeName(output).str());
    SmallVector<std::string> options;
    if (!inputs.empty())
      options.push_back("inputs=" + llvm::join(inputs, ","));
    if (!outputs.empty())
      options.push_back("outputs=" + llvm::join(outputs, ","));
    if (!bindings.empty())
      options.push_back("bind=" + llvm::join(bindings, ","));
    // A SavedModel (it has a signature) brings its checkpoint: freeze it
    // on import. Freezing a TF2 one names the inputs and outputs after the
    // signature's keys, so the surgery step uses those.
    auto module = graph->getParentOfType<ModuleOp>();
    auto signature =
        module ? module->getAttrOfType<DictionaryAttr>(attrs::kSignature)
               : nullptr;
    bool freezeOnImport =
        signature && (hasVariables || module->hasAttr(attrs::kTF2ObjectGraph));
    if (freezeOnImport) {
      std::string name;
      if (auto sigName = signature.getAs<StringAttr>("name");
          sigName && sigName.getValue() != "serving_default")
        name = (" --signature=" + sigName.getValue()).str();
      os << "suggested: tfg-translate --import-graphdef MODEL --freeze" << name
         << " -o frozen.mlir\n";
      if (module->hasAttr(attrs::kTF2ObjectGraph)) {
        options.clear();
        auto keys = [&](StringRef side) {
          SmallVector<std::string> names;
          for (SignatureTensor tensor : getSignatureTensors(module, side))
            names.push_back(tensor.key.str());
          return names;
        };
        if (SmallVector<std::string> in = keys("inputs"); !in.empty())
          options.push_back("inputs=" + llvm::join(in, ","));
        if (SmallVector<std::string> out = keys("outputs"); !out.empty())
          options.push_back("outputs=" + llvm::join(out, ","));
      }
      os << "suggested: tfg-opt frozen.mlir --tfg-optimize-for-inference=\""
         << llvm::join(options, " ") << "\"\n";
      return;
    }
    if (hasVariables)
      options.push_back("checkpoint=CHECKPOINT_PREFIX");
    os << "suggested: tfg-opt MODEL.mlir --tfg-optimize-for-inference=\""
       << llvm::join(options, " ") << "\"\n";
  }

  void runOnOperation() override {
    GraphOp graph = getSingleGraph(getOperation());
    if (!graph)
      return signalPassFailure();
    raw_ostream &os = toStdout ? llvm::outs() : llvm::errs();
    unsigned nodes = 0, controlEdges = 0, constants = 0;
    uint64_t parameters = 0, parameterBytes = 0;
    llvm::MapVector<StringRef, unsigned> histogram;
    for (Operation &op : graph.getBlock()) {
      ++nodes;
      controlEdges += getControlOperands(&op).size();
      StringRef type = getNodeOpType(&op);
      ++histogram[type];
      if (!isa<ConstOp>(op))
        continue;
      ++constants;
      if (auto value = op.getAttrOfType<ElementsAttr>("value")) {
        ShapedType shaped = value.getShapedType();
        parameters += shaped.getNumElements();
        unsigned bits = shaped.getElementType().isIntOrFloat()
                            ? shaped.getElementTypeBitWidth()
                            : 0;
        parameterBytes += (shaped.getNumElements() * bits + 7) / 8;
      }
    }
    os << "=== " << title << ": " << nodes << " nodes, " << controlEdges
       << " control edges, " << constants << " constants (" << parameters
       << " values, " << parameterBytes << " bytes)\n";
    os << "inputs:";
    for (Operation *input : getInputNodes(graph)) {
      os << " " << getNodeName(input) << " (";
      printType(input->getResult(0).getType(), os);
      os << ")";
    }
    os << "\noutputs:";
    // A serving signature says what the outputs are; guessing is for graphs
    // without one (a TF2 SavedModel's unconsumed nodes are its save and
    // restore calls).
    SmallVector<SignatureTensor> signatureOutputs =
        getSignatureTensors(graph, "outputs");
    if (!signatureOutputs.empty()) {
      os << " (signature)";
      for (SignatureTensor output : signatureOutputs)
        os << " " << output.key << " = " << output.tensor;
    }
    SmallVector<Operation *> outputs;
    if (signatureOutputs.empty())
      outputs = inferOutputNodes(graph);
    for (Operation *output : ArrayRef<Operation *>(outputs).take_front(20))
      os << " " << getNodeName(output) << " (" << getNodeOpType(output) << ")";
    if (outputs.size() > 20)
      os << " ... (" << outputs.size() << " in all)";
    printSignatures(os);
    os << "\nvariables:";
    unsigned variables = 0;
    for (Operation &op : graph.getBlock()) {
      if (!isVariableLike(&op))
        continue;
      if (++variables > 20)
        continue;
      os << " " << getNodeName(&op) << " (";
      printVariable(&op, os);
      if (auto key = op.getAttrOfType<StringAttr>(attrs::kCheckpointKey))
        os << ", key " << key.getValue();
      os << ")";
    }
    if (variables > 20)
      os << " ... (" << variables << " in all)";
    else if (variables == 0)
      os << " none";
    os << "\nops:";
    SmallVector<std::pair<StringRef, unsigned>> sorted(histogram.begin(),
                                                       histogram.end());
    llvm::stable_sort(sorted, [](auto &a, auto &b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    for (auto [type, count] : sorted)
      os << " " << type << "=" << count;
    os << "\n";
    printSuggestedCommand(graph, variables != 0, os);
  }

  /// A SavedModel's signatures (tfg.signatures), one a line:
  ///   signature serving_default: a = serving_default_a:0 (f32[]), ...
  ///     -> output_0 = StatefulPartitionedCall:0 (f32[])
  void printSignatures(raw_ostream &os) {
    auto signatures =
        getOperation()->getAttrOfType<DictionaryAttr>(attrs::kSignatures);
    if (!signatures)
      return;
    auto printTensors = [&](DictionaryAttr tensors) {
      if (!tensors || tensors.empty()) {
        os << " (none)";
        return;
      }
      llvm::interleave(
          tensors, os,
          [&](NamedAttribute entry) {
            os << " " << entry.getName().getValue();
            auto info = dyn_cast<DictionaryAttr>(entry.getValue());
            if (!info)
              return;
            if (auto tensor = info.getAs<StringAttr>("tensor"))
              os << " = " << tensor.getValue();
            if (auto type = info.getAs<TypeAttr>("type")) {
              os << " (";
              printType(type.getValue(), os);
              os << ")";
            }
          },
          ",");
    };
    for (NamedAttribute signature : signatures) {
      auto fields = dyn_cast<DictionaryAttr>(signature.getValue());
      // `__saved_model_init_op` and the like are the loader's, not a user's.
      if (!fields || signature.getName().getValue().starts_with("__"))
        continue;
      os << "\nsignature " << signature.getName().getValue() << ":";
      printTensors(fields.getAs<DictionaryAttr>("inputs"));
      os << " ->";
      printTensors(fields.getAs<DictionaryAttr>("outputs"));
    }
  }
};
} // namespace
