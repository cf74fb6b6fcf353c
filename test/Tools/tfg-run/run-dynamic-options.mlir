// tfg-run's --dynamic-shapes and input sets: what each run is compiled for,
// and the errors when the inputs do not fit.
// RUN: %python %S/Inputs/make_npy.py %t.x1.npy "<f4" 1x2 -1,2
// RUN: %python %S/Inputs/make_npy.py %t.x3.npy "<f4" 3x2 1,-2,3,-4,5,-6
// RUN: %python %S/Inputs/make_npy.py %t.x13.npy "<f4" 1x3 1,2,3
// RUN: %python %S/Inputs/make_npy.py %t.s.npy "<f4" "" 10

// One compiled model, inputs of two batch sizes; the scalar s, given once,
// is in both sets. y = Relu(x) * s; z = Fill([batch, 3], 1.5) with the
// batch read from Shape(x).
// RUN: tfg-run %s --dynamic-shapes --input x=%t.x1.npy --input x=%t.x3.npy --input s=%t.s.npy --print-outputs 6 | FileCheck %s
// CHECK: input  x: <f4 [?,2]
// CHECK: output y: <f4 [?,2]
// CHECK: output z: <f4 [?,3]
// CHECK: set 0: x [1,2] s [] -> y [1,2] z [1,3]
// CHECK-NEXT: y = 0 20{{$}}
// CHECK-NEXT: z = 1.5 1.5 1.5{{$}}
// CHECK-NEXT: set 1: x [3,2] s [] -> y [3,2] z [3,3]
// CHECK-NEXT: y = 10 0 30 0 50 0{{$}}
// CHECK-NEXT: z = 1.5 1.5 1.5 1.5 1.5 1.5 ...{{$}}

// Random inputs of a dynamic shape take --batch-size in the dynamic dims.
// RUN: tfg-run %s --dynamic-shapes --random-inputs --batch-size 4 | FileCheck %s --check-prefix=RANDOM
// RANDOM: set 0: x [4,2] s [] -> y [4,2] z [4,3]

// Without --dynamic-shapes the model is compiled for the first set's shapes.
// RUN: not tfg-run %s --input x=%t.x1.npy --input x=%t.x3.npy --input s=%t.s.npy 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: tfg-run: error: input 'x': {{.*}}x3.npy holds <f4 [3,2], the model wants <f4 [1,2] (compiled for the first input set's shapes; --dynamic-shapes compiles for any)

// A static dimension must still match.
// RUN: not tfg-run %s --dynamic-shapes --input x=%t.x13.npy --input s=%t.s.npy 2>&1 | FileCheck %s --check-prefix=WRONGDIM
// WRONGDIM: tfg-run: error: input 'x': {{.*}}x13.npy holds <f4 [1,3], the model wants <f4 [?,2]

// Inputs given a different number of times than there are sets.
// RUN: not tfg-run %s --dynamic-shapes --input x=%t.x1.npy --input x=%t.x3.npy --input x=%t.x1.npy --input s=%t.s.npy --input s=%t.s.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: tfg-run: error: input 's' is given 2 times, but there are 3 input sets: give each input once or once per set

// Several sets are not compared with a reference.
// RUN: not tfg-run %s --dynamic-shapes --input x=%t.x1.npy --input x=%t.x3.npy --input s=%t.s.npy --compare-pipeline "" "" 2>&1 | FileCheck %s --check-prefix=COMPARE
// COMPARE: tfg-run: error: several input sets (an --input given more than once) cannot be compared with --compare or --compare-pipeline

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x2>} : () -> (tensor<?x2xf32>)
  %s, %cs = tfg.Placeholder name("s") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %r, %cr = tfg.Relu(%x) name("r") {T = f32} : (tensor<?x2xf32>) -> (tensor<*xf32>)
  %y, %cy = tfg.Mul(%r, %s) name("y") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
  %shape, %csh = tfg.Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<?x2xf32>) -> (tensor<*xi32>)
  %b0, %cb0 = tfg.Const name("b0") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e1, %ce1 = tfg.Const name("e1") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %batch, %cb = tfg.StridedSlice(%shape, %b0, %e1, %e1) name("batch") {T = i32, Index = i32, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
  %three, %c3 = tfg.Const name("three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %dims, %cd = tfg.Pack(%batch, %three) name("dims") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<1.5> : tensor<f32>} : () -> (tensor<f32>)
  %z, %cz = tfg.Fill(%dims, %v) name("z") {T = f32, index_type = i32} : (tensor<*xi32>, tensor<f32>) -> (tensor<*xf32>)
}
