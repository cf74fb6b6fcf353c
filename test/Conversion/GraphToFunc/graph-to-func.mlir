// RUN: tfg-opt %s --split-input-file --tfg-graph-to-func | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-graph-to-func="batch-size=4 func-name=model" | FileCheck %s --check-prefix=BATCH

// The Placeholder becomes the argument (batch 1), the signature's output the
// result; the node nobody needs ("unused") is gone, control edges are
// dropped (every control operand uses one NoOp's token), and the graph is
// erased.
// CHECK-LABEL: module @with_signature
// CHECK: func.func @main(
// CHECK-SAME: %[[X:.*]]: tensor<1x3xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "out:0"})
// CHECK: %[[CTL:.*]] = tfg.NoOp name("_control_edges_dropped")
// CHECK-DAG: %[[C:.*]], %{{.*}} = tfg.Const [%[[CTL]]] name("c")
// CHECK-DAG: %[[R:.*]], %{{.*}} = tfg.Relu(%[[X]]) name("relu")
// CHECK: %[[O:.*]], %{{.*}} = tfg.Add(%[[R]], %[[C]]) name("out")
// CHECK-NOT: unused
// CHECK: return %[[O]]
// CHECK-NOT: tfg.graph
// BATCH-LABEL: module @with_signature
// BATCH: func.func @model(
// BATCH-SAME: tensor<4x3xf32>
module @with_signature attributes {tfg.signature = {inputs = {x = "x:0"}, name = "serving_default", outputs = {y = "out:0"}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x3>} : () -> (tensor<?x3xf32>)
    %c, %cc = tfg.Const [%cx] name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %r, %cr = tfg.Relu(%x) name("relu") {T = f32} : (tensor<?x3xf32>) -> (tensor<*xf32>)
    %u, %cu = tfg.Neg(%x) name("unused") {T = f32} : (tensor<?x3xf32>) -> (tensor<*xf32>)
    %o, %co = tfg.Add(%r, %c) name("out") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  }
}

// -----

// Without a signature, the outputs are the nodes nobody consumes; an unfed
// PlaceholderWithDefault computes its default.
// CHECK-LABEL: module @without_signature
// CHECK: func.func @main() -> (tensor<*xf32> {tfg.name = "y"})
// CHECK: tfg.PlaceholderWithDefault
// BATCH-LABEL: module @without_signature
// BATCH: func.func @model() -> (tensor<*xf32> {tfg.name = "y"})
module @without_signature {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %d, %cd = tfg.Const name("d") {dtype = f32, value = dense<2.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %p, %cp = tfg.PlaceholderWithDefault(%d) name("p") {dtype = f32, shape = #tfg.shape<2>} : (tensor<2xf32>) -> (tensor<2xf32>)
    %y, %cy = tfg.Relu(%p) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<*xf32>)
  }
}
