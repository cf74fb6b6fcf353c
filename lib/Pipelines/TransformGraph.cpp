//===- TransformGraph.cpp - TensorFlow transform_graph spelling -----------===//
//
// `--transforms='strip_unused_nodes remove_nodes(op=Identity) ...'`, as
// TensorFlow's graph_transforms tool takes it, translated into TFG passes
// (built from their option structs) and run as a nested pipeline. Users of
// transform_graph keep their scripts.
//
//===----------------------------------------------------------------------===//

#include "TFG/Pipelines/Pipelines.h"
#include "TFG/Transforms/Passes.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::tfg {
#define GEN_PASS_DEF_TRANSFORMGRAPH
#include "TFG/Pipelines/Passes.h.inc"
} // namespace mlir::tfg

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// One `name(param=value, ...)` of a transforms string.
struct Transform {
  std::string name;
  std::vector<std::pair<std::string, std::string>> params;

  SmallVector<std::string> values(StringRef key) const {
    SmallVector<std::string> found;
    for (const auto &[k, v] : params)
      if (k == key)
        found.push_back(v);
    return found;
  }
};
} // namespace

/// Splits TensorFlow's transforms syntax: names separated by whitespace,
/// each optionally followed by `(key=value, key="quoted, value")`.
static FailureOr<std::vector<Transform>> parseTransforms(StringRef text,
                                                         std::string &error) {
  std::vector<Transform> transforms;
  size_t i = 0, n = text.size();
  auto skipSpace = [&] {
    while (i < n && llvm::isSpace(text[i]))
      ++i;
  };
  auto readWord = [&] {
    size_t start = i;
    while (i < n && (llvm::isAlnum(text[i]) || text[i] == '_' ||
                     text[i] == '.' || text[i] == '-' || text[i] == '/' ||
                     text[i] == ':' || text[i] == '*'))
      ++i;
    return text.slice(start, i).str();
  };
  while (true) {
    skipSpace();
    if (i == n)
      break;
    Transform transform;
    transform.name = readWord();
    if (transform.name.empty()) {
      error = "unexpected '" + std::string(1, text[i]) + "' at offset " +
              std::to_string(i);
      return failure();
    }
    skipSpace();
    if (i < n && text[i] == '(') {
      ++i;
      while (true) {
        skipSpace();
        if (i < n && text[i] == ')') {
          ++i;
          break;
        }
        std::string key = readWord();
        skipSpace();
        if (key.empty() || i == n || text[i] != '=') {
          error = "in " + transform.name + "(...): expected key=value";
          return failure();
        }
        ++i;
        skipSpace();
        std::string value;
        if (i < n && (text[i] == '"' || text[i] == '\'')) {
          char quote = text[i++];
          size_t end = text.find(quote, i);
          if (end == StringRef::npos) {
            error = "in " + transform.name + "(...): unterminated quote";
            return failure();
          }
          value = text.slice(i, end).str();
          i = end + 1;
        } else {
          size_t start = i;
          while (i < n && text[i] != ',' && text[i] != ')' &&
                 !llvm::isSpace(text[i]))
            ++i;
          value = text.slice(start, i).str();
        }
        transform.params.emplace_back(key, value);
        skipSpace();
        if (i < n && text[i] == ',')
          ++i;
        else if (i < n && text[i] == ')')
          continue;
        else if (i == n) {
          error = "in " + transform.name + "(...): missing ')'";
          return failure();
        }
      }
    }
    transforms.push_back(std::move(transform));
  }
  return transforms;
}

LogicalResult
tfg::buildTransformGraphPipeline(OpPassManager &pm,
                                 const TransformGraphOptions &options,
                                 std::string &error) {
  auto transforms = parseTransforms(options.transforms, error);
  if (failed(transforms))
    return failure();
  ArrayRef<std::string> inputs = options.inputs, outputs = options.outputs;
  // Added to `pm` only once every transform is understood.
  SmallVector<std::unique_ptr<Pass>> passes;
  for (const Transform &t : *transforms) {
    // Parameters each transform understands; anything else is an error,
    // not silently ignored.
    auto allowOnly = [&](std::initializer_list<StringRef> known) {
      for (const auto &[key, value] : t.params)
        if (!llvm::is_contained(known, key)) {
          error = t.name + ": parameter '" + key + "' is not supported";
          return false;
        }
      return true;
    };
    if (t.name == "strip_unused_nodes") {
      if (!allowOnly({"type", "shape", "name"}))
        return failure();
      StripUnusedNodesOptions strip;
      strip.inputs.assign(inputs.begin(), inputs.end());
      strip.outputs.assign(outputs.begin(), outputs.end());
      if (!t.values("type").empty())
        strip.inputDType = t.values("type").back();
      if (!t.values("shape").empty())
        strip.inputShape = t.values("shape").back();
      passes.push_back(createStripUnusedNodes(strip));
    } else if (t.name == "remove_nodes") {
      if (!allowOnly({"op"}))
        return failure();
      RemoveNodesOptions removeNodes;
      removeNodes.ops = t.values("op");
      removeNodes.keep.assign(outputs.begin(), outputs.end());
      passes.push_back(createRemoveNodes(removeNodes));
    } else if (t.name == "fold_constants") {
      if (!allowOnly({"ignore_errors", "clear_output_shapes"}))
        return failure();
      SmallVector<std::string> ignore = t.values("ignore_errors");
      FoldConstantsOptions foldConstants;
      foldConstants.ignoreErrors =
          !ignore.empty() &&
          StringRef(ignore.back()).equals_insensitive("true");
      passes.push_back(createFoldConstants(foldConstants));
    } else if (t.name == "fold_batch_norms") {
      if (!allowOnly({}))
        return failure();
      passes.push_back(createFoldBatchNorms());
    } else if (t.name == "fold_old_batch_norms") {
      if (!allowOnly({}))
        return failure();
      passes.push_back(createFoldOldBatchNorms());
    } else if (t.name == "merge_duplicate_nodes") {
      if (!allowOnly({}))
        return failure();
      // TensorFlow's transform keeps the names of inputs and outputs.
      MergeDuplicateNodesOptions merge;
      merge.keep.assign(inputs.begin(), inputs.end());
      merge.keep.append(outputs.begin(), outputs.end());
      passes.push_back(createMergeDuplicateNodes(merge));
    } else if (t.name == "sort_by_execution_order") {
      if (!allowOnly({}))
        return failure();
      passes.push_back(createSortByExecutionOrder());
    } else if (t.name == "quantize_weights") {
      if (!allowOnly({"minimum_size"}))
        return failure();
      QuantizeWeightsOptions quantize;
      if (!t.values("minimum_size").empty()) {
        // Radix 0, as the pass option's own parser reads it.
        std::string size = t.values("minimum_size").back();
        if (StringRef(size).getAsInteger(0, quantize.minimumSize)) {
          error =
              "quantize_weights: minimum_size '" + size + "' is not a number";
          return failure();
        }
      }
      passes.push_back(createQuantizeWeights(quantize));
    } else if (t.name == "add_default_attributes") {
      // The importer fills every default from the op registry already.
      if (!allowOnly({}))
        return failure();
    } else {
      error = "unknown transform '" + t.name +
              "' (TFG knows strip_unused_nodes, remove_nodes, "
              "fold_constants, fold_batch_norms, fold_old_batch_norms, "
              "merge_duplicate_nodes, sort_by_execution_order, "
              "quantize_weights, add_default_attributes)";
      return failure();
    }
  }
  for (std::unique_ptr<Pass> &pass : passes)
    pm.addPass(std::move(pass));
  return success();
}

namespace {
struct TransformGraphPass
    : mlir::tfg::impl::TransformGraphBase<TransformGraphPass> {
  using Base::Base;

  void runOnOperation() override {
    TransformGraphOptions options;
    options.transforms = transforms;
    options.inputs.assign(inputs.begin(), inputs.end());
    options.outputs.assign(outputs.begin(), outputs.end());
    OpPassManager pm(ModuleOp::getOperationName());
    std::string error;
    if (failed(buildTransformGraphPipeline(pm, options, error))) {
      getOperation().emitError() << "tfg-transform-graph: " << error;
      return signalPassFailure();
    }
    if (printPipeline) {
      llvm::errs() << "tfg-transform-graph: ";
      printPipelinePasses(pm, llvm::errs());
      llvm::errs() << "\n";
    }
    if (failed(runPipeline(pm, getOperation())))
      signalPassFailure();
  }
};
} // namespace
