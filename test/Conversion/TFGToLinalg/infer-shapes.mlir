// RUN: tfg-opt %s --split-input-file --tfg-graph-to-func="batch-size=3" --tfg-infer-shapes --verify-diagnostics | FileCheck %s

// Static result types from the input shapes, through a shape subgraph
// (Shape -> StridedSlice -> Pack -> Reshape) and a SAME convolution; the
// nodes stay TFG nodes, and the function's result type follows.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<3x8x8x2xf32> {tfg.name = "x"}) -> (tensor<3x256xf32> {tfg.name = "flat"})
// CHECK: tfg.Conv2D({{.*}} -> (tensor<3x4x4x16xf32>)
// CHECK: tfg.Shape({{.*}} -> (tensor<4xi32>)
// CHECK: tfg.StridedSlice({{.*}} -> (tensor<i32>)
// CHECK: tfg.Pack({{.*}} -> (tensor<2xi32>)
// CHECK: tfg.Reshape({{.*}} -> (tensor<3x256xf32>)
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x8x8x2>} : () -> (tensor<?x8x8x2xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<1.0> : tensor<3x3x2x16xf32>} : () -> (tensor<3x3x2x16xf32>)
  %c, %cc = tfg.Conv2D(%x, %w) name("conv") {T = f32, padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x8x8x2xf32>, tensor<3x3x2x16xf32>) -> (tensor<*xf32>)
  %s, %cs = tfg.Shape(%c) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e, %ce = tfg.Const name("e") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %batch, %cbt = tfg.StridedSlice(%s, %b, %e, %e) name("batch") {T = i32, Index = i32, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %m1, %cm = tfg.Const name("m1") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %p, %cp = tfg.Pack(%batch, %m1) name("pack") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  %f, %cf = tfg.Reshape(%c, %p) name("flat") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}

// -----

// A shape that depends on data is dynamic: its rank is the length of the
// shape vector, every dimension is known only at run time.
// CHECK-LABEL: func.func @main(%{{.*}}: tensor<4xf32> {tfg.name = "x"}, %{{.*}}: tensor<2xi32> {tfg.name = "s"}) -> (tensor<?x?xf32> {tfg.name = "r"})
// CHECK: tfg.Reshape({{.*}} -> (tensor<?x?xf32>)
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %r, %cr = tfg.Reshape(%x, %s) name("r") {T = f32, Tshape = i32} : (tensor<4xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}

// -----

// Must not fire because every type is already static: the Relu keeps its
// type and no cast is inserted.
// CHECK-LABEL: module @already_static
// CHECK: func.func @main(%{{.*}}: tensor<3x2xf32> {tfg.name = "x"}) -> (tensor<3x2xf32> {tfg.name = "relu"})
// CHECK-NEXT: tfg.NoOp
// CHECK-NEXT: tfg.Relu(%{{.*}}) name("relu") {T = f32} : (tensor<3x2xf32>) -> (tensor<3x2xf32>)
// CHECK-NEXT: return
// CHECK-NOT: cast
module @already_static {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x2>} : () -> (tensor<?x2xf32>)
    %r, %cr = tfg.Relu(%x) name("relu") {T = f32} : (tensor<?x2xf32>) -> (tensor<3x2xf32>)
  }
}
