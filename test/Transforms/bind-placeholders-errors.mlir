// Each binding error names the node and what is wrong, at that node (at the
// graph when no node is at fault); nothing is written.
// RUN: split-file %s %t
// RUN: tfg-opt %t/graph.mlir --tfg-bind-placeholders="bindings=nope=1" -verify-diagnostics
// RUN: not tfg-opt %t/graph.mlir --tfg-bind-placeholders="bindings=nope=1" -o %t/out.mlir
// RUN: tfg-opt %t/not-placeholder.mlir --tfg-bind-placeholders="bindings=y=1" -verify-diagnostics
// RUN: not tfg-opt %t/not-placeholder.mlir --tfg-bind-placeholders="bindings=y=1" -o %t/out.mlir
// RUN: tfg-opt %t/dtype.mlir --tfg-bind-placeholders="bindings=flag=maybe" -verify-diagnostics
// RUN: not tfg-opt %t/dtype.mlir --tfg-bind-placeholders="bindings=flag=maybe" -o %t/out.mlir
// RUN: tfg-opt %t/range.mlir --tfg-bind-placeholders="bindings=count=300" -verify-diagnostics
// RUN: not tfg-opt %t/range.mlir --tfg-bind-placeholders="bindings=count=300" -o %t/out.mlir
// RUN: tfg-opt %t/shape.mlir --tfg-bind-placeholders="bindings=x=1.0" -verify-diagnostics
// RUN: not tfg-opt %t/shape.mlir --tfg-bind-placeholders="bindings=x=1.0" -o %t/out.mlir
// RUN: tfg-opt %t/syntax.mlir --tfg-bind-placeholders="bindings=flag" -verify-diagnostics
// RUN: not tfg-opt %t/syntax.mlir --tfg-bind-placeholders="bindings=flag" -o %t/out.mlir
// RUN: test ! -e %t/out.mlir

//--- graph.mlir
// No such node.
// expected-error @+1 {{tfg-bind-placeholders: no Placeholder or PlaceholderWithDefault named 'nope'}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
}

//--- not-placeholder.mlir
// A node that is no Placeholder: reported like a missing one.
// expected-error @+1 {{tfg-bind-placeholders: no Placeholder or PlaceholderWithDefault named 'y'}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %y, %cy = tfg.Identity(%x) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}

//--- dtype.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg-bind-placeholders: 'maybe' is not a value of dtype 'i1' (binding for node 'flag')}}
  %f, %cf = tfg.Placeholder name("flag") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
}

//--- range.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg-bind-placeholders: '300' is not a value of dtype 'ui8' (binding for node 'count')}}
  %c, %cc = tfg.Placeholder name("count") {dtype = ui8, shape = #tfg.shape<>} : () -> (tensor<ui8>)
}

//--- shape.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg-bind-placeholders: node 'x' has shape with unknown dimensions}}
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x2>} : () -> (tensor<?x2xf32>)
}

//--- syntax.mlir
// expected-error @+1 {{tfg-bind-placeholders: binding 'flag' is not name=value}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %f, %cf = tfg.Placeholder name("flag") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
}
