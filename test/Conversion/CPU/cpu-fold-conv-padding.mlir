// RUN: tfg-opt %s --split-input-file --tfg-cpu-fold-conv-padding --canonicalize | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cpu-fold-conv-padding --tfg-cpu-vectorize-convolutions="vector-bits=512 vector-registers=32" --canonicalize | FileCheck %s --check-prefix=KERNEL

// A SAME 3x3 convolution with a bias epilogue: cut along columns into the
// interior (all taps) and the two border columns, each on a slice of the
// unpadded input padded along rows only, with its own epilogue piece,
// inserted into one output. No padded copy of the whole input. The border
// columns have the same shape (1 column, 2 taps, 2 input columns): one
// piece in a loop over the two, which picks the output column (0 or 11),
// the filter columns (from 1 or 0) and the input columns (from 0 or 10).
// CHECK-LABEL: func.func @same
// CHECK-NOT: tensor.pad %arg0{{.*}}low[0, 1, 1, 0]
// CHECK: tensor.pad %arg0 low[0, 1, 0, 0] high[0, 1, 0, 0]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x10x10x16xf32>
// CHECK: linalg.generic
// CHECK: %[[INTERIOR:.*]] = tensor.insert_slice {{.*}}[0, 0, 1, 0] [1, 10, 10, 16]
// CHECK: scf.for %[[EDGE:.*]] = %c0 to %c2 step %c1 iter_args(%[[OUT:.*]] = %[[INTERIOR]])
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[EDGE]], %c1
// CHECK: %[[COL:.*]] = arith.select %[[LAST]], %c11, %c0
// CHECK: %[[TAP:.*]] = arith.select %[[LAST]], %c0, %c1
// CHECK: %[[IN:.*]] = arith.select %[[LAST]], %c10, %c0
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %arg0[0, 0, %[[IN]], 0] [1, 10, 2, 8]
// CHECK: tensor.pad %[[SLICE]] low[0, 1, 0, 0] high[0, 1, 0, 0]
// CHECK: tensor.extract_slice %arg1[0, %[[TAP]], 0, 0] [3, 2, 8, 16]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x10x1x16xf32>
// CHECK: linalg.generic
// CHECK: tensor.insert_slice {{.*}} into %[[OUT]][0, 0, %[[COL]], 0] [1, 10, 1, 16]
// The loop stays a loop for LLVM (its full unroller would copy the
// piece's kernel once per border): llvm.loop.unroll.disable.
// CHECK: } {llvm.loop_annotation = #{{.*}}}
// CHECK-NOT: linalg.conv
// CHECK: return
// The kernel pass reads the unpadded input in its row tiles, each loop
// over filter rows bounded to the rows that exist: no pad is left.
// KERNEL-LABEL: func.func @same
// KERNEL-NOT: tensor.pad
// KERNEL: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
// KERNEL: arith.maxsi
// KERNEL-NOT: tensor.pad
// KERNEL: return
func.func @same(%arg0: tensor<1x10x12x8xf32>, %arg1: tensor<3x3x8x16xf32>, %bias: tensor<16xf32>) -> tensor<1x10x12x16xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x10x12x8xf32> to tensor<1x12x14x8xf32>
  %empty = tensor.empty() : tensor<1x10x12x16xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x10x12x16xf32>) -> tensor<1x10x12x16xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%padded, %arg1 : tensor<1x12x14x8xf32>, tensor<3x3x8x16xf32>) outs(%fill : tensor<1x10x12x16xf32>) -> tensor<1x10x12x16xf32>
  %out = tensor.empty() : tensor<1x10x12x16xf32>
  %biased = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%conv, %bias : tensor<1x10x12x16xf32>, tensor<16xf32>) outs(%out : tensor<1x10x12x16xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x10x12x16xf32>
  return %biased : tensor<1x10x12x16xf32>
}

// -----

// Depthwise, stride 2, SAME on an even width (TensorFlow pads 0 before and
// 1 after): the interior columns 0-4 and the last column (filter columns
// 0-1); rows padded 0/1.
// CHECK-LABEL: func.func @depthwise_stride2
// CHECK: tensor.pad %{{.*}} low[0, 0, 0, 0] high[0, 1, 0, 0]
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} -> tensor<1x6x5x32xf32>
// CHECK: tensor.extract_slice %arg1[0, 0, 0] [3, 2, 32]
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} -> tensor<1x6x1x32xf32>
// One border column: a piece of its own, no loop.
// CHECK-NOT: scf.for
// CHECK: return
// KERNEL-LABEL: func.func @depthwise_stride2
// KERNEL-NOT: tensor.pad
// KERNEL: return
func.func @depthwise_stride2(%arg0: tensor<1x12x12x32xf32>, %arg1: tensor<3x3x32xf32>) -> tensor<1x6x6x32xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %arg0 low[0, 0, 0, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x12x12x32xf32> to tensor<1x13x13x32xf32>
  %empty = tensor.empty() : tensor<1x6x6x32xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x6x6x32xf32>) -> tensor<1x6x6x32xf32>
  %conv = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
       ins(%padded, %arg1 : tensor<1x13x13x32xf32>, tensor<3x3x32xf32>) outs(%fill : tensor<1x6x6x32xf32>) -> tensor<1x6x6x32xf32>
  return %conv : tensor<1x6x6x32xf32>
}

// -----

// A 5x5 SAME filter on 8 columns, no epilogue: the interior (columns 2-5)
// and four border columns in two loops over pairs of the same shape:
// columns 0 and 7 (3 taps, from filter column 2 or 0, on input columns
// from 0 or 5), then columns 1 and 6 (4 taps, from filter column 1 or 0, on
// input columns from 0 or 4).
// CHECK-LABEL: func.func @same5x5
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x8x4x8xf32>
// CHECK: scf.for
// CHECK: %[[C0:.*]] = arith.select %{{.*}}, %c7, %c0
// CHECK: %[[T0:.*]] = arith.select %{{.*}}, %c0, %c2
// CHECK: %[[I0:.*]] = arith.select %{{.*}}, %c5, %c0
// CHECK: tensor.extract_slice %arg0[0, 0, %[[I0]], 0] [1, 8, 3, 8]
// CHECK: tensor.extract_slice %arg1[0, %[[T0]], 0, 0] [5, 3, 8, 8]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x8x1x8xf32>
// CHECK: tensor.insert_slice {{.*}}[0, 0, %[[C0]], 0] [1, 8, 1, 8]
// CHECK: scf.for
// CHECK: %[[C1:.*]] = arith.select %{{.*}}, %c6, %c1
// CHECK: %[[T1:.*]] = arith.select %{{.*}}, %c0, %c1
// CHECK: %[[I1:.*]] = arith.select %{{.*}}, %c4, %c0
// CHECK: tensor.extract_slice %arg0[0, 0, %[[I1]], 0] [1, 8, 4, 8]
// CHECK: tensor.extract_slice %arg1[0, %[[T1]], 0, 0] [5, 4, 8, 8]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x8x1x8xf32>
// CHECK: tensor.insert_slice {{.*}}[0, 0, %[[C1]], 0] [1, 8, 1, 8]
// CHECK-NOT: scf.for
// CHECK: return
// KERNEL-LABEL: func.func @same5x5
// KERNEL-NOT: tensor.pad
// KERNEL: return
func.func @same5x5(%arg0: tensor<1x8x8x8xf32>, %arg1: tensor<5x5x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %arg0 low[0, 2, 2, 0] high[0, 2, 2, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x12x12x8xf32>
  %empty = tensor.empty() : tensor<1x8x8x8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%padded, %arg1 : tensor<1x12x12x8xf32>, tensor<5x5x8x8xf32>) outs(%fill : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %conv : tensor<1x8x8x8xf32>
}

// -----

// Kept padded: a padding value other than zero (a dropped tap would not
// add zero), padding along channels, a 7x7 SAME filter (7 column runs,
// more than max-pieces), and an output column that sees only padding.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-4: tensor.pad %arg0
// CHECK-NOT: tensor.extract_slice %arg0
func.func @kept(%arg0: tensor<1x8x8x8xf32>, %w3: tensor<3x3x8x8xf32>, %w3c: tensor<3x3x10x8xf32>, %w7: tensor<7x7x8x8xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x12x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %p1 = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %one : f32
  } : tensor<1x8x8x8xf32> to tensor<1x10x10x8xf32>
  %p2 = tensor.pad %arg0 low[0, 1, 1, 1] high[0, 1, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x10x10x10xf32>
  %p3 = tensor.pad %arg0 low[0, 3, 3, 0] high[0, 3, 3, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x14x14x8xf32>
  %p4 = tensor.pad %arg0 low[0, 1, 3, 0] high[0, 1, 3, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x10x14x8xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %e4 = tensor.empty() : tensor<1x8x12x8xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x8x12x8xf32>) -> tensor<1x8x12x8xf32>
  %c1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%p1, %w3 : tensor<1x10x10x8xf32>, tensor<3x3x8x8xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%p2, %w3c : tensor<1x10x10x10xf32>, tensor<3x3x10x8xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%p3, %w7 : tensor<1x14x14x8xf32>, tensor<7x7x8x8xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c4 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%p4, %w3 : tensor<1x10x14x8xf32>, tensor<3x3x8x8xf32>) outs(%f4 : tensor<1x8x12x8xf32>) -> tensor<1x8x12x8xf32>
  return %c1, %c2, %c3, %c4 : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x12x8xf32>
}
