// Sizes known only at run time, values by hand (as TensorFlow computes
// them): Where's coordinates, Range with tensor bounds, and
// tf.boolean_mask's lowering (Reshape to -1, Where, Squeeze, GatherV2 with
// a dynamic number of indices). A static compilation: the dynamic sizes
// come from the data, not from the input shapes.
// RUN: %python %S/Inputs/make_npy.py %t.mask.npy "|b1" 2x3 1,0,1,0,0,1
// RUN: %python %S/Inputs/make_npy.py %t.v.npy "<f4" 4 0,2.5,0,-1
// RUN: %python %S/Inputs/make_npy.py %t.t.npy "<f4" 2x3 iota
// RUN: %python %S/Inputs/make_npy.py %t.rows.npy "|b1" 2 0,1
// RUN: %python %S/Inputs/make_npy.py %t.start.npy "<i4" "" 3
// RUN: %python %S/Inputs/make_npy.py %t.limit.npy "<i4" "" 12
// RUN: %python %S/Inputs/make_npy.py %t.delta.npy "<i4" "" 4
// RUN: %python %S/Inputs/make_npy.py %t.none.npy "<f4" 4 0,0,0,0
// RUN: tfg-run %s --input mask=%t.mask.npy --input v=%t.v.npy --input t=%t.t.npy --input rows=%t.rows.npy --input start=%t.start.npy --input limit=%t.limit.npy --input delta=%t.delta.npy --outputs where_mask,where_v,range_int,range_float,range_down,masked,masked_rows --print-outputs 12 | FileCheck %s
// RUN: tfg-run %s --input mask=%t.mask.npy --input v=%t.none.npy --input t=%t.t.npy --input rows=%t.rows.npy --input start=%t.limit.npy --input limit=%t.start.npy --input delta=%t.delta.npy --outputs where_v,range_int --print-outputs 12 | FileCheck %s --check-prefix=EMPTY

// CHECK: output where_mask: <i8 [?,2]
// CHECK: output where_v: <i8 [?,1]
// CHECK: output range_int: <i4 [?]
// CHECK: output masked: <f4 [?]
// CHECK: output masked_rows: <f4 [?,3]
// CHECK: set 0: {{.*}} -> where_mask [3,2] where_v [2,1] range_int [3] range_float [3] range_down [3] masked [3] masked_rows [1,3]
// Where([[1,0,1],[0,0,1]]): [[0,0],[0,2],[1,2]].
// CHECK-NEXT: where_mask = 0 0 0 2 1 2{{$}}
// Where([0, 2.5, 0, -1]) (non-zero floats): [[1],[3]].
// CHECK-NEXT: where_v = 1 3{{$}}
// Range(3, 12, 4): (|12 - 3| + 4 - 1) / 4 = 3 elements.
// CHECK-NEXT: range_int = 3 7 11{{$}}
// Range(0.5, 2.0, 0.5) as floats from cast bounds: ceil(1.5 / 0.5) = 3.
// CHECK-NEXT: range_float = 0.5 1 1.5{{$}}
// Range(12, 3, -4) counts down: 12 8 4.
// CHECK-NEXT: range_down = 12 8 4{{$}}
// boolean_mask(iota [2,3], mask): flat elements 0, 2, 5.
// CHECK-NEXT: masked = 0 2 5{{$}}
// boolean_mask(iota [2,3], [false, true]): the second row.
// CHECK-NEXT: masked_rows = 3 4 5{{$}}

// No true element: Where gives [0, 1]; Range(12, 3, 4) points away from the
// limit: empty (TensorFlow rejects it).
// EMPTY: set 0: {{.*}} -> where_v [0,1] range_int [0]
// EMPTY-NEXT: where_v ={{$}}
// EMPTY-NEXT: range_int ={{$}}

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %mask, %c0 = tfg.Placeholder name("mask") {dtype = i1, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xi1>)
  %v, %c1 = tfg.Placeholder name("v") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %t, %c2 = tfg.Placeholder name("t") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %rows, %c3 = tfg.Placeholder name("rows") {dtype = i1, shape = #tfg.shape<2>} : () -> (tensor<2xi1>)
  %start, %c4 = tfg.Placeholder name("start") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %limit, %c5 = tfg.Placeholder name("limit") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %delta, %c6 = tfg.Placeholder name("delta") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %wm, %c7 = tfg.Where(%mask) name("where_mask") {T = i1} : (tensor<2x3xi1>) -> (tensor<*xi64>)
  %wv, %c8 = tfg.Where(%v) name("where_v") {T = f32} : (tensor<4xf32>) -> (tensor<*xi64>)
  %ri, %c9 = tfg.Range(%start, %limit, %delta) name("range_int") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
  %half, %c10 = tfg.Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %fstart, %c11 = tfg.Cast(%start) name("fstart") {SrcT = i32, DstT = f32} : (tensor<i32>) -> (tensor<*xf32>)
  %fs, %c12 = tfg.Mul(%fstart, %half) name("fs") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %fl, %c13 = tfg.Const name("fl") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %one, %c14 = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %fstart2, %c15 = tfg.Sub(%fs, %one) name("fstart2") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %rf, %c16 = tfg.Range(%fstart2, %fl, %half) name("range_float") {Tidx = f32} : (tensor<*xf32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %negdelta, %c17 = tfg.Neg(%delta) name("negdelta") {T = i32} : (tensor<i32>) -> (tensor<*xi32>)
  %rd, %c18 = tfg.Range(%limit, %start, %negdelta) name("range_down") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<*xi32>) -> (tensor<*xi32>)
  %m1, %c19 = tfg.Const name("m1") {dtype = i32, value = dense<[-1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %tflat, %c20 = tfg.Reshape(%t, %m1) name("tflat") {T = f32, Tshape = i32} : (tensor<2x3xf32>, tensor<1xi32>) -> (tensor<*xf32>)
  %mflat, %c21 = tfg.Reshape(%mask, %m1) name("mflat") {T = i1, Tshape = i32} : (tensor<2x3xi1>, tensor<1xi32>) -> (tensor<*xi1>)
  %wf, %c22 = tfg.Where(%mflat) name("wf") {T = i1} : (tensor<*xi1>) -> (tensor<*xi64>)
  %idx, %c23 = tfg.Squeeze(%wf) name("idx") {T = i64, squeeze_dims = [1]} : (tensor<*xi64>) -> (tensor<*xi64>)
  %axis0, %c24 = tfg.Const name("axis0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %masked, %c25 = tfg.GatherV2(%tflat, %idx, %axis0) name("masked") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<*xf32>, tensor<*xi64>, tensor<i32>) -> (tensor<*xf32>)
  %wr, %c26 = tfg.Where(%rows) name("wr") {T = i1} : (tensor<2xi1>) -> (tensor<*xi64>)
  %ridx, %c27 = tfg.Squeeze(%wr) name("ridx") {T = i64, squeeze_dims = [1]} : (tensor<*xi64>) -> (tensor<*xi64>)
  %mr, %c28 = tfg.GatherV2(%t, %ridx, %axis0) name("masked_rows") {Tparams = f32, Tindices = i64, Taxis = i32, batch_dims = 0 : i64} : (tensor<2x3xf32>, tensor<*xi64>, tensor<i32>) -> (tensor<*xf32>)
}
