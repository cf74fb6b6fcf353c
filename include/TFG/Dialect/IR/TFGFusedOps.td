//===- TFGFusedOps.td - TensorFlow.js converter-fused ops --*- tablegen -*-===//
//
// Ops that the TensorFlow.js converter emits and that TensorFlow's op
// registry (ops.pbtxt) does not list. Written by hand, in the style of the
// generated typed ops (TFGGeneratedOps.td): data operands, then `ctls`; data
// results, then `ctl`; one attribute per NodeDef attr, optional where the
// converter may leave it out. Included from TFGOps.td.
//
// The fused convolution / matmul ops compute the base op and then apply the
// ops named in `fused_ops`, in order, to its result. `args` are the extra
// tensors those ops need, `num_args` of them, in the order the fused ops
// consume them:
//
//   fused_ops                                args
//   ["BiasAdd"]                              [bias]
//   ["BiasAdd", <activation>]                [bias]
//   ["BiasAdd", "Prelu"]                     [bias, alpha]
//   ["FusedBatchNorm"]                       [scale, offset, mean, variance]
//   ["FusedBatchNorm", <activation>]         [scale, offset, mean, variance]
//
// where <activation> is one of "Relu", "Relu6", "Elu", "LeakyRelu",
// "Sigmoid" or "Tanh". "LeakyRelu" uses the `leakyrelu_alpha` attr (0.2 when
// absent) and "FusedBatchNorm" the `epsilon` attr (0.0001 when absent), as in
// TensorFlow's own _FusedConv2D / _FusedMatMul kernels.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_FUSED_OPS_TD
#define TFG_FUSED_OPS_TD

def TFG_FusedConv2DOp : TFG_TypedNodeOp<"_FusedConv2D",
                                        [AttrSizedOperandSegments]> {
  let summary = "Conv2D followed by fused BiasAdd / FusedBatchNorm / activation";
  let description = [{
    `Conv2D(input, filter)` with the ops of `fused_ops` applied in order to
    its result; `args` (`num_args` tensors) are their extra operands, e.g.
    `fused_ops = ["BiasAdd", "Relu"]` with `args = [bias]`,
    `["BiasAdd", "Prelu"]` with `args = [bias, alpha]`, or
    `["FusedBatchNorm"]` with `args = [scale, offset, mean, variance]`
    (normalized with `epsilon`). A "LeakyRelu" activation uses
    `leakyrelu_alpha`. `strides`, `padding`, `explicit_paddings`,
    `data_format`, `dilations` and `use_cudnn_on_gpu` are those of Conv2D.

    Emitted by the TensorFlow.js converter (and by TensorFlow's grappler remapper,
    whose newer versions add attrs such as `TArgs`, which are kept as they are).
    The registry has no OpDef for it; optional attrs have TensorFlow's
    defaults: explicit_paddings = [], data_format = "NHWC",
    dilations = [1, 1, 1, 1], use_cudnn_on_gpu = true, fused_ops = [],
    epsilon = 0.0001, leakyrelu_alpha = 0.2.

    ```
    input   input: T
    input   filter: T
    input   args: num_args * T
    output  output: T
    ```
  }];
  let nodeArguments = (ins TFG_Tensor:$input, TFG_Tensor:$filter,
                           Variadic<TFG_Tensor>:$args, Variadic<TFG_Control>:$ctls,
                           TypeAttr:$T,
                           TFG_IntMin<0>:$num_args,
                           I64ArrayAttr:$strides,
                           TFG_StrIn<["SAME", "VALID", "EXPLICIT"]>:$padding,
                           OptionalAttr<I64ArrayAttr>:$explicit_paddings,
                           OptionalAttr<TFG_StrIn<["NHWC", "NCHW"]>>:$data_format,
                           OptionalAttr<I64ArrayAttr>:$dilations,
                           OptionalAttr<BoolAttr>:$use_cudnn_on_gpu,
                           OptionalAttr<StrArrayAttr>:$fused_ops,
                           OptionalAttr<F32Attr>:$epsilon,
                           OptionalAttr<F32Attr>:$leakyrelu_alpha);
  let results = (outs TFG_Tensor:$output, TFG_Control:$ctl);
  let inputGroups = ["", "", "num_args"];
  let outputGroups = [""];
}

def TFG_FusedDepthwiseConv2dNativeOp
    : TFG_TypedNodeOp<"FusedDepthwiseConv2dNative", [AttrSizedOperandSegments]> {
  let summary = "DepthwiseConv2dNative followed by fused BiasAdd / activation";
  let description = [{
    `DepthwiseConv2dNative(input, filter)` with the ops of `fused_ops`
    applied in order to its result; `args` (`num_args` tensors) are their
    extra operands, e.g. `fused_ops = ["BiasAdd", "Relu6"]` with
    `args = [bias]`, or `["BiasAdd", "Prelu"]` with `args = [bias, alpha]`.
    A "LeakyRelu" activation uses `leakyrelu_alpha`. `strides`, `padding`,
    `explicit_paddings`, `data_format` and `dilations` are those of
    DepthwiseConv2dNative.

    The TensorFlow.js converter's name for it (TensorFlow's grappler calls
    its variant `_FusedDepthwiseConv2dNative`). The registry has no OpDef for
    it; optional attrs have TensorFlow's defaults: explicit_paddings = [],
    data_format = "NHWC", dilations = [1, 1, 1, 1], fused_ops = [],
    leakyrelu_alpha = 0.2.

    ```
    input   input: T
    input   filter: T
    input   args: num_args * T
    output  output: T
    ```
  }];
  let nodeArguments = (ins TFG_Tensor:$input, TFG_Tensor:$filter,
                           Variadic<TFG_Tensor>:$args, Variadic<TFG_Control>:$ctls,
                           TypeAttr:$T,
                           TFG_IntMin<0>:$num_args,
                           I64ArrayAttr:$strides,
                           TFG_StrIn<["SAME", "VALID", "EXPLICIT"]>:$padding,
                           OptionalAttr<I64ArrayAttr>:$explicit_paddings,
                           OptionalAttr<TFG_StrIn<["NHWC", "NCHW"]>>:$data_format,
                           OptionalAttr<I64ArrayAttr>:$dilations,
                           OptionalAttr<StrArrayAttr>:$fused_ops,
                           OptionalAttr<F32Attr>:$leakyrelu_alpha);
  let results = (outs TFG_Tensor:$output, TFG_Control:$ctl);
  let inputGroups = ["", "", "num_args"];
  let outputGroups = [""];
}

def TFG_FusedMatMulOp : TFG_TypedNodeOp<"_FusedMatMul",
                                        [AttrSizedOperandSegments]> {
  let summary = "MatMul followed by fused BiasAdd / activation";
  let description = [{
    `MatMul(a, b)` (with `transpose_a` / `transpose_b`) with the ops of
    `fused_ops` applied in order to its result; `args` (`num_args` tensors)
    are their extra operands, e.g. `fused_ops = ["BiasAdd"]` or
    `["BiasAdd", "Relu"]` with `args = [bias]`, or `["BiasAdd", "Prelu"]`
    with `args = [bias, alpha]`. A "LeakyRelu" activation uses
    `leakyrelu_alpha`; `epsilon` is carried for a fused batch norm.

    Emitted by the TensorFlow.js converter and TensorFlow's grappler
    remapper. The registry has no OpDef for it; optional attrs have
    TensorFlow's defaults: transpose_a = false, transpose_b = false,
    fused_ops = [], epsilon = 0.0001, leakyrelu_alpha = 0.2.

    ```
    input   a: T
    input   b: T
    input   args: num_args * T
    output  product: T
    ```
  }];
  let nodeArguments = (ins TFG_Tensor:$a, TFG_Tensor:$b,
                           Variadic<TFG_Tensor>:$args, Variadic<TFG_Control>:$ctls,
                           TypeAttr:$T,
                           TFG_IntMin<0>:$num_args,
                           OptionalAttr<BoolAttr>:$transpose_a,
                           OptionalAttr<BoolAttr>:$transpose_b,
                           OptionalAttr<StrArrayAttr>:$fused_ops,
                           OptionalAttr<F32Attr>:$epsilon,
                           OptionalAttr<F32Attr>:$leakyrelu_alpha);
  let results = (outs TFG_Tensor:$product, TFG_Control:$ctl);
  let inputGroups = ["", "", "num_args"];
  let outputGroups = [""];
}

def TFG_PreluOp : TFG_TypedNodeOp<"Prelu"> {
  let summary = "Parametric ReLU: max(x, 0) + alpha * min(x, 0)";
  let description = [{
    Elementwise `x` where `x >= 0`, else `alpha * x`; `alpha` broadcasts
    against `x` (usually one value per channel). The TensorFlow.js
    converter emits it for Keras PReLU layers; it carries no attrs. The
    registry has no OpDef for it.

    ```
    input   x: T
    input   alpha: T
    output  output: T
    ```
  }];
  let nodeArguments = (ins TFG_Tensor:$x, TFG_Tensor:$alpha,
                           Variadic<TFG_Control>:$ctls);
  let results = (outs TFG_Tensor:$output, TFG_Control:$ctl);
  let inputGroups = ["", ""];
  let outputGroups = [""];
}

#endif // TFG_FUSED_OPS_TD
