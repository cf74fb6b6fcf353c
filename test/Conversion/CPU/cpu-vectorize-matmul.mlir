// RUN: tfg-opt %s --split-input-file --tfg-cpu-vectorize-matmul --canonicalize --mlir-elide-elementsattrs-if-larger=16 | FileCheck %s

// A one-row product with constant weights (a fully connected layer on one
// example): the weights are packed at compile time into panels of 64
// columns, [2][19][64] for 100 columns (the second panel padded with
// zeros); one loop over the panels, the 64 accumulators read once and
// carried through the reduction loop in a vector, 8 weight rows a step
// (a contiguous [8, 64] block of the panel); the 3 reduction steps left
// over (19 = 2 * 8 + 3) are peeled into one static step; the result is
// the first 100 columns of the panels' results.
// CHECK-LABEL: func.func @gemv_packed
// CHECK: %[[W:.*]] = arith.constant dense_resource<__elided__> : tensor<2x19x64xf32>
// CHECK: scf.for %[[P:.*]] = %c0 to %c2 step %c1 iter_args(%{{.*}}) -> (tensor<1x2x64xf32>)
// CHECK: %[[ACC0:.*]] = vector.transfer_read {{.*}} : tensor<1x1x64xf32>, vector<1x1x64xf32>
// CHECK: %[[ACC:.*]] = scf.for %[[K:.*]] = %c0 to %c16 step %c8 iter_args(%[[A:.*]] = %[[ACC0]]) -> (vector<1x1x64xf32>)
// CHECK: tensor.extract_slice %[[W]][%[[P]], %[[K]], 0] [1, 8, 64] [1, 1, 1]
// CHECK: vector.contract {{.*}} %[[A]] : vector<1x8xf32>, vector<1x8x64xf32> into vector<1x1x64xf32>
// CHECK: vector.contract {{.*}} %[[ACC]] : vector<1x3xf32>, vector<1x3x64xf32> into vector<1x1x64xf32>
// CHECK: vector.transfer_write
// CHECK: tensor.collapse_shape {{.*}} into tensor<1x128xf32>
// CHECK: tensor.extract_slice {{.*}}[0, 0] [1, 100] [1, 1] : tensor<1x128xf32> to tensor<1x100xf32>
// CHECK-NOT: linalg.matmul
func.func @gemv_packed(%x: tensor<1x19xf32>) -> tensor<1x100xf32> {
  %w = arith.constant dense<0.5> : tensor<19x100xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x100xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1x100xf32>) -> tensor<1x100xf32>
  %0 = linalg.matmul ins(%x, %w : tensor<1x19xf32>, tensor<19x100xf32>) outs(%c : tensor<1x100xf32>) -> tensor<1x100xf32>
  return %0 : tensor<1x100xf32>
}

// -----

// A one-row product no wider than a panel needs no packing: its weight
// rows are contiguous already; one tile of all 10 columns, 8 reduction
// steps a step.
// CHECK-LABEL: func.func @gemv_narrow
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c8 iter_args(%{{.*}}) -> (vector<1x10xf32>)
// CHECK: vector.contract {{.*}} : vector<1x8xf32>, vector<8x10xf32> into vector<1x10xf32>
// CHECK-NOT: linalg.matmul
func.func @gemv_narrow(%x: tensor<1x16xf32>, %w: tensor<16x10xf32>, %c: tensor<1x10xf32>) -> tensor<1x10xf32> {
  %0 = linalg.matmul ins(%x, %w : tensor<1x16xf32>, tensor<16x10xf32>) outs(%c : tensor<1x10xf32>) -> tensor<1x10xf32>
  return %0 : tensor<1x10xf32>
}

// -----

// Several rows: 6 x 16 register blocks, every loop peeled where the block
// does not divide it (7 rows = 6 + 1, 20 columns = 16 + 4, 9 reduction
// steps = 8 + 1); four static tile shapes, no dynamic vector.
// CHECK-LABEL: func.func @matmul
// CHECK-DAG: vector.contract {{.*}} : vector<6x8xf32>, vector<8x16xf32> into vector<6x16xf32>
// CHECK-DAG: vector.contract {{.*}} : vector<6x1xf32>, vector<1x16xf32> into vector<6x16xf32>
// CHECK-DAG: vector.contract {{.*}} : vector<6x8xf32>, vector<8x4xf32> into vector<6x4xf32>
// CHECK-DAG: vector.contract {{.*}} : vector<1x8xf32>, vector<8x16xf32> into vector<1x16xf32>
// CHECK-DAG: vector.contract {{.*}} : vector<1x8xf32>, vector<8x4xf32> into vector<1x4xf32>
// CHECK-NOT: linalg.matmul
// CHECK-NOT: vector<?
func.func @matmul(%a: tensor<7x9xf32>, %b: tensor<9x20xf32>, %c: tensor<7x20xf32>) -> tensor<7x20xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<7x9xf32>, tensor<9x20xf32>) outs(%c : tensor<7x20xf32>) -> tensor<7x20xf32>
  return %0 : tensor<7x20xf32>
}

// -----

// A batch matmul: one matrix a tile, then as a matmul.
// CHECK-LABEL: func.func @batch
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1
// CHECK: vector.contract {{.*}} : vector<1x3x5xf32>, vector<1x5x4xf32> into vector<1x3x4xf32>
// CHECK-NOT: linalg.batch_matmul
func.func @batch(%a: tensor<2x3x5xf32>, %b: tensor<2x5x4xf32>, %c: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x3x5xf32>, tensor<2x5x4xf32>) outs(%c : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Rows known only at run time: tiled by one row, every tile static.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// CHECK: vector.contract {{.*}} : vector<1x8xf32>, vector<8x16xf32> into vector<1x16xf32>
// CHECK-NOT: linalg.matmul
func.func @dynamic_rows(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x16xf32>) outs(%c : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}

// -----

// Left to tfg-cpu-loop-order: a one-row product with run-time weights
// wider than a panel (column tiles would read a strided window of every
// weight row), the same with run-time rows (tiled one by one), columns or a reduction known only at run time, another
// element type, a transposed operand (user-given indexing maps), and
// other linalg ops.
// CHECK-LABEL: func.func @untouched
// CHECK-COUNT-6: linalg.matmul
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: vector.
// CHECK-NOT: scf.for
func.func @untouched(%x: tensor<1x8xf32>, %w: tensor<8x100xf32>, %c: tensor<1x100xf32>,
                     %a: tensor<4x?xf32>, %b: tensor<?x8xf32>, %d: tensor<4x8xf32>,
                     %e: tensor<4x8xf64>, %f: tensor<8x8xf64>, %g: tensor<4x8xf64>,
                     %h: tensor<?x8xf32>, %i: tensor<8x?xf32>, %j: tensor<?x?xf32>,
                     %t: tensor<8x4xf32>, %u: tensor<8x8xf32>, %r: tensor<?x8xf32>, %rc: tensor<?x100xf32>,
                     %in: tensor<1x4x4x8xf32>, %k: tensor<1x1x8x8xf32>, %o: tensor<1x4x4x8xf32>)
    -> (tensor<1x100xf32>, tensor<4x8xf32>, tensor<4x8xf64>, tensor<?x?xf32>, tensor<4x8xf32>, tensor<?x100xf32>, tensor<1x4x4x8xf32>) {
  %0 = linalg.matmul ins(%x, %w : tensor<1x8xf32>, tensor<8x100xf32>) outs(%c : tensor<1x100xf32>) -> tensor<1x100xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<4x?xf32>, tensor<?x8xf32>) outs(%d : tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = linalg.matmul ins(%e, %f : tensor<4x8xf64>, tensor<8x8xf64>) outs(%g : tensor<4x8xf64>) -> tensor<4x8xf64>
  %3 = linalg.matmul ins(%h, %i : tensor<?x8xf32>, tensor<8x?xf32>) outs(%j : tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
       ins(%t, %u : tensor<8x4xf32>, tensor<8x8xf32>) outs(%d : tensor<4x8xf32>) -> tensor<4x8xf32>
  %6 = linalg.matmul ins(%r, %w : tensor<?x8xf32>, tensor<8x100xf32>) outs(%rc : tensor<?x100xf32>) -> tensor<?x100xf32>
  %5 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%in, %k : tensor<1x4x4x8xf32>, tensor<1x1x8x8xf32>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %0, %1, %2, %3, %4, %6, %5 : tensor<1x100xf32>, tensor<4x8xf32>, tensor<4x8xf64>, tensor<?x?xf32>, tensor<4x8xf32>, tensor<?x100xf32>, tensor<1x4x4x8xf32>
}

// -----

// A BiasAdd and a Relu6 after the product (two elementwise generics, as
// the lowering leaves them): fused into one epilogue and into each 6 x 16
// block: the accumulators start as zeros in registers, go through the
// reduction loop, get the bias (a 16-wide slice of it, broadcast over the
// rows) and the clamps in registers, and are written once. The peeled
// reduction steps (19 = 16 + 3) come before the bias; the peeled last
// columns (20 = 16 + 4) get theirs the same way.
// CHECK-LABEL: func.func @bias_relu6_fused
// CHECK: scf.for {{.*}} step %c6
// CHECK: %[[ACC:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<6x16xf32>)
// CHECK: vector.contract
// CHECK: %[[FULL:.*]] = vector.contract {{.*}} %[[ACC]] : vector<6x3xf32>, vector<3x16xf32> into vector<6x16xf32>
// CHECK: %[[B:.*]] = vector.transfer_read %{{.*}} : tensor<20xf32>, vector<16xf32>
// CHECK: %[[BB:.*]] = vector.broadcast %[[B]] : vector<16xf32> to vector<6x16xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[FULL]], %[[BB]] : vector<6x16xf32>
// CHECK: %[[LOW:.*]] = arith.maximumf %[[SUM]], %{{.*}} : vector<6x16xf32>
// CHECK: %[[HIGH:.*]] = arith.minimumf %[[LOW]], %{{.*}} : vector<6x16xf32>
// CHECK: vector.transfer_write %[[HIGH]]
// CHECK: arith.minimumf {{.*}} : vector<6x4xf32>
// CHECK-NOT: linalg.
// CHECK: return
#row = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @bias_relu6_fused(%x: tensor<12x19xf32>, %w: tensor<19x20xf32>, %b: tensor<20xf32>) -> tensor<12x20xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e = tensor.empty() : tensor<12x20xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<12x20xf32>) -> tensor<12x20xf32>
  %0 = linalg.matmul ins(%x, %w : tensor<12x19xf32>, tensor<19x20xf32>) outs(%c : tensor<12x20xf32>) -> tensor<12x20xf32>
  %1 = linalg.generic {indexing_maps = [#row, #col, #row], iterator_types = ["parallel", "parallel"]} ins(%0, %b : tensor<12x20xf32>, tensor<20xf32>) outs(%e : tensor<12x20xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<12x20xf32>
  %2 = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<12x20xf32>) outs(%e : tensor<12x20xf32>) {
  ^bb0(%in: f32, %out: f32):
    %l = arith.maximumf %in, %zero : f32
    %h = arith.minimumf %l, %six : f32
    linalg.yield %h : f32
  } -> tensor<12x20xf32>
  return %2 : tensor<12x20xf32>
}

// -----

// Not fused: a product with a second user (the bias add must not recompute
// it per block; it stays an elementwise op after the blocked product).
// CHECK-LABEL: func.func @second_user
#row = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK: vector.contract
// CHECK: linalg.generic
// CHECK: return
func.func @second_user(%x: tensor<12x19xf32>, %w: tensor<19x20xf32>, %b: tensor<20xf32>) -> (tensor<12x20xf32>, tensor<12x20xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x20xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<12x20xf32>) -> tensor<12x20xf32>
  %0 = linalg.matmul ins(%x, %w : tensor<12x19xf32>, tensor<19x20xf32>) outs(%c : tensor<12x20xf32>) -> tensor<12x20xf32>
  %1 = linalg.generic {indexing_maps = [#row, #col, #row], iterator_types = ["parallel", "parallel"]} ins(%0, %b : tensor<12x20xf32>, tensor<20xf32>) outs(%e : tensor<12x20xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<12x20xf32>
  return %0, %1 : tensor<12x20xf32>, tensor<12x20xf32>
}
