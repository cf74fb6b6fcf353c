// tfg-run's --dynamic-shapes and input sets: what each run is compiled for,
// and the errors when the inputs do not fit.
// RUN: %python %S/Inputs/make_npy.py %t.x1.npy "<f4" 1x2 -1,2
// RUN: %python %S/Inputs/make_npy.py %t.x3.npy "<f4" 3x2 1,-2,3,-4,5,-6
// RUN: %python %S/Inputs/make_npy.py %t.x13.npy "<f4" 1x3 1,2,3
// RUN: %python %S/Inputs/make_npy.py %t.s.npy "<f4" "" 10

// One compiled model, inputs of two batch sizes; the scalar s, given once,
// is in both sets. y = Relu(x) * s; z = Fill([batch, 3], 1.5) with the
// batch read from Shape(x); bmm = BatchMatMulV2(ExpandDims(x, 2),
// [[1, 10, 100]]) broadcasts the matrix over the dynamic batch; cat =
// ConcatV2([x, x * s], 1) and t = Transpose(cat) keep it too.
// RUN: tfg-run %s --dynamic-shapes --input x=%t.x1.npy --input x=%t.x3.npy --input s=%t.s.npy --print-outputs 6 | FileCheck %s
// CHECK: input  x: <f4 [?,2]
// CHECK: output y: <f4 [?,2]
// CHECK: output z: <f4 [?,3]
// CHECK: output bmm: <f4 [?,2,3]
// CHECK: output t: <f4 [4,?]
// CHECK: set 0: x [1,2] s [] -> y [1,2] z [1,3] bmm [1,2,3] t [4,1]
// CHECK-NEXT: y = 0 20{{$}}
// CHECK-NEXT: z = 1.5 1.5 1.5{{$}}
// CHECK-NEXT: bmm = -1 -10 -100 2 20 200{{$}}
// CHECK-NEXT: t = -1 2 -10 20{{$}}
// CHECK-NEXT: set 1: x [3,2] s [] -> y [3,2] z [3,3] bmm [3,2,3] t [4,3]
// CHECK-NEXT: y = 10 0 30 0 50 0{{$}}
// CHECK-NEXT: z = 1.5 1.5 1.5 1.5 1.5 1.5 ...{{$}}
// CHECK-NEXT: bmm = 1 10 100 -2 -20 -200 ...{{$}}
// CHECK-NEXT: t = 1 3 5 -2 -4 -6 ...{{$}}

// Random inputs of a dynamic shape take --batch-size in the dynamic dims.
// RUN: tfg-run %s --dynamic-shapes --random-inputs --batch-size 4 | FileCheck %s --check-prefix=RANDOM
// RANDOM: set 0: x [4,2] s [] -> y [4,2] z [4,3] bmm [4,2,3] t [4,4]

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
  %two, %c2 = tfg.Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %x3, %cx3 = tfg.ExpandDims(%x, %two) name("x3") {T = f32, Tdim = i32} : (tensor<?x2xf32>, tensor<i32>) -> (tensor<*xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[1.0, 10.0, 100.0]]> : tensor<1x3xf32>} : () -> (tensor<1x3xf32>)
  %bmm, %cbmm = tfg.BatchMatMulV2(%x3, %w) name("bmm") {T = f32} : (tensor<*xf32>, tensor<1x3xf32>) -> (tensor<*xf32>)
  %xs, %cxs = tfg.Mul(%x, %s) name("xs") {T = f32} : (tensor<?x2xf32>, tensor<f32>) -> (tensor<*xf32>)
  %one, %c1 = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %cat, %ccat = tfg.ConcatV2(%x, %xs, %one) name("cat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<?x2xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  %perm, %cp = tfg.Const name("perm") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %t, %ct = tfg.Transpose(%cat, %perm) name("t") {T = f32, Tperm = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
}
