// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-lower-to-linalg

// NonMaxSuppression nodes the lowering refuses, each with one error naming
// the node and what is wrong (TensorFlow's kernel refuses the same inputs
// when it runs; here they are found while compiling).

// Boxes must be [num_boxes, 4].
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x3>} : () -> (tensor<4x3xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV2): boxes must be [4, 4] for 4 scores, got tensor<4x3xf32>}}
  %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T = f32, T_threshold = f32} : (tensor<4x3xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// Boxes of rank 3.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<1x4x4>} : () -> (tensor<1x4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV3): boxes must be [4, 4] for 4 scores, got tensor<1x4x4xf32>}}
  %n, %cn = tfg.NonMaxSuppressionV3(%b, %s, %m, %t, %st) name("nms") {T = f32, T_threshold = f32} : (tensor<1x4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// As many scores as boxes.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<5>} : () -> (tensor<5xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV2): boxes must be [5, 4] for 5 scores, got tensor<4x4xf32>}}
  %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<5xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// Scores are 1-D.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4x1>} : () -> (tensor<4x1xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV2): scores must be 1-D [num_boxes], got tensor<4x1xf32>}}
  %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4x1xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// Integer scores.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = i32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xi32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV2): scores are tensor<4xi32>; it takes float or half scores}}
  %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T_threshold = f32} : (tensor<4x4xi32>, tensor<4xi32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// Boxes and scores of different float types.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f16, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf16>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV2): boxes are tensor<4x4xf16>, scores tensor<4xf32>: they must have one element type}}
  %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T_threshold = f32} : (tensor<4x4xf16>, tensor<4xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// The first NonMaxSuppression takes float only.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f16, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf16>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f16, shape = #tfg.shape<4>} : () -> (tensor<4xf16>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppression): scores are tensor<4xf16>; it takes float scores}}
  %n, %cn = tfg.NonMaxSuppression(%b, %s, %m) name("nms") : (tensor<4x4xf16>, tensor<4xf16>, tensor<i32>) -> (tensor<*xi32>)
}

// -----

// max_output_size is an int32 scalar.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i64, value = dense<2> : tensor<i64>} : () -> (tensor<i64>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV2): max_output_size must be an int32 scalar, got tensor<i64>}}
  %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i64>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// A negative max_output_size (TensorFlow: "output size must be
// non-negative").
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV2): max_output_size is -1; it must be non-negative}}
  %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// Padded outputs have max_output_size elements: it must be a constant.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Placeholder name("m") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV4): max_output_size must be a constant with pad_to_max_output_size: it is the static length of the padded outputs}}
  %n:2, %cn = tfg.NonMaxSuppressionV4(%b, %s, %m, %t, %st) name("nms") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
}

// -----

// iou_threshold out of [0, 1].
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<1.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV2): iou_threshold is 1.5; it must be in [0, 1]}}
  %n, %cn = tfg.NonMaxSuppressionV2(%b, %s, %m, %t) name("nms") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
}

// -----

// V1's attribute too.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppression): iou_threshold is -0.25; it must be in [0, 1]}}
  %n, %cn = tfg.NonMaxSuppression(%b, %s, %m) name("nms") {iou_threshold = -0.25 : f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>) -> (tensor<*xi32>)
}

// -----

// A negative soft_nms_sigma.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %sg, %csg = tfg.Const name("sigma") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV5): soft_nms_sigma is -1; it must be >= 0}}
  %n:3, %cn = tfg.NonMaxSuppressionV5(%b, %s, %m, %t, %t, %sg) name("nms") {T = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
}

// -----

// V5's scalars have type T.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f16, value = dense<0.5> : tensor<f16>} : () -> (tensor<f16>)
  %z, %cz = tfg.Const name("z") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV5): iou_threshold must be a f32 scalar, got tensor<f16>}}
  %n:3, %cn = tfg.NonMaxSuppressionV5(%b, %s, %m, %t, %z, %z) name("nms") {T = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f16>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
}

// -----

// Thresholds are scalars.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionV3): score_threshold must be a float or half scalar, got tensor<2xf32>}}
  %n, %cn = tfg.NonMaxSuppressionV3(%b, %s, %m, %t, %st) name("nms") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<2xf32>) -> (tensor<*xi32>)
}

// -----

// The overlap matrix is square, [num_boxes, num_boxes].
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %o, %co = tfg.Placeholder name("o") {dtype = f32, shape = #tfg.shape<3x4>} : () -> (tensor<3x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'nms' (NonMaxSuppressionWithOverlaps): overlaps must be [3, 3] for 3 scores, got tensor<3x4xf32>}}
  %n, %cn = tfg.NonMaxSuppressionWithOverlaps(%o, %s, %m, %t, %t) name("nms") : (tensor<3x4xf32>, tensor<3xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>)
}
