//===- Passes.td - TFG graph passes ------------------------*- tablegen -*-===//

#ifndef TFG_TRANSFORMS_PASSES_TD
#define TFG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def Summarize : Pass<"tfg-summarize", "mlir::ModuleOp"> {
  let summary = "Print a summary of the graph (like TensorFlow's summarize_graph)";
  let description = [{
    Prints, for the module's tfg.graph: the node count, the inputs
    (Placeholder / PlaceholderWithDefault nodes, with dtype and shape), the
    likely outputs (nodes whose data results and control token nobody
    consumes, excluding Const, NoOp, Assign and the like), the number of
    constant parameters and their bytes, the control-edge count and the op
    histogram. Changes nothing. Run it before and after a pipeline to see
    what the pipeline did.
  }];
  let options = [
    Option<"title", "title", "std::string", /*default=*/"\"graph\"",
           "Heading of the summary">,
    Option<"toStdout", "to-stdout", "bool", /*default=*/"false",
           "Print to stdout instead of stderr">,
  ];
}

def StripUnusedNodes : Pass<"tfg-strip-unused-nodes", "mlir::ModuleOp"> {
  let summary = "Keep only the nodes the outputs need";
  let description = [{
    Walks back from the output nodes over data and control edges and erases
    every node not reached. `outputs` names the output nodes (a trailing
    `:N` is accepted and ignored); without it, outputs are inferred the way
    summarize_graph does and the pass says which it chose. Nodes named in
    `inputs` become the graph's inputs: whatever produced them is replaced
    by a Placeholder of the same dtype and shape (taken from the node's
    dtype/T attr and its result type), and what fed them is no longer
    needed.
  }];
  let options = [
    ListOption<"outputs", "outputs", "std::string", "Output node names">,
    ListOption<"inputs", "inputs", "std::string",
               "Node names that become Placeholders">,
  ];
}

#endif // TFG_TRANSFORMS_PASSES_TD
