// RUN: tfg-opt %s --split-input-file --tfg-fold-batch-norms | FileCheck %s

// Mul by a per-channel constant after Conv2D, DepthwiseConv2dNative and
// MatMul (plain and transpose_b) folds into the weights; the new node
// takes the Mul's name.
// CHECK-LABEL: module @mul_after_conv
// CHECK-DAG: tfg.Const name("w_folded") {dtype = f32, value = dense<{{\[\[\[}}[2.000000e+00, 6.000000e+00], [6.000000e+00, 1.200000e+01]]]]> : tensor<1x1x2x2xf32>}
// CHECK-DAG: tfg.Conv2D({{.*}}) name("conv/mul")
// CHECK-DAG: tfg.Const name("dw_folded") {dtype = f32, value = dense<{{\[\[\[}}[2.000000e+00], [6.000000e+00]]]]> : tensor<1x1x2x1xf32>}
// CHECK-DAG: tfg.DepthwiseConv2dNative({{.*}}) name("dw/mul")
// CHECK-DAG: tfg.Const name("m_folded") {dtype = f32, value = dense<{{\[}}[2.000000e+00, 6.000000e+00], [6.000000e+00, 1.200000e+01]]> : tensor<2x2xf32>}
// CHECK-DAG: tfg.MatMul({{.*}}) name("mm/mul")
// CHECK-DAG: tfg.Const name("mt_folded") {dtype = f32, value = dense<{{\[}}[2.000000e+00, 4.000000e+00], [9.000000e+00, 1.200000e+01]]> : tensor<2x2xf32>}
// CHECK-DAG: tfg.MatMul({{.*}}) name("mmt/mul") {T = f32, transpose_b = true}
// CHECK-NOT: tfg.Mul
module @mul_after_conv {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %s, %cs = tfg.Const name("s") {dtype = f32, value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %c, %cc = tfg.Conv2D(%x, %w) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %cm, %ccm = tfg.Mul(%c, %s) name("conv/mul") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %dw, %cdw = tfg.Const name("dw") {dtype = f32, value = dense<[[[[1.0], [2.0]]]]> : tensor<1x1x2x1xf32>} : () -> (tensor<1x1x2x1xf32>)
    %d, %cd = tfg.DepthwiseConv2dNative(%x, %dw) name("dw_conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x1xf32>) -> (tensor<1x2x2x2xf32>)
    %dm, %cdm = tfg.Mul(%d, %s) name("dw/mul") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %a, %ca = tfg.Placeholder name("a") {dtype = f32, shape = #tfg.shape<1x2>} : () -> (tensor<1x2xf32>)
    %m, %cmw = tfg.Const name("m") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %mm, %cmm = tfg.MatMul(%a, %m) name("mm") {T = f32} : (tensor<1x2xf32>, tensor<2x2xf32>) -> (tensor<1x2xf32>)
    %mmm, %cmmm = tfg.Mul(%mm, %s) name("mm/mul") {T = f32} : (tensor<1x2xf32>, tensor<2xf32>) -> (tensor<1x2xf32>)
    %mt, %cmt = tfg.Const name("mt") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %mmt, %cmmt = tfg.MatMul(%a, %mt) name("mmt") {T = f32, transpose_b = true} : (tensor<1x2xf32>, tensor<2x2xf32>) -> (tensor<1x2xf32>)
    %mmtm, %cmmtm = tfg.Mul(%mmt, %s) name("mmt/mul") {T = f32} : (tensor<1x2xf32>, tensor<2xf32>) -> (tensor<1x2xf32>)
    %sum, %csum = tfg.AddN(%cm, %dm) name("sum") {N = 2 : i64, T = f32} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %sum2, %csum2 = tfg.AddN(%mmm, %mmtm) name("sum2") {N = 2 : i64, T = f32} : (tensor<1x2xf32>, tensor<1x2xf32>) -> (tensor<1x2xf32>)
  }
}

// -----

// Through a BiasAdd the bias is scaled too; an Add of a per-channel
// constant after a BiasAdd joins its bias.
// CHECK-LABEL: module @through_bias_add
// b * s = [2, 3], plus 0.5:
// CHECK: tfg.Const name("b_folded_folded") {dtype = f32, value = dense<[2.500000e+00, 3.500000e+00]> : tensor<2xf32>}
// CHECK: %[[C:.*]], %{{.*}} = tfg.Conv2D({{.*}}) name("conv")
// CHECK: tfg.BiasAdd(%[[C]], %{{.*}}) name("add")
// CHECK-NOT: tfg.Mul
// CHECK-NOT: tfg.Add
module @through_bias_add {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %s, %cs = tfg.Const name("s") {dtype = f32, value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %c, %cc = tfg.Conv2D(%x, %w) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %b, %cb = tfg.Const name("b") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %ba, %cba = tfg.BiasAdd(%c, %b) name("conv/BiasAdd") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %m, %cm = tfg.Mul(%ba, %s) name("mul") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %h, %ch = tfg.Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %a, %ca = tfg.AddV2(%m, %h) name("add") {T = f32} : (tensor<1x2x2x2xf32>, tensor<f32>) -> (tensor<1x2x2x2xf32>)
  }
}

// -----

// Negative: a Mul by a non-constant, by a constant that does not scale
// output channels ([2, 1] scales rows), and after a conv whose output has
// another user stay.
// CHECK-LABEL: module @neg_mul_not_foldable
// CHECK: tfg.Mul{{.*}}name("mul_by_input")
// CHECK: tfg.Mul{{.*}}name("mul_by_rows")
// CHECK: tfg.Mul{{.*}}name("mul_shared")
// CHECK-NOT: _folded
module @neg_mul_not_foldable {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %sp, %csp = tfg.Placeholder name("scale_in") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %rows, %crows = tfg.Const name("rows") {dtype = f32, value = dense<[[2.0], [3.0]]> : tensor<2x1xf32>} : () -> (tensor<2x1xf32>)
    %s, %cs = tfg.Const name("s") {dtype = f32, value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %c1, %cc1 = tfg.Conv2D(%x, %w) name("conv1") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %m1, %cm1 = tfg.Mul(%c1, %sp) name("mul_by_input") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %c2, %cc2 = tfg.Conv2D(%x, %w) name("conv2") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %m2, %cm2 = tfg.Mul(%c2, %rows) name("mul_by_rows") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2x1xf32>) -> (tensor<1x2x2x2xf32>)
    %c3, %cc3 = tfg.Conv2D(%x, %w) name("conv3") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %m3, %cm3 = tfg.Mul(%c3, %s) name("mul_shared") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %sum, %csum = tfg.AddN(%m1, %m2, %m3, %c3) name("sum") {N = 4 : i64, T = f32} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
  }
}

// -----

// An Add of a per-channel constant right after a conv-like node (slim's
// decomposed batch norm, once its Mul is in the weights) becomes the conv's
// BiasAdd, in either operand order, with the conv's data_format (NHWC for
// MatMul); a scalar is repeated per channel. The BiasAdd takes the Add's
// name and control inputs.
// CHECK-LABEL: module @add_after_conv
// CHECK: %[[CX:.*]] = tfg.NoOp name("init")
// CHECK-DAG: %[[B:.*]], %{{.*}} = tfg.Const name("offset_bias") {dtype = f32, value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}
// CHECK-DAG: %[[BC:.*]], %{{.*}} = tfg.Const name("nchw_offset_bias") {dtype = f32, value = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>}
// CHECK-DAG: %[[BS:.*]], %{{.*}} = tfg.Const name("scalar_bias") {dtype = f32, value = dense<3.000000e+00> : tensor<2xf32>}
// CHECK-DAG: tfg.BiasAdd(%{{.*}}, %[[B]]) [%[[CX]]] name("conv/add") {T = f32, data_format = "NHWC"}
// CHECK-DAG: tfg.BiasAdd(%{{.*}}, %[[BC]]) name("nchw/add") {T = f32, data_format = "NCHW"}
// CHECK-DAG: tfg.BiasAdd(%{{.*}}, %[[BS]]) name("mm/add") {T = f32, data_format = "NHWC"}
// CHECK-NOT: tfg.Add(
// CHECK-NOT: tfg.AddV2(
module @add_after_conv {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %ci = tfg.NoOp name("init") : () -> ()
    %o, %co = tfg.Const name("offset") {dtype = f32, value = dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>} : () -> (tensor<1x1x1x2xf32>)
    %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %c, %cc = tfg.Conv2D(%x, %w) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %ca, %cca = tfg.Add(%c, %o) [%ci] name("conv/add") {T = f32} : (tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>) -> (tensor<1x2x2x2xf32>)
    %on, %con = tfg.Const name("nchw_offset") {dtype = f32, value = dense<[[[0.5]], [[0.25]]]> : tensor<2x1x1xf32>} : () -> (tensor<2x1x1xf32>)
    %w2, %cw2 = tfg.Const name("w2") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %n, %cn = tfg.Conv2D(%x, %w2) name("nchw") {T = f32, data_format = "NCHW", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %na, %cna = tfg.AddV2(%on, %n) name("nchw/add") {T = f32} : (tensor<2x1x1xf32>, tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %a, %ca2 = tfg.Placeholder name("a") {dtype = f32, shape = #tfg.shape<1x2>} : () -> (tensor<1x2xf32>)
    %m, %cm = tfg.Const name("m") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %mm, %cmm = tfg.MatMul(%a, %m) name("mm") {T = f32} : (tensor<1x2xf32>, tensor<2x2xf32>) -> (tensor<1x2xf32>)
    %sc, %csc = tfg.Const name("scalar") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
    %ma, %cma = tfg.Add(%mm, %sc) name("mm/add") {T = f32} : (tensor<1x2xf32>, tensor<f32>) -> (tensor<1x2xf32>)
    %sum, %csum = tfg.AddN(%ca, %na) name("sum") {N = 2 : i64, T = f32} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
  }
}

// -----

// Must not become a BiasAdd: a constant that varies along other axes than
// the channels, a non-constant addend, an Add after a conv whose output
// has another user.
// CHECK-LABEL: module @neg_not_bias_add
// CHECK: tfg.Add(%{{.*}}, %{{.*}}) name("spatial/add")
// CHECK: tfg.Add(%{{.*}}, %{{.*}}) name("dynamic/add")
// CHECK: tfg.Add(%{{.*}}, %{{.*}}) name("shared/add")
// CHECK-NOT: tfg.BiasAdd
module @neg_not_bias_add {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
    %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %sp, %csp = tfg.Const name("spatial") {dtype = f32, value = dense<[[[1.0], [2.0]]]> : tensor<1x2x1xf32>} : () -> (tensor<1x2x1xf32>)
    %c, %cc = tfg.Conv2D(%x, %w) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %a1, %ca1 = tfg.Add(%c, %sp) name("spatial/add") {T = f32} : (tensor<1x2x2x2xf32>, tensor<1x2x1xf32>) -> (tensor<1x2x2x2xf32>)
    %w2, %cw2 = tfg.Const name("w2") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %c2, %cc2 = tfg.Conv2D(%x, %w2) name("conv2") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %y, %cy = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %a2, %ca2 = tfg.Add(%c2, %y) name("dynamic/add") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %w3, %cw3 = tfg.Const name("w3") {dtype = f32, value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> (tensor<1x1x2x2xf32>)
    %o, %co = tfg.Const name("o") {dtype = f32, value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %c3, %cc3 = tfg.Conv2D(%x, %w3) name("conv3") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x2x2x2xf32>, tensor<1x1x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %a3, %ca3 = tfg.Add(%c3, %o) name("shared/add") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %r, %cr = tfg.Relu(%c3) name("other_user") {T = f32} : (tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
    %sum, %csum = tfg.AddN(%a1, %a2, %a3) name("sum") {N = 3 : i64, T = f32} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>)
  }
}

// -----

// Conv2DBackpropInput (a transposed conv): its output channels are the
// filter's third dimension, so a per-channel Mul scales filter[:, :, c, :];
// an Add of a per-channel constant after it becomes its BiasAdd.
// CHECK-LABEL: module @conv_backprop_input
// CHECK-DAG: tfg.Const name("tw_folded") {dtype = f32, value = dense<{{\[\[\[}}[2.000000e+00, 4.000000e+00, 6.000000e+00], [4.000000e+01, 5.000000e+01, 6.000000e+01]]]]> : tensor<1x1x2x3xf32>}
// CHECK-DAG: %[[D:.*]], %{{.*}} = tfg.Conv2DBackpropInput(%{{.*}}, %{{.*}}, %{{.*}}) name("deconv/mul")
// CHECK-DAG: tfg.BiasAdd(%[[D]], %{{.*}}) name("deconv/add") {T = f32, data_format = "NHWC"}
// CHECK-NOT: tfg.Mul(
module @conv_backprop_input {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %dy, %cdy = tfg.Placeholder name("dy") {dtype = f32, shape = #tfg.shape<1x2x2x3>} : () -> (tensor<1x2x2x3xf32>)
    %sz, %csz = tfg.Const name("sizes") {dtype = i32, value = dense<[1, 2, 2, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
    %w, %cw = tfg.Const name("tw") {dtype = f32, value = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]]> : tensor<1x1x2x3xf32>} : () -> (tensor<1x1x2x3xf32>)
    %s, %cs = tfg.Const name("s") {dtype = f32, value = dense<[2.0, 10.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %o, %co = tfg.Const name("o") {dtype = f32, value = dense<[1.0, -1.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %d, %cd = tfg.Conv2DBackpropInput(%sz, %w, %dy) name("deconv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<4xi32>, tensor<1x1x2x3xf32>, tensor<1x2x2x3xf32>) -> (tensor<1x2x2x2xf32>)
    %m, %cm = tfg.Mul(%d, %s) name("deconv/mul") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
    %a, %ca = tfg.Add(%m, %o) name("deconv/add") {T = f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>)
  }
}
