// RUN: tfg-opt %s --split-input-file --tfg-fold-old-batch-norms | FileCheck %s

// Conv2D -> FusedBatchNorm (inference): scale = gamma * rsqrt(var + eps) =
// [4/2, 3/3] = [2, 1]; offset = beta - mean * scale = [1 - 0.5*2, 0 - 1*1].
// The weights are scaled per output channel; the BiasAdd takes the batch
// norm's name; statistics and old weights are gone.
// CHECK-LABEL: module @conv_fused_batch_norm
// CHECK: %[[W:.*]], %{{.*}} = tfg.Const name("w_folded") {dtype = f32, value = dense<{{\[\[\[}}[2.000000e+00, 2.000000e+00], [6.000000e+00, 4.000000e+00]]]]> : tensor<1x1x2x2xf32>}
// CHECK: %[[C:.*]], %{{.*}} = tfg.Conv2D(%{{.*}}, %[[W]]) name("bn/scaled")
// CHECK: %[[O:.*]], %{{.*}} = tfg.Const name("bn/offset") {dtype = f32, value = dense<[0.000000e+00, -1.000000e+00]> : tensor<2xf32>}
// CHECK: tfg.BiasAdd(%[[C]], %[[O]]) name("bn") {T = f32, data_format = "NHWC"}
// CHECK-NOT: FusedBatchNorm
// CHECK-NOT: name("gamma")
// CHECK-NOT: name("w")
module @conv_fused_batch_norm {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %r, %cr = tfg.Identity(%w) name("w/read") {T = f32} : (tensor<1x1x2x2xf32>) -> (tensor<1x1x2x2xf32>)
    %c, %cc = tfg.Conv2D(%x, %r) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %g, %cg = tfg.Const name("gamma") {dtype = f32, value = dense<[4.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %b, %cb = tfg.Const name("beta") {dtype = f32, value = dense<[1.0, 0.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %m, %cm = tfg.Const name("mean") {dtype = f32, value = dense<[0.5, 1.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %v, %cv = tfg.Const name("var") {dtype = f32, value = dense<[3.0, 8.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %y:5, %cy = tfg.FusedBatchNorm(%c, %g, %b, %m, %v) name("bn") {T = f32, epsilon = 1.0 : f32, is_training = false} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    %o, %co = tfg.Identity(%y#0) name("out") {T = f32} : (tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
  }
}

// -----

// Conv2D -> BiasAdd -> FusedBatchNormV3, NCHW: the bias is scaled and the
// offset added: [1*2 + 0, 1*1 - 1] = [2, 0]; one BiasAdd remains.
// CHECK-LABEL: module @conv_bias_add_nchw
// CHECK: tfg.Const name("w_folded") {dtype = f32, value = dense<{{\[\[\[}}[2.000000e+00, 2.000000e+00], [6.000000e+00, 4.000000e+00]]]]>
// CHECK: tfg.Const name("b_folded{{.*}}") {dtype = f32, value = dense<[2.000000e+00, 0.000000e+00]> : tensor<2xf32>}
// CHECK: tfg.Conv2D
// CHECK-SAME: name("conv")
// CHECK: tfg.BiasAdd({{.*}}) name("bn") {T = f32, data_format = "NCHW"}
// CHECK-NOT: tfg.BiasAdd
// CHECK-NOT: FusedBatchNorm
module @conv_bias_add_nchw {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %c, %cc = tfg.Conv2D(%x, %w) name("conv") {T = f32, data_format = "NCHW", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %bias, %cbias = tfg.Const name("b") {dtype = f32, value = dense<[1.0, 1.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %ba, %cba = tfg.BiasAdd(%c, %bias) name("conv/BiasAdd") {T = f32, data_format = "NCHW"} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %g, %cg = tfg.Const name("gamma") {dtype = f32, value = dense<[4.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %b, %cb = tfg.Const name("beta") {dtype = f32, value = dense<[1.0, 0.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %m, %cm = tfg.Const name("mean") {dtype = f32, value = dense<[0.5, 1.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %v, %cv = tfg.Const name("var") {dtype = f32, value = dense<[3.0, 8.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %y:6, %cy = tfg.FusedBatchNormV3(%ba, %g, %b, %m, %v) name("bn") {T = f32, U = f32, data_format = "NCHW", epsilon = 1.0 : f32, is_training = false} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    %o, %co = tfg.Identity(%y#0) name("out") {T = f32} : (tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
  }
}

// -----

// Negative: a batch norm with a non-constant mean, one after a Relu (no
// conv to fold into), and one whose batch_mean output is used stay.
// CHECK-LABEL: module @neg_not_foldable
// CHECK: tfg.Conv2D(%x, %w) name("conv")
// CHECK: tfg.FusedBatchNorm{{.*}}name("bn_placeholder_mean")
// CHECK: tfg.FusedBatchNorm{{.*}}name("bn_after_relu")
// CHECK: tfg.Conv2D(%x, %w) name("conv2")
// CHECK: tfg.FusedBatchNorm{{.*}}name("bn_mean_used")
module @neg_not_foldable {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %c, %cc = tfg.Conv2D(%x, %w) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %g, %cg = tfg.Const name("gamma") {dtype = f32, value = dense<[4.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %mp, %cmp = tfg.Placeholder name("mean_in") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %y1:5, %cy1 = tfg.FusedBatchNorm(%c, %g, %g, %mp, %g) name("bn_placeholder_mean") {T = f32, epsilon = 1.0 : f32, is_training = false} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    %r, %cr = tfg.Relu(%x) name("relu") {T = f32} : (tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %y2:5, %cy2 = tfg.FusedBatchNorm(%r, %g, %g, %g, %g) name("bn_after_relu") {T = f32, epsilon = 1.0 : f32, is_training = false} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    %c2, %cc2 = tfg.Conv2D(%x, %w) name("conv2") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %y3:5, %cy3 = tfg.FusedBatchNorm(%c2, %g, %g, %g, %g) name("bn_mean_used") {T = f32, epsilon = 1.0 : f32, is_training = false} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    %u, %cu = tfg.AddN(%y1#0, %y2#0, %y3#0) name("sum") {N = 3 : i64, T = f32} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %mu, %cmu = tfg.Identity(%y3#1) name("uses_mean") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// Conv2DBackpropInput -> FusedBatchNormV3: scale [2, 1] applies to the
// filter's third dimension (the transposed conv's output channels).
// CHECK-LABEL: module @conv_backprop_input
// CHECK: %[[W:.*]], %{{.*}} = tfg.Const name("tw_folded") {dtype = f32, value = dense<{{\[\[\[}}[2.000000e+00, 4.000000e+00, 6.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]]]> : tensor<1x1x2x3xf32>}
// CHECK: %[[C:.*]], %{{.*}} = tfg.Conv2DBackpropInput(%{{.*}}, %[[W]], %{{.*}}) name("bn/scaled")
// CHECK: tfg.BiasAdd(%[[C]], %{{.*}}) name("bn") {T = f32, data_format = "NHWC"}
// CHECK-NOT: FusedBatchNorm
module @conv_backprop_input {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %dy, %cdy = tfg.Placeholder name("dy") {dtype = f32, shape = #tfg.shape<1x2x2x3>} : () -> (tensor<1x2x2x3xf32>)
    %sz, %csz = tfg.Const name("sizes") {dtype = i32, value = dense<[1, 2, 2, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
    %w, %cw = tfg.Const name("tw") {dtype = f32, value = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]]> : tensor<1x1x2x3xf32>} : () -> (tensor<1x1x2x3xf32>)
    %c, %cc = tfg.Conv2DBackpropInput(%sz, %w, %dy) name("deconv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<4xi32>, tensor<1x1x2x3xf32>, tensor<1x2x2x3xf32>) -> (tensor<1x2x2x2xf32>)
    %g, %cg = tfg.Const name("gamma") {dtype = f32, value = dense<[4.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %b, %cb = tfg.Const name("beta") {dtype = f32, value = dense<[1.0, 0.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %m, %cm = tfg.Const name("mean") {dtype = f32, value = dense<[0.5, 1.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %v, %cv = tfg.Const name("var") {dtype = f32, value = dense<[3.0, 8.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %y:6, %cy = tfg.FusedBatchNormV3(%c, %g, %b, %m, %v) name("bn") {T = f32, U = f32, epsilon = 1.0 : f32, is_training = false} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    %o, %co = tfg.Identity(%y#0) name("out") {T = f32} : (tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
  }
}
