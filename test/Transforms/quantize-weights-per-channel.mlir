// RUN: tfg-opt %s --split-input-file --tfg-quantize-weights="minimum-size=4 mode=int8-per-channel" | FileCheck %s

// Conv2D weights (HWIO) read through `/read`: one scale per output channel
// (the last axis), s = max|w| / 127, q = round(w / s), half away from zero:
// channel 0 [1, -0.5]: s = 1/127, q = [127, -64]; channel 1 [-2, 1]:
// s = 2/127, q = [-127, 64]; channel 2 [0.5, 0.25]: s = 0.5/127, q = [127, 64].
// w = Mul(Cast(q), s) takes the Const's name, device and control inputs.
// CHECK-LABEL: module @conv2d_hwio
// CHECK: %[[Q:.*]], %{{.*}} = tfg.Const name("w_quantized_const") device("/cpu:0") {dtype = i8, value = dense<{{\[\[\[}}[127, -127, 127], [-64, 64, 64]]]]> : tensor<1x1x2x3xi8>}
// CHECK: %[[F:.*]], %{{.*}} = tfg.Cast(%[[Q]]) name("w_quantized_cast") device("/cpu:0") {DstT = f32, SrcT = i8, Truncate = false} : (tensor<1x1x2x3xi8>) -> (tensor<1x1x2x3xf32>)
// CHECK: %[[S:.*]], %{{.*}} = tfg.Const name("w_quantized_scale") device("/cpu:0") {dtype = f32, value = dense<[0.00787401571, 0.0157480314, 0.00393700786]> : tensor<3xf32>}
// CHECK: %[[W:.*]], %{{.*}} = tfg.Mul(%[[F]], %[[S]]) [%ctl_x] name("w") device("/cpu:0") {T = f32} : (tensor<1x1x2x3xf32>, tensor<3xf32>) -> (tensor<1x1x2x3xf32>)
// CHECK: %[[R:.*]], %{{.*}} = tfg.Identity(%[[W]]) name("w/read")
// CHECK: tfg.Conv2D(%x, %[[R]]) name("conv")
module @conv2d_hwio {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %w, %cw = tfg.Const [%cx] name("w") device("/cpu:0") {dtype = f32, value = dense<[[[[1.0, -2.0, 0.5], [-0.5, 1.0, 0.25]]]]> : tensor<1x1x2x3xf32>} : () -> (tensor<1x1x2x3xf32>)
    %r, %cr = tfg.Identity(%w) name("w/read") {T = f32} : (tensor<1x1x2x3xf32>) -> (tensor<1x1x2x3xf32>)
    %c, %cc = tfg.Conv2D(%x, %r) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x3xf32>) -> (tensor<1x2x2x3xf32>)
  }
}

// -----

// The output-channel axes of each consumer: DepthwiseConv2dNative (HWIM:
// channel i * M + m, scale [I, M]), MatMul with transpose_b (weights
// [N, K], scale [N, 1]), Conv2DBackpropInput (H W C_out C_in, scale
// [C_out, 1]), and the TensorFlow.js fused ops.
// CHECK-LABEL: module @consumer_axes
// CHECK: tfg.Const name("dw_quantized_const") {dtype = i8, value = dense<{{\[\[\[}}[127, -127], [-127, 127]]]]> : tensor<1x1x2x2xi8>}
// CHECK: tfg.Const name("dw_quantized_scale") {dtype = f32, value = dense<{{\[}}[0.00787401571, 0.0157480314], [0.00393700786, 0.00787401571]]> : tensor<2x2xf32>}
// CHECK: tfg.Const name("mt_quantized_const") {dtype = i8, value = dense<{{\[}}[127, -64], [-127, 64]]> : tensor<2x2xi8>}
// CHECK: tfg.Const name("mt_quantized_scale") {dtype = f32, value = dense<{{\[}}[0.00787401571], [0.0157480314]]> : tensor<2x1xf32>}
// CHECK: tfg.Const name("bp_quantized_const") {dtype = i8, value = dense<{{\[\[\[}}[127, -64], [-127, 64]]]]> : tensor<1x1x2x2xi8>}
// CHECK: tfg.Const name("bp_quantized_scale") {dtype = f32, value = dense<{{\[}}[0.00787401571], [0.0157480314]]> : tensor<2x1xf32>}
// CHECK: tfg.Const name("fc_quantized_scale") {dtype = f32, value = dense<[0.00787401571, 0.0157480314]> : tensor<2xf32>}
// CHECK: tfg.Const name("fdw_quantized_scale") {dtype = f32, value = dense<{{\[}}[0.00787401571, 0.0157480314], [0.00393700786, 0.0236220472]]> : tensor<2x2xf32>}
// CHECK: tfg.Const name("fm_quantized_scale") {dtype = f32, value = dense<[0.00787401571, 0.0157480314]> : tensor<2xf32>}
module @consumer_axes {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %dw, %cdw = tfg.Const name("dw") {dtype = f32, value = dense<[[[[1.0, -2.0], [-0.5, 1.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %d, %cd = tfg.DepthwiseConv2dNative(%x, %dw) name("depthwise") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x4xf32>)
    %a, %ca = tfg.Placeholder name("a") {dtype = f32, shape = #tfg.shape<1x2>} : () -> (tensor<1x2xf32>)
    %mt, %cmt = tfg.Const name("mt") {dtype = f32, value = dense<[[1.0, -0.5], [-2.0, 1.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %m, %cm = tfg.MatMul(%a, %mt) name("matmul") {T = f32, transpose_b = true} : (tensor<1x2xf32>, tensor<2x2xf32>) -> (tensor<1x2xf32>)
    %sizes, %csizes = tfg.Const name("sizes") {dtype = i32, value = dense<[1, 2, 2, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
    %bp, %cbp = tfg.Const name("bp") {dtype = f32, value = dense<[[[[1.0, -0.5], [-2.0, 1.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %t, %ct = tfg.Conv2DBackpropInput(%sizes, %bp, %x) name("transposed") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<4xi32>, tensor<1x1x2x2xf32>, tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %fc, %cfc = tfg.Const name("fc") {dtype = f32, value = dense<[[[[1.0, -2.0], [-0.5, 1.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %f, %cf = tfg._FusedConv2D(%x, %fc) name("fused_conv") {T = f32, num_args = 0 : i64, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %fdw, %cfdw = tfg.Const name("fdw") {dtype = f32, value = dense<[[[[1.0, -2.0], [-0.5, 3.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %g, %cg = tfg.FusedDepthwiseConv2dNative(%x, %fdw) name("fused_depthwise") {T = f32, num_args = 0 : i64, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x4xf32>)
    %fm, %cfm = tfg.Const name("fm") {dtype = f32, value = dense<[[1.0, -2.0], [-0.5, 1.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %h, %ch = tfg._FusedMatMul(%a, %fm) name("fused_matmul") {T = f32, num_args = 0 : i64} : (tensor<1x2xf32>, tensor<2x2xf32>) -> (tensor<1x2xf32>)
  }
}

// -----

// Left alone: a Const that is not weights (BiasAdd's bias, Conv2D's input,
// an Add operand), weights that also feed something else (an Add, an
// Identity nobody reads: a graph output), weights whose consumers disagree
// on the channel axes, and weights below minimum-size.
// CHECK-LABEL: module @neg_left_alone
// CHECK-NOT: _quantized
// CHECK-NOT: tfg.Cast
module @neg_left_alone {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x1x1x4>} : () -> (tensor<1x1x1x4xf32>)
    %img, %cimg = tfg.Const name("image") {dtype = f32, value = dense<1.0> : tensor<1x1x1x4xf32>} : () -> (tensor<1x1x1x4xf32>)
    %w, %cw = tfg.Placeholder name("w") {dtype = f32, shape = #tfg.shape<1x1x4x4>} : () -> (tensor<1x1x4x4xf32>)
    %c, %cc = tfg.Conv2D(%img, %w) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x1x1x4xf32>, tensor<1x1x4x4xf32>) -> (tensor<1x1x1x4xf32>)
    %b, %cb = tfg.Const name("bias") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
    %ba, %cba = tfg.BiasAdd(%c, %b) name("biasadd") {T = f32} : (tensor<1x1x1x4xf32>, tensor<4xf32>) -> (tensor<1x1x1x4xf32>)
    %sum, %csum = tfg.Add(%ba, %img) name("add") {T = f32} : (tensor<1x1x1x4xf32>, tensor<1x1x1x4xf32>) -> (tensor<1x1x1x4xf32>)
    %m, %cm = tfg.Const name("m") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %a, %ca = tfg.Placeholder name("a") {dtype = f32, shape = #tfg.shape<2x2>} : () -> (tensor<2x2xf32>)
    %mm, %cmm = tfg.MatMul(%a, %m) name("matmul") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %mm2, %cmm2 = tfg.MatMul(%a, %m) name("matmul_t") {T = f32, transpose_b = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %shared, %cshared = tfg.Const name("shared") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %mm3, %cmm3 = tfg.MatMul(%a, %shared) name("matmul_shared") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %plus, %cplus = tfg.Add(%mm3, %shared) name("plus") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %fetched, %cfetched = tfg.Const name("fetched") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %mm5, %cmm5 = tfg.MatMul(%a, %fetched) name("matmul_fetched") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %fid, %cfid = tfg.Identity(%fetched) name("fetched/output") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %small, %csmall = tfg.Const name("small") {dtype = f32, value = dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>} : () -> (tensor<1x3xf32>)
    %a1, %ca1 = tfg.Placeholder name("a1") {dtype = f32, shape = #tfg.shape<2x1>} : () -> (tensor<2x1xf32>)
    %mm4, %cmm4 = tfg.MatMul(%a1, %small) name("matmul_small") {T = f32} : (tensor<2x1xf32>, tensor<1x3xf32>) -> (tensor<2x3xf32>)
  }
}
