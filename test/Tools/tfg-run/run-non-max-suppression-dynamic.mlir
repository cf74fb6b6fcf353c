// The unpadded NonMaxSuppression outputs have a length known only at run
// time (tensor<?xi32>). Until tfg-run passes such results, asking for one
// is one clear error (exit 1), not a crash; the count beside it runs.
// RUN: not tfg-run %s --random-inputs --outputs nms 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: tfg-run %s --random-inputs --outputs nms:1 --print-outputs 1 | FileCheck %s --check-prefix=COUNT

// DYNAMIC: tfg-run: error: result 0 has type 'tensor<?xi32>', which tfg-run cannot pass
// DYNAMIC-NOT: Stack dump
// COUNT: output nms:1: <i4 []
// COUNT: nms:1 = {{[0-3]}}{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %st, %cst = tfg.Const name("st") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %n:2, %cn = tfg.NonMaxSuppressionV4(%b, %s, %m, %t, %st) name("nms") {T = f32, T_threshold = f32} : (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi32>)
}
