// RUN: tfg-opt %s --tfg-strip-unused-nodes 2>&1 | FileCheck %s

// Without outputs, unconsumed nodes other than Const/NoOp/... are outputs,
// and the pass says which it chose. The unconsumed Const and NoOp go.
// CHECK: remark: tfg-strip-unused-nodes: no outputs given; inferred: a, b
// CHECK-DAG: name("a")
// CHECK-DAG: name("b")
// CHECK-NOT: name("orphan_const")
// CHECK-NOT: name("init")
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %c, %cc = tfg.Const name("orphan_const") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %init = tfg.NoOp name("init")
  %a, %ca = tfg.Relu(%x) name("a") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %b, %cb = tfg.Neg(%x) name("b") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
