// RUN: tfg-opt %s --split-input-file --tfg-lower-to-linalg | FileCheck %s
// TopKV2, GatherV2 with batch_dims, grouped Conv2D, CropAndResize.

// TopKV2 (k = 2 over the last dimension of a [2, 3, 5] input; k^2 <= n: the
// bounded insertion): the rows are
// flattened to [6, 5]; one loop over the rows and one over the columns
// keeps the best k in order (an scf.if when the element beats the k-th
// kept, an scf.while shifting the worse ones down), then [6, 2] is
// reshaped back to [2, 3, 2]. Indices are int32 by default.
// CHECK-LABEL: func.func @main(%arg0: tensor<2x3x5xf32> {tfg.name = "x"})
// CHECK-SAME: -> (tensor<2x3x2xf32> {tfg.name = "topk"}, tensor<2x3x2xi32> {tfg.name = "topk:1"})
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2]] : tensor<2x3x5xf32> into tensor<6x5xf32>
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (tensor<6x2xf32>, tensor<6x2xi32>)
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (tensor<6x2xf32>, tensor<6x2xi32>, index)
// CHECK: tensor.extract %[[ROWS]][%[[R]], %[[C]]]
// NaN ranks first: the ordered greater-than, or an unordered x against an
// ordered k-th.
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf uno
// CHECK: arith.cmpf ord
// CHECK: scf.if
// CHECK: scf.while
// CHECK: scf.condition
// CHECK: tensor.insert
// CHECK: arith.index_cast %[[C]] : index to i32
// CHECK: tensor.expand_shape {{.*}} : tensor<6x2xf32> into tensor<2x3x2xf32>
// CHECK: tensor.expand_shape {{.*}} : tensor<6x2xi32> into tensor<2x3x2xi32>
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3x5>} : () -> (tensor<2x3x5xf32>)
  %k, %ck = tfg.Const name("k") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %v:2, %cv = tfg.TopKV2(%x, %k) name("topk") {T = f32, sorted = true} : (tensor<2x3x5xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
}

// -----

// Integer TopKV2 compares signed; index_type int64 gives i64 indices; k = 0
// is an empty result without loops.
// CHECK-LABEL: func.func @main(%arg0: tensor<4xi32> {tfg.name = "x"})
// CHECK-SAME: -> (tensor<2xi32> {tfg.name = "topk"}, tensor<2xi64> {tfg.name = "topk:1"}, tensor<0xi32> {tfg.name = "none"}, tensor<0xi32> {tfg.name = "none:1"})
// CHECK: scf.for
// CHECK: arith.cmpi sgt
// CHECK-NOT: arith.cmpf
// CHECK: arith.index_cast %{{.*}} : index to i64
// CHECK-NOT: scf.for
// CHECK: return
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %k, %ck = tfg.Const name("k") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %v:2, %cv = tfg.TopKV2(%x, %k) name("topk") {T = i32, index_type = i64} : (tensor<4xi32>, tensor<i32>) -> (tensor<*xi32>, tensor<*xi64>)
  %k0, %ck0 = tfg.Const name("k0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %e:2, %ce = tfg.TopKV2(%x, %k0) name("none") {T = i32} : (tensor<4xi32>, tensor<i32>) -> (tensor<*xi32>, tensor<*xi32>)
}

// -----

// TopKV2 with k^2 > n (k = n = 5 here): a stable merge sort of each row,
// indices from an iota; the first pass reads the input into fresh buffer A
// (the input is never written), then pairs of passes A -> B -> A (widths
// 2 and 4 for ceil(log2 5) = 3 passes), each a loop over the runs and a
// merge loop; the first k columns of A are the result.
// CHECK-LABEL: func.func @main(%arg0: tensor<2x5xf32> {tfg.name = "x"})
// CHECK: %[[IOTA:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x5xi32>)
// CHECK: linalg.index 1
// CHECK: scf.for %[[ROW:[a-z0-9]+]] = {{.*}} -> (tensor<2x5xf32>, tensor<2x5xi32>, tensor<2x5xf32>, tensor<2x5xi32>)
// Width 1 (input -> A): runs of 2.
// CHECK: %[[A:[a-z0-9]+]]:2 = scf.for {{.*}} step %c2 iter_args
// CHECK: scf.for
// CHECK: tensor.extract %arg0[%[[ROW]], %{{.*}}] : tensor<2x5xf32>
// CHECK: tensor.extract %arg0[%[[ROW]], %{{.*}}] : tensor<2x5xf32>
// CHECK: arith.cmpf ogt
// CHECK: tensor.extract %[[IOTA]]
// Width 2 (A -> B): runs of 4.
// CHECK: %[[B:[a-z0-9]+]]:2 = scf.for {{.*}} step %c4 iter_args
// CHECK: tensor.extract %[[A]]#0
// Width 4 (B -> A): one run (its loop folded away).
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[A]]#0, %{{.*}} = %[[A]]#1,
// CHECK: tensor.extract %[[B]]#0
// CHECK: return
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x5>} : () -> (tensor<2x5xf32>)
  %k, %ck = tfg.Const name("k") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %v:2, %cv = tfg.TopKV2(%x, %k) name("sort") {T = f32} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
}

// -----

// GatherV2 with batch_dims = 1 (axis 2 of [2, 4, 5] params, indices
// [2, 3]): output params[:2] + indices[1:] + params[3:] = [2, 4, 3]; the
// index is read at (o0, o2) (the batch dimension and the index dimension)
// and picks params[o0, o1, index].
// CHECK-LABEL: func.func @main(%arg0: tensor<2x4x5xf32> {tfg.name = "p"}, %arg1: tensor<2x3xi32> {tfg.name = "i"})
// CHECK-SAME: -> (tensor<2x4x3xf32> {tfg.name = "g"}, tensor<2x3x5xf32> {tfg.name = "neg"})
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4x3xf32>)
// CHECK: %[[O0:.*]] = linalg.index 0 : index
// CHECK: %[[O2:.*]] = linalg.index 2 : index
// CHECK: %[[O0B:.*]] = linalg.index 0 : index
// CHECK: %[[O1:.*]] = linalg.index 1 : index
// CHECK: %[[RAW:.*]] = tensor.extract %arg1[%[[O0]], %[[O2]]] : tensor<2x3xi32>
// CHECK: %[[CAST:.*]] = arith.index_cast %[[RAW]]
// CHECK: %[[LO:.*]] = arith.maxsi %[[CAST]]
// CHECK: %[[CL:.*]] = arith.minsi %[[LO]]
// CHECK: tensor.extract %arg0[%[[O0B]], %[[O1]], %[[CL]]] : tensor<2x4x5xf32>
// batch_dims = -1 with rank-2 indices is 1; axis 1: [2] + [3] + [5].
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3x5xf32>)
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = f32, shape = #tfg.shape<2x4x5>} : () -> (tensor<2x4x5xf32>)
  %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xi32>)
  %a2, %c2 = tfg.Const name("a2") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %g, %cg = tfg.GatherV2(%p, %i, %a2) name("g") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 1 : i64} : (tensor<2x4x5xf32>, tensor<2x3xi32>, tensor<i32>) -> (tensor<*xf32>)
  %a1, %c1 = tfg.Const name("a1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %n, %cn = tfg.GatherV2(%p, %i, %a1) name("neg") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = -1 : i64} : (tensor<2x4x5xf32>, tensor<2x3xi32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

// Grouped Conv2D: 6 input channels, filter depth 3 -> 2 groups of 4 output
// channels. A loop over the groups: input channels [3g, 3g + 3) of the
// padded input (copied: the convolution then reads contiguous channels),
// filters [4g, 4g + 4), one conv_2d_nhwc_hwcf accumulating into output
// channels [4g, 4g + 4) of the zero-filled result. SAME padding, stride 2.
// CHECK-LABEL: func.func @main(%arg0: tensor<1x5x5x6xf32> {tfg.name = "x"}, %arg1: tensor<3x3x3x8xf32> {tfg.name = "w"}
// CHECK-SAME: -> (tensor<1x3x3x8xf32> {tfg.name = "grouped"}, tensor<1x8x5x5xf32> {tfg.name = "nchw"})
// CHECK: %[[PAD:.*]] = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: %[[ZERO:.*]] = linalg.fill {{.*}} -> tensor<1x3x3x8xf32>
// CHECK: scf.for %[[G:[a-z0-9]+]] = %c0 to %c2 step %c1 iter_args(%[[OUT:.*]] = %[[ZERO]]) -> (tensor<1x3x3x8xf32>)
// CHECK: %[[CIN:.*]] = arith.muli %[[G]], %c3
// CHECK: %[[COUT:.*]] = arith.muli %[[G]], %c4
// CHECK: %[[IN:.*]] = tensor.extract_slice %[[PAD]][0, 0, 0, %[[CIN]]] [1, 7, 7, 3] [1, 1, 1, 1]
// CHECK: %[[INC:.*]] = linalg.copy ins(%[[IN]] : tensor<1x7x7x3xf32>)
// CHECK: %[[F:.*]] = tensor.extract_slice %arg1[0, 0, 0, %[[COUT]]] [3, 3, 3, 4] [1, 1, 1, 1]
// CHECK: %[[ACC:.*]] = tensor.extract_slice %[[OUT]][0, 0, 0, %[[COUT]]] [1, 3, 3, 4] [1, 1, 1, 1]
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[INC]], %[[F]] : tensor<1x7x7x3xf32>, tensor<3x3x3x4xf32>) outs(%[[ACC]] : tensor<1x3x3x4xf32>)
// CHECK: tensor.insert_slice %[[C]] into %[[OUT]][0, 0, 0, %[[COUT]]] [1, 3, 3, 4] [1, 1, 1, 1]
// NCHW grouped: transposed to NHWC and back around the same loop.
// CHECK: scf.for
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x5x5x4xf32>
// CHECK: linalg.transpose {{.*}} permutation = [0, 3, 1, 2]
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x5x5x6>} : () -> (tensor<1x5x5x6xf32>)
  %w, %cw = tfg.Placeholder name("w") {dtype = f32, shape = #tfg.shape<3x3x3x8>} : () -> (tensor<3x3x3x8xf32>)
  %y, %cy = tfg.Conv2D(%x, %w) name("grouped") {T = f32, padding = "SAME", strides = [1, 2, 2, 1], dilations = [1, 1, 1, 1]} : (tensor<1x5x5x6xf32>, tensor<3x3x3x8xf32>) -> (tensor<*xf32>)
  %xn, %cxn = tfg.Placeholder name("xn") {dtype = f32, shape = #tfg.shape<1x6x5x5>} : () -> (tensor<1x6x5x5xf32>)
  %w1, %cw1 = tfg.Const name("w1") {dtype = f32, value = dense<1.0> : tensor<1x1x3x8xf32>} : () -> (tensor<1x1x3x8xf32>)
  %z, %cz = tfg.Conv2D(%xn, %w1) name("nchw") {T = f32, padding = "VALID", strides = [1, 1, 1, 1], data_format = "NCHW"} : (tensor<1x6x5x5xf32>, tensor<1x1x3x8xf32>) -> (tensor<*xf32>)
}

// -----

// CropAndResize bilinear, crop_size [2, 3], crop_height > 1: in_y =
// y1 * (h - 1) + y * (y2 - y1) * (h - 1) / (crop_h - 1) in f32; a sample
// outside [0, h - 1] is the extrapolation value (0.5 here); box_ind and
// the four neighbours are clamped reads. Output float [boxes, 2, 3, depth].
// CHECK-LABEL: func.func @main(%arg0: tensor<2x4x5x3xf32> {tfg.name = "img"}, %arg1: tensor<7x4xf32> {tfg.name = "boxes"}, %arg2: tensor<7xi32> {tfg.name = "ind"})
// CHECK-SAME: -> (tensor<7x2x3x3xf32> {tfg.name = "crop"}, tensor<7x1x1x3xf32> {tfg.name = "nearest"})
// CHECK-DAG: %[[EXTRA:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<7x2x3x3xf32>)
// CHECK: tensor.extract %arg2
// CHECK: tensor.extract %arg1
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK: arith.cmpf oge
// CHECK: arith.cmpf ole
// CHECK: math.floor
// Read indices are clamped as floats (NaN -> 0) before fptosi.
// CHECK: arith.maxnumf
// CHECK: arith.minnumf
// CHECK: arith.fptosi
// CHECK: math.ceil
// CHECK-COUNT-4: tensor.extract %arg0
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[EXTRA]] : f32
// crop_size [1, 1] takes the box centre, 0.5 * (y1 + y2) * (h - 1) in
// double; nearest rounds half away from zero.
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<7x1x1x3xf32>)
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: math.round
// CHECK-COUNT-1: tensor.extract %arg0
// CHECK-NOT: tensor.extract %arg0
// CHECK: return
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %img, %c0 = tfg.Placeholder name("img") {dtype = f32, shape = #tfg.shape<2x4x5x3>} : () -> (tensor<2x4x5x3xf32>)
  %boxes, %c1 = tfg.Placeholder name("boxes") {dtype = f32, shape = #tfg.shape<7x4>} : () -> (tensor<7x4xf32>)
  %ind, %c2 = tfg.Placeholder name("ind") {dtype = i32, shape = #tfg.shape<7>} : () -> (tensor<7xi32>)
  %size, %c3 = tfg.Const name("size") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %crop, %c4 = tfg.CropAndResize(%img, %boxes, %ind, %size) name("crop") {T = f32, method = "bilinear", extrapolation_value = 0.5 : f32} : (tensor<2x4x5x3xf32>, tensor<7x4xf32>, tensor<7xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %one, %c5 = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %near, %c6 = tfg.CropAndResize(%img, %boxes, %ind, %one) name("nearest") {T = f32, method = "nearest"} : (tensor<2x4x5x3xf32>, tensor<7x4xf32>, tensor<7xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}
