// RUN: tfg-opt %s --tfg-lower-to-linalg="outputs=shuffle,cropped,nchw,overlap,valid_tail" | FileCheck %s

// Stride = filter size (2x2, stride 2): a 1x1 convolution of the gradient
// to kh*kw*F = 8 channels (the filter [2, 2, 2, 3] transposed to
// [3, 2, 2, 2], i.e. [1, 1, 3, 8]), its [1, 2, 3, 8] result seen as
// [1, 2, 3, 2, 2, 2] and reordered to [1, 2, 2, 3, 2, 2] = [1, 4, 6, 2]; no
// zero-dilated copy, no padding, no flipped filter.
// CHECK-LABEL: func.func @main
// CHECK: %[[T:.*]] = linalg.transpose ins(%{{.*}} : tensor<2x2x2x3xf32>) {{.*}} permutation = [3, 0, 1, 2]
// CHECK: %[[W:.*]] = tensor.expand_shape {{.*}} into tensor<1x1x3x8xf32>
// CHECK: %[[PW:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %[[W]] : tensor<1x2x3x3xf32>, tensor<1x1x3x8xf32>) {{.*}} -> tensor<1x2x3x8xf32>
// CHECK: %[[TAPS:.*]] = tensor.expand_shape %[[PW]] {{.*}} into tensor<1x2x3x2x2x2xf32>
// CHECK: %[[SH:.*]] = linalg.transpose ins(%[[TAPS]] : tensor<1x2x3x2x2x2xf32>) {{.*}} permutation = [0, 1, 3, 2, 4, 5]
// CHECK: tensor.collapse_shape %[[SH]] {{.*}} into tensor<1x4x6x2xf32>
// SAME to an odd height (5 from 3 rows): the 6-row image cropped.
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x3x1x2xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 5, 1, 1] [1, 1, 1, 1] : tensor<1x6x1x1xf32> to tensor<1x5x1x1xf32>
// NCHW: the gradient transposed to NHWC, the result back to NCHW.
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x2x2x4xf32>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<1x4x4x1xf32>) {{.*}} permutation = [0, 3, 1, 2]
// Overlapping taps (3x1, stride 2) and VALID rows that no gradient pixel
// reaches (height 7 from 3 rows of a 2x1 filter): the general path, the
// gradient inserted into zeros with the stride.
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 0] [1, 3, 1, 1] [1, 2, 1, 1]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x9x1x1xf32>, tensor<3x1x1x1xf32>)
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 0] [1, 3, 1, 1] [1, 2, 1, 1]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x8x1x1xf32>, tensor<2x1x1x1xf32>)
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %g, %c0 = tfg.Placeholder name("g") {dtype = f32, shape = #tfg.shape<1x2x3x3>} : () -> (tensor<1x2x3x3xf32>)
  %sizes, %c1 = tfg.Const name("sizes") {dtype = i32, value = dense<[1, 4, 6, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %f, %c2 = tfg.Placeholder name("f") {dtype = f32, shape = #tfg.shape<2x2x2x3>} : () -> (tensor<2x2x2x3xf32>)
  %s, %c3 = tfg.Conv2DBackpropInput(%sizes, %f, %g) name("shuffle") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<4xi32>, tensor<2x2x2x3xf32>, tensor<1x2x3x3xf32>) -> (tensor<*xf32>)

  %g1, %c10 = tfg.Placeholder name("g1") {dtype = f32, shape = #tfg.shape<1x3x1x1>} : () -> (tensor<1x3x1x1xf32>)
  %f2, %c11 = tfg.Placeholder name("f2") {dtype = f32, shape = #tfg.shape<2x1x1x1>} : () -> (tensor<2x1x1x1xf32>)
  %h5, %c12 = tfg.Const name("h5") {dtype = i32, value = dense<[1, 5, 1, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %cr, %c13 = tfg.Conv2DBackpropInput(%h5, %f2, %g1) name("cropped") {T = f32, padding = "SAME", strides = [1, 2, 1, 1]} : (tensor<4xi32>, tensor<2x1x1x1xf32>, tensor<1x3x1x1xf32>) -> (tensor<*xf32>)

  %gn, %c20 = tfg.Placeholder name("gn") {dtype = f32, shape = #tfg.shape<1x4x2x2>} : () -> (tensor<1x4x2x2xf32>)
  %fn, %c21 = tfg.Placeholder name("fn") {dtype = f32, shape = #tfg.shape<2x2x1x4>} : () -> (tensor<2x2x1x4xf32>)
  %sn, %c22 = tfg.Const name("sn") {dtype = i32, value = dense<[1, 1, 4, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %n, %c23 = tfg.Conv2DBackpropInput(%sn, %fn, %gn) name("nchw") {T = f32, padding = "VALID", strides = [1, 1, 2, 2], data_format = "NCHW"} : (tensor<4xi32>, tensor<2x2x1x4xf32>, tensor<1x4x2x2xf32>) -> (tensor<*xf32>)

  %f3, %c30 = tfg.Placeholder name("f3") {dtype = f32, shape = #tfg.shape<3x1x1x1>} : () -> (tensor<3x1x1x1xf32>)
  %h7, %c31 = tfg.Const name("h7") {dtype = i32, value = dense<[1, 7, 1, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %ov, %c32 = tfg.Conv2DBackpropInput(%h7, %f3, %g1) name("overlap") {T = f32, padding = "VALID", strides = [1, 2, 1, 1]} : (tensor<4xi32>, tensor<3x1x1x1xf32>, tensor<1x3x1x1xf32>) -> (tensor<*xf32>)
  %vt, %c33 = tfg.Conv2DBackpropInput(%h7, %f2, %g1) name("valid_tail") {T = f32, padding = "VALID", strides = [1, 2, 1, 1]} : (tensor<4xi32>, tensor<2x1x1x1xf32>, tensor<1x3x1x1xf32>) -> (tensor<*xf32>)
}
