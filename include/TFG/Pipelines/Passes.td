//===- Passes.td - Passes that run TFG pipelines -----------*- tablegen -*-===//
//
// Passes whose work is a pipeline of other TFG passes, built at run time
// because it depends on what the pass finds (the outputs of the graph) or
// on a language of its own (transform_graph's `--transforms`). The
// pipelines themselves are typed builders in lib/Pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_PIPELINES_PASSES_TD
#define TFG_PIPELINES_PASSES_TD

include "mlir/Pass/PassBase.td"

def OptimizeForInference
    : Pass<"tfg-optimize-for-inference", "mlir::ModuleOp"> {
  let summary = "The whole training-graph to inference-graph surgery";
  let description = [{
    Runs, in this order: `tfg-inline-functions` (TF2 models compute in
    their function library), `tfg-repair-ref-ops` (TF1 reference-typed
    leftovers such as RefSwitch and a read AssignSub become value ops),
    `tfg-freeze-variables` (only with `checkpoint`),
    `tfg-strip-unused-nodes` (inputs, outputs), `tfg-bind-placeholders`
    (`bind`, e.g. `training=false`; PlaceholderWithDefault nodes not listed
    in `inputs` take their defaults), `tfg-eliminate-switch-merge`,
    `tfg-remove-dropout`, `tfg-remove-nodes`, `tfg-fold-constants`,
    `tfg-fold-old-batch-norms`, `tfg-fold-batch-norms`, `tfg-fold-constants`
    again (what folding the batch norms left), `tfg-merge-duplicate-nodes`,
    `tfg-strip-unused-nodes`, `tfg-quantize-weights` (only with `quantize`)
    and `tfg-sort-by-execution-order`. Each step opens the next: binding
    makes predicates constant, which kills branches, which leaves batch
    norms and dropout in a form that folds.

    Without `outputs`, they are chosen once, before anything changes (the
    serving signature's, else the inferred ones, said in a remark), and
    every step keeps them. `print-pipeline` prints the pipeline it runs.
    With `outputs` given, the same steps are the registered pipeline
    `tfg-optimize-for-inference-pipeline` (lib/Pipelines/Pipelines.cpp,
    `buildOptimizeForInferencePipeline`).
  }];
  let options = [
    ListOption<"inputs", "inputs", "std::string", "Input node names">,
    ListOption<"outputs", "outputs", "std::string", "Output node names">,
    ListOption<"bind", "bind", "std::string",
               "Placeholders to bind, name=value (training=false)">,
    Option<"checkpoint", "checkpoint", "std::string", /*default=*/"\"\"",
           "Freeze variables from this checkpoint first">,
    Option<"foldBatchNorms", "fold-batch-norms", "bool", /*default=*/"true",
           "Fold batch norms into convolution / matmul weights">,
    Option<"quantizeWeights", "quantize", "bool", /*default=*/"false",
           "Quantize large float weights (tfg-quantize-weights)">,
    Option<"printPipeline", "print-pipeline", "bool", /*default=*/"false",
           "Print the pipeline to stderr before running it">,
  ];
  // The nested pipeline's PDLL patterns need these loaded up front.
  let dependentDialects = ["pdl::PDLDialect", "pdl_interp::PDLInterpDialect"];
}

def TransformGraph : Pass<"tfg-transform-graph", "mlir::ModuleOp"> {
  let summary = "Run a TensorFlow transform_graph `--transforms` string";
  let description = [{
    Accepts TensorFlow's graph_transforms syntax, e.g.
    `transforms='strip_unused_nodes(type=float, shape="1,299,299,3")
    remove_nodes(op=Identity, op=CheckNumerics) fold_constants(ignore_errors=true)
    fold_batch_norms fold_old_batch_norms'`, with `inputs` / `outputs` as
    transform_graph's `--inputs` / `--outputs`, and runs the TFG passes that
    do the same, in that order:

    | transform | TFG pass |
    |---|---|
    | `strip_unused_nodes(type, shape)` | `tfg-strip-unused-nodes{inputs outputs input-dtype input-shape}` |
    | `remove_nodes(op=…)` | `tfg-remove-nodes{ops keep=outputs}` |
    | `fold_constants(ignore_errors, clear_output_shapes)` | `tfg-fold-constants{ignore-errors}` |
    | `fold_batch_norms` | `tfg-fold-batch-norms` |
    | `fold_old_batch_norms` | `tfg-fold-old-batch-norms` |
    | `merge_duplicate_nodes` | `tfg-merge-duplicate-nodes{keep=inputs,outputs}` |
    | `sort_by_execution_order` | `tfg-sort-by-execution-order` |
    | `quantize_weights(minimum_size)` | `tfg-quantize-weights{minimum-size}` |
    | `add_default_attributes` | nothing: import fills defaults |

    An unknown transform or parameter is an error naming it, before anything
    runs. `print-pipeline` prints the TFG pipeline the transforms became
    (`buildTransformGraphPipeline` in lib/Pipelines/TransformGraph.cpp).
  }];
  let options = [
    Option<"transforms", "transforms", "std::string", /*default=*/"\"\"",
           "TensorFlow transform_graph transforms">,
    ListOption<"inputs", "inputs", "std::string", "Input node names">,
    ListOption<"outputs", "outputs", "std::string", "Output node names">,
    Option<"printPipeline", "print-pipeline", "bool", /*default=*/"false",
           "Print the pipeline to stderr before running it">,
  ];
  // The nested pipeline's PDLL patterns need these loaded up front.
  let dependentDialects = ["pdl::PDLDialect", "pdl_interp::PDLInterpDialect"];
}

#endif // TFG_PIPELINES_PASSES_TD
