// Dynamic dimensions that an elementwise op does not broadcast must agree
// at run time: the runner checks what the code assumes of its inputs
// before each call, so a mismatch is an error naming the inputs and the
// node, not a read out of bounds. y = x + u with x [?,2], u [?,?]: x's and
// u's dimension 0 are equal, u's dimension 1 is 2.
// RUN: %python %S/Inputs/make_npy.py %t.x2.npy "<f4" 2x2 1,2,3,4
// RUN: %python %S/Inputs/make_npy.py %t.u2.npy "<f4" 2x2 10,20,30,40
// RUN: %python %S/Inputs/make_npy.py %t.u3.npy "<f4" 3x2 10,20,30,40,50,60
// RUN: %python %S/Inputs/make_npy.py %t.u13.npy "<f4" 2x3 1,1,1,1,1,1
// RUN: tfg-opt %s --tfg-lower-to-linalg="dynamic-dims=true" | FileCheck %s --check-prefix=ATTR
// RUN: tfg-run %s --dynamic-shapes --input x=%t.x2.npy --input u=%t.u2.npy --print-outputs 4 | FileCheck %s
// RUN: not tfg-run %s --dynamic-shapes --input x=%t.x2.npy --input u=%t.u3.npy 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: not tfg-run %s --dynamic-shapes --input x=%t.x2.npy --input u=%t.u13.npy 2>&1 | FileCheck %s --check-prefix=COLS
// A lowered .mlir brings its own checks: they must fit its signature.
// RUN: %python %S/Inputs/make_npy.py %t.v.npy "<f4" 2 0,1
// RUN: not tfg-run %S/Inputs/bad-dim-checks.mlir --input x=%t.v.npy 2>&1 | FileCheck %s --check-prefix=MALFORMED

// ATTR: func.func @main({{.*}} attributes {{{.*}}tfg.run_time_dim_checks = {{\[}}["y", 0, 0, 1, 0], ["y", 1, 1, -1, 2]]
// CHECK: input  x: <f4 [?,2]
// CHECK: input  u: <f4 [?,?]
// CHECK: y = 11 22 33 44{{$}}
// ROWS: tfg-run: error: input 'x' has 2 in dimension 0, but input 'u' has 3 in dimension 0, and node 'y' needs them equal (dynamic dimensions are not broadcast)
// MALFORMED: tfg-run: error: @main has a malformed tfg.run_time_dim_checks entry ["y", 5, 0, -1, 2]
// COLS: tfg-run: error: input 'u' has 3 in dimension 1, but node 'y' needs 2 there (a dynamic dimension is not broadcast)

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x2>} : () -> (tensor<?x2xf32>)
  %u, %cu = tfg.Placeholder name("u") {dtype = f32, shape = #tfg.shape<?x?>} : () -> (tensor<?x?xf32>)
  %y, %cy = tfg.AddV2(%x, %u) name("y") {T = f32} : (tensor<?x2xf32>, tensor<?x?xf32>) -> (tensor<*xf32>)
}
