// tfg-run's --dynamic-shapes and input sets: what each run is compiled for,
// and the errors when the inputs do not fit.
// RUN: %python %S/Inputs/make_npy.py %t.x1.npy "<f4" 1x2 -1,2
// RUN: %python %S/Inputs/make_npy.py %t.x3.npy "<f4" 3x2 1,-2,3,-4,5,-6
// RUN: %python %S/Inputs/make_npy.py %t.x13.npy "<f4" 1x3 1,2,3
// RUN: %python %S/Inputs/make_npy.py %t.s.npy "<f4" "" 10

// One compiled model, inputs of two batch sizes; the scalar s, given once,
// is in both sets. Relu(x) * s.
// RUN: tfg-run %s --dynamic-shapes --input x=%t.x1.npy --input x=%t.x3.npy --input s=%t.s.npy --print-outputs 6 | FileCheck %s
// CHECK: input  x: <f4 [?,2]
// CHECK: output y: <f4 [?,2]
// CHECK: set 0: x [1,2] s [] -> y [1,2]
// CHECK-NEXT: y = 0 20{{$}}
// CHECK-NEXT: set 1: x [3,2] s [] -> y [3,2]
// CHECK-NEXT: y = 10 0 30 0 50 0{{$}}

// Random inputs of a dynamic shape take --batch-size in the dynamic dims.
// RUN: tfg-run %s --dynamic-shapes --random-inputs --batch-size 4 | FileCheck %s --check-prefix=RANDOM
// RANDOM: set 0: x [4,2] s [] -> y [4,2]

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
}
