// A `keep` name that matches no node, and a module without a graph, are
// errors naming what is wrong; nothing is written.
// RUN: tfg-opt %s --split-input-file --tfg-remove-dropout="keep=nope:0" -verify-diagnostics
// RUN: not tfg-opt %s --split-input-file --tfg-remove-dropout="keep=nope:0" -o %t.mlir
// RUN: test ! -e %t.mlir

// expected-error @+1 {{tfg-remove-dropout: no node named 'nope' in the graph (keep=)}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %y, %cy = tfg.Identity(%x) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}

// -----

// expected-error @+1 {{the module holds no tfg.graph}}
module {
}
