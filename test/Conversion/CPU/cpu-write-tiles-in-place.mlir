// RUN: tfg-opt %s --split-input-file --tfg-cpu-write-tiles-in-place | FileCheck %s

// A block written into a fresh 1x1x24x10 tile, inserted into the output at
// (0, row, col): written there directly (the minor identity map of the
// 4-D output, in bounds); the tile is gone.
// CHECK-LABEL: func.func @whole_tile
// CHECK-SAME: %[[V:[^:]*]]: vector<24x10xf32>, %[[OUT:[^:]*]]: tensor<1x?x?x10xf32>, %[[ROW:[^:]*]]: index, %[[COL:[^:]*]]: index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NOT: tensor.empty
// CHECK: %[[W:.*]] = vector.transfer_write %[[V]], %[[OUT]][%[[C0]], %[[ROW]], %[[COL]], %[[C0]]] {in_bounds = [true, true]} : vector<24x10xf32>, tensor<1x?x?x10xf32>
// CHECK-NOT: tensor.insert_slice
// CHECK: return %[[W]]
func.func @whole_tile(%v: vector<24x10xf32>, %out: tensor<1x?x?x10xf32>, %row: index, %col: index) -> tensor<1x?x?x10xf32> {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<1x1x24x10xf32>
  %w = vector.transfer_write %v, %e[%c0, %c0, %c0, %c0] {in_bounds = [true, true]} : vector<24x10xf32>, tensor<1x1x24x10xf32>
  %r = tensor.insert_slice %w into %out[0, %row, %col, 0] [1, 1, 24, 10] [1, 1, 1, 1] : tensor<1x1x24x10xf32> into tensor<1x?x?x10xf32>
  return %r : tensor<1x?x?x10xf32>
}

// -----

// Not folded: a write that covers part of its tile (the rest of the tile
// would be lost), a write into a tensor that is not fresh (its other
// elements are data), a rank-reducing insert, and a strided one.
// CHECK-LABEL: func.func @not_whole
// CHECK-COUNT-4: tensor.insert_slice
func.func @not_whole(%v: vector<8x10xf32>, %t: tensor<1x1x8x10xf32>, %out: tensor<1x?x?x10xf32>, %col: index)
    -> (tensor<1x?x?x10xf32>, tensor<1x?x?x10xf32>, tensor<1x?x?x10xf32>, tensor<1x?x?x10xf32>) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<1x1x16x10xf32>
  %part = vector.transfer_write %v, %e[%c0, %c0, %c0, %c0] {in_bounds = [true, true]} : vector<8x10xf32>, tensor<1x1x16x10xf32>
  %a = tensor.insert_slice %part into %out[0, 0, %col, 0] [1, 1, 16, 10] [1, 1, 1, 1] : tensor<1x1x16x10xf32> into tensor<1x?x?x10xf32>
  %old = vector.transfer_write %v, %t[%c0, %c0, %c0, %c0] {in_bounds = [true, true]} : vector<8x10xf32>, tensor<1x1x8x10xf32>
  %b = tensor.insert_slice %old into %out[0, 0, %col, 0] [1, 1, 8, 10] [1, 1, 1, 1] : tensor<1x1x8x10xf32> into tensor<1x?x?x10xf32>
  %e2 = tensor.empty() : tensor<8x10xf32>
  %flat = vector.transfer_write %v, %e2[%c0, %c0] {in_bounds = [true, true]} : vector<8x10xf32>, tensor<8x10xf32>
  %c = tensor.insert_slice %flat into %out[0, 0, %col, 0] [1, 1, 8, 10] [1, 1, 1, 1] : tensor<8x10xf32> into tensor<1x?x?x10xf32>
  %e3 = tensor.empty() : tensor<1x1x8x10xf32>
  %w3 = vector.transfer_write %v, %e3[%c0, %c0, %c0, %c0] {in_bounds = [true, true]} : vector<8x10xf32>, tensor<1x1x8x10xf32>
  %d = tensor.insert_slice %w3 into %out[0, 0, %col, 0] [1, 1, 8, 10] [1, 1, 2, 1] : tensor<1x1x8x10xf32> into tensor<1x?x?x10xf32>
  return %a, %b, %c, %d : tensor<1x?x?x10xf32>, tensor<1x?x?x10xf32>, tensor<1x?x?x10xf32>, tensor<1x?x?x10xf32>
}
