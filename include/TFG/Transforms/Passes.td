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

def ExportDot : Pass<"tfg-export-dot", "mlir::ModuleOp"> {
  let summary = "Draw the graph as a Graphviz DOT file";
  let description = [{
    Writes the module's tfg.graph as a Graphviz `digraph` to the file named
    by `output` (required, since tfg-opt prints the IR to stdout; `output=-`
    writes to stdout anyway). One box per node, labelled with its op type
    and name; data edges solid, labelled `:N` when they leave output N > 0;
    control edges dashed. Const nodes are drawn as small points unless
    `collapse-constants=false`. With `cluster-by-scope` (default `auto`: when
    the graph has more than 50 nodes) nodes are grouped into nested
    `subgraph cluster_*` boxes by name scope, up to `max-scope-depth` deep.
    Fails, writing nothing, when the graph has more than `max-nodes` nodes.
    Changes nothing. Render with `dot -Tsvg out.dot -o out.svg`; to colour
    what a pipeline changed, use `tfg-dot --diff-against`.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "DOT file to write (required; - for stdout)">,
    Option<"collapseConstants", "collapse-constants", "bool",
           /*default=*/"true", "Draw Const nodes as small points">,
    Option<"clusterByScope", "cluster-by-scope", "std::string",
           /*default=*/"\"auto\"",
           "Group nodes by name scope: auto (more than 50 nodes), true, false">,
    Option<"maxScopeDepth", "max-scope-depth", "unsigned", /*default=*/"4",
           "Deepest nesting of scope clusters">,
    Option<"maxNodes", "max-nodes", "unsigned", /*default=*/"5000",
           "Fail when the graph has more nodes than this (0: no limit)">,
    Option<"title", "title", "std::string", /*default=*/"\"\"",
           "Title of the picture">,
  ];
}

def RemoveNodes : Pass<"tfg-remove-nodes", "mlir::ModuleOp"> {
  let summary = "Splice out nodes that only forward their input or order execution";
  let description = [{
    Removes the nodes of the op types in `ops` (default: Identity,
    CheckNumerics, StopGradient, Snapshot, PreventGradient, NoOp; also
    accepted: PlaceholderWithDefault): data users take the node's input,
    and users of its control token depend instead on what the node depended
    on (its input's producer and its own control inputs); data users also
    get its control inputs. The rewrites are DRR patterns
    (lib/Transforms/Patterns/RemoveNodes.td).

    Kept: nodes named in `keep` or in the module's `tfg.signature`, nodes
    nobody consumes (graph outputs), and an Identity of a Switch output
    whose token has users: it carries a cond branch's or loop body's
    deadness to the nodes that depend on it (TensorFlow's `switch_t` /
    `while/Identity` pivots). Loops are otherwise left as they are: Enter,
    Exit, Merge, Switch, NextIteration and LoopCond are never removed.
  }];
  let options = [
    ListOption<"ops", "ops", "std::string",
               "Op types to remove (default: Identity, CheckNumerics, "
               "StopGradient, Snapshot, PreventGradient, NoOp)">,
    ListOption<"keep", "keep", "std::string",
               "Node names that stay (outputs; a trailing :N is ignored)">,
  ];
}

#endif // TFG_TRANSFORMS_PASSES_TD
