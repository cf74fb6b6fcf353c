// MTCNN's candidate filtering on inputs of any length, compiled once with
// --dynamic-shapes: boxes [?, 4] and scores [?] kept by a score threshold
// (Greater, Where, Squeeze, Gather of params whose gathered dimension is
// dynamic), then NonMaxSuppressionV2 over the run-time number of kept
// boxes, and the survivors gathered again; box_ind for a crop of each box
// as MTCNN makes it, Tile([0], Shape(scores)) (run-time multiples). Values
// by hand.
// RUN: %python %S/Inputs/make_npy.py %t.b1.npy "<f4" 5x4 0,0,1,1,0,0,1,1.1,2,2,3,3,5,5,6,6,0,0,0.5,1
// RUN: %python %S/Inputs/make_npy.py %t.s1.npy "<f4" 5 0.9,0.8,0.3,0.7,0.6
// RUN: %python %S/Inputs/make_npy.py %t.b2.npy "<f4" 3x4 0,0,1,1,1,1,2,2,2,2,3,3
// RUN: %python %S/Inputs/make_npy.py %t.s2.npy "<f4" 3 0.1,0.2,0.5
// RUN: tfg-run %s --dynamic-shapes --input boxes=%t.b1.npy --input scores=%t.s1.npy --input boxes=%t.b2.npy --input scores=%t.s2.npy --outputs kept,selected,picked,picked_scores,box_ind --print-outputs 16 | FileCheck %s

// CHECK: output picked: <f4 [?,4]
// Scores above 0.5 keep boxes 0, 1, 3, 4. NMS in score order: b0 is
// selected, b1 overlaps it (IoU 1 / 1.1 > 0.5) and goes, b3 is apart, b4
// overlaps b0 by exactly 0.5 (not more) and stays: kept indices 0 2 3.
// CHECK: set 0: {{.*}} -> kept [4,4] selected [3] picked [3,4] picked_scores [3] box_ind [5]
// CHECK-NEXT: kept = 0 0 1 1 0 0 1 1.10000002 5 5 6 6 0 0 0.5 1{{$}}
// CHECK-NEXT: selected = 0 2 3{{$}}
// CHECK-NEXT: picked = 0 0 1 1 5 5 6 6 0 0 0.5 1{{$}}
// CHECK-NEXT: picked_scores = 0.899999976 0.699999988 0.600000024{{$}}
// CHECK-NEXT: box_ind = 0 0 0 0 0{{$}}
// No score above 0.5: nothing is kept, selected or picked.
// CHECK-NEXT: set 1: {{.*}} -> kept [0,4] selected [0] picked [0,4] picked_scores [0] box_ind [3]

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %boxes, %cb = tfg.Placeholder name("boxes") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %scores, %cs = tfg.Placeholder name("scores") {dtype = f32, shape = #tfg.shape<?>} : () -> (tensor<?xf32>)
  %th, %cth = tfg.Const name("th") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %mask, %cm = tfg.Greater(%scores, %th) name("mask") {T = f32} : (tensor<?xf32>, tensor<f32>) -> (tensor<*xi1>)
  %where, %cw = tfg.Where(%mask) name("where") {T = i1} : (tensor<*xi1>) -> (tensor<*xi64>)
  %idx, %ci = tfg.Squeeze(%where) name("idx") {T = i64, squeeze_dims = [1]} : (tensor<*xi64>) -> (tensor<*xi64>)
  %kept, %ck = tfg.Gather(%boxes, %idx) name("kept") {Tindices = i64, Tparams = f32, validate_indices = true} : (tensor<?x4xf32>, tensor<*xi64>) -> (tensor<*xf32>)
  %ks, %cks = tfg.Gather(%scores, %idx) name("kept_scores") {Tindices = i64, Tparams = f32, validate_indices = true} : (tensor<?xf32>, tensor<*xi64>) -> (tensor<*xf32>)
  %max, %cmax = tfg.Const name("max") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %iou, %ciou = tfg.Const name("iou") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %sel, %csel = tfg.NonMaxSuppressionV2(%kept, %ks, %max, %iou) name("selected") {T = f32, T_threshold = f32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
  %picked, %cp = tfg.Gather(%kept, %sel) name("picked") {Tindices = i32, Tparams = f32, validate_indices = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %axis, %ca = tfg.Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %sh, %csh = tfg.Shape(%scores) name("shape") {T = f32, out_type = i32} : (tensor<?xf32>) -> (tensor<*xi32>)
  %z, %cz = tfg.Const name("z") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %bi, %cbi = tfg.Tile(%z, %sh) name("box_ind") {T = i32, Tmultiples = i32} : (tensor<1xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %ps, %cps = tfg.GatherV2(%ks, %sel, %axis) name("picked_scores") {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xf32>)
}
