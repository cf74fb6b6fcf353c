// An elementwise op before a one-row product with constant weights (a
// Mean's divide before a classifier) stays its own op when the product is
// packed into weight panels and split over threads: fused into the packed
// product, it made a generic without the `tfg.packed_gemv` mark, which the
// register blocking did not take, and the product ran as scalar loops
// (MobileNet v1's classifier at 2 threads: 0.59 ms a thread, not 0.02).
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=2 min-iterations=64},tfg-cpu-vectorize-matmul))' | FileCheck %s

// CHECK-LABEL: func.func @divide_then_gemv
// CHECK: %[[DIV:.*]] = linalg.generic
// CHECK: arith.divf
// CHECK: scf.forall (%{{.*}}) in (2)
// CHECK-NOT: arith.divf
// CHECK: vector.contract
// CHECK-NOT: linalg.generic
// CHECK: scf.forall.in_parallel
func.func @divide_then_gemv(%a: tensor<1x2xf32>) -> tensor<1x128xf32> {
  %w = arith.constant dense<[[0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75, 1.5, 0.0, 0.75], [1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25, 1.0, 1.75, 0.25]]> : tensor<2x128xf32>
  %n = arith.constant 49.0 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x2xf32>
  %mean = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<1x2xf32>) outs(%e0 : tensor<1x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.divf %in, %n : f32
    linalg.yield %d : f32
  } -> tensor<1x2xf32>
  %e = tensor.empty() : tensor<1x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1x128xf32>) -> tensor<1x128xf32>
  %0 = linalg.matmul ins(%mean, %w : tensor<1x2xf32>, tensor<2x128xf32>) outs(%c : tensor<1x128xf32>) -> tensor<1x128xf32>
  return %0 : tensor<1x128xf32>
}

// -----

// Elementwise chains elsewhere are still fused: the divide and the add
// become one generic (the negative case: only a packed product refuses).
// CHECK-LABEL: func.func @divide_then_add
// CHECK: linalg.generic
// CHECK: arith.divf
// CHECK-NEXT: arith.addf
// CHECK-NOT: linalg.generic
func.func @divide_then_add(%a: tensor<1x2xf32>, %b: tensor<1x2xf32>) -> tensor<1x2xf32> {
  %n = arith.constant 49.0 : f32
  %e0 = tensor.empty() : tensor<1x2xf32>
  %mean = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<1x2xf32>) outs(%e0 : tensor<1x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.divf %in, %n : f32
    linalg.yield %d : f32
  } -> tensor<1x2xf32>
  %e1 = tensor.empty() : tensor<1x2xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mean, %b : tensor<1x2xf32>, tensor<1x2xf32>) outs(%e1 : tensor<1x2xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x2xf32>
  return %sum : tensor<1x2xf32>
}
