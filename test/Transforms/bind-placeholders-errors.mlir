// Each binding error names the node and what is wrong; nothing is written.
// RUN: not tfg-opt %s --tfg-bind-placeholders="bindings=nope=1" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: tfg-bind-placeholders: no Placeholder or PlaceholderWithDefault named 'nope'
// RUN: not tfg-opt %s --tfg-bind-placeholders="bindings=y=1" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=NOTPH
// NOTPH: error: tfg-bind-placeholders: no Placeholder or PlaceholderWithDefault named 'y'
// RUN: not tfg-opt %s --tfg-bind-placeholders="bindings=flag=maybe" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: tfg-bind-placeholders: 'maybe' is not a value of dtype 'i1' (binding for node 'flag')
// RUN: not tfg-opt %s --tfg-bind-placeholders="bindings=count=300" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: error: tfg-bind-placeholders: '300' is not a value of dtype 'ui8' (binding for node 'count')
// RUN: not tfg-opt %s --tfg-bind-placeholders="bindings=x=1.0" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: tfg-bind-placeholders: node 'x' has shape with unknown dimensions
// RUN: not tfg-opt %s --tfg-bind-placeholders="bindings=flag" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: tfg-bind-placeholders: binding 'flag' is not name=value
// RUN: test ! -e %t.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x2>} : () -> (tensor<?x2xf32>)
  %f, %cf = tfg.Placeholder name("flag") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %c, %cc = tfg.Placeholder name("count") {dtype = ui8, shape = #tfg.shape<>} : () -> (tensor<ui8>)
  %y, %cy = tfg.Identity(%x) name("y") {T = f32} : (tensor<?x2xf32>) -> (tensor<?x2xf32>)
}
