// A cycle that passes through no NextIteration is an error naming a node on
// it (not a node after it); a module without a graph too. Nothing is
// written.
// RUN: tfg-opt %s --split-input-file --tfg-sort-by-execution-order -verify-diagnostics
// RUN: not tfg-opt %s --split-input-file --tfg-sort-by-execution-order -o %t.mlir
// RUN: test ! -e %t.mlir

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %y, %cy = tfg.Identity(%b) name("after_the_cycle") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %a, %ca = tfg.Add(%x, %b) name("a") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  // expected-error @+1 {{tfg-sort-by-execution-order: node 'b' is on a cycle that passes through no NextIteration}}
  %b, %cb = tfg.Relu(%a) name("b") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}

// -----

// A control edge closing the cycle counts too: here a node waits for itself.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg-sort-by-execution-order: node 'c' is on a cycle that passes through no NextIteration}}
  %c, %cc = tfg.Const [%cc] name("c") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
}

// -----

// expected-error @+1 {{the module holds no tfg.graph}}
module {
}
