// RUN: tfg-opt %s --tfg-lower-to-linalg="outputs=cumsum,strides,onehot,dense" | FileCheck %s

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[DROP0:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32> {tfg.name = "x"}, %[[IDX:.*]]: tensor<4xi32> {tfg.name = "idx"}, %[[SM:.*]]: tensor<2x2xi64> {tfg.name = "sm"}, %[[SV:.*]]: tensor<2xf32> {tfg.name = "sv"})
// A Cumprod of a constant shape is a constant (row-major strides).
// CHECK-DAG: %[[STRIDES:.*]] = arith.constant dense<[12, 4, 1]> : tensor<3xi32>
// CHECK-DAG: %[[DEFAULT:.*]] = arith.constant -1.000000e+00 : f32

// Cumsum, exclusive and reverse, along axis 1: a sequential loop from the
// last column, writing the running sum before adding the column.
// CHECK: %[[SUM0:.*]] = linalg.fill {{.*}} -> tensor<2x1xf32>
// CHECK: %[[SCAN:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:.*]] = %{{.*}}, %[[SUM:.*]] = %[[SUM0]])
// CHECK: %[[AT:.*]] = arith.subi %{{.*}}, %[[K]] : index
// CHECK: %[[COL:.*]] = tensor.extract_slice %[[X]][0, %[[AT]]] [2, 1] [1, 1]
// CHECK: %[[NEXT:.*]] = linalg.generic {{.*}} ins(%[[SUM]], %[[COL]] :
// CHECK: arith.addf
// CHECK: %[[WRITTEN:.*]] = tensor.insert_slice %[[SUM]] into %[[OUT]][0, %[[AT]]] [2, 1] [1, 1]
// CHECK: scf.yield %[[WRITTEN]], %[[NEXT]]

// OneHot on axis 0: the index of output dimension 0 compared with the
// index read without that dimension; on/off values are scalars.
// CHECK: %[[HOT:.*]] = linalg.generic {indexing_maps = [#[[DROP0]], #[[SCALAR]], #[[SCALAR]], #[[ID]]]{{.*}} ins(%[[IDX]], %{{.*}}, %{{.*}} : tensor<4xi32>, tensor<f32>, tensor<f32>) outs(%{{.*}} : tensor<3x4xf32>)
// CHECK: %[[J:.*]] = linalg.index 0 : index
// CHECK: %[[J64:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK: %[[I64:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[I64]], %[[J64]] : i64
// CHECK: arith.select %[[EQ]]

// SparseToDense: fill with the default, then store each listed value whose
// index is in bounds, in order.
// CHECK: %[[FILLED:.*]] = linalg.fill ins(%[[DEFAULT]] : f32) outs(%{{.*}} : tensor<3x2xf32>)
// CHECK: %[[DENSE:.*]] = scf.for %[[N:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[FILLED]]) -> (tensor<3x2xf32>)
// CHECK: %[[R:.*]] = tensor.extract %[[SM]][%[[N]], %{{.*}}] : tensor<2x2xi64>
// CHECK: arith.cmpi sge, %[[R]]
// CHECK: arith.cmpi slt, %[[R]]
// CHECK: %[[C:.*]] = tensor.extract %[[SM]][%[[N]], %{{.*}}] : tensor<2x2xi64>
// CHECK: arith.andi
// CHECK: %[[OK:.*]] = arith.andi
// CHECK: scf.if %[[OK]] -> (tensor<3x2xf32>)
// CHECK: %[[V:.*]] = tensor.extract %[[SV]][%[[N]]]
// CHECK: tensor.insert %[[V]] into %[[ACC]]
// CHECK: } else {
// CHECK: scf.yield %[[ACC]]
// CHECK: return %[[SCAN]]#0, %[[STRIDES]], %[[HOT]], %[[DENSE]]
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %_0 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x3>} : () -> (tensor<2x3xf32>)
  %idx, %_2 = tfg.Placeholder name("idx") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
  %sm, %_4 = tfg.Placeholder name("sm") {dtype = i64, shape = #tfg.shape<2x2>} : () -> (tensor<2x2xi64>)
  %sv, %_5 = tfg.Placeholder name("sv") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %one, %_9 = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %er, %_15 = tfg.Cumsum(%x, %one) name("cumsum") {T = f32, Tidx = i32, exclusive = true, reverse = true} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<*xf32>)
  %shape, %_19 = tfg.Const name("shape") {dtype = i32, value = dense<[2, 3, 4]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %zero, %_20 = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %st, %_21 = tfg.Cumprod(%shape, %zero) name("strides") {T = i32, Tidx = i32, exclusive = true, reverse = true} : (tensor<3xi32>, tensor<i32>) -> (tensor<*xi32>)
  %depth, %_22 = tfg.Const name("depth") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %on, %_23 = tfg.Const name("on") {dtype = f32, value = dense<5.0> : tensor<f32>} : () -> (tensor<f32>)
  %off, %_24 = tfg.Const name("off") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
  %oh0, %_26 = tfg.OneHot(%idx, %depth, %on, %off) name("onehot") {T = f32, TI = i32, axis = 0 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
  %s32, %_30 = tfg.Const name("s32") {dtype = i64, value = dense<[3, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %dm, %_32 = tfg.SparseToDense(%sm, %s32, %sv, %off) name("dense") {T = f32, Tindices = i64} : (tensor<2x2xi64>, tensor<2xi64>, tensor<2xf32>, tensor<f32>) -> (tensor<*xf32>)
}
