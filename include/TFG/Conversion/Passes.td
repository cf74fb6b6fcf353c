//===- Passes.td - TFG lowering passes ---------------------*- tablegen -*-===//

#ifndef TFG_CONVERSION_PASSES_TD
#define TFG_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def GraphToFunc : Pass<"tfg-graph-to-func", "mlir::ModuleOp"> {
  let summary = "Turn the graph into a func.func with static (or dynamic) input shapes";
  let description = [{
    The first step of lowering. Builds `func.func @main` (see `func-name`)
    from the module's `tfg.graph`: the fed nodes (`inputs`, by default the
    Placeholders the outputs reach) become its arguments, with static
    shapes (or dynamic ones, see `dynamic-dims`); the `outputs` tensors (by default the serving signature's, else
    the inferred output nodes' results) become its results; the nodes the
    outputs reach over data edges are cloned into the body in topological
    order. Control edges only order execution and are dropped; an unfed
    `PlaceholderWithDefault` stays and computes its default. The graph and
    the function library are then erased, except the functions that the
    cloned `If`/`While`/`Case` nodes call (and those their bodies call):
    each becomes a private `func.func` marked `tfg.function_body`, built the
    same way (the nodes its results reach, in order, control edges
    dropped), which `tfg-convert-to-linalg` lowers with each call. A
    polymorphic function (attrs that are placeholders) or a loop inside a
    function is an error.

    Input shapes: `input-shapes` (`name:1x224x224x3`), else the
    Placeholder's shape with an unknown first (batch) dimension set to
    `batch-size`. Any other unknown dimension, or an unknown rank, is an
    error naming the input and saying how to give its shape. With
    `dynamic-dims`, every unknown dimension of a Placeholder stays dynamic
    (`?`) in the function's signature instead (compile once, run with any
    batch); `input-shapes` still fixes the inputs it names, and an unknown
    rank is still an error. A cycle (a v1 while loop) is an error naming a
    node on it. Result types inside the body are refined later: every
    lowering pattern computes its result shape from its operands.
  }];
  let options = [
    ListOption<"inputs", "inputs", "std::string",
               "Nodes fed by the caller (default: the Placeholders reached)">,
    ListOption<"inputShapes", "input-shapes", "std::string",
               "Static input shapes, name:1x224x224x3 (a scalar: name:)">,
    ListOption<"outputs", "outputs", "std::string",
               "Output tensors, node or node:i (default: the signature's)">,
    Option<"batchSize", "batch-size", "int64_t", /*default=*/"1",
           "Value of an unknown leading (batch) dimension">,
    Option<"dynamicDims", "dynamic-dims", "bool", /*default=*/"false",
           "Keep unknown dimensions dynamic (?) instead of specializing">,
    Option<"funcName", "func-name", "std::string", /*default=*/"\"main\"",
           "Name of the function built">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def InferShapes : Pass<"tfg-infer-shapes", "mlir::ModuleOp"> {
  let summary = "Give the TFG nodes of a function their ranked result types";
  let description = [{
    Shape inference from the input shapes, for a function built by
    `tfg-graph-to-func`: every node's data results get the ranked type
    (static, or with dynamic dimensions) that its lowering computes (the patterns of
    `tfg-convert-to-linalg` are the one place that knows each op's shape
    semantics, so the shapes are those of the code that will run). Shape
    arithmetic on constants (Shape, StridedSlice, Pack, ...) is evaluated
    on the way. The nodes are not changed otherwise; the lowering does not
    need this pass (it infers the same shapes as it goes), it shows them.
    A shape that cannot be inferred is an error naming the node, as in the
    lowering.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
    "mlir::math::MathDialect", "mlir::scf::SCFDialect",
    "mlir::tensor::TensorDialect",
  ];
}

def ConvertTFGToLinalg : Pass<"tfg-convert-to-linalg", "mlir::ModuleOp"> {
  let summary = "Lower TFG nodes in functions to linalg / tensor / arith / math";
  let description = [{
    Converts every TFG node op in a `func.func` (as `tfg-graph-to-func`
    builds it) to upstream dialects on ranked tensors: named linalg
    ops for convolutions, matmuls and pooling (so that later passes can tile
    and vectorize them), `linalg.generic` for elementwise ops with
    TensorFlow's broadcasting, `tensor` ops for shape manipulation, and
    `arith.constant` (dense or `dense_resource`) for Consts, `scf` loops
    for functional control flow and NonMaxSuppression. Each pattern
    derives its result type from its operands; dynamic dimensions are
    `tensor.dim` of the value they come from (NonMaxSuppression's unpadded
    outputs and Where have a length known only at run time), and an operand
    dimension that an op needs static (a convolution's spatial sizes, a
    MatMul's inner dimension), or an axis/permutation operand that is not a
    constant, is an error naming the node and the dimension. Before converting, the pass lists every
    op type that has no lowering, with the nodes that use it (v1 control
    flow, string ops, training ops, ...), and fails.
    The function's result types are updated to the lowered values' types.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
    "mlir::math::MathDialect", "mlir::scf::SCFDialect",
    "mlir::tensor::TensorDialect",
  ];
}

def CPULoopOrder : Pass<"tfg-cpu-loop-order", "mlir::func::FuncOp"> {
  let summary = "Put the contiguous output dimension innermost in convolutions, matmuls and pooling";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm`, after the tensor-level
    function is final: generalizes `linalg` convolutions, depthwise
    convolutions, (batch) matmuls and pooling ops and interchanges their
    loops so that the output's last (contiguous) dimension is the innermost
    loop, e.g. `(n, oh, ow, kh, kw, c, f)` for `conv_2d_nhwc_hwcf` instead
    of the reduction over `c`. The innermost loop then stores and reads
    (output, filter) contiguous memory with the input element broadcast,
    which LLVM's loop vectorizer turns into SIMD fused multiply-adds without
    reassociating float sums (the numbers do not change). The tensor-level
    pipeline keeps the named ops; a tile-and-vectorize schedule can replace
    this pass.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def CPUVectorizeMatmul : Pass<"tfg-cpu-vectorize-matmul", "mlir::func::FuncOp"> {
  let summary = "Tile matmuls and batch matmuls into register blocks and vectorize them";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm` on the tensor-level
    function: each f32 `linalg.matmul` and `linalg.batch_matmul` whose
    inner dimension and columns are static is tiled with `scf.for` into
    register blocks chosen by shape. A one-row product (a GEMV, e.g. a
    fully connected layer on one example) takes 64 output columns a tile,
    eight 8-float accumulators, and streams the weight rows through them;
    more rows take 6 x 16 tiles (12 accumulators). The reduction is the
    innermost tile loop, 8 steps a tile. Loops whose range the tile does
    not divide are peeled, so every tile is static: full tiles in the main
    loop, one smaller static tile after it. Each tile is vectorized into a
    `vector.contract` (an outer product a reduction step, fused
    multiply-adds in order of the reduction index, as the scalar loop
    adds) and its accumulator block is hoisted out of the reduction loop,
    so it stays in registers. Rows may be dynamic (tiled by one row);
    other matmuls (dynamic columns or inner dimension, other element
    types) are left to `tfg-cpu-loop-order`.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

def CPUVectorizeConvolutions
    : Pass<"tfg-cpu-vectorize-convolutions", "mlir::func::FuncOp"> {
  let summary = "Tile convolutions into register-sized blocks and vectorize them";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm` on the tensor-level
    function. Each `linalg.conv_2d_nhwc_hwcf` and
    `linalg.depthwise_conv_2d_nhwc_hwc` with static loops (a dynamic batch
    is fine: it is tiled by 1) gets a register block chosen from its shape
    and the target's vector registers: a few output columns by up to four
    vectors of output channels (depthwise: two), so that the block has
    about three quarters (depthwise: half) of the vector registers as
    independent accumulators. Where the block does not divide the output
    width or channels, the convolution is cut into a piece that it divides
    and a remainder piece with its own smaller block, rather than shrinking
    the block to a divisor (1 column at widths 7, 25, 49). A 1x1 stride-1
    convolution is first seen as one row of H*W pixels, so its blocks run
    across output rows; a deep one is cut into chunks of input channels
    whose filter block stays in the L1 cache, and its output-channel blocks
    go outermost when its filter outweighs its input. The elementwise ops
    after a convolution (bias, activation, residual add; fused into one
    generic first) become its epilogue (a flattened 1x1 convolution's is
    flattened alike, unless it reads an operand broadcast along only rows
    or only columns): tiled into the same blocks with the convolution and
    its zero fill fused in, so that each block starts
    from zeros in registers and is written once, finished. Each block is
    decomposed into a 1-D convolution and vectorized; the accumulator block
    is then hoisted out of the reduction loops, so it stays in registers
    while the filter taps and input channels stream through.
    Convolutions it cannot tile this way are left to `tfg-cpu-loop-order`.

    Inside the `scf.forall` chunks of `tfg-cpu-parallelize` (threads > 1),
    the pieces of a convolution are chained in destination-passing order
    and the chunk's empty tensors become slices of the chunk's output
    (empty-tensor elimination), so that bufferization writes every piece in
    place instead of allocating a temporary in the chunk and copying it.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"0",
           "Bits of a vector register (0: the host's: 512 with AVX-512, 256 "
           "with AVX, else 128)">,
    Option<"vectorRegisters", "vector-registers", "int64_t", /*default=*/"0",
           "Vector registers (0: the host's: 32 with AVX-512, else 16)">,
  ];
  // Bufferization: its dialect loaded attaches the bufferization interface
  // models the empty-tensor elimination in chunks needs.
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect",
                           "mlir::bufferization::BufferizationDialect"];
}

def CPUParallelize : Pass<"tfg-cpu-parallelize", "mlir::func::FuncOp"> {
  let summary = "Split the outer parallel loops of heavy linalg ops into scf.forall chunks, one per thread";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm --threads N` (N > 1) on the
    tensor-level function. Each heavy `linalg` op on tensors is tiled with
    `scf.forall` into `threads` chunks of one parallel loop, which the
    pipeline later runs on OpenMP threads (`scf-forall-to-parallel`,
    `convert-scf-to-openmp`). Only parallel loops are split, never a
    reduction, so every output element is computed by the same code as with
    one thread: the results are bit for bit the same.

    Heavy: at least `min-iterations` iterations (the product of the static
    loop sizes; fork and join cost a few microseconds, which a small op
    would not win back). By default only convolutions, pooling and
    contractions (matmuls) are split: the pipeline runs this before the
    convolution register blocking, whose tiles then stay inside each chunk.
    With `generic`, every other linalg op is split too (elementwise ops,
    reductions over their parallel loops); the pipeline runs that after the
    elementwise fusion, so that a fused op runs as one parallel loop. An op
    already inside an `scf.forall` is left alone, as are `linalg.fill` and
    copies.

    A heavy op followed by elementwise ops (bias, activation, residual add;
    fused into one generic first, as `tfg-cpu-vectorize-convolutions`
    does) is split together with them and its zero fill: the epilogue is
    tiled into the chunks and the op and its fill fused into each, so that
    a chunk fills, computes and finishes its part, and the register
    blocking can fuse the epilogue into the op's blocks as with one thread
    (no whole-tensor fill before the chunks, no second parallel loop after
    them). Only where the op's output dimensions are its first loops in
    order (the epilogue's loops).

    The loop split is the outermost parallel loop with a static size that
    `threads` divides (static chunks keep the vector code of the register
    blocking); when none does, the outermost one of at least `threads`
    iterations, in chunks of ceil(size / threads), the last one shorter.
    The loop of the output's contiguous (last) dimension, along which the
    vector code runs, is split only into whole numbers of 16-float vectors.
    For convolutions the uneven fallback is limited to the batch and the
    output rows, the loops the register blocking tiles by one. An op with no
    such loop (a dot product: all its work is a reduction) stays serial.
    `threads` = 1 changes nothing.
  }];
  let options = [
    Option<"threads", "threads", "unsigned", /*default=*/"1",
           "Chunks per op, one per thread (1: leave the IR as it is)">,
    Option<"minIterations", "min-iterations", "int64_t", /*default=*/"262144",
           "Smallest loop nest (product of the static loop sizes) split">,
    Option<"generic", "generic", "bool", /*default=*/"false",
           "Split every linalg op, not only convolutions, pooling and contractions">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::tensor::TensorDialect",
                           "mlir::affine::AffineDialect"];
}

def CPUOutlineLoopNests
    : Pass<"tfg-cpu-outline-loop-nests", "mlir::ModuleOp"> {
  let summary = "Move each outermost loop nest into its own function, for LLVM's compile time";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm` after the loops are made
    (bufferized, vectorized, `linalg` lowered to `scf`): every outermost
    loop of a function (an op with `LoopLikeOpInterface` inside no other)
    becomes a private function with internal linkage, called where the
    loop was, and marked `tfg.outlined` for `tfg-cpu-keep-outlined`, which
    makes it `no_inline` once it is an `llvm.func` (`convert-func-to-llvm`
    drops a `func.func`'s `no_inline`). Its arguments are the values the loop uses from outside it, but
    constants, which are cloned into it (the loop bounds stay constant);
    its results are the loop's.

    Why: a model lowered to one function is one LLVM function of thousands
    of basic blocks in sequence, and some of LLVM's optimizations and code
    generation passes take time superlinear in a function's size (scalar
    evolution's dominator walks, loop strength reduction, instruction
    scheduling and register allocation). One function per loop nest keeps
    each small, and the whole compile linear in the model's size. The
    call costs nothing next to a loop nest; LLVM still sees the shapes
    (each function has one call site: interprocedural constant
    propagation makes the constant arguments constants again). When every
    memref argument has a static shape and layout, the function takes bare
    pointers (`llvm.bareptr`), and a memref argument that is the only view
    of its buffer among the arguments is marked `llvm.noalias`: LLVM knew
    in the caller that distinct buffers do not overlap. A buffer whose
    allocation or global has an alignment keeps it (`llvm.align`). The
    arguments of a private function (a lowered If/While branch) may be
    any buffer: never noalias.

    With `min-ops` (default 1), a loop nest of fewer ops stays where it
    is.
  }];
  let options = [
    Option<"minOps", "min-ops", "int64_t", /*default=*/"1",
           "Outline only loop nests of at least this many ops">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::LLVM::LLVMDialect"];
}

def CPUKeepOutlined : Pass<"tfg-cpu-keep-outlined", "mlir::ModuleOp"> {
  let summary = "Make the functions tfg-cpu-outline-loop-nests made no_inline";
  let description = [{
    The step of `tfg-lower-to-llvm` after `convert-func-to-llvm`: each
    `llvm.func` marked `tfg.outlined` gets `no_inline` (LLVM's inliner
    would otherwise put every single-call function back into its caller)
    and loses the mark.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // TFG_CONVERSION_PASSES_TD
