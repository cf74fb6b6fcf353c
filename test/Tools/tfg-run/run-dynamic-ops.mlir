// Ops that take a dimension known only at run time, values by hand (as
// TensorFlow computes them). A static compilation: the dynamic sizes come
// from Where over the scores (boxes kept by a score threshold, as an
// MTCNN-style detector keeps its candidates), and Slice's begin and size
// are inputs in two of its slices. The second run has no box left and
// begins out of range (clamped, where TensorFlow rejects them).
// RUN: %python %S/Inputs/make_npy.py %t.image.npy "<f4" 1x3x3x1 iota
// RUN: %python %S/Inputs/make_npy.py %t.boxes.npy "<f4" 3x4 0,0,1,1,0,0,0.5,0.5,0.25,0.25,0.75,0.75
// RUN: %python %S/Inputs/make_npy.py %t.scores.npy "<f4" 3 0.9,0.1,0.8
// RUN: %python %S/Inputs/make_npy.py %t.none.npy "<f4" 3 0,0,0
// RUN: %python %S/Inputs/make_npy.py %t.sb.npy "<i4" 2 1,2
// RUN: %python %S/Inputs/make_npy.py %t.ss.npy "<i4" 2 -1,2
// RUN: %python %S/Inputs/make_npy.py %t.sbfar.npy "<i4" 2 5,1
// RUN: %python %S/Inputs/make_npy.py %t.ssfar.npy "<i4" 2 1,9
// RUN: tfg-run %s --input image=%t.image.npy --input boxes=%t.boxes.npy --input scores=%t.scores.npy --input sb=%t.sb.npy --input ss=%t.ss.npy --outputs crops,tiled,sliced,run_time_slice,clamped_slice,box_size,mid,crops_short --print-outputs 32 | FileCheck %s
// RUN: tfg-run %s --input image=%t.image.npy --input boxes=%t.boxes.npy --input scores=%t.none.npy --input sb=%t.sbfar.npy --input ss=%t.ssfar.npy --outputs crops,tiled,sliced,run_time_slice,clamped_slice,box_size,mid,crops_short --print-outputs 32 | FileCheck %s --check-prefix=EMPTY

// CHECK: output crops: <f4 [?,2,2,1]
// CHECK: output tiled: <f4 [?,8]
// CHECK: output sliced: <f4 [?,2]
// CHECK: output run_time_slice: <f4 [?,?]
// CHECK: output clamped_slice: <f4 [2,2]
// CHECK: output box_size: <f4 [?,2]
// CHECK: output mid: <f4 [?,2]
// CHECK: output crops_short: <f4 [?,2,2,1]
// CHECK: set 0: {{.*}} -> crops [2,2,2,1] tiled [4,8] sliced [1,2] run_time_slice [2,2] clamped_slice [2,2] box_size [2,2] mid [2,2] crops_short [1,2,2,1]
// The image is iota 3x3 (image[y, x] = 3y + x), which bilinear sampling
// reproduces exactly. Scores 0.9, 0.1, 0.8 keep boxes 0 and 2.
// Box [0, 0, 1, 1] with 2x2 crops: in_y = 0 + y * (1 * 2 / 1) = 0, 2,
// likewise in_x: the corners 0 2 6 8. Box [0.25, 0.25, 0.75, 0.75]:
// in_y = 0.25 * 2 + y * (0.5 * 2 / 1) = 0.5, 1.5, likewise in_x:
// 3 * 0.5 + 0.5 = 2, 3, 5, 6.
// CHECK-NEXT: crops = 0 2 6 8 2 3 5 6{{$}}
// Tile(kept boxes [2, 4], [2, 2]): rows b0 b2 b0 b2, each box twice.
// CHECK-NEXT: tiled = 0 0 1 1 0 0 1 1 0.25 0.25 0.75 0.75 0.25 0.25 0.75 0.75 0 0 1 1 0 0 1 1 0.25 0.25 0.75 0.75 0.25 0.25 0.75 0.75{{$}}
// Slice(kept boxes [2, 4], [1, 1], [-1, 2]): row b2, columns 1 and 2.
// CHECK-NEXT: sliced = 0.25 0.75{{$}}
// Slice(boxes [3, 4], [1, 2], [-1, 2]) with begin and size given at run
// time: rows 1 and 2, columns 2 and 3.
// CHECK-NEXT: run_time_slice = 0.5 0.5 0.75 0.75{{$}}
// The same begin with a constant size [2, 2]: the same rows and columns.
// CHECK-NEXT: clamped_slice = 0.5 0.5 0.75 0.75{{$}}
// Split(1, kept boxes, 2): [y1, x1] and [y2, x2]; their difference is each
// box's height and width: 1 1 for b0, 0.5 0.5 for b2.
// CHECK-NEXT: box_size = 1 1 0.5 0.5{{$}}
// SplitV(kept boxes, [1, 2, -1], 1): the middle piece is [x1, y2].
// CHECK-NEXT: mid = 0 1 0.25 0.75{{$}}
// Two boxes but one box index (TensorFlow rejects unequal counts): as many
// crops as the shorter, box 0's corners.
// CHECK-NEXT: crops_short = 0 2 6 8{{$}}
// No score above the threshold: no box, no crop.
// EMPTY: set 0: {{.*}} -> crops [0,2,2,1] tiled [0,8] sliced [0,2] run_time_slice [0,3] clamped_slice [2,2] box_size [0,2] mid [0,2] crops_short [0,2,2,1]
// EMPTY-NEXT: crops ={{$}}
// EMPTY-NEXT: tiled ={{$}}
// Slice(kept boxes [0, 4], [1, 1], [-1, 2]): begin 1 is past the end;
// TensorFlow rejects it, the lowering clamps it: an empty slice.
// EMPTY-NEXT: sliced ={{$}}
// Slice(boxes [3, 4], [5, 1], [1, 9]): begin 5 clamps to 3 (1 row left:
// none), size 9 to the 3 columns after 1.
// EMPTY-NEXT: run_time_slice ={{$}}
// Slice(boxes, [5, 1], [2, 2]): begin 5 moves back to 3 - 2 = 1 (TensorFlow
// rejects it): rows 1 and 2, columns 1 and 2.
// EMPTY-NEXT: clamped_slice = 0 0.5 0.25 0.75{{$}}
// EMPTY-NEXT: box_size ={{$}}
// EMPTY-NEXT: mid ={{$}}
// EMPTY-NEXT: crops_short ={{$}}

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
  %sb, %c16 = tfg.Placeholder name("sb") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %ss, %c17 = tfg.Placeholder name("ss") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %b11, %c18 = tfg.Const name("b11") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s12, %c19 = tfg.Const name("s12") {dtype = i32, value = dense<[-1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %sliced, %c20 = tfg.Slice(%kb, %b11, %s12) name("sliced") {T = f32, Index = i32} : (tensor<*xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %rts, %c21 = tfg.Slice(%boxes, %sb, %ss) name("run_time_slice") {T = f32, Index = i32} : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %two, %c22 = tfg.Const name("two") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %cls, %c23 = tfg.Slice(%boxes, %sb, %two) name("clamped_slice") {T = f32, Index = i32} : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %axis1, %c24 = tfg.Const name("axis1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %corners:2, %c25 = tfg.Split(%axis1, %kb) name("corners") {T = f32, num_split = 2 : i64} : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %size2, %c26 = tfg.Sub(%corners#1, %corners#0) name("box_size") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %splits, %c27 = tfg.Const name("splits") {dtype = i32, value = dense<[1, 2, -1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %parts:3, %c28 = tfg.SplitV(%kb, %splits, %axis1) name("parts") {T = f32, Tlen = i32, num_split = 3 : i64} : (tensor<*xf32>, tensor<3xi32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %mid, %c29 = tfg.Identity(%parts#1) name("mid") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %one_ind, %c30 = tfg.Const name("one_ind") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %cs2, %c31 = tfg.CropAndResize(%image, %kb, %one_ind, %size) name("crops_short") {T = f32} : (tensor<1x3x3x1xf32>, tensor<*xf32>, tensor<1xi32>, tensor<2xi32>) -> (tensor<*xf32>)
}
