// NonMaxSuppression V3/V4/V5 on 200 random boxes, for
// run-non-max-suppression-oracle.test. Each output has its own Identity:
// the TensorFlow.js runner returns the last output of a multi-output node
// for every output of it that is fetched.
tfg.graph #tfg.version<producer = 1087, min_consumer = 0> {
  %boxes, %c0 = tfg.Placeholder name("boxes") {dtype = f32, shape = #tfg.shape<200x4>} : () -> (tensor<200x4xf32>)
  %scores, %c1 = tfg.Placeholder name("scores") {dtype = f32, shape = #tfg.shape<200>} : () -> (tensor<200xf32>)
  %m10, %c2 = tfg.Const name("m10") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %m30, %c3 = tfg.Const name("m30") {dtype = i32, value = dense<30> : tensor<i32>} : () -> (tensor<i32>)
  %m100, %c4 = tfg.Const name("m100") {dtype = i32, value = dense<100> : tensor<i32>} : () -> (tensor<i32>)
  %iou, %c5 = tfg.Const name("iou") {dtype = f32, value = dense<0.3> : tensor<f32>} : () -> (tensor<f32>)
  %iou1, %c6 = tfg.Const name("iou1") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %st, %c7 = tfg.Const name("st") {dtype = f32, value = dense<0.2> : tensor<f32>} : () -> (tensor<f32>)
  %sigma, %c8 = tfg.Const name("sigma") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %zero, %c9 = tfg.Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %v4:2, %c10 = tfg.NonMaxSuppressionV4(%boxes, %scores, %m10, %iou, %st) name("v4") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<200x4xf32>, tensor<200xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %v4all:2, %c11 = tfg.NonMaxSuppressionV4(%boxes, %scores, %m100, %iou, %st) name("v4all") {T = f32, T_threshold = f32, pad_to_max_output_size = true} : (tensor<200x4xf32>, tensor<200xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %soft:3, %c12 = tfg.NonMaxSuppressionV5(%boxes, %scores, %m30, %iou1, %st, %sigma) name("soft") {T = f32, pad_to_max_output_size = true} : (tensor<200x4xf32>, tensor<200xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
  %hard:3, %c13 = tfg.NonMaxSuppressionV5(%boxes, %scores, %m10, %iou, %zero, %zero) name("hard") {T = f32, pad_to_max_output_size = true} : (tensor<200x4xf32>, tensor<200xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
  %o1, %d1 = tfg.Identity(%v4#0) name("v4_indices") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o2, %d2 = tfg.Identity(%v4#1) name("v4_valid") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o3, %d3 = tfg.Identity(%v4all#0) name("v4all_indices") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o4, %d4 = tfg.Identity(%v4all#1) name("v4all_valid") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o5, %d5 = tfg.Identity(%soft#0) name("soft_indices") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o6, %d6 = tfg.Identity(%soft#1) name("soft_scores") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %o7, %d7 = tfg.Identity(%hard#0) name("hard_indices") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o8, %d8 = tfg.Identity(%hard#1) name("hard_scores") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
