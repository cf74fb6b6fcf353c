// RUN: tfg-opt %s --split-input-file --tfg-lower-to-linalg | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-graph-to-func --tfg-infer-shapes | FileCheck %s --check-prefix=SHAPES

// tfg-infer-shapes shows the lowering's result types on the nodes: the
// unpadded indices have a run-time length, the padded ones are static.
// SHAPES-LABEL: module @v3
// SHAPES: tfg.NonMaxSuppressionV3{{.*}} -> (tensor<?xi32>)
// SHAPES-LABEL: module @v4_padded
// SHAPES: tfg.NonMaxSuppressionV4{{.*}} -> (tensor<5xi32>, tensor<i32>)
// SHAPES-LABEL: module @v5
// SHAPES: tfg.NonMaxSuppressionV5{{.*}} -> (tensor<?xi32>, tensor<?xf32>, tensor<i32>)

// NonMaxSuppressionV3 without padding: the selection loop writes into a
// buffer of min(max_output_size, num_boxes) = 3 zeros, and the result is
// its first `count` elements, a tensor<?xi32>.
// CHECK-LABEL: module @v3
// CHECK: func.func @main(%[[B:.*]]: tensor<4x4xf32> {tfg.name = "b"}, %[[S:.*]]: tensor<4xf32> {tfg.name = "s"}) -> (tensor<?xi32> {tfg.name = "nms"})
// The selection buffer and the heap's three tensors (score, box,
// suppress_begin), zero-filled.
// CHECK: linalg.fill {{.*}} -> tensor<3xi32>
// CHECK: linalg.fill {{.*}} -> tensor<4xf32>
// CHECK: linalg.fill {{.*}} -> tensor<4xindex>
// CHECK: linalg.fill {{.*}} -> tensor<4xindex>
// Every score above score_threshold (0, strictly) is pushed (a sift-up
// loop).
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[SCORE:.*]] = tensor.extract %[[S]][%[[I]]] : tensor<4xf32>
// CHECK: arith.cmpf ogt, %[[SCORE]], %cst
// CHECK: scf.if
// CHECK: scf.while
// The main loop: while fewer than 3 are selected and the queue is not
// empty.
// CHECK: %[[LOOP:.*]]:6 = scf.while
// CHECK: arith.cmpi ult, %{{.*}}, %c3 : index
// CHECK: arith.cmpi ugt, %{{.*}}, %c0 : index
// CHECK: } do {
// The pop's sift-down loop, then the candidate's box: corners ordered
// (select of cmpf olt), its area.
// CHECK: scf.while
// CHECK: tensor.extract %[[B]][%{{.*}}, %c0] : tensor<4x4xf32>
// CHECK: arith.cmpf olt
// CHECK: arith.select
// The comparisons with the selected boxes, newest first: IoU, the weight,
// the hard suppression test against iou_threshold 0.5.
// CHECK: scf.while
// CHECK: } do {
// CHECK: arith.subi %{{.*}}, %c1 : index
// CHECK: tensor.extract %{{.*}} : tensor<3xi32>
// CHECK: arith.divf
// CHECK: math.exp
// CHECK: arith.cmpf ogt, %{{.*}}, %cst_0 : f32
// Selected when not suppressed and the score is unchanged.
// CHECK: arith.cmpf oeq
// CHECK: scf.if
// CHECK: tensor.insert %{{.*}} : tensor<3xi32>
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[LOOP]]#4[0] [%[[LOOP]]#5] [1] : tensor<3xi32> to tensor<?xi32>
// CHECK: return %[[SLICE]] : tensor<?xi32>
module @v3 {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
    %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
    %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %n, %cn = tfg.NonMaxSuppressionV3(%b, %s, %m, %t, %st) name("nms") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>)
  }
}

// -----

// V4 padded to max_output_size 5 (more than the 4 boxes): static results,
// the whole buffer and the count.
// CHECK-LABEL: module @v4_padded
// CHECK: func.func @main({{.*}}) -> (tensor<5xi32> {tfg.name = "nms"}, tensor<i32> {tfg.name = "nms:1"})
// CHECK: %[[LOOP:.*]]:6 = scf.while
// CHECK-NOT: tensor.extract_slice
// CHECK: %[[COUNT:.*]] = arith.index_cast %[[LOOP]]#5 : index to i32
// CHECK: %[[VALID:.*]] = tensor.from_elements %[[COUNT]] : tensor<i32>
// CHECK: return %[[LOOP]]#4, %[[VALID]] : tensor<5xi32>, tensor<i32>
module @v4_padded {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
    %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
    %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
    %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %n:2, %cn = tfg.NonMaxSuppressionV4(%b, %s, %m, %t, %st) name("nms") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  }
}

// -----

// V5 unpadded with a fed soft_nms_sigma: soft when sigma > 0, with
// scale = -0.5 / sigma; the scores are carried beside the indices, and
// both results have the run-time length.
// CHECK-LABEL: module @v5
// CHECK: func.func @main({{.*}}, %[[SIGMA:.*]]: tensor<f32> {tfg.name = "sigma"}) -> (tensor<?xi32> {tfg.name = "nms"}, tensor<?xf32> {tfg.name = "nms:1"}, tensor<i32> {tfg.name = "nms:2"})
// CHECK: %[[SIG:.*]] = tensor.extract %[[SIGMA]][] : tensor<f32>
// CHECK: %[[SOFT:.*]] = arith.cmpf ogt, %[[SIG]], %{{.*}} : f32
// CHECK: %[[DIV:.*]] = arith.divf %{{.*}}, %[[SIG]] : f32
// CHECK: %[[SCALE:.*]] = arith.select %[[SOFT]], %[[DIV]], %{{.*}} : f32
// CHECK: %[[LOOP:.*]]:7 = scf.while
// CHECK: arith.mulf %[[SCALE]]
// CHECK: math.exp
// CHECK: arith.ori %[[SOFT]]
// CHECK-DAG: tensor.extract_slice %[[LOOP]]#4[0] [%[[LOOP]]#5] [1] : tensor<4xi32> to tensor<?xi32>
// CHECK-DAG: tensor.extract_slice %[[LOOP]]#6[0] [%[[LOOP]]#5] [1] : tensor<4xf32> to tensor<?xf32>
module @v5 {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
    %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
    %sigma, %csigma = tfg.Placeholder name("sigma") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
    %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
    %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %n:3, %cn = tfg.NonMaxSuppressionV5(%b, %s, %m, %t, %st, %sigma) name("nms") {T = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
  }
}

// -----

// V2 with a fed max_output_size: the buffer has num_boxes slots (each box
// is selected at most once) and the loop stops at max(m, 0) clamped to
// them; no score threshold (the lowest float).
// CHECK-LABEL: module @v2_runtime_max
// CHECK: func.func @main({{.*}}, %[[M:.*]]: tensor<i32> {tfg.name = "m"}) -> (tensor<?xi32> {tfg.name = "nms"})
// CHECK-DAG: %[[LOWEST:.*]] = arith.constant -3.40282347E+38 : f32
// CHECK-DAG: %[[MV:.*]] = tensor.extract %[[M]][] : tensor<i32>
// CHECK: %[[MI:.*]] = arith.index_cast %[[MV]] : i32 to index
// CHECK: %[[LO:.*]] = arith.maxsi %[[MI]], %c0 : index
// CHECK: %[[LIMIT:.*]] = arith.minsi %[[LO]], %c4 : index
// CHECK: arith.cmpf ogt, %{{.*}}, %[[LOWEST]] : f32
// CHECK: scf.while
// CHECK: arith.cmpi ult, %{{.*}}, %[[LIMIT]] : index
// CHECK: tensor.extract_slice {{.*}} : tensor<4xi32> to tensor<?xi32>
module @v2_runtime_max {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
    %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
    %m, %cm = tfg.Placeholder name("m") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
  }
}

// -----

// V1 reads iou_threshold from its attribute.
// CHECK-LABEL: module @v1
// CHECK: arith.constant 0.699999988 : f32
// CHECK: tensor.extract_slice {{.*}} : tensor<2xi32> to tensor<?xi32>
module @v1 {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
    %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
    %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
    %n, %cn = tfg.NonMaxSuppression(%b, %s, %m) name("nms") {iou_threshold = 0.7 : f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>) -> (tensor<*xi32>)
  }
}

// -----

// T = half: the IoU is computed in f32 from the extended coordinates, then
// rounded to half for the comparisons and the weight (as the kernel's
// static_cast<T>(similarity)); the thresholds (float) are rounded to half.
// CHECK-LABEL: module @half
// CHECK: func.func @main(%[[B:.*]]: tensor<3x4xf16> {{.*}}) -> (tensor<?xi32> {tfg.name = "nms"})
// CHECK: %[[Y:.*]] = tensor.extract %[[B]][%{{.*}}, %c0] : tensor<3x4xf16>
// CHECK: arith.extf %[[Y]] : f16 to f32
// CHECK: %[[IOU:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: %[[SEL:.*]] = arith.select %{{.*}}, %{{.*}}, %[[IOU]] : f32
// CHECK: %[[SIM:.*]] = arith.truncf %[[SEL]] : f32 to f16
// CHECK: arith.cmpf ole, %[[SIM]], %{{.*}} : f16
module @half {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %b, %cb = tfg.Placeholder name("b") {dtype = f16, shape = #tfg.shape<3x4>} : () -> (tensor<3x4xf16>)
    %s, %cs = tfg.Placeholder name("s") {dtype = f16, shape = #tfg.shape<3>} : () -> (tensor<3xf16>)
    %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %n, %cn = tfg.NonMaxSuppressionV3(%b, %s, %m, %t, %st) name("nms") {T = f16, T_threshold = f32} : (tensor<3x4xf16>, tensor<3xf16>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>)
  }
}

// -----

// NonMaxSuppressionWithOverlaps reads the similarity of the candidate
// (row) with a selected box (column) from the matrix; no boxes are read.
// CHECK-LABEL: module @overlaps
// CHECK: func.func @main(%[[O:.*]]: tensor<3x3xf32> {tfg.name = "o"}, {{.*}}) -> (tensor<?xi32> {tfg.name = "nms"})
// CHECK: scf.while
// CHECK: } do {
// CHECK: %[[CAND:.*]] = tensor.extract %{{.*}}[%c0] : tensor<3xindex>
// CHECK: %[[SEL:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: tensor.extract %[[O]][%[[CAND]], %[[SEL]]] : tensor<3x3xf32>
// CHECK-NOT: arith.divf
// CHECK: tensor.extract_slice
module @overlaps {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %o, %co = tfg.Placeholder name("o") {dtype = f32, shape = #tfg.shape<3x3>} : () -> (tensor<3x3xf32>)
    %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
    %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %n, %cn = tfg.NonMaxSuppressionWithOverlaps(%o, %s, %m, %t, %st) name("nms") : (tensor<3x3xf32>, tensor<3xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>)
  }
}

// -----

// No boxes: no loops, zeros and a count of 0.
// CHECK-LABEL: module @empty
// CHECK: func.func @main({{.*}}) -> (tensor<3xi32> {tfg.name = "nms"}, tensor<i32> {tfg.name = "nms:1"})
// CHECK-NOT: scf.while
// CHECK: %[[COUNT:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK: %[[ZEROS:.*]] = linalg.fill {{.*}} -> tensor<3xi32>
// CHECK: return %[[ZEROS]], %[[COUNT]]
module @empty {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<0x4>} : () -> (tensor<0x4xf32>)
    %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<0>} : () -> (tensor<0xf32>)
    %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %n:2, %cn = tfg.NonMaxSuppressionV4(%b, %s, %m, %t, %st) name("nms") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<0x4xf32>, tensor<0xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  }
}
