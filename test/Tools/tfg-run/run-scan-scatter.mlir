// Cumsum / Cumprod (exclusive, reverse, negative axis), OneHot (axis 0 and
// -1, negative and too large indices) and SparseToDense (matrix, vector and
// scalar indices, default fill), as TensorFlow's kernels define them;
// values by hand. Inputs are fed (computed at run time); strides is a
// Cumprod of a constant shape, evaluated while lowering.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 2x3 "1,2,3,4,5,6"
// RUN: %python %S/Inputs/make_npy.py %t.xi.npy "<i4" 2x3 "1,2,3,4,5,6"
// RUN: %python %S/Inputs/make_npy.py %t.idx.npy "<i4" 4 "0,2,-1,3"
// RUN: %python %S/Inputs/make_npy.py %t.idx2.npy "<i8" 2x2 "0,1,2,3"
// RUN: %python %S/Inputs/make_npy.py %t.sm.npy "<i4" 2x2 "0,1,2,0"
// RUN: %python %S/Inputs/make_npy.py %t.sv.npy "<f4" 2 "7,8"
// RUN: %python %S/Inputs/make_npy.py %t.vec.npy "<i4" 4 "4,0,9,-1"
// RUN: %python %S/Inputs/make_npy.py %t.dup.npy "<i4" 2 "1,1"
// RUN: %python %S/Inputs/make_npy.py %t.dupv.npy "<f4" 2 "5,6"
// RUN: tfg-run %s --input x=%t.x.npy --input xi=%t.xi.npy --input idx=%t.idx.npy --input idx2=%t.idx2.npy \
// RUN:   --input sm=%t.sm.npy --input sv=%t.sv.npy --input vec=%t.vec.npy --input dup=%t.dup.npy --input dupv=%t.dupv.npy \
// RUN:   --outputs cumsum,exclusive,reverse,exclusive_reverse,axis0,cumprod,cumprod_er,strides,splat_sum,onehot_last,onehot_first,onehot_2d,dense_matrix,dense_vector,dense_scalar,dense_repeated \
// RUN:   --print-outputs 16 | FileCheck %s

// x = [[1, 2, 3], [4, 5, 6]] along axis 1.
// CHECK: cumsum = 1 3 6 4 9 15{{$}}
// CHECK: exclusive = 0 1 3 0 4 9{{$}}
// CHECK: reverse = 6 5 3 15 11 6{{$}}
// CHECK: exclusive_reverse = 5 3 0 11 6 0{{$}}
// Axis -2 (= 0).
// CHECK: axis0 = 1 2 3 5 7 9{{$}}
// CHECK: cumprod = 1 2 6 4 20 120{{$}}
// CHECK: cumprod_er = 6 3 1 30 6 1{{$}}
// The row-major strides of shape [2, 3, 4].
// CHECK: strides = 12 4 1{{$}}
// A splat constant (one stored value) scans like the others.
// CHECK: splat_sum = 1 2 3 4{{$}}
// Indices [0, 2, -1, 3], depth 3, on 5, off -1: -1 and 3 give all off.
// CHECK: onehot_last = 5 -1 -1 -1 -1 5 -1 -1 -1 -1 -1 -1{{$}}
// CHECK: onehot_first = 5 -1 -1 -1 -1 -1 -1 -1 -1 5 -1 -1{{$}}
// int64 indices [[0, 1], [2, 3]] on axis 1, bool values: out[i][j][k] =
// indices[i][k] == j.
// CHECK: onehot_2d = 1 0 0 1 0 0 0 0 0 0 1 0{{$}}
// Indices [[0, 1], [2, 0]], values [7, 8] into [3, 2] filled with 0.5.
// CHECK: dense_matrix = 0.5 7 0.5 0.5 8 0.5{{$}}
// Vector indices [4, 0, 9, -1], one value 1 for all, shape [5]: 9 and -1
// are out of bounds (TensorFlow fails) and skipped.
// CHECK: dense_vector = 1 0 0 0 1{{$}}
// A scalar index 2, shape [4], default -1.
// CHECK: dense_scalar = -1 -1 3.5 -1{{$}}
// A repeated index keeps its last value (validate_indices false, as
// TensorFlow writes them in order).
// CHECK: dense_repeated = 0 6 0{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %_0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %xi, %_1 = tfg.Placeholder name("xi") {dtype = i32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xi32>)
  %idx, %_2 = tfg.Placeholder name("idx") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %idx2, %_3 = tfg.Placeholder name("idx2") {dtype = i64, shape = #tfg.shape<2x2>} : () -> (tensor<2x2xi64>)
  %sm, %_4 = tfg.Placeholder name("sm") {dtype = i32, shape = #tfg.shape<2x2>} : () -> (tensor<2x2xi32>)
  %sv, %_5 = tfg.Placeholder name("sv") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %vec, %_6 = tfg.Placeholder name("vec") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %dup, %_7 = tfg.Placeholder name("dup") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %dupv, %_8 = tfg.Placeholder name("dupv") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %one, %_9 = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %m2, %_10 = tfg.Const name("m2") {dtype = i32, value = dense<-2> : tensor<i32>} : () -> (tensor<i32>)
  %m1, %_11 = tfg.Const name("m1") {dtype = i64, value = dense<-1> : tensor<i64>} : () -> (tensor<i64>)
  %cs, %_12 = tfg.Cumsum(%x, %one) name("cumsum") {T = f32, Tidx = i32} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<*xf32>)
  %ex, %_13 = tfg.Cumsum(%x, %one) name("exclusive") {T = f32, Tidx = i32, exclusive = true} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<*xf32>)
  %rv, %_14 = tfg.Cumsum(%x, %one) name("reverse") {T = f32, Tidx = i32, reverse = true} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<*xf32>)
  %er, %_15 = tfg.Cumsum(%x, %one) name("exclusive_reverse") {T = f32, Tidx = i32, exclusive = true, reverse = true} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<*xf32>)
  %a0, %_16 = tfg.Cumsum(%x, %m2) name("axis0") {T = f32, Tidx = i32} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<*xf32>)
  %cp, %_17 = tfg.Cumprod(%xi, %m1) name("cumprod") {T = i32, Tidx = i64} : (tensor<2x3xi32>, tensor<i64>) -> (tensor<*xi32>)
  %cper, %_18 = tfg.Cumprod(%xi, %m1) name("cumprod_er") {T = i32, Tidx = i64, exclusive = true, reverse = true} : (tensor<2x3xi32>, tensor<i64>) -> (tensor<*xi32>)
  %shape, %_19 = tfg.Const name("shape") {dtype = i32, value = dense<[2, 3, 4]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %zero, %_20 = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %st, %_21 = tfg.Cumprod(%shape, %zero) name("strides") {T = i32, Tidx = i32, exclusive = true, reverse = true} : (tensor<3xi32>, tensor<i32>) -> (tensor<*xi32>)
  %ones, %_43 = tfg.Const name("ones") {dtype = i32, value = dense<1> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %ss, %_44 = tfg.Cumsum(%ones, %zero) name("splat_sum") {T = i32, Tidx = i32} : (tensor<4xi32>, tensor<i32>) -> (tensor<*xi32>)
  %depth, %_22 = tfg.Const name("depth") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %on, %_23 = tfg.Const name("on") {dtype = f32, value = dense<5.0> : tensor<f32>} : () -> (tensor<f32>)
  %off, %_24 = tfg.Const name("off") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
  %oh1, %_25 = tfg.OneHot(%idx, %depth, %on, %off) name("onehot_last") {T = f32, TI = i32, axis = -1 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %oh0, %_26 = tfg.OneHot(%idx, %depth, %on, %off) name("onehot_first") {T = f32, TI = i32, axis = 0 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %true, %_27 = tfg.Const name("true") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %false, %_28 = tfg.Const name("false") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %oh2, %_29 = tfg.OneHot(%idx2, %depth, %true, %false) name("onehot_2d") {T = i1, TI = i64, axis = 1 : i64} : (tensor<2x2xi64>, tensor<i32>, tensor<i1>, tensor<i1>) -> (tensor<*xi1>)
  %s32, %_30 = tfg.Const name("s32") {dtype = i32, value = dense<[3, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %half, %_31 = tfg.Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %dm, %_32 = tfg.SparseToDense(%sm, %s32, %sv, %half) name("dense_matrix") {T = f32, Tindices = i32} : (tensor<2x2xi32>, tensor<2xi32>, tensor<2xf32>, tensor<f32>) -> (tensor<*xf32>)
  %s5, %_33 = tfg.Const name("s5") {dtype = i32, value = dense<[5]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %izero, %_34 = tfg.Const name("izero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %dv, %_35 = tfg.SparseToDense(%vec, %s5, %one, %izero) name("dense_vector") {T = i32, Tindices = i32} : (tensor<4xi32>, tensor<1xi32>, tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
  %two, %_36 = tfg.Const name("two") {dtype = i64, value = dense<2> : tensor<i64>} : () -> (tensor<i64>)
  %s4, %_37 = tfg.Const name("s4") {dtype = i64, value = dense<[4]> : tensor<1xi64>} : () -> (tensor<1xi64>)
  %v35, %_38 = tfg.Const name("v35") {dtype = f32, value = dense<3.5> : tensor<f32>} : () -> (tensor<f32>)
  %ds, %_39 = tfg.SparseToDense(%two, %s4, %v35, %off) name("dense_scalar") {T = f32, Tindices = i64} : (tensor<i64>, tensor<1xi64>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %s3, %_40 = tfg.Const name("s3") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %fzero, %_41 = tfg.Const name("fzero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %dr, %_42 = tfg.SparseToDense(%dup, %s3, %dupv, %fzero) name("dense_repeated") {T = f32, Tindices = i32, validate_indices = false} : (tensor<2xi32>, tensor<1xi32>, tensor<2xf32>, tensor<f32>) -> (tensor<*xf32>)
}
