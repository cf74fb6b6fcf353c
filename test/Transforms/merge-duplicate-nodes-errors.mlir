// Errors name the node or option at fault, where it is; nothing is written:
// a `keep` name that matches no node, a cycle through no NextIteration (the
// graph has no execution order to number it in), a module without a graph.
// RUN: split-file %s %t
// RUN: tfg-opt %t/keep.mlir --tfg-merge-duplicate-nodes="keep=nope" -verify-diagnostics
// RUN: not tfg-opt %t/keep.mlir --tfg-merge-duplicate-nodes="keep=nope" -o %t/out.mlir
// RUN: tfg-opt %t/errors.mlir --split-input-file --tfg-merge-duplicate-nodes -verify-diagnostics
// RUN: not tfg-opt %t/errors.mlir --split-input-file --tfg-merge-duplicate-nodes -o %t/out.mlir
// RUN: test ! -e %t/out.mlir

//--- keep.mlir
// expected-error @+1 {{tfg-merge-duplicate-nodes: no node named 'nope' in the graph (keep=)}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %y, %cy = tfg.Identity(%x) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}

//--- errors.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{tfg-merge-duplicate-nodes: node 'a' is on a cycle that passes through no NextIteration}}
  %a, %ca = tfg.Add(%x, %b) name("a") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %b, %cb = tfg.Relu(%a) name("b") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %y, %cy = tfg.Identity(%b) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}

// -----

// expected-error @+1 {{the module holds no tfg.graph}}
module {
}
