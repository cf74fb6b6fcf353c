// MirrorPad, BroadcastTo, DepthToSpace and StridedSlice on inputs with dynamic
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
// CHECK: output tail: <f4 [?,?]
// CHECK: output d2s: <f4 [1,?,?,1]
// REFLECT, paddings [[1, 1], [0, 2]]: row -1 is row 1, row n is row n-2;
// columns n and n+1 are columns n-2 and n-3. x[1:-1:2]: rows 1 to n - 1
// by 2 (none of 2 rows); x[-2:, ::2]: the last two rows, columns 0 and 2.
// DepthToSpace, block 2: out[h*2+i, w*2+j] = in[h, w, i*2+j].
// CHECK: set 0: {{.*}} -> mirror [4,5] bcast [2,3] mid [0,3] tail [2,2] d2s [1,2,4,1]
// CHECK-NEXT: mirror = 4 5 6 5 4 1 2 3 2 1 4 5 6 5 4 1 2 3 2 1{{$}}
// CHECK-NEXT: bcast = 7 7 7 8 8 8{{$}}
// CHECK-NEXT: mid ={{$}}
// CHECK-NEXT: tail = 1 3 4 6{{$}}
// CHECK-NEXT: d2s = 0 1 4 5 2 3 6 7{{$}}
// CHECK-NEXT: set 1: {{.*}} -> mirror [5,5] bcast [2,3] mid [1,3] tail [2,2] d2s [1,4,2,1]
// CHECK-NEXT: mirror = 4 5 6 5 4 1 2 3 2 1 4 5 6 5 4 7 8 9 8 7 4 5 6 5 4{{$}}
// CHECK-NEXT: bcast = 7 7 7 8 8 8{{$}}
// CHECK-NEXT: mid = 4 5 6{{$}}
// CHECK-NEXT: tail = 4 6 7 9{{$}}
// CHECK-NEXT: d2s = 0 1 2 3 4 5 6 7{{$}}

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x?>} : () -> (tensor<?x?xf32>)
  %p, %cp = tfg.Const name("p") {dtype = i32, value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %m, %cm = tfg.MirrorPad(%x, %p) name("mirror") {T = f32, Tpaddings = i32, mode = "REFLECT"} : (tensor<?x?xf32>, tensor<2x2xi32>) -> (tensor<*xf32>)
  %y, %cy = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<?x1>} : () -> (tensor<?x1xf32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %b, %cb = tfg.BroadcastTo(%y, %s) name("bcast") {T = f32, Tidx = i32} : (tensor<?x1xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %z, %cz = tfg.Placeholder name("z") {dtype = f32, shape = #tfg.shape<1x?x?x4>} : () -> (tensor<1x?x?x4xf32>)
  %b1, %cb1 = tfg.Const name("b1") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %e1, %ce1 = tfg.Const name("e1") {dtype = i32, value = dense<[-1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s1, %cs1 = tfg.Const name("s1") {dtype = i32, value = dense<[2, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %mid, %cmid = tfg.StridedSlice(%x, %b1, %e1, %s1) name("mid") {T = f32, Index = i32, end_mask = 2 : i64} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %b2, %cb2 = tfg.Const name("b2") {dtype = i32, value = dense<[-2, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s2, %cs2 = tfg.Const name("s2") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %tail, %ctail = tfg.StridedSlice(%x, %b2, %b2, %s2) name("tail") {T = f32, Index = i32, end_mask = 3 : i64} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xf32>)
  %d, %cd = tfg.DepthToSpace(%z) name("d2s") {T = f32, block_size = 2 : i64, data_format = "NHWC"} : (tensor<1x?x?x4xf32>) -> (tensor<*xf32>)
}
