// RUN: tfg-opt %s --split-input-file --tfg-remove-nodes | FileCheck %s

// A chain of Identity nodes is spliced out; the output node (nobody
// consumes it) stays. Users of a removed node's token depend on its input's
// producer and its own control inputs; data users get its control inputs.
// CHECK-LABEL: module @identity_chain
// CHECK: %[[X:.*]], %[[CX:.*]] = tfg.Placeholder name("x")
// CHECK: %{{.*}}, %[[CC:.*]] = tfg.Const name("c")
// CHECK-NOT: name("i")
// CHECK-NOT: name("j")
// CHECK: tfg.Relu(%[[X]]) [%[[CC]]] name("relu")
// CHECK: tfg.Const [%[[CX]], %[[CC]]] name("k")
// CHECK: tfg.Identity(%{{.*}}) name("out")
module @identity_chain {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %i, %ci = tfg.Identity(%x) [%cc] name("i") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %j, %cj = tfg.Identity(%i) name("j") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %r, %cr = tfg.Relu(%j) name("relu") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %k, %ck = tfg.Const [%ci] name("k") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %s, %cs = tfg.Add(%r, %k) name("sum") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %out, %co = tfg.Identity(%s) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}
