// RUN: tfg-opt %s --tfg-summarize="title=model" -o /dev/null 2>&1 | FileCheck %s
// RUN: tfg-opt %s --tfg-summarize="to-stdout=true" | FileCheck %s --check-prefix=IR

// CHECK: === model: 5 nodes, 1 control edges, 1 constants (6 values, 24 bytes)
// CHECK-NEXT: inputs: x (f32[?, 3])
// CHECK-NEXT: outputs: y (Add)
// CHECK-NEXT: variables: none
// CHECK-NEXT: ops: Add=1 Const=1 Identity=1 NoOp=1 Placeholder=1
// CHECK-NEXT: suggested: tfg-opt MODEL.mlir --tfg-optimize-for-inference="inputs=x outputs=y"

// The pass changes nothing.
// IR: === graph: 5 nodes
// IR: tfg.graph
// IR-COUNT-5: name(
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %i, %ci = tfg.Identity(%w) name("w/read") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %init = tfg.NoOp [%cw] name("init")
  %y, %cy = tfg.Add(%x, %i) name("y") {T = f32} : (tensor<?x3xf32>, tensor<2x3xf32>) -> (tensor<?x3xf32>)
}
