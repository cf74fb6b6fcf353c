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
    so it stays in registers. An elementwise epilogue that is the
    product's only user and reads it at the same point (BiasAdd, Relu,
    Relu6, ...; successor chains are first fused into one generic) is
    tiled into the same blocks with the product and its zero fill fused
    in: each block starts as zeros in registers and is finished and
    written once (the packed GEMV keeps its epilogue separate). Rows may
    be dynamic (tiled by one row);
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

    Last, a constant filter of at least `pack-min-out-channels` output
    channels that only the kernels read, in whole blocks of P output
    channels, is packed at compile time into the layout
    [F / P, KH, KW, C, P] (each block of channels one contiguous array)
    and the kernels read it there, instead of filter rows F floats apart;
    each read of a block prefetches the same rows of the next block.

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
    Option<"packMinOutChannels", "pack-min-out-channels", "int64_t",
           /*default=*/"512",
           "Fewest output channels of a constant filter that is packed into "
           "blocks of the kernels' output channels">,
  ];
  // Bufferization: its dialect loaded attaches the bufferization interface
  // models the empty-tensor elimination in chunks needs. LLVM: the loop
  // annotation that keeps a loop of overlapping blocks rolled.
  let dependentDialects = ["mlir::bufferization::BufferizationDialect",
                           "mlir::linalg::LinalgDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect", "mlir::vector::VectorDialect"];
}

def CPUTileDynamicConvolutions
    : Pass<"tfg-cpu-tile-dynamic-convolutions", "mlir::func::FuncOp"> {
  let summary = "Cut convolutions of dynamic spatial size into static tiles the kernel pass register-blocks";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm`, just before
    `tfg-cpu-vectorize-convolutions`, for code compiled with dynamic
    dimensions (`tfg-run --dynamic-shapes`). That pass register-blocks only
    convolutions whose output width, channels and filter are static; this
    one rewrites each `linalg.conv_2d_nhwc_hwcf` and
    `linalg.depthwise_conv_2d_nhwc_hwc` on tensors whose output width is
    dynamic, or whose output height is (outside a thread's `scf.forall`
    chunk, where the kernel pass takes dynamic rows itself), into loops of
    convolutions of static size: `scf.for` over the batch and the output
    rows (one row a tile), and along a dynamic width tiles of one register
    block of columns (the block the kernel pass chooses for this
    convolution's channels, stride and the target's vector registers) in
    one loop at columns min(col, width - block), so that the last tile ends
    at the row's end and computes a few columns a second time with the
    same values (each tile starts from a zero fill of its own and the
    epilogue does not read the output); a row narrower than a block takes
    tiles of 4 columns the same way and single columns below 4. A
    convolution that adds into an existing output instead covers the rest
    of a row with loops of 4-column and single-column tiles. No dynamic or
    masked tile, and three instances of tile code per convolution. A
    static width is one tile of the whole row.
    Each tile reads its input window (rows
    `row * stride` over `(taps - 1) * dilation + 1`, columns likewise),
    the whole filter, a zero fill of its own (or its slice of the output
    when the convolution accumulates into a tensor), and takes its part of
    the convolution's elementwise epilogue (bias, activation; fused into
    one generic first, as the kernel pass does), so the kernel pass still
    fuses it into the accumulator blocks.

    With `threads` > 1 the row loop is an `scf.forall` (one row an
    iteration, OpenMP later in the pipeline) unless the convolution is
    already inside one (a chunk of `tfg-cpu-parallelize`). Convolutions
    with a dynamic channel count or filter, other convolution ops, and
    static ones are left alone (a function without a dynamic convolution
    is not changed at all).
  }];
  let options = [
    Option<"threads", "threads", "unsigned", /*default=*/"1",
           "Threads of the pipeline (> 1: rows as an scf.forall)">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"0",
           "Bits of a vector register, as tfg-cpu-vectorize-convolutions' "
           "option (0: the host's)">,
    Option<"vectorRegisters", "vector-registers", "int64_t", /*default=*/"0",
           "Vector registers, as tfg-cpu-vectorize-convolutions' option "
           "(0: the host's)">,
  ];
  let dependentDialects = ["mlir::affine::AffineDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::tensor::TensorDialect"];
}

def CPUWriteTilesInPlace
    : Pass<"tfg-cpu-write-tiles-in-place", "mlir::func::FuncOp"> {
  let summary = "Write a vector block inserted into a larger tensor where it goes, not into a tile of its own";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm`, after the kernel passes
    and the canonicalizer: a `tensor.insert_slice` (unit strides, not
    rank-reducing) whose source is a `vector.transfer_write` that
    overwrites all of a `tensor.empty` (offset zero, in bounds, unmasked,
    the vector the tensor's innermost dimensions with 1s outside them)
    becomes one `vector.transfer_write` of that vector into the insert's
    destination at its offsets. Bufferization would otherwise give each
    such tile a buffer of its own and copy it into place: a malloc, a copy
    and a free a register block. The static tiles of
    `tfg-cpu-tile-dynamic-convolutions` end this way after
    `tfg-cpu-vectorize-convolutions` (the elementwise fusion makes their
    epilogue's output a fresh tile, as the body does not read it).
  }];
  let dependentDialects = ["mlir::vector::VectorDialect"];
}

def CPUFoldConvPadding
    : Pass<"tfg-cpu-fold-conv-padding", "mlir::func::FuncOp"> {
  let summary = "Convolutions read their unpadded input: the zero padding becomes border pieces that skip its taps";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm` on the tensor-level
    function, before `tfg-cpu-parallelize` and
    `tfg-cpu-vectorize-convolutions`. A `linalg.conv_2d_nhwc_hwcf` or
    `linalg.depthwise_conv_2d_nhwc_hwc` whose input is a `tensor.pad` of
    zeros along rows and columns (SAME or EXPLICIT padding) with static
    amounts and static spatial sizes is cut into pieces by the taps its
    output rows and columns see inside the unpadded input: the interior
    (every tap inside) and, before and after it, the border rows and
    columns, each run of outputs that sees the same range of taps one
    piece. Each piece is a convolution of the same kind on a slice of the
    unpadded input and the matching slice of the filter (the taps that
    would read padding are dropped, as they would add zeros), inserted into
    the output, so no padded copy of the input is made. The elementwise
    ops after a convolution (bias, activation, residual add; fused into one
    generic first) are cut alike, one piece per convolution piece, so that
    `tfg-cpu-vectorize-convolutions` fuses them into each piece's blocks.
    Kept padded (the copy stays): dynamic padding amounts or spatial sizes,
    a nonzero or non-constant padding value, padding of the batch or
    channels, an output pixel that sees only padding, and more than
    `max-pieces` pieces (large filters with wide padding, where the pieces'
    code would cost more compile time than the copy costs at run time).
  }];
  let options = [
    Option<"maxPieces", "max-pieces", "int64_t", /*default=*/"5",
           "Most pieces (border runs times interior, rows times columns) a "
           "convolution is cut into; more keep the padded copy">,
  ];
  // LLVM: the loop annotation that keeps a loop of border pieces rolled.
  let dependentDialects = ["mlir::bufferization::BufferizationDialect",
                           "mlir::linalg::LinalgDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::tensor::TensorDialect"];
}

def CPUVectorizePooling : Pass<"tfg-cpu-vectorize-pooling", "mlir::func::FuncOp"> {
  let summary = "Tile NHWC max/sum pooling into register blocks over channels and vectorize them";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm` on the tensor-level
    function. Each f32 `linalg.pooling_nhwc_max` and
    `linalg.pooling_nhwc_sum` (MaxPool, and the sums of AvgPool) with unit
    dilations and static loops (a dynamic batch is tiled by 1) is tiled
    into blocks of one output row, up to 8 output columns and two vectors
    of channels (the contiguous NHWC dimension), 16 independent
    accumulators; its fill (-inf or 0) is fused into each block, the
    loops a block does not divide are peeled so every block is static,
    and each block is taken one window row at a time as a 1-D pooling,
    vectorized, with its accumulators in registers across the window rows.
    An elementwise op that is the pooling's only user (AvgPool's division
    by the window counts) is tiled with the blocks, the pooling and its
    fill fused: each block is divided in registers and written once.

    SAME padding: where the pooling reads a `tensor.pad` of a constant
    along H and W (the lowering's -inf or 0 border), the pad is not
    materialized for the whole input. The output is cut into the stretch
    whose windows start in the padding, the interior (windows inside the
    input: read straight from it) and the stretch whose windows end in the
    padding, along H and along W; each of the up to 9 pieces pads only the
    slice of the input it reads, and the elementwise op after it is cut
    into the same pieces. The values do not change: every window sees the
    same elements and padding as before.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"0",
           "Bits of a vector register (0: the host's: 512 with AVX-512, 256 "
           "with AVX, else 128)">,
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::scf::SCFDialect",
                           "mlir::tensor::TensorDialect", "mlir::vector::VectorDialect"];
}

def CPUVectorizeReductions
    : Pass<"tfg-cpu-vectorize-reductions", "mlir::func::FuncOp"> {
  let summary = "Vectorize f32 reductions over the innermost (contiguous) dimensions";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm` on the tensor-level
    function. A `linalg.reduce` (or a `linalg.generic` of the same form) of
    one f32 input whose reduced dimensions are the input's last ones
    (`Sum`/`Mean`/`Max`/`Min`/`Prod` over the last axis, Softmax's max and
    sum over the classes), combined by `arith.addf`, `arith.mulf`,
    `arith.maximumf` or `arith.minimumf`, becomes a loop over the kept
    (outer) indices whose body reduces one row: up to four vector
    accumulators, each a whole vector of the row at a time, then single
    vectors, then the row's last elements in one masked read (the lanes
    past the row read the combiner's neutral value), the accumulators
    combined lane by lane and the lanes in halves (a tree), and the result
    combined with the op's init. Loops LLVM keeps as a scalar chain (it
    keeps a float sum in order) become vector code; the order of a sum
    changes as in TensorFlow's own vectorized kernels.

    Left as they are: reductions over outer dimensions (LLVM vectorizes
    them along the contiguous dimension), other element types and
    combiners, and rows shorter than one vector (a static size below the
    vector width: a few scalar operations a row).
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"0",
           "Bits of a vector register (0: the host's: 512 with AVX-512, 256 "
           "with AVX, else 128)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::tensor::TensorDialect", "mlir::vector::VectorDialect"];
}

def CPUApproximateExp : Pass<"tfg-cpu-approximate-exp"> {
  let summary = "Compute f32 math.exp with a polynomial approximation instead of libm calls";
  let description = [{
    A CPU step of `tfg-lower-to-llvm`, on the vector/scalar code before the
    math lowering: each f32 `math.exp` (scalar or vector) becomes MLIR's
    polynomial approximation (range reduction by ln 2, a polynomial, the
    exponent added into the result's bits). LLVM has no
    vector exp on x86 without a vector math library: an `llvm.exp.v16f32`
    became 16 calls to libm's `expf`, so Softmax and Sigmoid ran at one
    call per element. The approximation is within a few ulp of `expf` over
    the normal f32 range, gives 0 below it (exp(-inf) = 0, as a masked
    Softmax needs; results that would be denormal flush to 0), +inf above
    it, and NaN for NaN. Other math functions and other
    element types are left alone.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::vector::VectorDialect"];
}

def CPUConvertToLLVM : Pass<"tfg-cpu-convert-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower the bufferized loop code to the LLVM dialect in one conversion";
  let description = [{
    The step of `tfg-lower-to-llvm` that reaches the LLVM dialect, on the
    module after bufferization, the loop lowering, `lower-affine`,
    `convert-scf-to-cf` and `expand-strided-metadata`. Two parts:

    1. Each function's vector ops are lowered towards what the LLVM dialect
       has, as `convert-vector-to-llvm` does first (contractions to outer
       products, transposes, shape casts, broadcasts, masks, strided slices,
       rank-1 transfers; the same patterns), one function per thread of the
       context.
    2. One dialect conversion with the patterns of `convert-vector-to-llvm`,
       `convert-ub-to-llvm`, `finalize-memref-to-llvm`,
       `convert-math-to-llvm` (then `convert-math-to-libm` for the
       functions LLVM has no intrinsic for: tanh, erf, ...),
       `convert-arith-to-llvm`, `convert-cf-to-llvm`,
       `convert-func-to-llvm`, `convert-index-to-llvm` and
       `convert-openmp-to-llvm`, followed by `reconcile-unrealized-casts`,
       applied in two steps. First, on one thread, what touches the module's
       symbol table: the functions (to `llvm.func`, their signatures
       converted), the globals and the other top-level ops, and inside the
       bodies the ops whose lowering declares or looks up a symbol
       (`memref.alloc`/`dealloc`/`copy`: malloc, free; `func.call`: the
       callee's calling convention; `cf.assert`, `vector.print`, and what
       math-to-libm rewrites), in the module's order. Then the rest of each
       function body, one conversion per function on the context's threads,
       its casts reconciled within it. The result is what those passes one
       after another give (the same ops; only the descriptor packing of
       bare-pointer arguments may come in another order), but the module is
       walked once, not a dozen times, and the bodies in parallel.

    Every op must end in the LLVM dialect (or be an OpenMP op on LLVM
    types): an op that none of the patterns lowers is an error at the op,
    and so is a value whose type has no LLVM equivalent; the pass then
    fails.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect",
                           "mlir::func::FuncDialect", "mlir::memref::MemRefDialect",
                           "mlir::vector::VectorDialect"];
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

    A one-row product with constant weights (a GEMV) is first packed into
    64-column weight panels as `tfg-cpu-vectorize-matmul` packs it (a
    `linalg.generic` marked `tfg.packed_gemv`), then split by panels: each
    thread streams its own contiguous panels, which the register blocking
    vectorizes with its one-thread kernel.
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

def CPUMergeParallelRegions
    : Pass<"tfg-cpu-merge-parallel-regions", "mlir::ModuleOp"> {
  let summary = "Run consecutive outlined parallel loop nests in one OpenMP parallel region";
  let description = [{
    The step of `tfg-lower-to-llvm --threads N` (N > 1) after
    `convert-scf-to-openmp`. There, every chunked op is a call of an
    outlined loop nest (`tfg-cpu-outline-loop-nests`) whose function forks
    its own team: `omp.parallel` around one `omp.wsloop`. A run of
    consecutive such calls in a block (with calls of serial nests and
    side-effect-free ops, views and constants, between them; at least two
    forks) becomes one `omp.parallel` in the caller:

    - the callees' `omp.parallel` is replaced by its body, so their
      `omp.wsloop` is orphaned and, at run time, shared by the caller's
      team; its implicit barrier at the end stays, so a nest still sees
      everything the previous one wrote, as after a join;
    - a nest whose fork is inside an `scf.for` (a padded depthwise layer's
      border columns, one worksharing loop each) counts as a fork when
      every thread can run the loop: its body holds only side-effect-free
      ops, the fork and such loops. Every thread then runs the loop and
      shares each iteration's worksharing loop; those barriers all stay;
    - the calls of serial nests between them (a fill, an epilogue, a border
      piece too small to split) run in `omp.single`, consecutive ones in
      one, whose implicit barrier orders them with the next nest;
    - the views and constants move before the region, which then defines no
      value;
    - a step's barrier (a nest's worksharing loop's, a single's) is dropped
      (`nowait`) where the next step touches no memory that a step since
      the last barrier writes and writes none that they touch: each step's
      memory is what its callee reads and writes through its arguments,
      traced in the caller to a buffer (an argument, an allocation, a
      constant byte range of an arena taken by `memref.view`) and the box
      of a static `memref.subview` of it (a padded convolution's interior
      and border columns, a depthwise layer's pieces); an argument may
      alias any other argument, a callee with effects it cannot attribute
      to an argument keeps every barrier. The last step's barrier goes too
      (the region's join follows).

    A run of N nests forks once instead of N times. A nest whose function
    has another use, results, side effects outside its fork, a fork with
    other clauses than `num_threads`, a `nowait` loop or a call inside, ends
    a run, as does any other op with side effects (a `memref.alloc`, a loop
    of the caller): the merge never moves work across it.
  }];
  let statistics = [
    Statistic<"regions", "regions", "Parallel regions made">,
    Statistic<"forksMerged", "forks-merged",
              "Forks of outlined nests moved into a merged region">,
    Statistic<"serialNestsMerged", "serial-nests-merged",
              "Serial nests run in omp.single inside a merged region">,
    Statistic<"barriersDropped", "barriers-dropped",
              "Worksharing loops and singles made nowait (no dependence on the next step)">,
  ];
  let dependentDialects = ["mlir::omp::OpenMPDialect",
                           "mlir::LLVM::LLVMDialect"];
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

def CPUShareIdenticalNests
    : Pass<"tfg-cpu-share-identical-nests", "mlir::ModuleOp"> {
  let summary = "Call one function for outlined loop nests that are the same but for their buffers";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm` after
    `tfg-cpu-outline-loop-nests` (and, with threads, after
    `tfg-cpu-merge-parallel-regions`): of the functions marked
    `tfg.outlined` that are the same (the same signature, with the same
    noalias and alignment promises for each argument, and the same body,
    locations aside), the first is kept and called in place of the
    others, which are erased. Layers of one shape that read different
    weights are such nests: the weights are arguments.

    Why: LLVM optimizes and compiles each function once, so each copy
    is compile time for nothing (30 % of movenet-lightning's code was
    copies). The copy did know its weights' global as a constant (LLVM
    propagated the one call's arguments), the shared function gets them
    as a pointer like any buffer.

    After the merge of parallel regions, not before: that pass dissolves
    a nest's fork and drops barriers by what the nests next to its one
    call touch, which a function with several calls would not allow; the
    functions it changed are shared only where they came out the same.

    The kept function's location becomes a fused location of every
    shared nest's, so the map of functions to graph nodes (tfg-run
    `--dump-nests`) names each layer the function computes.
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def CPUPlanMemory : Pass<"tfg-cpu-plan-memory", "mlir::ModuleOp"> {
  let summary = "Place a function's intermediate buffers in one arena, sharing memory between buffers whose lives do not overlap";
  let description = [{
    A CPU scheduling step of `tfg-lower-to-llvm` after bufferization and the
    deallocation pipeline: a static memory plan, so that a run makes one
    allocation for its intermediate tensors instead of one per tensor.

    First, an allocation with a static shape inside sequential loops
    (`scf.for`, `scf.while`) or branches (`scf.if`) whose buffer does not
    outlive an iteration (not yielded, not carried: as below) moves before
    the outermost of them, its frees after it: one buffer for every
    iteration instead of a `malloc` and a `free` per iteration. A parallel
    body (`scf.forall`, `scf.parallel`) is not crossed: each chunk (each
    thread) keeps its own buffer.

    Planned: each `memref.alloc` in the function's top-level block (the
    function must be one block: loops and branches still `scf` regions)
    with a static shape, an identity layout, the default memory space and
    integer, float or index elements, whose address stays where the pass
    sees it: used through views (`ViewLikeOpInterface`: subview,
    expand/collapse_shape, cast, ...) by ops that read or write it, freed
    by `memref.dealloc`. A buffer that is returned, yielded (from a branch
    or as a loop-carried value), passed to an op with a memref result (a
    call that may return it), or whose address is taken as an integer
    (`extract_aligned_pointer_as_index`, `extract_strided_metadata`: how
    the deallocation lowering compares buffers) is left as it is, as are
    dynamic-shaped buffers and the allocations left inside a parallel body
    or a loop.

    A planned buffer lives from its allocation to the last top-level op
    that uses it or a view of it (a use inside a loop or a branch counts
    as the whole loop or branch: the buffer lives across iterations), not
    to its `memref.dealloc`, which the deallocation pipeline puts at the end
    of the block. Offsets are assigned greedily by size (TFLite's arena
    planner, XLA's heap simulator): the largest buffer first, each into the
    smallest gap it fits among the buffers already placed whose lives
    overlap its own, else above them; every offset is a multiple of
    `alignment` (and of the allocation's own alignment when larger). Two
    buffers whose lives overlap never share a byte; the others may.

    With threads (`tfg-lower-to-llvm` with `threads` > 1: calls of outlined
    nests of one parallel loop each, `scf.forall` or `scf.parallel`), a
    buffer used by such a call lives on until the last call that may run at
    the same time on another thread: consecutive calls that
    `tfg-cpu-merge-parallel-regions` will run without a barrier between
    them (neither touches what the other writes, or only the same band of
    rows of it, per the same analysis), so that reusing memory adds no
    write-after-read barrier (a layer writing where the layer before it
    read its neighbours' rows). The module's functions are planned in
    parallel, after the nests they call are summarized. That plan is kept
    when its arena is at most `parallel-growth` percent larger than the
    plan without it (else the plan without it: the barriers stay). With
    one thread (no parallel loops) nothing changes.

    The function then allocates one arena (`memref<Nxi8>`, aligned like
    its most aligned buffer) at its start and frees it before it returns;
    each planned allocation becomes a `memref.view` of the arena at its
    offset and its frees disappear. One allocation per call keeps the
    compiled function reentrant: concurrent calls each have their own
    arena. With `report`, a remark on each planned function gives the
    buffers planned, their bytes summed, and the arena's bytes.
  }];
  let options = [
    Option<"alignment", "alignment", "uint64_t", /*default=*/"64",
           "Alignment in bytes of every offset in the arena (a power of two)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Remark on each planned function: buffers, their bytes, the arena's">,
    Option<"parallelGrowth", "parallel-growth", "uint64_t", /*default=*/"50",
           "How much larger (percent) the arena may grow to keep apart the buffers of parallel steps that run without a barrier between them">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

#endif // TFG_CONVERSION_PASSES_TD
