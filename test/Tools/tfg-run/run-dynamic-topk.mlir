// TopKV2 over rows whose number is known only at run time ([?, 4]),
// compiled once with --dynamic-shapes: k = 2 (bounded insertion) and k = 4
// (merge sort), on 3 rows and on 1; values by hand (ties to the lower
// index, as TensorFlow's kernel).
// RUN: %python %S/Inputs/make_npy.py %t.x1.npy "<f4" 3x4 1,4,2,3,5,5,0,1,-1,-3,-2,-4
// RUN: %python %S/Inputs/make_npy.py %t.x2.npy "<f4" 1x4 0.5,0.25,1,0.75
// RUN: tfg-run %s --dynamic-shapes --input x=%t.x1.npy --input x=%t.x2.npy --outputs top2,top2:1,top4,top4:1 --print-outputs 16 | FileCheck %s

// CHECK: output top2: <f4 [?,2]
// CHECK: set 0: {{.*}} -> top2 [3,2] top2:1 [3,2] top4 [3,4] top4:1 [3,4]
// CHECK-NEXT: top2 = 4 3 5 5 -1 -2{{$}}
// CHECK-NEXT: top2:1 = 1 3 0 1 0 2{{$}}
// CHECK-NEXT: top4 = 4 3 2 1 5 5 1 0 -1 -2 -3 -4{{$}}
// CHECK-NEXT: top4:1 = 1 3 2 0 0 1 3 2 0 2 1 3{{$}}
// CHECK-NEXT: set 1: {{.*}} -> top2 [1,2] top2:1 [1,2] top4 [1,4] top4:1 [1,4]
// CHECK-NEXT: top2 = 1 0.75{{$}}
// CHECK-NEXT: top2:1 = 2 3{{$}}
// CHECK-NEXT: top4 = 1 0.75 0.5 0.25{{$}}
// CHECK-NEXT: top4:1 = 2 3 0 1{{$}}

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
  %k2, %ck2 = tfg.Const name("k2") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %t2:2, %ct2 = tfg.TopKV2(%x, %k2) name("top2") {T = f32, sorted = true} : (tensor<?x4xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  %k4, %ck4 = tfg.Const name("k4") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %t4:2, %ct4 = tfg.TopKV2(%x, %k4) name("top4") {T = f32, sorted = true} : (tensor<?x4xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
}
