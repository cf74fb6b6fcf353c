// Ops that take a dimension known only at run time, values by hand (as
// TensorFlow computes them). A static compilation: the dynamic sizes come
// from Where over the scores (boxes kept by a score threshold, as an
// MTCNN-style detector keeps its candidates).
// RUN: %python %S/Inputs/make_npy.py %t.image.npy "<f4" 1x3x3x1 iota
// RUN: %python %S/Inputs/make_npy.py %t.boxes.npy "<f4" 3x4 0,0,1,1,0,0,0.5,0.5,0.25,0.25,0.75,0.75
// RUN: %python %S/Inputs/make_npy.py %t.scores.npy "<f4" 3 0.9,0.1,0.8
// RUN: %python %S/Inputs/make_npy.py %t.none.npy "<f4" 3 0,0,0
// RUN: tfg-run %s --input image=%t.image.npy --input boxes=%t.boxes.npy --input scores=%t.scores.npy --outputs crops,tiled --print-outputs 32 | FileCheck %s
// RUN: tfg-run %s --input image=%t.image.npy --input boxes=%t.boxes.npy --input scores=%t.none.npy --outputs crops,tiled --print-outputs 32 | FileCheck %s --check-prefix=EMPTY

// CHECK: output crops: <f4 [?,2,2,1]
// CHECK: output tiled: <f4 [?,8]
// CHECK: set 0: {{.*}} -> crops [2,2,2,1] tiled [4,8]
// The image is iota 3x3 (image[y, x] = 3y + x), which bilinear sampling
// reproduces exactly. Scores 0.9, 0.1, 0.8 keep boxes 0 and 2.
// Box [0, 0, 1, 1] with 2x2 crops: in_y = 0 + y * (1 * 2 / 1) = 0, 2,
// likewise in_x: the corners 0 2 6 8. Box [0.25, 0.25, 0.75, 0.75]:
// in_y = 0.25 * 2 + y * (0.5 * 2 / 1) = 0.5, 1.5, likewise in_x:
// 3 * 0.5 + 0.5 = 2, 3, 5, 6.
// CHECK-NEXT: crops = 0 2 6 8 2 3 5 6{{$}}
// Tile(kept boxes [2, 4], [2, 2]): rows b0 b2 b0 b2, each box twice.
// CHECK-NEXT: tiled = 0 0 1 1 0 0 1 1 0.25 0.25 0.75 0.75 0.25 0.25 0.75 0.75 0 0 1 1 0 0 1 1 0.25 0.25 0.75 0.75 0.25 0.25 0.75 0.75{{$}}
// No score above the threshold: no box, no crop.
// EMPTY: set 0: {{.*}} -> crops [0,2,2,1] tiled [0,8]
// EMPTY-NEXT: crops ={{$}}
// EMPTY-NEXT: tiled ={{$}}

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %image, %c0 = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x3x3x1>} : () -> (tensor<1x3x3x1xf32>)
  %boxes, %c1 = tfg.Placeholder name("boxes") {dtype = f32, shape = #tfg.shape<3x4>} : () -> (tensor<3x4xf32>)
  %scores, %c2 = tfg.Placeholder name("scores") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
  %thr, %c3 = tfg.Const name("thr") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %keep, %c4 = tfg.Greater(%scores, %thr) name("keep") {T = f32} : (tensor<3xf32>, tensor<f32>) -> (tensor<*xi1>)
  %w, %c5 = tfg.Where(%keep) name("w") {T = i1} : (tensor<*xi1>) -> (tensor<*xi64>)
  %idx, %c6 = tfg.Squeeze(%w) name("idx") {T = i64, squeeze_dims = [1]} : (tensor<*xi64>) -> (tensor<*xi64>)
  %axis0, %c7 = tfg.Const name("axis0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %kb, %c8 = tfg.GatherV2(%boxes, %idx, %axis0) name("kept_boxes") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<3x4xf32>, tensor<*xi64>, tensor<i32>) -> (tensor<*xf32>)
  %zero, %c9 = tfg.Const name("zero") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<i64>)
  %bi64, %c10 = tfg.Mul(%idx, %zero) name("bi64") {T = i64} : (tensor<*xi64>, tensor<i64>) -> (tensor<*xi64>)
  %bi, %c11 = tfg.Cast(%bi64) name("box_ind") {SrcT = i64, DstT = i32} : (tensor<*xi64>) -> (tensor<*xi32>)
  %size, %c12 = tfg.Const name("size") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %crops, %c13 = tfg.CropAndResize(%image, %kb, %bi, %size) name("crops") {T = f32, method = "bilinear", extrapolation_value = 0.0 : f32} : (tensor<1x3x3x1xf32>, tensor<*xf32>, tensor<*xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %mult, %c14 = tfg.Const name("mult") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %tiled, %c15 = tfg.Tile(%kb, %mult) name("tiled") {T = f32, Tmultiples = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}
