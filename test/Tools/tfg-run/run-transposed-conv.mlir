// Conv2DBackpropInput with the stride equal to the filter size, which
// tfg-convert-to-linalg lowers as a 1x1 convolution to kh*kw*F channels
// and a pixel shuffle, and the cases it leaves to the general path.
// RUN: %python %S/Inputs/make_npy.py %t.g.npy "<f4" 1x2x3x3 iota
// RUN: tfg-run %s --input g=%t.g.npy --outputs shuffle,cropped,explicit,valid_tail,overlap --print-outputs 48 | FileCheck %s

// 2x2 stride 2 SAME, 3 -> 2 channels, gradient g[h, w, c] = 9h + 3w + c
// ([1, 2, 3, 3]), filter [i, j, f, c] = 1 + (2i + j) + 4f + 10c (a distinct
// value per tap and output channel): out[2h + i, 2w + j, f] =
// sum_c g[h, w, c] * filter[i, j, f, c], e.g. out[0, 0, 0] = 0*1 + 1*11 +
// 2*21 = 53, out[0, 0, 1] = 0*5 + 1*15 + 2*25 = 65, out[0, 1, 0] = 0*2 +
// 1*12 + 2*22 = 56; [1, 4, 6, 2] row by row.
// CHECK: shuffle = 53 65 56 68 152 200 164 212 251 335 272 356 59 71 62 74 176 224 188 236 293 377 314 398 350 470 380 500 449 605 488 644 548 740 596 788 410 530 440 560 527 683 566 722 644 836 692 884{{$}}
// A 2x1 filter [1, 10], stride 2, gradient [1, 2, 3] along H:
// SAME to height 5 (forward: ceil(5 / 2) = 3, padding 1 after): the first 5
// of [1, 10, 2, 20, 3, 30].
// CHECK: cropped = 1 10 2 20 3{{$}}
// EXPLICIT padding 1 before (forward: 5 + 1 = 6 rows, 3 outputs): the
// image shifted by one row, [10, 2, 20, 3, 30].
// CHECK: explicit = 10 2 20 3 30{{$}}
// VALID to height 7 from 3 rows (forward: (7 - 2) / 2 + 1 = 3): the last
// row reads no gradient and is 0 (the general path).
// CHECK: valid_tail = 1 10 2 20 3 30 0{{$}}
// A 3x1 filter [1, 10, 100] with stride 2 (taps overlap: the general
// path), VALID to height 7: out[2h + i] += g[h] * f[i].
// CHECK: overlap = 1 10 102 20 203 30 300{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %g, %c0 = tfg.Placeholder name("g") {dtype = f32, shape = #tfg.shape<1x2x3x3>} : () -> (tensor<1x2x3x3xf32>)
  %sizes, %c1 = tfg.Const name("sizes") {dtype = i32, value = dense<[1, 4, 6, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %f, %c2 = tfg.Const name("f") {dtype = f32, value = dense<[[[[1.0, 11.0, 21.0], [5.0, 15.0, 25.0]], [[2.0, 12.0, 22.0], [6.0, 16.0, 26.0]]], [[[3.0, 13.0, 23.0], [7.0, 17.0, 27.0]], [[4.0, 14.0, 24.0], [8.0, 18.0, 28.0]]]]> : tensor<2x2x2x3xf32>} : () -> (tensor<2x2x2x3xf32>)
  %s, %c3 = tfg.Conv2DBackpropInput(%sizes, %f, %g) name("shuffle") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<4xi32>, tensor<2x2x2x3xf32>, tensor<1x2x3x3xf32>) -> (tensor<*xf32>)

  %g1, %c10 = tfg.Const name("g1") {dtype = f32, value = dense<[[[[1.0]], [[2.0]], [[3.0]]]]> : tensor<1x3x1x1xf32>} : () -> (tensor<1x3x1x1xf32>)
  %f2, %c11 = tfg.Const name("f2") {dtype = f32, value = dense<[[[[1.0]]], [[[10.0]]]]> : tensor<2x1x1x1xf32>} : () -> (tensor<2x1x1x1xf32>)
  %h5, %c12 = tfg.Const name("h5") {dtype = i32, value = dense<[1, 5, 1, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %cr, %c13 = tfg.Conv2DBackpropInput(%h5, %f2, %g1) name("cropped") {T = f32, padding = "SAME", strides = [1, 2, 1, 1]} : (tensor<4xi32>, tensor<2x1x1x1xf32>, tensor<1x3x1x1xf32>) -> (tensor<*xf32>)
  %ex, %c14 = tfg.Conv2DBackpropInput(%h5, %f2, %g1) name("explicit") {T = f32, padding = "EXPLICIT", explicit_paddings = [0, 0, 1, 0, 0, 0, 0, 0], strides = [1, 2, 1, 1]} : (tensor<4xi32>, tensor<2x1x1x1xf32>, tensor<1x3x1x1xf32>) -> (tensor<*xf32>)
  %h7, %c15 = tfg.Const name("h7") {dtype = i32, value = dense<[1, 7, 1, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %vt, %c16 = tfg.Conv2DBackpropInput(%h7, %f2, %g1) name("valid_tail") {T = f32, padding = "VALID", strides = [1, 2, 1, 1]} : (tensor<4xi32>, tensor<2x1x1x1xf32>, tensor<1x3x1x1xf32>) -> (tensor<*xf32>)
  %f3, %c17 = tfg.Const name("f3") {dtype = f32, value = dense<[[[[1.0]]], [[[10.0]]], [[[100.0]]]]> : tensor<3x1x1x1xf32>} : () -> (tensor<3x1x1x1xf32>)
  %ov, %c18 = tfg.Conv2DBackpropInput(%h7, %f3, %g1) name("overlap") {T = f32, padding = "VALID", strides = [1, 2, 1, 1]} : (tensor<4xi32>, tensor<3x1x1x1xf32>, tensor<1x3x1x1xf32>) -> (tensor<*xf32>)
}
