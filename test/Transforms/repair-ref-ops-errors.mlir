// A module without a graph, or with two, is an error; nothing is written.
// RUN: tfg-opt %s --split-input-file --tfg-repair-ref-ops -verify-diagnostics
// RUN: not tfg-opt %s --split-input-file --tfg-repair-ref-ops -o %t.mlir
// RUN: test ! -e %t.mlir

// expected-error @+1 {{the module holds no tfg.graph}}
module {
}

// -----

module {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  }
  // expected-error @+1 {{expected one tfg.graph in the module, found several}}
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  }
}
