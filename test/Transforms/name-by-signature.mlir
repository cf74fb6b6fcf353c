// RUN: tfg-opt %s --split-input-file --tfg-name-by-signature | FileCheck %s

// Inputs take their signature keys, each output gets an Identity of its key
// (through the IdentityN an inlined call leaves, which then goes), and the
// signature names the new tensors. A node already called `x` moves aside.
// CHECK-LABEL: module @renamed
// CHECK-SAME: tfg.signature = {inputs = {x = "x:0"}, name = "serving_default", outputs = {output_0 = "output_0:0"}}
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK: tfg.Const name("x_1")
// CHECK: %[[R:.*]], %[[CR:.*]] = tfg.Relu(%[[X]]) name("call/relu")
// CHECK: %[[N:.*]] = tfg.NoOp name("call/done")
// CHECK-NOT: IdentityN
// CHECK: tfg.Identity(%[[R]]) [%[[N]]] name("output_0") {T = f32}
module @renamed attributes {tfg.signature = {name = "serving_default", inputs = {x = "serving_default_x:0"}, outputs = {output_0 = "call:0"}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("serving_default_x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %k, %ck = tfg.Const name("x") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %r, %cr = tfg.Relu(%x) name("call/relu") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %cn = tfg.NoOp name("call/done")
    %c, %cc = tfg.IdentityN(%r) [%cn] name("call") {T = [f32]} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// An output that is not an IdentityN's is read as it is; the second output
// of a node keeps its index.
// CHECK-LABEL: module @plain_output
// CHECK: %[[S:.*]]:2, %{{.*}} = tfg.generic "Unique"(%{{.*}}) name("u")
// CHECK: tfg.Identity(%[[S]]#1) name("indices") {T = i32}
module @plain_output attributes {tfg.signature = {name = "serving_default", inputs = {}, outputs = {indices = "u:1"}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
    %u:2, %cu = tfg.generic "Unique"(%x) name("u") {T = f32, out_idx = i32} : (tensor<4xf32>) -> (tensor<?xf32>, tensor<4xi32>)
  }
}

// -----

// Negative: without a signature nothing changes.
// CHECK-LABEL: module @no_signature
// CHECK: tfg.Placeholder name("serving_default_x")
// CHECK-NOT: tfg.Identity
module @no_signature {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("serving_default_x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  }
}
