// RUN: tfg-opt %s --tfg-remove-nodes="absorb-output-identities=true" | FileCheck %s

// An output Identity is absorbed into an ordinary producer, never into a v1
// control-flow node (isV1ControlFlow): RefNextIteration was missing from
// the pass's own list and took the Identity's name.
// CHECK-LABEL: module @absorb_not_into_control_flow
// CHECK: tfg.Neg(%{{.*}}) name("out")
// CHECK: tfg.generic "RefNextIteration"(%{{.*}}) name("next")
// CHECK: tfg.Identity(%{{.*}}) name("next_out")
module @absorb_not_into_control_flow {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %n, %cn = tfg.Neg(%x) name("neg") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %o, %co = tfg.Identity(%n) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %ni, %cni = tfg.generic "RefNextIteration"(%x) name("next") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %no, %cno = tfg.Identity(%ni) name("next_out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}
