// RUN: tfg-opt %s --split-input-file --tfg-cpu-approximate-exp | FileCheck %s

// A vector exp (a Softmax's, after vectorization) becomes the polynomial:
// no math.exp left; the argument clamped to the f32 range (selects), the
// polynomial in fused multiply-adds, the exponent shifted into the
// float's bits.
// CHECK-LABEL: func.func @vector_exp
// CHECK-NOT: math.exp
// CHECK: arith.select {{.*}} : vector<16xi1>, vector<16xf32>
// CHECK: math.fma {{.*}} : vector<16xf32>
// CHECK: arith.shli {{.*}} : vector<16xi32>
// CHECK-NOT: math.exp
// CHECK: return
func.func @vector_exp(%x: vector<16xf32>) -> vector<16xf32> {
  %0 = math.exp %x : vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

// So does a scalar one (a loop's remainder lanes).
// CHECK-LABEL: func.func @scalar_exp
// CHECK-NOT: math.exp
// CHECK: math.fma {{.*}} : f32
// CHECK: return
func.func @scalar_exp(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}

// -----

// Not touched: exp of f64 (no approximation of that precision here), and
// the other math functions (tanh, log keep LLVM's intrinsics / libm).
// CHECK-LABEL: func.func @left_alone
// CHECK: math.exp %{{.*}} : f64
// CHECK: math.tanh %{{.*}} : vector<8xf32>
// CHECK: math.log %{{.*}} : f32
func.func @left_alone(%d: f64, %v: vector<8xf32>, %s: f32) -> (f64, vector<8xf32>, f32) {
  %0 = math.exp %d : f64
  %1 = math.tanh %v : vector<8xf32>
  %2 = math.log %s : f32
  return %0, %1, %2 : f64, vector<8xf32>, f32
}
