// RUN: tfg-opt %s --tfg-bind-placeholders="bindings=training=false,keep_prob=1.0,steps=3,image=0.5 inputs=fed_rate" | FileCheck %s

// Bound placeholders become Consts with their name, device and control
// inputs; an unbound Placeholder stays; a PlaceholderWithDefault that is not
// an input becomes its default; one named in inputs stays (it is fed).
// CHECK-LABEL: module @bound_placeholders
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK: %[[T:.*]], %{{.*}} = tfg.Const [%{{.*}}] name("training") device("/cpu:0") {dtype = i1, value = dense<false> : tensor<i1>}
// CHECK: %[[K:.*]], %{{.*}} = tfg.Const name("keep_prob") {dtype = f32, value = dense<1.000000e+00> : tensor<f32>}
// CHECK: %[[S:.*]], %{{.*}} = tfg.Const name("steps") {dtype = i32, value = dense<3> : tensor<i32>}
// CHECK: %[[I:.*]], %{{.*}} = tfg.Const name("image") {dtype = f32, value = dense<5.000000e-01> : tensor<1x2xf32>}
// CHECK: %[[DV:.*]], %{{.*}} = tfg.Const name("rate/default")
// CHECK-NOT: PlaceholderWithDefault{{.*}}name("rate")
// CHECK: tfg.PlaceholderWithDefault(%[[DV]]) name("fed_rate")
// CHECK: tfg.Identity(%[[T]])
// CHECK: tfg.Mul(%[[X]], %[[K]])
// CHECK: tfg.Identity(%[[DV]]) name("uses_default")
module @bound_placeholders {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x2>} : () -> (tensor<?x2xf32>)
    %t, %ct = tfg.Placeholder [%cx] name("training") device("/cpu:0") {dtype = i1, shape = #tfg.shape<*>} : () -> (tensor<*xi1>)
    %k, %ck = tfg.Placeholder name("keep_prob") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
    %s, %cs = tfg.Placeholder name("steps") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %i, %ci = tfg.Placeholder name("image") {dtype = f32, shape = #tfg.shape<1x2>} : () -> (tensor<1x2xf32>)
    %dv, %cdv = tfg.Const name("rate/default") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    %d, %cd = tfg.PlaceholderWithDefault(%dv) name("rate") {dtype = f32, shape = #tfg.shape<>} : (tensor<f32>) -> (tensor<f32>)
    %fd, %cfd = tfg.PlaceholderWithDefault(%dv) name("fed_rate") {dtype = f32, shape = #tfg.shape<>} : (tensor<f32>) -> (tensor<f32>)
    %fu, %cfu = tfg.Identity(%fd) name("uses_fed") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %u, %cu = tfg.Identity(%t) name("uses_training") {T = i1} : (tensor<*xi1>) -> (tensor<*xi1>)
    %m, %cm = tfg.Mul(%x, %k) name("uses_keep") {T = f32} : (tensor<?x2xf32>, tensor<f32>) -> (tensor<?x2xf32>)
    %v, %cv = tfg.Identity(%d) name("uses_default") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %a, %ca = tfg.AddN(%s, %s) [%ci] name("uses_steps") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  }
}

