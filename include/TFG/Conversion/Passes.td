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
    generic first) become its epilogue (not yet for flattened 1x1 ones): tiled into the same blocks with
    the convolution and its zero fill fused in, so that each block starts
    from zeros in registers and is written once, finished. Each block is
    decomposed into a 1-D convolution and vectorized; the accumulator block
    is then hoisted out of the reduction loops, so it stays in registers
    while the filter taps and input channels stream through.
    Convolutions it cannot tile this way are left to `tfg-cpu-loop-order`.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"0",
           "Bits of a vector register (0: the host's: 512 with AVX-512, 256 "
           "with AVX, else 128)">,
    Option<"vectorRegisters", "vector-registers", "int64_t", /*default=*/"0",
           "Vector registers (0: the host's: 32 with AVX-512, else 16)">,
  ];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

#endif // TFG_CONVERSION_PASSES_TD
