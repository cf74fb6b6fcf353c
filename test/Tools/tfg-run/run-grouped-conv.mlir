// A grouped Conv2D (3 groups: 12 input channels, filter depth 4, 6 output
// channels) against the same convolution written as TensorFlow users did
// before groups: Split the input and the filter into 3, convolve each pair
// with an ordinary Conv2D, ConcatV2 the results. Random input and filter;
// the largest absolute difference of the two must be rounding only. NHWC
// with SAME padding and stride 2, NCHW with VALID and dilation 2.
// RUN: tfg-run %s --random-inputs --seed 7 --outputs diff,diff_nchw --print-outputs 1 | FileCheck %s
// CHECK: diff = {{(0|[0-9.]+e-0[6-9])$}}
// CHECK: diff_nchw = {{(0|[0-9.]+e-0[6-9])$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %_0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x9x11x12>} : () -> (tensor<1x9x11x12xf32>)
  %w, %_1 = tfg.Placeholder name("w") {dtype = f32, shape = #tfg.shape<3x3x4x6>} : () -> (tensor<3x3x4x6xf32>)
  %g, %_2 = tfg.Conv2D(%x, %w) name("grouped") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x9x11x12xf32>, tensor<3x3x4x6xf32>) -> (tensor<*xf32>)
  %a3, %_3 = tfg.Const name("a3") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %xs:3, %_4 = tfg.Split(%a3, %x) name("xs") {T = f32, num_split = 3 : i64} : (tensor<i32>, tensor<1x9x11x12xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %ws:3, %_5 = tfg.Split(%a3, %w) name("ws") {T = f32, num_split = 3 : i64} : (tensor<i32>, tensor<3x3x4x6xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %c0, %_6 = tfg.Conv2D(%xs#0, %ws#0) name("c0") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %c1, %_7 = tfg.Conv2D(%xs#1, %ws#1) name("c1") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %c2, %_8 = tfg.Conv2D(%xs#2, %ws#2) name("c2") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %cat, %_9 = tfg.ConcatV2(%c0, %c1, %c2, %a3) name("cat") {T = f32, N = 3 : i64, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  %d, %_10 = tfg.Sub(%g, %cat) name("d") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ad, %_11 = tfg.Abs(%d) name("ad") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %axes, %_12 = tfg.Const name("axes") {dtype = i32, value = dense<[0, 1, 2, 3]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %diff, %_13 = tfg.Max(%ad, %axes) name("diff") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)

  %xn, %_20 = tfg.Placeholder name("xn") {dtype = f32, shape = #tfg.shape<1x12x9x11>} : () -> (tensor<1x12x9x11xf32>)
  %gn, %_21 = tfg.Conv2D(%xn, %w) name("grouped_nchw") {T = f32, padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 1, 2, 2], data_format = "NCHW"} : (tensor<1x12x9x11xf32>, tensor<3x3x4x6xf32>) -> (tensor<*xf32>)
  %a1, %_22 = tfg.Const name("a1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %xns:3, %_23 = tfg.Split(%a1, %xn) name("xns") {T = f32, num_split = 3 : i64} : (tensor<i32>, tensor<1x12x9x11xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %n0, %_24 = tfg.Conv2D(%xns#0, %ws#0) name("n0") {T = f32, padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 1, 2, 2], data_format = "NCHW"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %n1, %_25 = tfg.Conv2D(%xns#1, %ws#1) name("n1") {T = f32, padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 1, 2, 2], data_format = "NCHW"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %n2, %_26 = tfg.Conv2D(%xns#2, %ws#2) name("n2") {T = f32, padding = "VALID", strides = [1, 1, 1, 1], dilations = [1, 1, 2, 2], data_format = "NCHW"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ncat, %_27 = tfg.ConcatV2(%n0, %n1, %n2, %a1) name("ncat") {T = f32, N = 3 : i64, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  %dn, %_28 = tfg.Sub(%gn, %ncat) name("dn") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %adn, %_29 = tfg.Abs(%dn) name("adn") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %diffn, %_30 = tfg.Max(%adn, %axes) name("diff_nchw") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<4xi32>) -> (tensor<*xf32>)
}
