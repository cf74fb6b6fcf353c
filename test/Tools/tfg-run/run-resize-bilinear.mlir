// ResizeBilinear upscaling on a static 2x3 image with 2 channels, in the
// three coordinate modes (run-window-ops.mlir has a downscale,
// run-dynamic-resize.mlir dynamic sizes), mixed in TensorFlow's order (top
// and bottom along x, then y), so the values are TensorFlow's to the bit.
// x[y, x, c] = 10y + x + c/2. Expected values from TensorFlow's formulas
// (resize_bilinear_op.cc) in f32, output [oh, ow, 2] row by row.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 1x2x3x2 "0,0.5,1,1.5,2,2.5,10,10.5,11,11.5,12,12.5"
// RUN: tfg-run %s --input x=%t.x.npy --outputs half,corners,legacy --print-outputs 56 | FileCheck %s
// half_pixel_centers, 2x3 -> 3x5: rows at source -0.17 (clamped to row 0,
// weight 0), 0.5 and 1.17 (clamped to row 1); columns 0.6 apart.
// CHECK: half = 0 0.5 0.400000036 0.900000036 1 1.5 1.60000014 2.10000014 2 2.5 5 5.5 5.4000001 5.9000001 6 6.5 6.60000038 7.10000038 7 7.5 10 10.5 10.3999996 10.8999996 11 11.5 11.6000004 12.1000004 12 12.5{{$}}
// align_corners, 2x3 -> 3x4: scales 1/2 and 2/3, corners kept.
// CHECK: corners = 0 0.5 0.666666687 1.16666675 1.33333337 1.83333337 2 2.5 5 5.5 5.66666651 6.16666698 6.33333349 6.83333349 7 7.5 10 10.5 10.666667 11.166667 11.333333 11.833333 12 12.5{{$}}
// Legacy (neither), 2x3 -> 4x7: scales 1/2 and 3/7, the last rows and
// columns repeat the edge.
// CHECK: legacy = 0 0.5 0.428571433 0.928571463 0.857142866 1.35714293 1.28571427 1.78571427 1.71428573 2.21428585 2 2.5 2 2.5 5 5.5 5.42857122 5.9285717 5.85714293 6.35714293 6.28571415 6.78571415 6.71428585 7.21428585 7 7.5 7 7.5 10 10.5 10.4285717 10.9285717 10.8571424 11.3571424 11.2857141 11.7857141 11.7142859 12.2142859 12 12.5 12 12.5 10 10.5 10.4285717 10.9285717 10.8571424 11.3571424 11.2857141 11.7857141 11.7142859 12.2142859 12 12.5 12 12.5{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %c0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x3x2>} : () -> (tensor<1x2x3x2xf32>)
  %xi, %c1 = tfg.Identity(%x) name("xi") {T = f32} : (tensor<1x2x3x2xf32>) -> (tensor<1x2x3x2xf32>)
  %s35, %c2 = tfg.Const name("s35") {dtype = i32, value = dense<[3, 5]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s34, %c3 = tfg.Const name("s34") {dtype = i32, value = dense<[3, 4]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s47, %c4 = tfg.Const name("s47") {dtype = i32, value = dense<[4, 7]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %h, %c5 = tfg.ResizeBilinear(%xi, %s35) name("half") {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<1x2x3x2xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %a, %c6 = tfg.ResizeBilinear(%xi, %s34) name("corners") {T = f32, align_corners = true, half_pixel_centers = false} : (tensor<1x2x3x2xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %l, %c7 = tfg.ResizeBilinear(%xi, %s47) name("legacy") {T = f32, align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x2xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}
