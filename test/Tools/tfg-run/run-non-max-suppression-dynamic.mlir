// The unpadded NonMaxSuppression outputs have a length known only at run
// time (tensor<?xi32>): tfg-run passes them with the run's shape. Four boxes
// by hand: b1 overlaps b0 (IoU 1/1.1 > 0.5) and goes; b2 and b3 are apart,
// so 3 of the 4 slots are filled, in score order. A GatherV2 of the boxes
// at the selected indices consumes the dynamic length.
// RUN: tfg-run %s --outputs v3,v4,v4:1,v5,v5:1,v5:2,kept --print-outputs 12 | FileCheck %s

// CHECK: output v3: <i4 [?]
// CHECK: output v5:1: <f4 [?]
// CHECK: set 0: -> v3 [3] v4 [3] v4:1 [] v5 [3] v5:1 [3] v5:2 [] kept [3,4]
// CHECK-NEXT: v3 = 0 2 3{{$}}
// CHECK-NEXT: v4 = 0 2 3{{$}}
// CHECK-NEXT: v4:1 = 3{{$}}
// CHECK-NEXT: v5 = 0 2 3{{$}}
// CHECK-NEXT: v5:1 = 0.899999976 0.699999988 0.100000001{{$}}
// CHECK-NEXT: v5:2 = 3{{$}}
// The selected boxes, gathered at the run-time indices.
// CHECK-NEXT: kept = 0 0 1 1 2 2 3 3 5 5 6 6{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Const name("b") {dtype = f32, value = dense<[[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.1], [2.0, 2.0, 3.0, 3.0], [5.0, 5.0, 6.0, 6.0]]> : tensor<4x4xf32>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Const name("s") {dtype = f32, value = dense<[0.9, 0.8, 0.7, 0.1]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %sig, %csig = tfg.Const name("sig") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %v3, %cv3 = tfg.NonMaxSuppressionV3(%b, %s, %m, %t, %st) name("v3") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>)
  %v4:2, %cv4 = tfg.NonMaxSuppressionV4(%b, %s, %m, %t, %st) name("v4") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
  %axis, %caxis = tfg.Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %kept, %ckept = tfg.GatherV2(%b, %v3, %axis) name("kept") {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<4x4xf32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xf32>)
  %v5:3, %cv5 = tfg.NonMaxSuppressionV5(%b, %s, %m, %t, %st, %sig) name("v5") {T = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xi32>)
}
