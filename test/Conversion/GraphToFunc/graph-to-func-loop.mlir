// RUN: tfg-opt %s --tfg-graph-to-func -verify-diagnostics
// RUN: not tfg-opt %s --tfg-graph-to-func 2>&1 | FileCheck %s

// A v1 while loop: the error names a node on the cycle (the one the
// depth-first walk from the outputs reaches again), at that node, and lists
// the control-flow nodes the outputs reach, by op type. -verify-diagnostics
// checks where and the first line; FileCheck the list on the lines after
// it, which an expected-error (one line) cannot.
// CHECK: error: node 'switch' (Switch) is on a cycle (a v1 while loop): loops cannot be lowered until raised to While (tfg-raise-v1-control-flow); control flow the outputs reach:
// CHECK-DAG: {{^}}  Exit: exit{{$}}
// CHECK-DAG: {{^}}  Switch: switch{{$}}
// CHECK-DAG: {{^}}  Merge: merge{{$}}
// CHECK-DAG: {{^}}  Enter: enter{{$}}
// CHECK-DAG: {{^}}  NextIteration: next{{$}}
// CHECK-DAG: {{^}}  LoopCond: cond{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %e, %ce = tfg.Enter(%x) name("enter") {T = f32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<f32>) -> (tensor<*xf32>)
  %m:2, %cm = tfg.Merge(%e, %n) name("merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>)
  %t, %ct = tfg.Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %lc, %clc = tfg.LoopCond(%t) name("cond") : (tensor<i1>) -> (tensor<*xi1>)
  // expected-error @+1 {{node 'switch' (Switch) is on a cycle (a v1 while loop): loops cannot be lowered until raised to While (tfg-raise-v1-control-flow); control flow the outputs reach:}}
  %s:2, %cs = tfg.Switch(%m#0, %lc) name("switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  %n, %cn = tfg.NextIteration(%s#1) name("next") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %o, %co = tfg.Exit(%s#0) name("exit") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
