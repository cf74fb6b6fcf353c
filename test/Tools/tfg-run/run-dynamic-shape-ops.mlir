// MirrorPad, BroadcastTo and DepthToSpace on inputs with dynamic
// dimensions, compiled once with --dynamic-shapes and run on two input
// sets of other sizes; values by hand.
// RUN: %python %S/Inputs/make_npy.py %t.x1.npy "<f4" 2x3 1,2,3,4,5,6
// RUN: %python %S/Inputs/make_npy.py %t.x2.npy "<f4" 3x3 1,2,3,4,5,6,7,8,9
// RUN: %python %S/Inputs/make_npy.py %t.y.npy "<f4" 2x1 7,8
// RUN: %python %S/Inputs/make_npy.py %t.z1.npy "<f4" 1x1x2x4 iota
// RUN: %python %S/Inputs/make_npy.py %t.z2.npy "<f4" 1x2x1x4 iota
// RUN: tfg-run %s --dynamic-shapes --input x=%t.x1.npy --input z=%t.z1.npy --input x=%t.x2.npy --input z=%t.z2.npy --input y=%t.y.npy --print-outputs 32 | FileCheck %s

// CHECK: output mirror: <f4 [?,?]
// CHECK: output bcast: <f4 [2,3]
// CHECK: output d2s: <f4 [1,?,?,1]
// REFLECT, paddings [[1, 1], [0, 2]]: row -1 is row 1, row n is row n-2;
// columns n and n+1 are columns n-2 and n-3.
// CHECK: set 0: {{.*}} -> mirror [4,5] bcast [2,3] d2s [1,2,4,1]
// CHECK-NEXT: mirror = 4 5 6 5 4 1 2 3 2 1 4 5 6 5 4 1 2 3 2 1{{$}}
// CHECK-NEXT: bcast = 7 7 7 8 8 8{{$}}
// DepthToSpace, block 2: out[h*2+i, w*2+j] = in[h, w, i*2+j].
// CHECK-NEXT: d2s = 0 1 4 5 2 3 6 7{{$}}
// CHECK-NEXT: set 1: {{.*}} -> mirror [5,5] bcast [2,3] d2s [1,4,2,1]
// CHECK-NEXT: mirror = 4 5 6 5 4 1 2 3 2 1 4 5 6 5 4 7 8 9 8 7 4 5 6 5 4{{$}}
// CHECK-NEXT: bcast = 7 7 7 8 8 8{{$}}
// CHECK-NEXT: d2s = 0 1 2 3 4 5 6 7{{$}}

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x?>} : () -> (tensor<?x?xf32>)
  %p, %cp = tfg.Const name("p") {dtype = i32, value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %m, %cm = tfg.MirrorPad(%x, %p) name("mirror") {T = f32, Tpaddings = i32, mode = "REFLECT"} : (tensor<?x?xf32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  %y, %cy = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<?x1>} : () -> (tensor<?x1xf32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %b, %cb = tfg.BroadcastTo(%y, %s) name("bcast") {T = f32, Tidx = i32} : (tensor<?x1xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %z, %cz = tfg.Placeholder name("z") {dtype = f32, shape = #tfg.shape<1x?x?x4>} : () -> (tensor<1x?x?x4xf32>)
  %d, %cd = tfg.DepthToSpace(%z) name("d2s") {T = f32, block_size = 2 : i64, data_format = "NHWC"} : (tensor<1x?x?x4xf32>) -> (tensor<*xf32>)
}
