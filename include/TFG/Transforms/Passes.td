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
    constant parameters and their bytes, the control-edge count, the
    variables (with dtype and shape), the op histogram, and a suggested
    `tfg-optimize-for-inference` command line (scalar bool placeholders
    bound to false, a keep probability to 1.0, a dropout rate to 0.0, a
    checkpoint when variables remain). Changes nothing. Run it before and after a pipeline to see
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
    dtype/T attr and its result type, or `input-dtype` / `input-shape`,
    which also rebuild Placeholders named there: transform_graph's
    `strip_unused_nodes(type=float, shape="1,224,224,3")`), and what fed
    them is no longer needed.
  }];
  let options = [
    ListOption<"outputs", "outputs", "std::string", "Output node names">,
    ListOption<"inputs", "inputs", "std::string",
               "Node names that become Placeholders">,
    Option<"inputDType", "input-dtype", "std::string", /*default=*/"\"\"",
           "dtype of the `inputs` Placeholders (TensorFlow's names: float, "
           "int32, uint8, ...; default: the node's own)">,
    Option<"inputShape", "input-shape", "std::string", /*default=*/"\"\"",
           "Shape of the `inputs` Placeholders, e.g. 1,224,224,3 (-1: "
           "unknown; default: the node's own)">,
  ];
}

def InlineFunctions : Pass<"tfg-inline-functions", "mlir::ModuleOp"> {
  let summary = "Replace function calls by the bodies of their functions";
  let description = [{
    Replaces every `PartitionedCall`, `StatefulPartitionedCall` and call by
    function name (a node whose op type is a function of the library) by a
    copy of the callee's body, recursively: calls inside the copied bodies
    are inlined too, and a function called twice is copied twice. This is
    how a TF2 SavedModel, whose computation lives in the function library
    behind a `StatefulPartitionedCall`, becomes one flat graph for freezing,
    surgery and the CPU lowering.

    Copied nodes are named `<call node>/<body node>` (made unique) and keep
    their attrs, devices and `_output_shapes`; `#tfg.placeholder` attrs
    take the values the call instantiates the function with. Users of the
    call's output `i` use the body's i-th returned tensor; a control edge
    from a function argument becomes one from the operand's producer; the
    call's control inputs become control inputs of the body's entry nodes;
    a node that depended on the call by a control edge depends on a `NoOp`
    of the call's name, which waits for the body's control outputs
    (`control_ret`) and returned tensors. A call the serving signature
    names (`StatefulPartitionedCall:0`), or one that is an output of the
    graph (nothing uses it), leaves an `IdentityN` of its name, so the
    signature and `--outputs` still find its tensors.

    Calls inside the functions that stay in the library (the bodies of
    `While` and `If`) are inlined as well. Then, unless
    `keep-unused-functions`, functions nothing refers to any more are
    dropped, so the exported library holds only what the graph still needs.

    Errors, each naming the call node and the function: a function missing
    from the library, an `f` attr that is not a function reference (a
    placeholder no call resolves), an arity mismatch, an attr placeholder
    the call does not give, recursion (the chain is named), calls nested
    deeper than `max-depth` or copying more than `max-nodes` nodes into
    one body (a function calling another twice, thirty levels deep, would
    copy 2^30).
  }];
  let options = [
    Option<"keepUnusedFunctions", "keep-unused-functions", "bool",
           /*default=*/"false",
           "Keep functions no longer called in the library">,
    Option<"maxDepth", "max-depth", "unsigned", /*default=*/"64",
           "Deepest chain of nested calls to inline">,
    Option<"maxNodes", "max-nodes", "uint64_t", /*default=*/"4194304",
           "Most nodes to copy into one graph or function body">,
  ];
}

def FunctionalToV1ControlFlow
    : Pass<"tfg-functional-to-v1-control-flow", "mlir::ModuleOp"> {
  let summary = "Lower functional If/While to v1 Switch/Merge/Enter/Exit "
                "control flow";
  let description = [{
    For runtimes that take only v1 control flow (TensorFlow's own
    `LowerFunctionalOpsPass`: `lower_if_op.cc`, `lower_while_op.cc`). Calls
    in the graph are inlined first (as `tfg-inline-functions` does), then
    every `If` / `StatelessIf` and `While` / `StatelessWhile` node of the
    graph is replaced by v1 control flow with its functions inlined; the
    functional nodes the inlined bodies bring are lowered in turn.

    `If` node `c`: `c/switch_pred = Switch(pred, pred)` and the pivots
    `c/switch_t` / `c/switch_f` (Identity of its outputs 1 and 0); a
    `Switch` per input (`c/switch_i`); `then_branch` inlined as `c/then/...`
    on the Switch outputs 1 (true), `else_branch` as `c/else/...` on the
    outputs 0 (false), each branch's entry nodes waiting for its pivot (so
    the untaken branch is dead); a `Merge` per output (`c/merge_i`), which
    the users of `c:i` read.

    `While` node `w`, per loop variable `i`: `w/enter_i` (`frame_name` =
    `w`, `is_constant` = false, the node's `parallel_iterations`),
    `w/merge_i = Merge(enter_i, next_iteration_i)`, `cond` inlined as
    `w/cond/...` on the Merges (its entry nodes wait for `w/merge_0`, so
    its constants are in the frame), `w/loop_cond = LoopCond(cond)`,
    `w/switch_i = Switch(merge_i, loop_cond)`, `w/identity_i` on its output
    1, `body` inlined as `w/body/...` on the Identities (entry nodes wait
    for `w/identity_0`), `w/next_iteration_i` of the body's i-th result
    back into the Merge, `w/exit_i` on the Switch output 0, which the users
    of `w:i` read.

    A lowered node that the serving signature names, or that is an output
    of the graph, leaves an `IdentityN` of its name over the Merges /
    Exits, so `c:i` is still fetchable; control users of the node wait for
    that node (or a `NoOp` of its name), which waits for both branches'
    control outputs (through `c/branch_executed`, a Merge of the pivots) or
    for the Exits.

    Unless `keep-unused-functions`, the functions nothing refers to any
    more (branch, cond and body functions) are dropped. Functional nodes
    inside functions that stay are left alone.

    Errors, at the node and naming it: a function missing from the
    library, a branch, cond or body whose arity does not match the node, a
    `While` body that returns a different number of values than it takes,
    a non-bool `If` predicate, a `While` without loop variables, recursion
    through branches, and `Case` / `StatelessCase` (not lowered).
  }];
  let options = [
    Option<"keepUnusedFunctions", "keep-unused-functions", "bool",
           /*default=*/"false",
           "Keep functions no longer referred to in the library">,
    Option<"maxDepth", "max-depth", "unsigned", /*default=*/"64",
           "Deepest chain of nested calls and functional nodes to inline">,
    Option<"maxNodes", "max-nodes", "uint64_t", /*default=*/"4194304",
           "Most nodes to copy into the graph">,
  ];
}

def RaiseV1ControlFlow : Pass<"tfg-raise-v1-control-flow", "mlir::ModuleOp"> {
  let summary = "Raise v1 Enter/Merge/Switch/LoopCond/NextIteration/Exit "
                "loops and Switch/Merge conditionals to functional While/If";
  let description = [{
    The inverse of `tfg-functional-to-v1-control-flow`, as TensorFlow's
    `functionalize_control_flow` (tf2xla) does it, for the graph and every
    library function: compilers (the CPU lowering among them) take
    functional `While` / `If` nodes, TF1 graphs hold v1 frames.

    Loops. Every node gets a frame by TensorFlow's executor rules: an
    Enter's users are in its `frame_name` inside the Enter's own frame, an
    Exit's users in the parent frame, other users in the node's frame (a
    Const with no input, and stateless nodes of constants only, belong to
    no frame and are copied where they are used). Frames are raised
    innermost first, so an outer body holds the inner loop as a `While`.
    Per frame: one `LoopCond`; per Enter with `is_constant = false` a loop
    variable `Merge(Enter, NextIteration)` → `Switch(Merge, LoopCond)` →
    `Exit` on output 0, the body on output 1; Enters with `is_constant =
    true` are loop invariants, passed as extra loop variables that the body
    returns unchanged (resource handles such as a TensorArray's are
    ordinary variables). `parallel_iterations` is kept as an attr and has
    no other effect. The cond function is what the LoopCond's input reads
    back to the Merges and invariants; the body is what the NextIterations
    read back to the Switches' outputs 1, plus every other node of the
    frame. The `While` (named after the frame, `x/while_context` → `x/while`)
    takes the Enters' inputs and control inputs; users of an Exit read the
    `While`'s output, control users wait for the `While`. Control edges
    between nodes of the frame and the skeleton become the function
    argument's control token.

    Conditionals. Switches whose predicate is not a constant are grouped by
    predicate (seen through Identity, as tf.cond's `pred_id`) and split by
    the regions their outputs reach (two tf.conds on one flag are two
    `If`s); a branch is
    what the Switches' outputs 1 (then) or 0 (else) reach over data and
    control edges up to the Merges that take one value of each branch, the
    `If`'s outputs. Conditionals are raised innermost first. The `If` (named
    after the Merges' scope, `x/cond/Merge` → `x/cond`) takes the
    predicate, the Switches' inputs and whatever the branches read from
    outside; control inputs of the Switches and of branch nodes from
    outside become its control inputs; control edges out of the branches
    wait for the `If`. Switch/Merge pairs with a constant predicate are left
    for `tfg-eliminate-switch-merge`.

    A raised Exit or Merge that the serving signature names, or that is an
    output of the graph (nothing uses it), leaves an `Identity` of its name
    over the new output. Functions are named `<node>_cond`, `_body`,
    `_then`, `_else` (made unique); their arguments `arg<i>`.

    Errors, one per run, at the node, naming the node and its frame or
    Switch: an Exit, NextIteration or LoopCond outside any frame, a node fed
    from two frames, a frame without a LoopCond or with two, a
    NextIteration feeding no loop Merge, a loop Merge without a
    NextIteration or not switched on the LoopCond, a node in both branches
    of a conditional, a Merge of one branch with outside values, a
    conditional no Merge joins.
  }];
}

def NameBySignature : Pass<"tfg-name-by-signature", "mlir::ModuleOp"> {
  let summary = "Name a graph's inputs and outputs after its serving signature";
  let description = [{
    A TF2 SavedModel's graph feeds `serving_default_x` and fetches
    `StatefulPartitionedCall:0`; its signature calls them `x` and
    `output_0`, and so do the graphs TensorFlow itself freezes
    (`convert_variables_to_constants_v2`). This pass renames each input
    Placeholder the signature (`tfg.signature`) feeds to its signature key,
    and adds an `Identity` named after each output key reading the fetched
    tensor (looking through the `IdentityN` that `tfg-inline-functions`
    leaves in place of a call), then rewrites the signature to the new
    names (`x:0`, `output_0:0`). A node that already has such a name is
    renamed out of the way (`x_1`). Part of `tfg-translate --freeze` for
    TF2 SavedModels.

    Does nothing without a signature. Errors: a signature tensor that names
    no node or an output it does not have, an input that is not a
    Placeholder, two keys for one input.
  }];
}

def FreezeVariables : Pass<"tfg-freeze-variables", "mlir::ModuleOp"> {
  let summary = "Turn variables into constants read from a checkpoint";
  let description = [{
    TensorFlow's `freeze_graph`: keeps only what the outputs need (as
    `tfg-strip-unused-nodes` does; without `outputs`, the outputs of the
    module's serving signature, else the inferred ones), then replaces every
    variable left (`VariableV2`, `Variable`, `VarHandleOp`) by a `Const`
    holding its value in the checkpoint (a TensorFlow V2 tensor bundle:
    `checkpoint` is its prefix, or a directory whose `checkpoint` file names
    it). A resource variable's `ReadVariableOp` readers become `Identity`
    and its `ResourceGather` readers `GatherV2`; a handle that reaches them
    through v1 control flow (`Switch`, `Merge`, `Enter`, `Exit`,
    `NextIteration`, `Identity`: a Keras batch norm inside `tf.cond`) has
    those nodes retyped from `resource` to the variable's dtype, as
    TensorFlow's `convert_variables_to_constants` does. A TF2 SavedModel's
    variables are found under the checkpoint key their object graph gives
    them (`tfg.checkpoint_key`, set on import).
    Initializers, `Assign`s, savers and optimizer slots go, since the
    outputs do not need them.

    The checkpoint key of a variable is its node name, or the name the
    graph's own saver (`RestoreV2` → `Assign`) gives it; `rename` overrides
    it per variable. With `use-moving-averages`, a variable whose
    `<key>/ExponentialMovingAverage` shadow is in the checkpoint takes the
    shadow's value (what `tf.train.ExponentialMovingAverage` models are
    served with); the others keep their own values, as
    `variables_to_restore()` maps them.

    Errors, each naming the node, and nothing is changed for good (tools
    write no output): a variable missing from the checkpoint, a dtype or
    shape mismatch, a CRC32C mismatch or truncated shard, a partitioned
    (sliced) variable, and a node on the outputs' path that writes a
    variable or uses a resource variable other than to read it.

    Lookup tables (`HashTableV2` and the like: resources that are not
    variables) keep working: the Placeholders a SavedModel feeds with its
    asset paths (`tfg.assets`, set on import) become Consts of the asset
    files' absolute paths; a variable that is not in the checkpoint but is
    assigned once from a Const (a TF2 asset-path variable) takes that value;
    and the initializers of the tables the outputs look up are kept behind a
    `NoOp` named `init_all_tables`, which the caller runs once, as with
    TensorFlow's frozen graphs. With `fold-tables`, an
    `InitializeTableFromTextFileV2` whose file is known becomes an
    `InitializeTableV2` of Consts read from the file, so the frozen graph
    needs no file at all.
  }];
  let options = [
    Option<"checkpoint", "checkpoint", "std::string", /*default=*/"\"\"",
           "Checkpoint prefix (or directory with a `checkpoint` file)">,
    ListOption<"outputs", "outputs", "std::string", "Output node names">,
    Option<"useMovingAverages", "use-moving-averages", "bool",
           /*default=*/"false",
           "Take <var>/ExponentialMovingAverage values where present">,
    ListOption<"rename", "rename", "std::string",
               "VARIABLE=CHECKPOINT_KEY: where to read a variable from">,
    Option<"verbose", "verbose", "bool", /*default=*/"false",
           "Say how many variables were frozen">,
    Option<"foldTables", "fold-tables", "bool", /*default=*/"false",
           "Read text-file table initializers into Consts">,
  ];
}

def RepairRefOps : Pass<"tfg-repair-ref-ops", "mlir::ModuleOp"> {
  let summary = "Replace TF1 reference-typed training leftovers by value ops";
  let description = [{
    The repair users make by hand when TensorFlow rejects a frozen graph
    with "Input 0 of node X was passed float from Y:0 incompatible with
    expected float_ref" (the variable Y became a Const; X still wants its
    reference):

    | before | after |
    |---|---|
    | `RefSwitch`, `RefMerge`, `RefIdentity`, `RefEnter`, `RefExit`, `RefNextIteration` | `Switch`, `Merge`, `Identity`, `Enter`, `Exit`, `NextIteration` |
    | `AssignSub(ref, value)` whose output is read | `Sub(ref, value)` |
    | `AssignAdd(ref, value)` whose output is read | `Add(ref, value)` |
    | `Assign(ref, value)` whose output is read | `Identity(value)` |

    Each new node takes the old one's name, device, other attributes
    (`_class`, `_output_shapes`), control inputs and the users of its
    token; its results have the value types (`tensor<?x!tfg.ref<f32>>`
    becomes `tensor<?xf32>`). A variable that stays (VariableV2) keeps its
    reference output: a value consumer of it is fine (TensorFlow reads
    it); `tfg-freeze-variables` turns variables into Consts.

    Left alone: an `Assign*` whose output nobody reads (an initializer, a
    restore, a training update run for its effect); an `AssignAdd` /
    `AssignSub` whose dtype `Add` / `Sub` do not take (quantized,
    unsigned 16-64 bit for Add); a node whose reference output feeds a
    node that needs a reference and stays (an `Assign` left alone, a
    `ScatterUpdate`, an optimizer's `Apply*`: the op category `RefInput`),
    and, in turn, whatever feeds it a reference. The decision is made for
    the whole graph first (loops of Ref ops are repaired together or not
    at all). `tfg-translate --freeze` and `tfg-optimize-for-inference` run
    this pass before freezing.

    Rewrites: DRR patterns in lib/Transforms/Patterns/RepairRefOps.td.
  }];
}

def BindPlaceholders : Pass<"tfg-bind-placeholders", "mlir::ModuleOp"> {
  let summary = "Turn placeholders into constants (training=false, keep_prob=1.0)";
  let description = [{
    Each `name=value` of `bindings` replaces the Placeholder or
    PlaceholderWithDefault `name` by a Const of its dtype holding `value`
    (a scalar, or that value filling the placeholder's fully known shape;
    an unknown-rank placeholder becomes a scalar). The Const keeps the
    node's name, device and control inputs. A PlaceholderWithDefault that is
    neither bound nor named in `inputs` is not fed, so it becomes its default
    (its users take the default's value).

    Errors name the node: no placeholder of that name, a value that is not
    of the placeholder's dtype (`true`/`false`/`1`/`0` for bool, decimal
    numbers otherwise), or a shape with unknown dimensions.

    Binding is what lets the rest of the surgery start: a constant
    `training` flag makes the predicates of its Switch nodes constant
    (tfg-eliminate-switch-merge), a `keep_prob` of 1 makes dropout the
    identity (tfg-remove-dropout). Rewrites: DRR patterns in
    lib/Transforms/Patterns/BindPlaceholders.td.
  }];
  let options = [
    ListOption<"bindings", "bindings", "std::string",
               "Placeholders to bind: name=value, comma-separated">,
    ListOption<"inputs", "inputs", "std::string",
               "Graph inputs: PlaceholderWithDefault nodes named here stay">,
  ];
}

def EliminateSwitchMerge
    : Pass<"tfg-eliminate-switch-merge", "mlir::ModuleOp"> {
  let summary = "Remove Switch/Merge control flow whose predicate is constant";
  let description = [{
    Computes which values are dead, by TensorFlow's executor rules, once
    Switch predicates are constant (a Const, possibly through Identity
    chains, e.g. after `tfg-bind-placeholders="bindings=training=false"`):
    the untaken output of such a Switch is dead; a node with a dead data
    input or a control input from a dead node is dead; a Merge is dead only
    when all its data inputs are. A control edge from a Switch carries the
    deadness of the Switch node, not of one output.

    Then: every dead node is erased; a Switch with a constant predicate is
    replaced by its data input on the taken side; a Merge with one live
    data input becomes that input (its `value_index` output a Const of the
    input's index). Control dependencies move to what the removed node
    depended on. Loops (Enter, Exit, NextIteration, LoopCond) are left
    intact unless they are dead as a whole; a Merge whose only live input
    is a loop's NextIteration is never forwarded.

    Rewrites: DRR patterns in lib/Transforms/Patterns/EliminateSwitchMerge.td
    and the PDLL pattern erasing dead nodes in EliminateSwitchMerge.pdll.
  }];
  let dependentDialects = ["pdl::PDLDialect", "pdl_interp::PDLInterpDialect"];
}

def FoldConstants : Pass<"tfg-fold-constants", "mlir::ModuleOp"> {
  let summary = "Replace nodes computable before the graph runs by Consts";
  let description = [{
    TensorFlow's `fold_constants`: a node whose data inputs are all Consts
    becomes a Const of its value (named like the node, so outputs keep
    their names; a node with several outputs gives `<name>`, `<name>-1`,
    ...), and so on along chains. Shape, Size, Rank, ZerosLike and OnesLike
    fold as soon as their input's shape is static. Values follow
    TensorFlow's semantics for each dtype: float32 math rounded to float32,
    integers wrapping at their width, floor division and modulo, numpy
    broadcasting, StridedSlice masks.

    Folded: elementwise arithmetic, comparisons and logic, unary math,
    Cast, Identity-like ops, Shape/Size/Rank, Reshape, Transpose, ConcatV2,
    Pack, Unpack, Split/SplitV, ExpandDims, Squeeze, Slice, StridedSlice,
    Fill, Range, Tile, BroadcastTo, GatherV2, Pad/PadV2, Select/SelectV2,
    AddN, reductions (Sum, Prod, Max, Min, Mean, All, Any), ArgMax/ArgMin,
    ZerosLike/OnesLike, for float32/float64, integers and bool. Never
    folded: stateful and random ops, other dtypes, results over
    `max-constant-size` bytes (checked before anything is materialized).

    A Const that replaces a node keeps the node's control inputs and those
    of the Consts it read, so a value computed inside an untaken cond
    branch stays dead. Consts nothing reads any more are erased.

    Inputs that are wrong for the op (integer division by zero, an
    out-of-range index, shapes that do not match) are an error naming the
    node, or a warning with `ignore-errors` (the node is left as it is).
    The rewrite is the PDLL pattern in lib/Transforms/Patterns/
    FoldConstants.pdll; the evaluator is lib/Transforms/
    ConstantEvaluation.cpp.
  }];
  let options = [
    Option<"ignoreErrors", "ignore-errors", "bool", /*default=*/"false",
           "Leave nodes with bad constant inputs unfolded, with a warning">,
    Option<"maxConstantSize", "max-constant-size", "uint64_t",
           /*default=*/"10 * 1024 * 1024",
           "Largest folded result, in bytes">,
  ];
  let dependentDialects = ["pdl::PDLDialect", "pdl_interp::PDLInterpDialect"];
}

def FoldBatchNorms : Pass<"tfg-fold-batch-norms", "mlir::ModuleOp"> {
  let summary = "Fold per-channel Mul by a constant into conv/matmul weights";
  let description = [{
    TensorFlow's `fold_batch_norms`: a `Mul` by a constant that scales each
    output channel (a scalar, `[C]`, `[1,..,1,C]`, or `[C,1,1]` for NCHW)
    after a Conv2D, DepthwiseConv2dNative, MatMul or Conv2DBackpropInput
    with constant float
    weights (through `/read` Identities) becomes the same node with scaled
    weights; a BiasAdd in between has its bias scaled too. Two BiasAdds in
    a row, or a BiasAdd followed by an Add of a per-channel constant,
    become one BiasAdd; an Add of a per-channel constant right after the
    conv-like node becomes its BiasAdd (slim's decomposed batch norm). The
    node that replaces another takes its name (so
    outputs keep their names); new weights are Consts named
    `<weights>_folded`; the old ones go when nothing else uses them.

    Not folded: a non-constant multiplier, one that does not broadcast per
    output channel, a conv whose output has other users.
    Rewrites: DRR patterns in lib/Transforms/Patterns/FoldBatchNorms.td.
  }];
}

def FoldOldBatchNorms : Pass<"tfg-fold-old-batch-norms", "mlir::ModuleOp"> {
  let summary = "Fold inference batch norms after convolutions into the weights";
  let description = [{
    TensorFlow's `fold_old_batch_norms`: FusedBatchNorm, FusedBatchNormV2,
    FusedBatchNormV3 (inference mode) and BatchNormWithGlobalNormalization
    with constant statistics, after a Conv2D, DepthwiseConv2dNative,
    MatMul or Conv2DBackpropInput (a BiasAdd in between is fine), NHWC or
    NCHW, become the conv
    with scaled weights and a BiasAdd named like the batch norm. The scale
    `gamma * rsqrt(variance + epsilon)` and offset `beta - mean * scale` are
    computed in float, as TensorFlow does. (slim's decomposed batch norm,
    `x * (gamma * rsqrt(var + eps)) + (beta - mean * ...)`, is a Mul and an
    Add by constants once tfg-fold-constants has run: tfg-fold-batch-norms
    folds it.)

    A FusedBatchNorm still in training mode (`is_training` true, or absent:
    TensorFlow's default) is an error naming the node: it normalizes with
    batch statistics, so folding would change what the graph computes.
    Rewrites: DRR patterns in lib/Transforms/Patterns/FoldOldBatchNorms.td
    (batch norm -> Mul + BiasAdd by constants), then those of
    tfg-fold-batch-norms.
  }];
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

    With `absorb-output-identities`, a graph output (or kept node) that is
    an Identity of the only used output of a node that is not kept and not
    control flow goes too: the producer takes its name, so the output's
    tensor name stays (`final = tf.identity(logits)` leaves no Identity).
  }];
  let options = [
    ListOption<"ops", "ops", "std::string",
               "Op types to remove (default: Identity, CheckNumerics, "
               "StopGradient, Snapshot, PreventGradient, NoOp)">,
    ListOption<"keep", "keep", "std::string",
               "Node names that stay (outputs; a trailing :N is ignored)">,
    Option<"absorbOutputIdentities", "absorb-output-identities", "bool",
           /*default=*/"false",
           "An output Identity of another node's only output goes; the "
           "producer takes its name (patterns: AbsorbOutputIdentities.td)">,
  ];
}

def QuantizeWeights : Pass<"tfg-quantize-weights", "mlir::ModuleOp"> {
  let summary = "Store large float weights in 8 bits (TensorFlow's quantize_weights)";
  let description = [{
    Rewrites every float Const of at least `minimum-size` elements.

    `mode=tensorflow` (the default) is TensorFlow's `quantize_weights`
    transform, byte for byte: the Const `w` becomes `w_quantized_const`
    (quint8), `w_quantized_min` and `w_quantized_max` (float scalars) and a
    `Dequantize` node named `w` (`T=quint8`, `mode=MIN_FIRST`) that its
    consumers read. The range is the tensor's min and max widened to include
    0 (a tensor without positive values gets TensorFlow's max of 1.18e-38);
    values are quantized as TensorFlow's `FloatToQuantized<quint8>` does
    (scaled in double, rounded half away from zero, clamped), so the bytes
    are the ones TensorFlow writes. Weights shrink 4x; the error per value
    is at most half a step, (max - min) / 510.

    `mode=int8-per-channel` quantizes only the weights of Conv2D,
    DepthwiseConv2dNative, MatMul and Conv2DBackpropInput (and the
    TensorFlow.js fused `_FusedConv2D`, `FusedDepthwiseConv2dNative`,
    `_FusedMatMul`), read directly or through Identity nodes: symmetric int8
    with one scale per output channel, `s = max|w| / 127`,
    `q = round(w / s)`. `w` becomes `w_quantized_const` (int8),
    `w_quantized_scale` (float, shaped to broadcast over the output-channel
    axes), `w_quantized_cast = Cast(w_quantized_const)` to float and
    `w = Mul(w_quantized_cast, w_quantized_scale)`, which every TensorFlow
    version runs. A Const with any other use is left alone.

    The new node keeping the Const's name takes its control inputs. A node
    already named like one the pass would create is an error naming it.
    Non-finite weights are left alone. Rewrites: DRR patterns in
    lib/Transforms/Patterns/QuantizeWeights.td and
    QuantizeWeightsPerChannel.td.
  }];
  let options = [
    Option<"minimumSize", "minimum-size", "unsigned", /*default=*/"1024",
           "Quantize float Consts with at least this many elements">,
    Option<"mode", "mode", "std::string", /*default=*/"\"tensorflow\"",
           "tensorflow (quint8 + Dequantize MIN_FIRST per tensor, as "
           "TensorFlow's quantize_weights) or int8-per-channel (conv/matmul "
           "weights: int8 + Cast + Mul by a per-output-channel scale)">,
  ];
}

def EmbedPreprocessing : Pass<"tfg-embed-preprocessing", "mlir::ModuleOp"> {
  let summary = "Make the input normalization (and resize) part of the graph";
  let description = [{
    The Placeholder `input` is replaced by a new Placeholder of `dtype`
    (default uint8) with the same name, so callers feed the raw image under
    the name they already use, followed by `Cast` to float, an optional
    `ResizeBilinear` to `resize=HxW`, `Sub(mean)` and `Mul(scale)`, which
    feed what the old Placeholder fed: the model computes
    `(resize(float(x)) - mean) * scale` itself. `mean` and `scale` are one
    value or one per channel (the last dimension:
    `mean=123.68,116.78,103.94`). The new Placeholder keeps the old shape;
    with `resize`, its height and width (NHWC dimensions 1 and 2) are
    unknown, and `align-corners` / `half-pixel-centers` are
    ResizeBilinear's attributes (half-pixel centers by default: what
    TensorFlow 2's `tf.image.resize`, PIL and OpenCV compute).

    New nodes are named `<input>/cast`, `<input>/resize` (size
    `<input>/resize/size`), `<input>/mean`, `<input>/sub`, `<input>/scale`,
    `<input>/normalized`. Errors, naming the node: no node `input`, a node
    that is not a float Placeholder, a `mean` or `scale` list whose length is
    not 1 or the channel count (or the channel count is unknown), an unknown
    or non-numeric `dtype`, a malformed `resize`, or a `resize` on an input
    that is not 4-D or whose known height and width differ from it.
    Rewrites: DRR patterns in lib/Transforms/Patterns/EmbedPreprocessing.td.
  }];
  let options = [
    Option<"input", "input", "std::string", /*default=*/"\"\"",
           "The Placeholder that takes the normalized image">,
    ListOption<"mean", "mean", "double",
               "Subtracted from the image: one value or one per channel "
               "(default 0)">,
    ListOption<"scale", "scale", "double",
               "Multiplies the image after the mean: one value or one per "
               "channel (default 1)">,
    Option<"dtype", "dtype", "std::string", /*default=*/"\"uint8\"",
           "dtype of the raw image (TensorFlow's names: uint8, int32, "
           "float, ...)">,
    Option<"resize", "resize", "std::string", /*default=*/"\"\"",
           "HxW: resize the raw image bilinearly to this size first">,
    Option<"alignCorners", "align-corners", "bool", /*default=*/"false",
           "ResizeBilinear's align_corners">,
    Option<"halfPixelCenters", "half-pixel-centers", "bool",
           /*default=*/"true", "ResizeBilinear's half_pixel_centers">,
  ];
}

def RemoveDropout : Pass<"tfg-remove-dropout", "mlir::ModuleOp"> {
  let summary = "Replace dropout with keep probability 1 (rate 0) by its input";
  let description = [{
    A dropout whose keep probability is exactly 1 (or whose rate is exactly
    0) passes its input through unchanged, so its output becomes the input
    `x` and the random subgraph goes. Recognized, once `keep_prob` / `rate`
    are constants (e.g. after `tfg-bind-placeholders`), with operands of
    Mul and Add in either order:

    | TensorFlow | graph |
    |---|---|
    | `tf.nn.dropout(x, keep_prob)` (1.0 to 1.12) | `Mul(RealDiv(x, kp), Floor(Add(kp, u)))` |
    | `tf.nn.dropout(x, rate=r)` (1.13 to 2.x) | `Mul(Mul(x, 1 / (1 - r)), Cast(GreaterEqual(u, r)))`, or `RealDiv(x, 1 - r)` instead of the Mul |
    | `tf.nn.dropout` (2.x, `where_v2`) | `SelectV2(GreaterEqual(u, r), scaled x, 0)` |

    where `kp` and `r` are scalar float constants or computed from rank-0
    Consts (`1 - rate`, `1 / (1 - rate)`: evaluated in the tensor's float
    type), Div or `Mul(x, 1 / kp)` may stand for RealDiv, Add may be AddV2,
    and the noise `u` is a RandomUniform or `RandomUniform * (max - min) +
    min` with `min = 0`, `max = 1`, of `Shape(x)` or a constant shape that
    does not visibly broadcast `x` to a larger shape. Then `floor(1 + u) = 1`
    and `u >= 0` for every value TensorFlow draws, and `x / 1 * 1 = x`
    exactly.

    Users of the dropout's control token depend instead on `x`'s producer
    and on the control inputs of the removed nodes (the dropout's and those
    of the Consts and other nodes only it used); its data users get those
    control inputs too. Nodes left without users (RandomUniform, Floor,
    the constants) are erased. Left alone: any other keep probability or
    rate, a non-constant one (a Placeholder), noise that is not
    RandomUniform, dropouts nobody consumes (outputs) and the nodes named in
    `keep` or in the module's signature.

    Rewrites: DRR patterns in lib/Transforms/Patterns/RemoveDropout.td.
  }];
  let options = [
    ListOption<"keep", "keep", "std::string",
               "Node names that stay (outputs; a trailing :N is ignored)">,
  ];
}

def MergeDuplicateNodes : Pass<"tfg-merge-duplicate-nodes", "mlir::ModuleOp"> {
  let summary = "Merge nodes that compute the same thing";
  let description = [{
    TensorFlow's `merge_duplicate_nodes`: nodes of the same op type, with
    the same data inputs (the same outputs of the same nodes, in order), the
    same set of control inputs, the same device, the same result types and
    the same attrs (tensor values compared by content, also for large
    weights held as resources) become one node; names do not matter. The
    one that stays is the first in execution order, unless another is kept:
    then that one. Its users take over the others' users.

    Numbered in execution order (hash-consing), so inputs merged make their
    consumers equal in the same run: a chain of duplicates collapses in one
    pass, in time linear in the graph.

    Never merged: stateful op types (their OpDef's `is_stateful`: random
    ops, variables, queues, ...) and op types the op registry does not
    know; Placeholders; control flow (Switch, Merge, Enter, Exit,
    NextIteration, LoopCond); nodes with reference-typed inputs or outputs;
    and nodes whose input closes a loop. Kept, i.e. never merged away
    though they may take others' users: the nodes named in `keep` or in the
    module's signature, and nodes nobody consumes (graph outputs). Two kept
    nodes both stay.
  }];
  let options = [
    ListOption<"keep", "keep", "std::string",
               "Node names that keep their identity (outputs; a trailing :N "
               "is ignored)">,
  ];
}

def SortByExecutionOrder
    : Pass<"tfg-sort-by-execution-order", "mlir::ModuleOp"> {
  let summary = "Order the graph's nodes so that inputs come first";
  let description = [{
    TensorFlow's `sort_by_execution_order`: reorders the nodes of the
    module's tfg.graph so that each node comes after the producers of all
    its data and control inputs (the order an executor could run them in,
    and that many consumers of GraphDefs expect). The back edges of v1
    loops (out of NextIteration) are the only cycles a graph may have and
    are ignored. Stable: of the nodes that are ready, the one earliest in
    the original order comes first, so an already sorted graph is left as
    it is and independent parts keep their order.

    A cycle that passes through no NextIteration is an error naming a node
    on it. `tfg-translate --sort-by-execution-order` runs this pass before
    writing its output.
  }];
}

#endif // TFG_TRANSFORMS_PASSES_TD
