// A small CNN (Conv2D + BiasAdd + Relu + MaxPool, Flatten as Shape ->
// StridedSlice -> Pack([batch, -1]) -> Reshape, MatMul + BiasAdd + Softmax)
// whose Placeholder has an unknown batch, compiled ONCE with
// --dynamic-shapes and run on 8 single samples and on their stack (batch
// 8) in the same process: each row of the batch must be exactly the
// sample's own result. The first run is the default, specialized
// compilation for batch 1 (the lowering checked against TensorFlow.js on
// the corpus), which the dynamic code must reproduce exactly too.
// RUN: %python %S/Inputs/make_npy.py %t.x0.npy "<f4" 1x6x6x1 seed=10
// RUN: %python %S/Inputs/make_npy.py %t.x1.npy "<f4" 1x6x6x1 seed=11
// RUN: %python %S/Inputs/make_npy.py %t.x2.npy "<f4" 1x6x6x1 seed=12
// RUN: %python %S/Inputs/make_npy.py %t.x3.npy "<f4" 1x6x6x1 seed=13
// RUN: %python %S/Inputs/make_npy.py %t.x4.npy "<f4" 1x6x6x1 seed=14
// RUN: %python %S/Inputs/make_npy.py %t.x5.npy "<f4" 1x6x6x1 seed=15
// RUN: %python %S/Inputs/make_npy.py %t.x6.npy "<f4" 1x6x6x1 seed=16
// RUN: %python %S/Inputs/make_npy.py %t.x7.npy "<f4" 1x6x6x1 seed=17
// RUN: %python %S/Inputs/stack_npy.py %t.xs.npy %t.x0.npy %t.x1.npy %t.x2.npy %t.x3.npy %t.x4.npy %t.x5.npy %t.x6.npy %t.x7.npy
// RUN: tfg-run %s --input x=%t.x0.npy --print-outputs 3 > %t.out
// RUN: tfg-run %s --dynamic-shapes --input x=%t.x0.npy --input x=%t.x1.npy --input x=%t.x2.npy --input x=%t.x3.npy --input x=%t.x4.npy --input x=%t.x5.npy --input x=%t.x6.npy --input x=%t.x7.npy --input x=%t.xs.npy --print-outputs 24 >> %t.out
// RUN: FileCheck %s < %t.out

// Specialized for batch 1:
// CHECK: input  x: <f4 [1,6,6,1]
// CHECK: output prob: <f4 [1,3]
// CHECK: prob = [[STATIC:[-0-9.e]+ [-0-9.e]+ [-0-9.e]+]]{{$}}

// Compiled once, dynamic batch:
// CHECK: input  x: <f4 [?,6,6,1]
// CHECK-NEXT: output prob: <f4 [?,3]
// CHECK: set 0: x [1,6,6,1] -> prob [1,3]
// CHECK-NEXT: prob = [[STATIC]]{{$}}
// CHECK-NEXT: set 1: x [1,6,6,1] -> prob [1,3]
// CHECK-NEXT: prob = [[P1:[-0-9.e]+ [-0-9.e]+ [-0-9.e]+]]{{$}}
// CHECK-NEXT: set 2: x [1,6,6,1] -> prob [1,3]
// CHECK-NEXT: prob = [[P2:[-0-9.e]+ [-0-9.e]+ [-0-9.e]+]]{{$}}
// CHECK-NEXT: set 3: x [1,6,6,1] -> prob [1,3]
// CHECK-NEXT: prob = [[P3:[-0-9.e]+ [-0-9.e]+ [-0-9.e]+]]{{$}}
// CHECK-NEXT: set 4: x [1,6,6,1] -> prob [1,3]
// CHECK-NEXT: prob = [[P4:[-0-9.e]+ [-0-9.e]+ [-0-9.e]+]]{{$}}
// CHECK-NEXT: set 5: x [1,6,6,1] -> prob [1,3]
// CHECK-NEXT: prob = [[P5:[-0-9.e]+ [-0-9.e]+ [-0-9.e]+]]{{$}}
// CHECK-NEXT: set 6: x [1,6,6,1] -> prob [1,3]
// CHECK-NEXT: prob = [[P6:[-0-9.e]+ [-0-9.e]+ [-0-9.e]+]]{{$}}
// CHECK-NEXT: set 7: x [1,6,6,1] -> prob [1,3]
// CHECK-NEXT: prob = [[P7:[-0-9.e]+ [-0-9.e]+ [-0-9.e]+]]{{$}}
// CHECK-NEXT: set 8: x [8,6,6,1] -> prob [8,3]
// CHECK-NEXT: prob = [[STATIC]] [[P1]] [[P2]] [[P3]] [[P4]] [[P5]] [[P6]] [[P7]]{{$}}

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x6x6x1>} : () -> (tensor<?x6x6x1xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[[[-0.250, 0.244]], [[0.431, 0.378]], [[0.153, 0.455]]], [[[0.400, -0.256]], [[-0.307, 0.353]], [[0.222, -0.018]]], [[[-0.312, -0.471]], [[0.274, -0.001]], [[0.398, -0.350]]]]> : tensor<3x3x1x2xf32>} : () -> (tensor<3x3x1x2xf32>)
  %b, %cb = tfg.Const name("b") {dtype = f32, value = dense<[-0.046, -0.069]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %conv, %cconv = tfg.Conv2D(%x, %w) name("conv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<?x6x6x1xf32>, tensor<3x3x1x2xf32>) -> (tensor<*xf32>)
  %bias, %cbias = tfg.BiasAdd(%conv, %b) name("bias") {T = f32} : (tensor<*xf32>, tensor<2xf32>) -> (tensor<*xf32>)
  %relu, %crelu = tfg.Relu(%bias) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %pool, %cpool = tfg.MaxPool(%relu) name("pool") {T = f32, ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %shape, %cshape = tfg.Shape(%pool) name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %b0, %cb0 = tfg.Const name("b0") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e1, %ce1 = tfg.Const name("e1") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %batch, %cbatch = tfg.StridedSlice(%shape, %b0, %e1, %e1) name("batch") {T = i32, Index = i32, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %m1, %cm1 = tfg.Const name("m1") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %pack, %cpack = tfg.Pack(%batch, %m1) name("pack") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  %flat, %cflat = tfg.Reshape(%pool, %pack) name("flat") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %w2, %cw2 = tfg.Const name("w2") {dtype = f32, value = dense<[[-0.003, -0.086, -0.238], [-0.011, -0.088, 0.238], [0.254, 0.038, 0.135], [0.159, -0.257, 0.063], [-0.055, -0.235, -0.010], [0.122, -0.017, -0.222], [-0.130, -0.090, -0.091], [0.280, 0.117, -0.143], [-0.078, -0.141, 0.254], [0.204, -0.068, 0.088], [-0.110, -0.295, -0.271], [-0.261, 0.223, 0.091], [0.066, -0.123, -0.234], [0.160, -0.263, 0.167], [-0.130, -0.004, 0.160], [0.254, -0.177, 0.176], [-0.121, 0.120, -0.163], [-0.298, -0.141, 0.299]]> : tensor<18x3xf32>} : () -> (tensor<18x3xf32>)
  %b2, %cb2 = tfg.Const name("b2") {dtype = f32, value = dense<[0.003, 0.053, -0.062]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %mm, %cmm = tfg.MatMul(%flat, %w2) name("mm") {T = f32} : (tensor<*xf32>, tensor<18x3xf32>) -> (tensor<*xf32>)
  %logits, %clogits = tfg.BiasAdd(%mm, %b2) name("logits") {T = f32} : (tensor<*xf32>, tensor<3xf32>) -> (tensor<*xf32>)
  %prob, %cprob = tfg.Softmax(%logits) name("prob") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
