// RUN: tfg-opt %s --tfg-strip-unused-nodes="inputs=mid:0 outputs=out:0" | FileCheck %s

// A node named as input becomes a Placeholder of its dtype and shape; what
// fed it is no longer needed.
// CHECK-LABEL: module @inputs_become_placeholders
// CHECK-NOT: name("x")
// CHECK-NOT: tfg.Relu
// CHECK: %[[MID:.*]], %{{.*}} = tfg.Placeholder name("mid") device("/cpu:0") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
// CHECK: tfg.Identity(%[[MID]]) name("out")
module @inputs_become_placeholders {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
    %mid, %cm = tfg.Relu(%x) name("mid") device("/cpu:0") {T = f32} : (tensor<?x3xf32>) -> (tensor<?x3xf32>)
    %out, %co = tfg.Identity(%mid) name("out") {T = f32} : (tensor<?x3xf32>) -> (tensor<?x3xf32>)
  }
}
