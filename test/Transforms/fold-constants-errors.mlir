// Constant inputs that are wrong for the op: an error at the node
// (TensorFlow's fold_constants fails the same way); with ignore-errors, a
// warning there, and the node stays as it was while the rest folds.
// RUN: split-file %s %t
// RUN: tfg-opt %t/errors.mlir --split-input-file --tfg-fold-constants -verify-diagnostics
// RUN: tfg-opt %t/ignore.mlir --tfg-fold-constants="ignore-errors=true" -verify-diagnostics | FileCheck %s --check-prefix=IGNORE

// IGNORE-LABEL: module @ignore_errors
// IGNORE: tfg.FloorDiv(%{{.*}}, %{{.*}}) name("div")
// IGNORE: tfg.Const name("fine") {dtype = i32, value = dense<3> : tensor<i32>}

//--- ignore.mlir
module @ignore_errors {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
    %z, %cz = tfg.Const name("z") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %two, %ctwo = tfg.Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
    // expected-warning @+1 {{tfg-fold-constants: node 'div' cannot be folded: FloorDiv: integer division by zero}}
    %d, %cd = tfg.FloorDiv(%a, %z) name("div") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
    %f, %cf = tfg.FloorDiv(%a, %two) name("fine") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
  }
}

//--- errors.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %a, %ca = tfg.Const name("a") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %z, %cz = tfg.Const name("z") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %two, %ctwo = tfg.Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{tfg-fold-constants: node 'div' cannot be folded: FloorDiv: integer division by zero}}
  %d, %cd = tfg.FloorDiv(%a, %z) name("div") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
  %f, %cf = tfg.FloorDiv(%a, %two) name("fine") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Const name("params") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %i, %ci = tfg.Const name("indices") {dtype = i32, value = dense<[0, 5]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %ax, %cax = tfg.Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{tfg-fold-constants: node 'gather' cannot be folded: GatherV2: index 5 not in [0, 3)}}
  %g, %cg = tfg.GatherV2(%p, %i, %ax) name("gather") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Const name("x") {dtype = f32, value = dense<1.0> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %s, %cs = tfg.Const name("shape") {dtype = i32, value = dense<[4, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  // expected-error @+1 {{tfg-fold-constants: node 'reshape' cannot be folded: Reshape: 6 values cannot take the shape given}}
  %r, %cr = tfg.Reshape(%x, %s) name("reshape") {T = f32, Tshape = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Const name("x") {dtype = i32, value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e, %ce = tfg.Const name("e") {dtype = i32, value = dense<[4]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  // expected-error @+1 {{tfg-fold-constants: node 'slice' cannot be folded: StridedSlice: index 3 out of bounds in dimension 0 of size 3}}
  %r, %cr = tfg.StridedSlice(%x, %b, %e, %s) name("slice") {T = i32, Index = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<3xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
}
