// RUN: tfg-opt %s --tfg-lower-to-linalg -verify-diagnostics
// RUN: not tfg-opt %s --tfg-lower-to-linalg 2>&1 | FileCheck %s

// Ops without a lowering are listed in one error with the nodes that use
// them, before anything is converted, at the graph. -verify-diagnostics
// checks where and the first line; FileCheck the list on the lines after
// it, which an expected-error (one line) cannot.
// CHECK: error: cannot lower 3 nodes of 2 op types without a CPU lowering (v1 control flow, string ops and training ops like BroadcastGradientArgs are not lowered):
// CHECK-NEXT: {{^}}  BroadcastGradientArgs: bga{{$}}
// CHECK-NEXT: {{^}}  MyOp: custom1, custom2{{$}}
// CHECK-NOT: error: cannot lower
// expected-error @+1 {{cannot lower 3 nodes of 2 op types without a CPU lowering}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %b, %cb = tfg.Placeholder name("b") {dtype = f32, shape = #tfg.shape<4x4>} : () -> (tensor<4x4xf32>)
  %s0, %cs0 = tfg.Const name("s0") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %s1, %cs1 = tfg.Const name("s1") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %n:2, %cn = tfg.BroadcastGradientArgs(%s0, %s1) name("bga") {T = i32} : (tensor<2xi32>, tensor<1xi32>) -> (tensor<*xi32>, tensor<*xi32>)
  %u1, %cu1 = tfg.generic "MyOp"(%b) name("custom1") : (tensor<4x4xf32>) -> (tensor<*xf32>)
  %u2, %cu2 = tfg.generic "MyOp"(%u1) name("custom2") : (tensor<*xf32>) -> (tensor<*xf32>)
  %o, %co = tfg.Identity(%n#0) name("out") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o2, %co2 = tfg.Identity(%u2) name("out2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

