//===- Summarize.cpp - Print what a graph holds ----------------------------===//

#include "TFG/Transforms/GraphQueries.h"
#include "TFG/Transforms/Passes.h"

#include "llvm/ADT/MapVector.h"
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

namespace {
struct SummarizePass : tfg::impl::SummarizeBase<SummarizePass> {
  using Base::Base;

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
      if (type != "Const")
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
    for (Operation *output : inferOutputNodes(graph))
      os << " " << getNodeName(output) << " (" << getNodeOpType(output) << ")";
    os << "\nops:";
    SmallVector<std::pair<StringRef, unsigned>> sorted(histogram.begin(),
                                                       histogram.end());
    llvm::stable_sort(sorted, [](auto &a, auto &b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    for (auto [type, count] : sorted)
      os << " " << type << "=" << count;
    os << "\n";
  }
};
} // namespace
