// RUN: tfg-opt %s --split-input-file --tfg-cpu-vectorize-pooling=vector-bits=512 --canonicalize | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cpu-vectorize-pooling=vector-bits=256 --canonicalize | FileCheck %s --check-prefix=AVX2

// MaxPool 3x3 stride 2 SAME on 7x9 (the lowering pads one row and column
// of -inf on each side): no padded copy of the whole input; the output is
// cut into corner, edge and interior pieces, each reading a slice of the
// input and padding only what its windows reach (the top-left corner: one
// row and column before, its 2x2 slice); the interior (output rows 1-2,
// columns 1-3) reads the input straight (its slice folded into the vector
// reads), without a pad. Each block (20
// channels: under two vectors, all of them) starts from -inf in registers
// and takes the max of one window row at a time.
// CHECK-LABEL: func.func @max_same
// CHECK-NOT: tensor<1x9x11x20xf32>
// CHECK: %[[CORNER:.*]] = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 2, 2, 20]
// CHECK: tensor.pad %[[CORNER]] low[0, 1, 1, 0] high[0, 0, 0, 0]
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<1x1x20xf32>)
// CHECK: arith.maximumf {{.*}} : vector<20xf32>
// CHECK: tensor.insert_slice {{.*}}[0, 1, 0, 0] [1, 2, 1, 20]
// CHECK-NOT: tensor.pad
// CHECK: vector.transfer_read %arg0
// CHECK-NOT: tensor.pad
// CHECK: tensor.insert_slice {{.*}}[0, 1, 1, 0] [1, 2, 3, 20]
// CHECK-NOT: linalg.pooling
// CHECK: return
func.func @max_same(%x: tensor<1x7x9x20xf32>) -> tensor<1x4x5x20xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<1x7x9x20xf32> to tensor<1x9x11x20xf32>
  %e = tensor.empty() : tensor<1x4x5x20xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x5x20xf32>) -> tensor<1x4x5x20xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p, %w : tensor<1x9x11x20xf32>, tensor<3x3xf32>) outs(%f : tensor<1x4x5x20xf32>) -> tensor<1x4x5x20xf32>
  return %0 : tensor<1x4x5x20xf32>
}

// -----

// A sum pool (AvgPool's sums) 2x2 stride 2 VALID, 9 output columns by 70
// channels. With 8-float vectors: blocks of 8 columns by 2 vectors; the
// ninth column and the 6 channels past 64 are peeled into static blocks
// (no masks, no scalar loop). With 16-float vectors: 70 channels are 2
// vectors and 6 more, a block of 32 and a peeled one of 6.
// AVX2-LABEL: func.func @sum_peeled
// AVX2: scf.for %{{.*}} = %c0 to %c64 step %c16
// AVX2: arith.addf {{.*}} : vector<16xf32>
// AVX2: arith.addf {{.*}} : vector<6xf32>
// AVX2-NOT: linalg.pooling
// AVX2: return
// CHECK-LABEL: func.func @sum_peeled
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c32
// CHECK: arith.addf {{.*}} : vector<32xf32>
// CHECK: arith.addf {{.*}} : vector<6xf32>
// CHECK-NOT: linalg.pooling
// CHECK: return
func.func @sum_peeled(%x: tensor<1x2x18x70xf32>) -> tensor<1x1x9x70xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x9x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x9x70xf32>) -> tensor<1x1x9x70xf32>
  %w = tensor.empty() : tensor<2x2xf32>
  %0 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x2x18x70xf32>, tensor<2x2xf32>) outs(%f : tensor<1x1x9x70xf32>) -> tensor<1x1x9x70xf32>
  return %0 : tensor<1x1x9x70xf32>
}

// -----

// Left to tfg-cpu-loop-order: a dilated window, a dynamic width, f16, a
// min pooling (TensorFlow has none; not this pass's).
// CHECK-LABEL: func.func @left_alone
// CHECK: linalg.pooling_nhwc_max {dilations = dense<2>
// CHECK: linalg.pooling_nhwc_max {{.*}} -> tensor<1x2x?x8xf32>
// CHECK: linalg.pooling_nhwc_sum {{.*}} -> tensor<1x2x2x8xf16>
// CHECK: linalg.pooling_nhwc_min
func.func @left_alone(%x: tensor<1x6x6x8xf32>, %d: tensor<1x3x?x8xf32>, %h: tensor<1x3x3x8xf16>, %init: tensor<1x2x2x8xf32>, %dinit: tensor<1x2x?x8xf32>, %hinit: tensor<1x2x2x8xf16>) -> (tensor<1x2x2x8xf32>, tensor<1x2x?x8xf32>, tensor<1x2x2x8xf16>, tensor<1x2x2x8xf32>) {
  %w = tensor.empty() : tensor<2x2xf32>
  %0 = linalg.pooling_nhwc_max {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x6x6x8xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  %1 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%d, %w : tensor<1x3x?x8xf32>, tensor<2x2xf32>) outs(%dinit : tensor<1x2x?x8xf32>) -> tensor<1x2x?x8xf32>
  %2 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%h, %w : tensor<1x3x3x8xf16>, tensor<2x2xf32>) outs(%hinit : tensor<1x2x2x8xf16>) -> tensor<1x2x2x8xf16>
  %3 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<1x6x6x8xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  return %0, %1, %2, %3 : tensor<1x2x2x8xf32>, tensor<1x2x?x8xf32>, tensor<1x2x2x8xf16>, tensor<1x2x2x8xf32>
}

// -----

// A dynamic batch (mtcnn's): the pieces' sizes take it from the fill's
// tensor (defined before the pooling), each piece loops over the images.
// CHECK-LABEL: func.func @dynamic_batch_same
// CHECK: %[[N:.*]] = tensor.dim %arg0, %c0
// CHECK: tensor.empty(%[[N]]) : tensor<?x3x3x8xf32>
// CHECK: tensor.extract_slice %arg0[0, 0, 0, 0] [%{{.*}}, 2, 2, 8]
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// CHECK: arith.maximumf {{.*}} : vector<8xf32>
// CHECK-NOT: linalg.pooling
// CHECK: return
func.func @dynamic_batch_same(%x: tensor<?x5x5x8xf32>) -> tensor<?x3x3x8xf32> {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %n = tensor.dim %x, %c0 : tensor<?x5x5x8xf32>
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<?x5x5x8xf32> to tensor<?x7x7x8xf32>
  %e = tensor.empty(%n) : tensor<?x3x3x8xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<?x3x3x8xf32>) -> tensor<?x3x3x8xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p, %w : tensor<?x7x7x8xf32>, tensor<3x3xf32>) outs(%f : tensor<?x3x3x8xf32>) -> tensor<?x3x3x8xf32>
  return %0 : tensor<?x3x3x8xf32>
}

// -----

// AvgPool 3x3 stride 1 SAME on 4x12x40: the division by each window's
// count (the lowering's elementwise op after the sum) is cut into the same
// border and interior pieces as the sum and fused into each block: the
// block's sums are divided in registers and written once, no second pass
// over the output (no linalg.generic left, no read of a whole sum tensor).
// CHECK-LABEL: func.func @avg_divided_in_blocks
// CHECK-NOT: linalg.generic
// CHECK: scf.for {{.*}} -> (vector<1x8x32xf32>)
// CHECK: arith.addf {{.*}} : vector<8x32xf32>
// CHECK: %[[AVG:.*]] = arith.divf %{{.*}}, %{{.*}} : vector<8x32xf32>
// CHECK: vector.transfer_write %[[AVG]]
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @avg_divided_in_blocks(%x: tensor<1x4x12x40xf32>, %counts: tensor<4x12xf32>) -> tensor<1x4x12x40xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x4x12x40xf32> to tensor<1x6x14x40xf32>
  %e = tensor.empty() : tensor<1x4x12x40xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x12x40xf32>) -> tensor<1x4x12x40xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %sum = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x6x14x40xf32>, tensor<3x3xf32>) outs(%f : tensor<1x4x12x40xf32>) -> tensor<1x4x12x40xf32>
  %e2 = tensor.empty() : tensor<1x4x12x40xf32>
  %avg = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (h, w)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum, %counts : tensor<1x4x12x40xf32>, tensor<4x12xf32>) outs(%e2 : tensor<1x4x12x40xf32>) {
  ^bb0(%s: f32, %n: f32, %o: f32):
    %d = arith.divf %s, %n : f32
    linalg.yield %d : f32
  } -> tensor<1x4x12x40xf32>
  return %avg : tensor<1x4x12x40xf32>
}

// -----

// A global average (VALID, no pieces): the division fused into the one
// block of all channels. Where the sums have another user, the division
// stays a separate op after the blocks.
// CHECK-LABEL: func.func @global_avg
// CHECK-NOT: linalg.generic
// CHECK: arith.divf %{{.*}}, %{{.*}} : vector<{{.*}}xf32>
// CHECK-LABEL: func.func @sums_used_twice
// CHECK: scf.for
// CHECK: arith.addf {{.*}} : vector<
// CHECK: linalg.generic
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
func.func @global_avg(%x: tensor<1x7x7x64xf32>) -> tensor<1x1x1x64xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 49.0 : f32
  %e = tensor.empty() : tensor<1x1x1x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xf32>
  %w = tensor.empty() : tensor<7x7xf32>
  %sum = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x7x7x64xf32>, tensor<7x7xf32>) outs(%f : tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xf32>
  %e2 = tensor.empty() : tensor<1x1x1x64xf32>
  %avg = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum : tensor<1x1x1x64xf32>) outs(%e2 : tensor<1x1x1x64xf32>) {
  ^bb0(%s: f32, %o: f32):
    %d = arith.divf %s, %n : f32
    linalg.yield %d : f32
  } -> tensor<1x1x1x64xf32>
  return %avg : tensor<1x1x1x64xf32>
}
func.func @sums_used_twice(%x: tensor<1x7x7x64xf32>) -> (tensor<1x1x1x64xf32>, tensor<1x1x1x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 49.0 : f32
  %e = tensor.empty() : tensor<1x1x1x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xf32>
  %w = tensor.empty() : tensor<7x7xf32>
  %sum = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x7x7x64xf32>, tensor<7x7xf32>) outs(%f : tensor<1x1x1x64xf32>) -> tensor<1x1x1x64xf32>
  %e2 = tensor.empty() : tensor<1x1x1x64xf32>
  %avg = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sum : tensor<1x1x1x64xf32>) outs(%e2 : tensor<1x1x1x64xf32>) {
  ^bb0(%s: f32, %o: f32):
    %d = arith.divf %s, %n : f32
    linalg.yield %d : f32
  } -> tensor<1x1x1x64xf32>
  return %avg, %sum : tensor<1x1x1x64xf32>, tensor<1x1x1x64xf32>
}
