// RUN: tfg-opt %s --split-input-file --tfg-graph-to-func="dynamic-dims=true" --tfg-infer-shapes --verify-diagnostics | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-lower-to-linalg="dynamic-dims=true" --verify-diagnostics | FileCheck %s --check-prefix=LINALG

// The unknown batch stays dynamic through a convolution, BiasAdd, Relu,
// pooling and a Flatten written as Shape -> StridedSlice -> Pack -> Reshape:
// the Pack's batch is the input's own dimension 0, so -1 is static (16 * 2
// * 2 = 64) and the MatMul gets a static inner dimension.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x8x8x2xf32> {tfg.name = "x"}) -> (tensor<?x3xf32> {tfg.name = "logits"})
// CHECK: tfg.Conv2D({{.*}} -> (tensor<?x4x4x16xf32>)
// CHECK: tfg.BiasAdd({{.*}} -> (tensor<?x4x4x16xf32>)
// CHECK: tfg.MaxPool({{.*}} -> (tensor<?x2x2x16xf32>)
// CHECK: tfg.Shape({{.*}} -> (tensor<4xi32>)
// CHECK: tfg.StridedSlice({{.*}} -> (tensor<i32>)
// CHECK: tfg.Pack({{.*}} -> (tensor<2xi32>)
// CHECK: tfg.Reshape({{.*}} -> (tensor<?x64xf32>)
// CHECK: tfg.MatMul({{.*}} -> (tensor<?x3xf32>)
// LINALG-LABEL: func.func @main(
// LINALG-SAME: %[[X:.*]]: tensor<?x8x8x2xf32> {tfg.name = "x"}) -> (tensor<?x3xf32> {tfg.name = "logits"})
// LINALG: %[[N:.*]] = tensor.dim %[[X]], %c0
// LINALG: tensor.empty(%[[N]]) : tensor<?x4x4x16xf32>
// LINALG: linalg.conv_2d_nhwc_hwcf
// LINALG: linalg.pooling_nhwc_max
// LINALG: tensor.collapse_shape {{.*}} {{\[}}[0], [1, 2, 3]] : tensor<?x2x2x16xf32> into tensor<?x64xf32>
// LINALG: linalg.matmul
// LINALG-NOT: tensor.reshape
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x8x8x2>} : () -> (tensor<?x8x8x2xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<3x3x2x16xf32>} : () -> (tensor<3x3x2x16xf32>)
  %c, %cc = tfg.Conv2D(%x, %w) name("conv") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x8x8x2xf32>, tensor<3x3x2x16xf32>) -> (tensor<*xf32>)
  %bv, %cbv = tfg.Const name("bv") {dtype = f32, value = dense<0.5> : tensor<16xf32>} : () -> (tensor<16xf32>)
  %ba, %cba = tfg.BiasAdd(%c, %bv) name("bias") {T = f32} : (tensor<*xf32>, tensor<16xf32>) -> (tensor<*xf32>)
  %r, %cr = tfg.Relu(%ba) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %p, %cp = tfg.MaxPool(%r) name("pool") {T = f32, ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %s, %cs = tfg.Shape(%p) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e, %ce = tfg.Const name("e") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %batch, %cbt = tfg.StridedSlice(%s, %b, %e, %e) name("batch") {T = i32, Index = i32, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %m1, %cm = tfg.Const name("m1") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %pk, %cpk = tfg.Pack(%batch, %m1) name("pack") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  %f, %cf = tfg.Reshape(%p, %pk) name("flat") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %w2, %cw2 = tfg.Const name("w2") {dtype = f32, value = dense<0.25> : tensor<64x3xf32>} : () -> (tensor<64x3xf32>)
  %l, %cl = tfg.MatMul(%f, %w2) name("logits") {T = f32} : (tensor<*xf32>, tensor<64x3xf32>) -> (tensor<*xf32>)
}

// -----

// Every unknown dimension stays dynamic, not only the first; input-shapes
// still fixes the inputs it names. Elementwise broadcasting: `?` against a
// static 1 stays `?`, `?` against a static 4 is 4. A Reshape whose shape is
// not the input's own dimensions computes -1 at run time (tensor.reshape),
// Shape of a dynamic tensor is tensor.dim code, and a Mean over a dynamic
// dimension divides by its run-time size.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x?xf32> {tfg.name = "a"}, %{{.*}}: tensor<?x4xf32> {tfg.name = "b"}) -> (tensor<2x?xf32> {tfg.name = "r"}, tensor<2xi64> {tfg.name = "s"}, tensor<1x4xf32> {tfg.name = "m"})
// CHECK: tfg.Reshape({{.*}} -> (tensor<2x?xf32>)
// CHECK: tfg.AddV2({{.*}} -> (tensor<?x4xf32>)
// CHECK: tfg.ExpandDims({{.*}} -> (tensor<1x?x4xf32>)
// CHECK: tfg.Mean({{.*}} -> (tensor<1x4xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<?x?xf32> {tfg.name = "a"}
// LINALG: tensor.reshape
// LINALG: tensor.from_elements {{.*}} : tensor<2xi64>
// LINALG: arith.sitofp
// LINALG: arith.divf
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %a, %ca = tfg.Placeholder name("a") {dtype = f32, shape = #tfg.shape<?x?>} : () -> (tensor<?x?xf32>)
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %sum, %cs = tfg.AddV2(%a, %b) name("sum") {T = f32} : (tensor<?x?xf32>, tensor<?x4xf32>) -> (tensor<*xf32>)
  %sh, %csh = tfg.Const name("sh") {dtype = i32, value = dense<[2, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %r, %cr = tfg.Reshape(%b, %sh) name("r") {T = f32, Tshape = i32} : (tensor<?x4xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %s, %css = tfg.Shape(%a) name("s") {T = f32, out_type = i64} : (tensor<?x?xf32>) -> (tensor<*xi64>)
  %b3, %cb3 = tfg.Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %e, %ce = tfg.ExpandDims(%sum, %b3) name("e") {T = f32, Tdim = i32} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  %a1, %ca1 = tfg.Const name("axis1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %m, %cm = tfg.Mean(%e, %a1) name("m") {T = f32, Tidx = i32} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// The batch read through a Cast of the Shape (i32 -> i64) is still the
// input's own dimension: -1 is static (2 * 3). A Squeeze without unit
// dimensions is no reshape at all.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x2x3xf32> {tfg.name = "x"}) -> (tensor<?x6xf32> {tfg.name = "flat"})
// CHECK: tfg.Reshape({{.*}} -> (tensor<?x6xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<?x2x3xf32> {tfg.name = "x"})
// LINALG: tensor.collapse_shape {{.*}} : tensor<?x2x3xf32> into tensor<?x6xf32>
// LINALG-NOT: tensor.reshape
// LINALG: return
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x2x3>} : () -> (tensor<?x2x3xf32>)
  %s, %cs = tfg.Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<?x2x3xf32>) -> (tensor<*xi32>)
  %s64, %cs64 = tfg.Cast(%s) name("shape64") {SrcT = i32, DstT = i64} : (tensor<*xi32>) -> (tensor<*xi64>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e, %ce = tfg.Const name("e") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %batch, %cbt = tfg.StridedSlice(%s64, %b, %e, %e) name("batch") {T = i64, Index = i32, shrink_axis_mask = 1 : i64} : (tensor<*xi64>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi64>)
  %m1, %cm = tfg.Const name("m1") {dtype = i64, value = dense<-1> : tensor<i64>} : () -> (tensor<i64>)
  %pk, %cpk = tfg.Pack(%batch, %m1) name("pack") {N = 2 : i64, T = i64, axis = 0 : i64} : (tensor<*xi64>, tensor<i64>) -> (tensor<*xi64>)
  %f, %cf = tfg.Reshape(%x, %pk) name("flat0") {T = f32, Tshape = i64} : (tensor<?x2x3xf32>, tensor<*xi64>) -> (tensor<*xf32>)
  %q, %cq = tfg.Squeeze(%f) name("flat") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// Squeezing a dynamic dimension needs to know it is 1: refused, naming it.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  // expected-error @+1 {{node 'sq' (Squeeze): dimension 0 of input 0 (tensor<?x3xf32>) is dynamic, and this op's lowering needs it static}}
  %s, %cs = tfg.Squeeze(%x) name("sq") {T = f32, squeeze_dims = [0]} : (tensor<?x3xf32>) -> (tensor<*xf32>)
}

// -----

// A part of a dynamic dimension with a positive stride: begin and end are
// canonicalized at run time (x[1:-1:2]: begin 1, end n - 1, both clamped
// into [0, n]; size max(ceil((end - begin) / 2), 0)).
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x3xf32> {tfg.name = "x"}) -> (tensor<?x3xf32> {tfg.name = "ss"})
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<?x3xf32> {tfg.name = "x"}) -> (tensor<?x3xf32> {tfg.name = "ss"})
// LINALG: %[[N:.*]] = tensor.dim
// LINALG: arith.addi %[[N]], %c-1
// LINALG: arith.divsi
// LINALG: tensor.extract_slice {{.*}} [2, 1] : tensor<?x3xf32> to tensor<?x3xf32>
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %e, %ce = tfg.Const name("e") {dtype = i32, value = dense<[-1, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %st, %cst = tfg.Const name("st") {dtype = i32, value = dense<[2, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s, %cs = tfg.StridedSlice(%x, %b, %e, %st) name("ss") {T = f32, Index = i32} : (tensor<?x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// An index into a dynamic dimension (shrink) is refused: it might be
// outside.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %e, %ce = tfg.Const name("e") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %st, %cst = tfg.Const name("st") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'ss' (StridedSlice): dimension 0 of input 0 (tensor<?x3xf32>) is dynamic}}
  %s, %cs = tfg.StridedSlice(%x, %b, %e, %st) name("ss") {T = f32, Index = i32, shrink_axis_mask = 1 : i64} : (tensor<?x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// A MatMul's inner dimension must be static.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x?>} : () -> (tensor<2x?xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  // expected-error @+1 {{node 'mm' (MatMul): dimension 1 of the left operand (tensor<2x?xf32>) is dynamic}}
  %m, %cm = tfg.MatMul(%x, %w) name("mm") {T = f32} : (tensor<2x?xf32>, tensor<3x4xf32>) -> (tensor<*xf32>)
}

// -----

// A convolution's channels must be static (the filter's depth decides
// whether it is grouped); the batch and the spatial dimensions may be
// dynamic.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x4x4x?>} : () -> (tensor<1x4x4x?xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<3x3x2x4xf32>} : () -> (tensor<3x3x2x4xf32>)
  // expected-error @+1 {{node 'conv' (Conv2D): dimension 3 of input 0 (tensor<1x4x4x?xf32>) is dynamic}}
  %c, %cc = tfg.Conv2D(%x, %w) name("conv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x?xf32>, tensor<3x3x2x4xf32>) -> (tensor<*xf32>)
}

// -----

// Dynamic spatial dimensions (an image of any size, as MTCNN's pyramid
// gives PNet): SAME padding is computed at run time as TensorFlow does
// (out = ceil(in / stride), pad_total = max((out - 1) * stride + k - in,
// 0), half before), VALID gives (in - k) / stride + 1 (0 when the window
// does not fit), and pooling does the same; AvgPool divides by the
// run-time count of the input elements in each window.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<1x?x?x2xf32> {tfg.name = "x"}) -> (tensor<1x?x?x4xf32> {tfg.name = "same"}, tensor<1x?x?x4xf32> {tfg.name = "mp"}, tensor<1x?x?x4xf32> {tfg.name = "ap"}, tensor<1x?x?x2xf32> {tfg.name = "dw"})
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<1x?x?x2xf32> {tfg.name = "x"})
// LINALG-SAME: -> (tensor<1x?x?x4xf32> {tfg.name = "same"}
// LINALG-DAG: %[[C2:.*]] = arith.constant 2 : index
// LINALG-DAG: %[[H:.*]] = tensor.dim %arg0, %c1
// LINALG: %[[HP:.*]] = arith.addi %[[H]], %c1
// LINALG: %[[OH:.*]] = arith.divui %[[HP]], %[[C2]]
// LINALG: %[[T:.*]] = arith.maxsi
// LINALG: %[[BEFORE:.*]] = arith.divui %[[T]], %[[C2]]
// LINALG: %[[AFTER:.*]] = arith.subi %[[T]], %[[BEFORE]]
// LINALG: tensor.pad %arg0 low[0, %[[BEFORE]], %{{.*}}, 0] high[0, %[[AFTER]], %{{.*}}, 0]
// LINALG: tensor.empty(%[[OH]], %{{.*}}) : tensor<1x?x?x4xf32>
// LINALG: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// LINALG: arith.cmpi sge
// LINALG: linalg.conv_2d_nhwc_hwcf
// LINALG: linalg.pooling_nhwc_max
// LINALG: linalg.pooling_nhwc_sum
// LINALG: linalg.index 1
// LINALG: arith.minsi
// LINALG: arith.divf
// LINALG: linalg.depthwise_conv_2d_nhwc_hwc
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x?x?x2>} : () -> (tensor<1x?x?x2xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<3x3x2x4xf32>} : () -> (tensor<3x3x2x4xf32>)
  %s, %cs = tfg.Conv2D(%x, %w) name("same") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x?x?x2xf32>, tensor<3x3x2x4xf32>) -> (tensor<*xf32>)
  %v, %cv = tfg.Conv2D(%x, %w) name("valid") {T = f32, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x?x?x2xf32>, tensor<3x3x2x4xf32>) -> (tensor<*xf32>)
  %mp, %cmp = tfg.MaxPool(%v) name("mp") {T = f32, ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ap, %cap = tfg.AvgPool(%v) name("ap") {T = f32, ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %dwf, %cdwf = tfg.Const name("dwf") {dtype = f32, value = dense<0.5> : tensor<3x3x2x1xf32>} : () -> (tensor<3x3x2x1xf32>)
  %dw, %cdw = tfg.DepthwiseConv2dNative(%x, %dwf) name("dw") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x?x?x2xf32>, tensor<3x3x2x1xf32>) -> (tensor<*xf32>)
}

// -----

// A grouped convolution (filter depth 2 of input depth 4: two groups)
// slices the input per group with static sizes: its batch must be static.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4x4x4>} : () -> (tensor<?x4x4x4xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<3x3x2x4xf32>} : () -> (tensor<3x3x2x4xf32>)
  // expected-error @+1 {{node 'grouped' (Conv2D): a grouped convolution needs static batch and spatial dimensions, input 0 is tensor<?x4x4x4xf32>}}
  %c, %cc = tfg.Conv2D(%x, %w) name("grouped") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x4x4x4xf32>, tensor<3x3x2x4xf32>) -> (tensor<*xf32>)
}

// -----

// CropAndResize with a dynamic number of boxes: the crops have it too;
// box_ind's length is checked against the boxes' before the call (both
// are inputs), and the crops are as many as the shorter of the two, so
// that no read leaves either.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<1x4x4x1xf32> {tfg.name = "img"}, %{{.*}}: tensor<?x4xf32> {tfg.name = "b"}
// CHECK: tfg.CropAndResize({{.*}} -> (tensor<?x2x3x1xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<1x4x4x1xf32> {tfg.name = "img"}, %{{.*}}: tensor<?x4xf32> {tfg.name = "b"}, %{{.*}}: tensor<?xi32> {tfg.name = "i"})
// LINALG-SAME: tfg.run_time_dim_checks = {{\[\["crop", 1, 0, 2, 0\]\]}}
// LINALG-DAG: %[[NB:.*]] = tensor.dim %[[B:.*]], %c0
// LINALG-DAG: %[[NI:.*]] = tensor.dim %[[I:.*]], %c0
// LINALG: %[[N:.*]] = arith.minsi %[[NB]], %[[NI]]
// LINALG: tensor.empty(%[[N]]) : tensor<?x2x3x1xf32>
// LINALG: linalg.generic
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %ci = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<1x4x4x1>} : () -> (tensor<1x4x4x1xf32>)
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %i, %cii = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<?>} : () -> (tensor<?xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %y, %cy = tfg.CropAndResize(%img, %b, %i, %s) name("crop") {T = f32} : (tensor<1x4x4x1xf32>, tensor<?x4xf32>, tensor<?xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// An image of any size (MTCNN crops its input image): the sample
// coordinates and clamps use its run-time height and width, and an empty
// image gives no crops.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x?x?x3xf32> {tfg.name = "img"}
// CHECK: tfg.CropAndResize({{.*}} -> (tensor<?x2x3x3xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<?x?x?x3xf32> {tfg.name = "img"}
// LINALG-SAME: tensor<?xi32> {tfg.name = "i"}) -> (tensor<?x2x3x3xf32> {tfg.name = "crop"})
// LINALG: %[[H:.*]] = tensor.dim %arg0, %c1
// LINALG: %[[LAST:.*]] = arith.subi %[[H]], %c1
// LINALG: arith.sitofp
// LINALG: arith.select
// LINALG: linalg.generic
// LINALG: arith.minnumf
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %ci = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<?x?x?x3>} : () -> (tensor<?x?x?x3xf32>)
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %i, %cii = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<?>} : () -> (tensor<?xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %y, %cy = tfg.CropAndResize(%img, %b, %i, %s) name("crop") {T = f32} : (tensor<?x?x?x3xf32>, tensor<?x4xf32>, tensor<?xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// A resize whose size is computed at run time (MTCNN: Cast(h * scale),
// Cast(w * scale)) and whose input has dynamic dimensions: the output
// sizes are the size's elements (clamped at 0), the scales in/out computed
// at run time in f32.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<1x?x?x3xf32> {tfg.name = "img"}, %{{.*}}: tensor<f32> {tfg.name = "scale"})
// CHECK: tfg.ResizeBilinear({{.*}} -> (tensor<1x?x?x3xf32>)
// CHECK: tfg.ResizeNearestNeighbor({{.*}} -> (tensor<1x?x?x3xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<1x?x?x3xf32> {tfg.name = "img"}, %{{.*}}: tensor<f32> {tfg.name = "scale"})
// LINALG: arith.index_cast
// LINALG: arith.maxsi
// LINALG: arith.divf
// LINALG: linalg.generic
// LINALG: math.floor
// LINALG: math.ceil
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %ci = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<1x?x?x3>} : () -> (tensor<1x?x?x3xf32>)
  %sc, %csc = tfg.Placeholder name("scale") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %hw, %chw = tfg.Const name("hw") {dtype = f32, value = dense<[10.0, 7.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %m, %cm = tfg.Mul(%hw, %sc) name("m") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<*xf32>)
  %sz, %csz = tfg.Cast(%m) name("sz") {DstT = i32, SrcT = f32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %r, %cr = tfg.ResizeBilinear(%img, %sz) name("bilinear") {T = f32, align_corners = false, half_pixel_centers = false} : (tensor<1x?x?x3xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %h, %ch = tfg.Const name("h") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %w0, %cw0 = tfg.Const name("w0") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %w1, %cw1 = tfg.Const name("w1") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %wd, %cwd = tfg.StridedSlice(%sz, %w0, %w1, %one) name("wd") {T = i32, Index = i32, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %sz2, %csz2 = tfg.Pack(%h, %wd) name("sz2") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<i32>, tensor<*xi32>) -> (tensor<*xi32>)
  %n, %cn = tfg.ResizeNearestNeighbor(%img, %sz2) name("nearest") {T = f32, align_corners = true, half_pixel_centers = false} : (tensor<1x?x?x3xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}

// -----

// A constant size must be positive, as TensorFlow checks.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %ci = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<1x?x?x3>} : () -> (tensor<1x?x?x3xf32>)
  %sz, %csz = tfg.Const name("sz") {dtype = i32, value = dense<[0, 4]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'r' (ResizeBilinear): size must be positive, not 0}}
  %r, %cr = tfg.ResizeBilinear(%img, %sz) name("r") {T = f32} : (tensor<1x?x?x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// Boxes must still have 4 coordinates each, even with a dynamic count.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %ci = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<1x4x4x1>} : () -> (tensor<1x4x4x1xf32>)
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<?x?>} : () -> (tensor<?x?xf32>)
  %i, %cii = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<?>} : () -> (tensor<?xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'crop' (CropAndResize): boxes tensor<?x?xf32> must be [num_boxes, 4]}}
  %y, %cy = tfg.CropAndResize(%img, %b, %i, %s) name("crop") {T = f32} : (tensor<1x4x4x1xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// Tile of a dynamic dimension: the result has multiple * n rows at run time
// (a broadcast and a collapse: no tensor.reshape); a static
// dimension stays static.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x3xf32> {tfg.name = "x"}) -> (tensor<?x6xf32> {tfg.name = "t"})
// CHECK: tfg.Tile({{.*}} -> (tensor<?x6xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<?x3xf32> {tfg.name = "x"}) -> (tensor<?x6xf32> {tfg.name = "t"})
// LINALG: %[[N:.*]] = tensor.dim %[[X:.*]], %c0
// LINALG: tensor.empty(%[[N]]) : tensor<2x?x2x3xf32>
// LINALG: linalg.generic {{.*}} ins(%[[X]] : tensor<?x3xf32>) outs({{.*}} : tensor<2x?x2x3xf32>)
// LINALG: tensor.collapse_shape {{.*}} : tensor<2x?x2x3xf32> into tensor<?x6xf32>
// LINALG-NOT: tensor.reshape
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %t, %ct = tfg.Tile(%x, %m) name("t") {T = f32, Tmultiples = i32} : (tensor<?x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// The multiples of a Tile may be computed at run time, but there must be
// one per dimension.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %m, %cm = tfg.Placeholder name("m") {dtype = i32, shape = #tfg.shape<3>} : () -> (tensor<3xi32>)
  // expected-error @+1 {{node 't' (Tile): multiples must have one value per dimension}}
  %t, %ct = tfg.Tile(%x, %m) name("t") {T = f32, Tmultiples = i32} : (tensor<?x3xf32>, tensor<3xi32>) -> (tensor<*xf32>)
}

// -----

// Slice of a dynamic dimension from a constant begin to its end (size -1):
// the begin is clamped into it, the rest is dim - begin; the static
// dimension keeps its constant begin and size.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x5xf32> {tfg.name = "x"})
// CHECK: tfg.Slice({{.*}} -> (tensor<?x3xf32>)
// CHECK: tfg.Slice({{.*}} -> (tensor<?x5xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<?x5xf32> {tfg.name = "x"})
// LINALG: %[[N:.*]] = tensor.dim %[[X:.*]], %c0
// LINALG: %[[B:.*]] = arith.minsi %[[N]], %c1
// LINALG: %[[R:.*]] = arith.subi %[[N]], %[[B]]
// LINALG: tensor.extract_slice %[[X]][%[[B]], 1] [%[[R]], 3] [1, 1] : tensor<?x5xf32> to tensor<?x3xf32>
// LINALG: return
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x5>} : () -> (tensor<?x5xf32>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[-1, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %y, %cy = tfg.Slice(%x, %b, %s) name("y") {T = f32, Index = i32} : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %b0, %cb0 = tfg.Const name("b0") {dtype = i32, value = dense<[0, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s0, %cs0 = tfg.Const name("s0") {dtype = i32, value = dense<[-1, 5]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %z, %cz = tfg.Slice(%x, %b0, %s0) name("z") {T = f32, Index = i32} : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// Slice with begin and size given at run time: the begin is clamped into
// each dimension; a constant size keeps its dimension static (the begin
// moves back inside: at most 3 - 2 and 4 - 2), a run-time one is dynamic
// (-1 at run time takes the rest).
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<3x4xf32> {tfg.name = "x"}, %{{.*}}: tensor<2xi32> {tfg.name = "b"}
// CHECK: tfg.Slice({{.*}} -> (tensor<2x2xf32>)
// CHECK: tfg.Slice({{.*}} -> (tensor<?x?xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<3x4xf32> {tfg.name = "x"}, %{{.*}}: tensor<2xi32> {tfg.name = "b"}, %{{.*}}: tensor<2xi32> {tfg.name = "s"})
// LINALG: arith.minsi %{{.*}}, %c1
// LINALG: arith.minsi %{{.*}}, %c2
// LINALG: tensor.extract_slice %[[X:.*]][%{{.*}}, %{{.*}}] [2, 2] [1, 1] : tensor<3x4xf32> to tensor<2x2xf32>
// LINALG: arith.cmpi eq
// LINALG: arith.select
// LINALG: tensor.extract_slice %[[X]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1] : tensor<3x4xf32> to tensor<?x?xf32>
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3x4>} : () -> (tensor<3x4xf32>)
  %b, %cb = tfg.Placeholder name("b") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %two, %ctwo = tfg.Const name("two") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %y, %cy = tfg.Slice(%x, %b, %two) name("y") {T = f32, Index = i32} : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %w, %cw = tfg.Slice(%x, %b, %s) name("w") {T = f32, Index = i32} : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// A constant size of part of a dynamic dimension: whether it fits is not
// known, refused naming it.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x5>} : () -> (tensor<?x5xf32>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[0, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2, 5]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'y' (Slice): dimension 0 of input 0 (tensor<?x5xf32>) is dynamic: a Slice takes it only from begin to its end (size -1), not 2 elements}}
  %y, %cy = tfg.Slice(%x, %b, %s) name("y") {T = f32, Index = i32} : (tensor<?x5xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// Split and SplitV along a static axis of a tensor whose other dimension
// is dynamic: each piece takes that dimension whole.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x4xf32> {tfg.name = "x"})
// CHECK: tfg.Split({{.*}} -> (tensor<?x2xf32>, tensor<?x2xf32>)
// CHECK: tfg.SplitV({{.*}} -> (tensor<?x1xf32>, tensor<?x2xf32>, tensor<?x1xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<?x4xf32> {tfg.name = "x"})
// LINALG: %[[N:.*]] = tensor.dim %[[X:.*]], %c0
// LINALG: tensor.extract_slice %[[X]][0, 0] [%[[N]], 2] [1, 1] : tensor<?x4xf32> to tensor<?x2xf32>
// LINALG: tensor.extract_slice %[[X]][0, 2] [%[[N]], 2] [1, 1] : tensor<?x4xf32> to tensor<?x2xf32>
// LINALG: tensor.extract_slice %[[X]][0, 0] [%{{.*}}, 1] [1, 1] : tensor<?x4xf32> to tensor<?x1xf32>
// LINALG: tensor.extract_slice %[[X]][0, 1] [%{{.*}}, 2] [1, 1] : tensor<?x4xf32> to tensor<?x2xf32>
// LINALG: tensor.extract_slice %[[X]][0, 3] [%{{.*}}, 1] [1, 1] : tensor<?x4xf32> to tensor<?x1xf32>
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %s:2, %cs = tfg.Split(%a, %x) name("s") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<?x4xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %sz, %csz = tfg.Const name("sz") {dtype = i32, value = dense<[1, 2, -1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %v:3, %cv = tfg.SplitV(%x, %sz, %a) name("v") {T = f32, Tlen = i32, num_split = 3 : i64} : (tensor<?x4xf32>, tensor<3xi32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
}

// -----

// Splitting a dynamic dimension: the pieces' sizes are not known.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 's' (Split): dimension 0 of input 1 (tensor<?x4xf32>) is dynamic}}
  %s:2, %cs = tfg.Split(%a, %x) name("s") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<?x4xf32>) -> (tensor<*xf32>, tensor<*xf32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %sz, %csz = tfg.Const name("sz") {dtype = i32, value = dense<[1, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'v' (SplitV): dimension 0 of input 0 (tensor<?x4xf32>) is dynamic}}
  %v:2, %cv = tfg.SplitV(%x, %sz, %a) name("v") {T = f32, Tlen = i32, num_split = 2 : i64} : (tensor<?x4xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>)
}

// -----

// size_splits with two -1 (or a size that does not fit) is refused.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %sz, %csz = tfg.Const name("sz") {dtype = i32, value = dense<[-1, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{node 'v' (SplitV): size_splits must be sizes that fit in dimension 1 of tensor<?x4xf32>, with at most one -1}}
  %v:2, %cv = tfg.SplitV(%x, %sz, %a) name("v") {T = f32, Tlen = i32, num_split = 2 : i64} : (tensor<?x4xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>)
}

// -----

// Gathering along a dynamic axis clamps the indices to its run-time size,
// and the output has no entries when it is empty; a scalar index has no
// output dimension to empty, so it needs the axis static.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'g' (Gather): dimension 0 of params (tensor<?x4xf32>) is dynamic}}
  %g, %cg = tfg.Gather(%x, %i) name("g") {Tindices = i32, Tparams = f32} : (tensor<?x4xf32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// NonMaxSuppression over a dynamic number of boxes: each box still has 4
// coordinates.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<?>} : () -> (tensor<?xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV2): boxes must be [?, 4] for ? scores, got tensor<?x3xf32>}}
  %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T = f32, T_threshold = f32} : (tensor<?x3xf32>, tensor<?xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// tf.boolean_mask's Reshape of a [?, 4] tensor to concat(Shape[:0],
// [Prod(Shape[:1])], Shape[1:]): the Prod is computed, but the
// concatenation stays element by element around it, so the 4 is still
// static (NonMaxSuppression needs it). Tile by a computed shape
// (Tile([0], Shape(s)), MTCNN's box_ind) has a dynamic length.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x4xf32> {tfg.name = "x"}, %{{.*}}: tensor<?xf32> {tfg.name = "s"}) -> (tensor<?x4xf32> {tfg.name = "flat"}, tensor<?xi32> {tfg.name = "tiled"})
// CHECK: tfg.Reshape({{.*}} -> (tensor<?x4xf32>)
// LINALG-LABEL: func.func @main(%{{.*}}: tensor<?x4xf32> {tfg.name = "x"}, %{{.*}}: tensor<?xf32> {tfg.name = "s"})
// LINALG: tensor.from_elements
// LINALG-NOT: tensor.insert_slice
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %s, %css = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<?>} : () -> (tensor<?xf32>)
  %sh, %csh = tfg.Shape(%x) name("sh") {T = f32, out_type = i32} : (tensor<?x4xf32>) -> (tensor<*xi32>)
  %b0, %cb0 = tfg.Const name("b0") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %b1, %cb1 = tfg.Const name("b1") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %lead, %cl = tfg.StridedSlice(%sh, %b0, %b0, %b1) name("lead") {T = i32, Index = i32} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %first, %cf = tfg.StridedSlice(%sh, %b0, %b1, %b1) name("first") {T = i32, Index = i32} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %ax, %cax = tfg.Const name("ax") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %prod, %cp = tfg.Prod(%first, %ax) name("prod") {T = i32, Tidx = i32, keep_dims = false} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  %pk, %cpk = tfg.Pack(%prod) name("pk") {N = 1 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
  %rest, %cr = tfg.StridedSlice(%sh, %b1, %b0, %b1) name("rest") {T = i32, Index = i32, end_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %cat, %cc = tfg.ConcatV2(%lead, %pk, %rest, %ax) name("cat") {N = 3 : i64, T = i32, Tidx = i32} : (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  %flat, %cfl = tfg.Reshape(%x, %cat) name("flat") {T = f32, Tshape = i32} : (tensor<?x4xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %ssh, %cssh = tfg.Shape(%s) name("ssh") {T = f32, out_type = i32} : (tensor<?xf32>) -> (tensor<*xi32>)
  %t, %ct = tfg.Tile(%b0, %ssh) name("tiled") {T = i32, Tmultiples = i32} : (tensor<1xi32>, tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// DepthToSpace takes dynamic batch, height and width; SpaceToDepth's height
// and width must divide by the block, so they stay static.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x?x?x8xf32> {tfg.name = "x"}) -> (tensor<?x?x?x2xf32> {tfg.name = "d2s"})
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x?x?x8>} : () -> (tensor<?x?x?x8xf32>)
  %d, %cd = tfg.DepthToSpace(%x) name("d2s") {T = f32, block_size = 2 : i64} : (tensor<?x?x?x8xf32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x?x4x8>} : () -> (tensor<?x?x4x8xf32>)
  // expected-error @+1 {{node 's2d' (SpaceToDepth): dimension 1 of input 0 (tensor<?x?x4x8xf32>) is dynamic}}
  %d, %cd = tfg.SpaceToDepth(%x) name("s2d") {T = f32, block_size = 2 : i64} : (tensor<?x?x4x8xf32>) -> (tensor<*xf32>)
}

// -----

// MirrorPad and BroadcastTo of dynamic inputs.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<?x3xf32> {tfg.name = "x"}) -> (tensor<?x5xf32> {tfg.name = "m"}, tensor<2x4x3xf32> {tfg.name = "b"})
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %p, %cp = tfg.Const name("p") {dtype = i32, value = dense<[[1, 1], [1, 1]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %m, %cm = tfg.MirrorPad(%x, %p) name("m") {T = f32, Tpaddings = i32, mode = "SYMMETRIC"} : (tensor<?x3xf32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2, 4, 3]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %b, %cb = tfg.BroadcastTo(%x, %s) name("b") {T = f32, Tidx = i32} : (tensor<?x3xf32>, tensor<3xi32>) -> (tensor<*xf32>)
}

// -----

// MirrorPad's paddings are still checked against a static dimension.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %p, %cp = tfg.Const name("p") {dtype = i32, value = dense<[[1, 1], [3, 0]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  // expected-error @+1 {{node 'm' (MirrorPad): paddings too large for MirrorPad in dimension 1}}
  %m, %cm = tfg.MirrorPad(%x, %p) name("m") {T = f32, Tpaddings = i32, mode = "REFLECT"} : (tensor<?x3xf32>, tensor<2x2xi32>) -> (tensor<*xf32>)
}

// -----

// TopKV2 takes dynamic leading dimensions; k indexes the last one, which
// must be static.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3x?>} : () -> (tensor<3x?xf32>)
  %k, %ck = tfg.Const name("k") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'top' (TopKV2): dimension 1 of input 0 (tensor<3x?xf32>) is dynamic}}
  %t:2, %ct = tfg.TopKV2(%x, %k) name("top") {T = f32} : (tensor<3x?xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
}
