// RUN: tfg-opt %s --tfg-lower-to-linalg="outputs=max,avg,mean,argmax,softmax" | FileCheck %s

// MaxPool SAME pads with -inf; AvgPool SAME pads with 0 and divides by the
// per-window count of real elements (a constant, its unit dimension folded away): 3x3 input, 2x2 window,
// stride 2 -> windows of 4, 2, 2, 1 elements.
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:.*]]: tensor<1x3x3x2xf32> {tfg.name = "x"})
// CHECK-DAG: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[COUNTS:.*]] = arith.constant dense<{{\[}}[4.000000e+00, 2.000000e+00], [2.000000e+00, 1.000000e+00]]> : tensor<2x2xf32>
// CHECK: %[[PADMAX:.*]] = tensor.pad %[[X]] low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK: tensor.yield %[[NEGINF]]
// CHECK: linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[PADMAX]], %{{.*}} : tensor<1x4x4x2xf32>, tensor<2x2xf32>)
// CHECK: %[[SUM:.*]] = linalg.pooling_nhwc_sum
// CHECK: linalg.generic {{.*}} ins(%[[SUM]], %[[COUNTS]] : tensor<1x2x2x2xf32>, tensor<2x2xf32>)
// CHECK: arith.divf
// Mean over axes [1, 2] (negative axis -2 normalized) with keep_dims.
// CHECK: %[[RED:.*]] = linalg.reduce { arith.addf } ins(%[[X]] : tensor<1x3x3x2xf32>) outs(%{{.*}} : tensor<1x2xf32>) dimensions = [1, 2]
// CHECK: arith.divf
// CHECK: tensor.expand_shape {{.*}} into tensor<1x1x1x2xf32>
// ArgMax: one reduction keeping the best value and its first index.
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<1x3x3x2xf32>) outs(%{{.*}}, %{{.*}} : tensor<1x3x3xf32>, tensor<1x3x3xi32>)
// CHECK: %[[BETTER:.*]] = arith.cmpf ogt
// CHECK: %[[I:.*]] = linalg.index 3
// CHECK: %[[I32:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK: arith.select %[[BETTER]], %[[I32]]
// Softmax as TensorFlow's kernel: max, exp(x - max), sum, one division a
// row (1 / sum), then a multiplication an element.
// CHECK: linalg.reduce { arith.maximumf } ins(%[[X]] : tensor<1x3x3x2xf32>) outs(%{{.*}} : tensor<1x3x3xf32>) dimensions = [3]
// CHECK: math.exp
// CHECK: %[[SUMS:.*]] = linalg.reduce { arith.addf }
// CHECK: linalg.generic {{.*}} ins(%[[SUMS]] : tensor<1x3x3xf32>)
// CHECK: arith.divf %{{.*}}, %[[SUM:.*]] : f32
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x3x3x2xf32>, tensor<1x3x3xf32>)
// CHECK-NOT: arith.divf
// CHECK: arith.mulf
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x3x3x2>} : () -> (tensor<1x3x3x2xf32>)
  %max, %c1 = tfg.MaxPool(%x) name("max") {T = f32, ksize = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = "SAME", data_format = "NHWC"} : (tensor<1x3x3x2xf32>) -> (tensor<*xf32>)
  %avg, %c2 = tfg.AvgPool(%x) name("avg") {T = f32, ksize = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = "SAME", data_format = "NHWC"} : (tensor<1x3x3x2xf32>) -> (tensor<*xf32>)
  %axes, %c3 = tfg.Const name("axes") {dtype = i32, value = dense<[1, -2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %mean, %c4 = tfg.Mean(%x, %axes) name("mean") {T = f32, Tidx = i32, keep_dims = true} : (tensor<1x3x3x2xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %last, %c5 = tfg.Const name("last") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %argmax, %c6 = tfg.ArgMax(%x, %last) name("argmax") {T = f32, Tidx = i32, output_type = i32} : (tensor<1x3x3x2xf32>, tensor<i32>) -> (tensor<*xi32>)
  %softmax, %c7 = tfg.Softmax(%x) name("softmax") {T = f32} : (tensor<1x3x3x2xf32>) -> (tensor<*xf32>)
}
