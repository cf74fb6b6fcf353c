// The blocks depend on the target's vector registers; AVX2's (8 floats, 16
// registers) unless a prefix says otherwise. AVX512 checks AVX-512's (16
// floats, 32 registers) where they differ.
// RUN: tfg-opt %s --split-input-file --tfg-cpu-vectorize-convolutions="vector-bits=256 vector-registers=16" --canonicalize | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cpu-vectorize-convolutions="vector-bits=512 vector-registers=32" --canonicalize | FileCheck %s --check-prefix=AVX512

// A 3x3 convolution: one loop over output rows (tiles of 1 row x 4 columns
// (all of them; the block would take 6 at 2 vectors of channels) x 16
// channels; the 8 input channels fit one step); the accumulator block
// is read once, carried in a vector through the kh/kw loops, written once;
// each step is one vector.contract of a [1,4,8] input slice with an [8,16]
// filter tap.
// CHECK-LABEL: func.func @conv
// CHECK: scf.for %[[OH:.*]] = %c0 to %c2 step %c1 iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<1x2x4x16xf32>)
// CHECK: %[[ACC0:.*]] = vector.transfer_read %{{.*}} : tensor<1x2x4x16xf32>, vector<4x16xf32>
// CHECK: %[[ACCB:.*]] = vector.broadcast %[[ACC0]]
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[ACCB]]) -> (vector<1x4x16xf32>)
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (vector<1x4x16xf32>)
// CHECK: vector.contract {{.*}} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// CHECK: %[[LAST:.*]] = vector.extract %[[ACC]][0]
// CHECK: vector.transfer_write %[[LAST]]
// CHECK-NOT: linalg.conv
func.func @conv(%x: tensor<1x4x6x8xf32>, %w: tensor<3x3x8x16xf32>, %init: tensor<1x2x4x16xf32>) -> tensor<1x2x4x16xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x4x6x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<1x2x4x16xf32>) -> tensor<1x2x4x16xf32>
  return %0 : tensor<1x2x4x16xf32>
}

// -----

// Depthwise: tiles of 1 row x 4 columns x 2 vectors of channels (8
// accumulators of AVX2's 16 registers, the taps and loads beside them);
// the taps are elementwise multiply-adds on the channel vectors.
// CHECK-LABEL: func.func @depthwise
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c16
// CHECK: vector.transfer_read {{.*}} vector<{{(1x)?}}4x16xf32>
// CHECK: vector.fma {{.*}} : vector<{{(1x)?}}4x16xf32>
// AVX512-LABEL: func.func @depthwise
// AVX512: scf.for %{{.*}} = %c0 to %c64 step %c32
// AVX512: vector.fma {{.*}} : vector<{{(1x)?}}4x32xf32>
// CHECK-NOT: linalg.depthwise
func.func @depthwise(%x: tensor<1x6x6x64xf32>, %w: tensor<3x3x64xf32>, %init: tensor<1x4x4x64xf32>) -> tensor<1x4x4x64xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x6x6x64xf32>, tensor<3x3x64xf32>) outs(%init : tensor<1x4x4x64xf32>) -> tensor<1x4x4x64xf32>
  return %0 : tensor<1x4x4x64xf32>
}

// -----

// Other linalg ops (matmul, elementwise) are left to tfg-cpu-loop-order.
// CHECK-LABEL: func.func @untouched
// CHECK: linalg.matmul
// CHECK-NOT: vector.
func.func @untouched(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A grouped convolution as tfg-convert-to-linalg writes it: a loop over
// the groups, each a static conv_2d_nhwc_hwcf on slices (the input slice
// copied to contiguous channels). Each is register-blocked like any other:
// [1,4,4] input tiles against [4,8] filter taps.
// CHECK-LABEL: func.func @grouped
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args
// CHECK: vector.contract {{.*}} : vector<{{(1x)?}}4x4xf32>, vector<4x8xf32> into vector<{{(1x)?}}4x8xf32>
// CHECK-NOT: linalg.conv
func.func @grouped(%x: tensor<1x6x6x8xf32>, %w: tensor<3x3x4x16xf32>, %init: tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %g = %c0 to %c2 step %c1 iter_args(%out = %init) -> (tensor<1x4x4x16xf32>) {
    %cin = arith.muli %g, %c4 : index
    %cout = arith.muli %g, %c8 : index
    %in = tensor.extract_slice %x[0, 0, 0, %cin] [1, 6, 6, 4] [1, 1, 1, 1] : tensor<1x6x6x8xf32> to tensor<1x6x6x4xf32>
    %empty = tensor.empty() : tensor<1x6x6x4xf32>
    %inc = linalg.copy ins(%in : tensor<1x6x6x4xf32>) outs(%empty : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
    %f = tensor.extract_slice %w[0, 0, 0, %cout] [3, 3, 4, 8] [1, 1, 1, 1] : tensor<3x3x4x16xf32> to tensor<3x3x4x8xf32>
    %acc = tensor.extract_slice %out[0, 0, 0, %cout] [1, 4, 4, 8] [1, 1, 1, 1] : tensor<1x4x4x16xf32> to tensor<1x4x4x8xf32>
    %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
            ins(%inc, %f : tensor<1x6x6x4xf32>, tensor<3x3x4x8xf32>) outs(%acc : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
    %upd = tensor.insert_slice %conv into %out[0, 0, 0, %cout] [1, 4, 4, 8] [1, 1, 1, 1] : tensor<1x4x4x8xf32> into tensor<1x4x4x16xf32>
    scf.yield %upd : tensor<1x4x4x16xf32>
  }
  return %r : tensor<1x4x4x16xf32>
}

// -----

// A dynamic batch (compiled with dynamic shapes) is tiled by 1: a loop over
// the batch around the same static register blocks.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK: %[[N:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x4x6x8xf32>
// CHECK: scf.for %{{.*}} = %c0 to %[[N]] step %c1
// CHECK: vector.contract {{.*}} : vector<{{(1x)?}}4x8xf32>, vector<8x16xf32> into vector<{{(1x)?}}4x16xf32>
// CHECK-NOT: linalg.conv
func.func @dynamic_batch(%x: tensor<?x4x6x8xf32>, %w: tensor<3x3x8x16xf32>, %init: tensor<?x2x4x16xf32>) -> tensor<?x2x4x16xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<?x4x6x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<?x2x4x16xf32>) -> tensor<?x2x4x16xf32>
  return %0 : tensor<?x2x4x16xf32>
}

// -----

// Must not fire: a dynamic spatial dimension would make the register
// blocks dynamic; the convolution is left to tfg-cpu-loop-order.
// CHECK-LABEL: func.func @dynamic_width
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: vector.
func.func @dynamic_width(%x: tensor<1x4x?x8xf32>, %w: tensor<3x3x8x16xf32>, %init: tensor<1x2x?x16xf32>) -> tensor<1x2x?x16xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x4x?x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<1x2x?x16xf32>) -> tensor<1x2x?x16xf32>
  return %0 : tensor<1x2x?x16xf32>
}

// -----

// A dynamic number of output rows outside a chunk of tfg-cpu-parallelize:
// left to the loop-order pass, as before.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-NOT: vector.contract
// CHECK: linalg.conv_2d_nhwc_hwcf
func.func @dynamic_rows(%x: tensor<1x?x9x8xf32>, %w: tensor<3x3x8x16xf32>, %init: tensor<1x?x7x16xf32>) -> tensor<1x?x7x16xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x?x9x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<1x?x7x16xf32>) -> tensor<1x?x7x16xf32>
  return %0 : tensor<1x?x7x16xf32>
}

// -----

// Output width 7, 32 channels (4 AVX2 vectors): a block of 3 columns (12
// accumulators), not divisorUpTo(7, 4) = 1. The convolution is cut into
// columns [0, 6), tiled by 3, and the remainder column 6, a block of its
// own.
// CHECK-LABEL: func.func @width7
// CHECK: scf.for %{{.*}} = %c0 to %c6 step %c3
// CHECK: vector.contract {{.*}} : vector<{{(1x)?}}3x8xf32>, vector<8x32xf32> into vector<{{(1x)?}}3x32xf32>
// CHECK: vector.contract {{.*}} : vector<{{(1x1x)?}}8xf32>, vector<8x32xf32> into vector<{{(1x1x)?}}32xf32>
// CHECK: tensor.insert_slice %{{.*}} into %arg2[0, 0, 0, 0] [1, 1, 6, 32]
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 6, 0] [1, 1, 1, 32]
// CHECK-NOT: linalg.conv
// AVX-512: 32 channels are 2 vectors, so 12 columns would be the block;
// all 7 columns are one.
// AVX512-LABEL: func.func @width7
// AVX512: vector.contract {{.*}} : vector<{{(1x)?}}7x8xf32>, vector<8x32xf32> into vector<{{(1x)?}}7x32xf32>
// AVX512-NOT: vector.contract
func.func @width7(%x: tensor<1x3x9x8xf32>, %w: tensor<3x3x8x32xf32>, %init: tensor<1x1x7x32xf32>) -> tensor<1x1x7x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x9x8xf32>, tensor<3x3x8x32xf32>) outs(%init : tensor<1x1x7x32xf32>) -> tensor<1x1x7x32xf32>
  return %0 : tensor<1x1x7x32xf32>
}

// -----

// The same at width 56: 54 columns in blocks of 3 and a remainder of 2
// (an output that is not a fill: a block computed twice would add its sums
// twice, so no overlapping last block).
// CHECK-LABEL: func.func @width56
// CHECK: scf.for %{{.*}} = %c0 to %c54 step %c3
// CHECK: vector.contract {{.*}} into vector<{{(1x)?}}3x32xf32>
// CHECK: vector.contract {{.*}} into vector<{{(1x)?}}2x32xf32>
// AVX-512: 48 columns in blocks of 12 and a remainder of 8.
// AVX512-LABEL: func.func @width56
// AVX512: scf.for %{{.*}} = %c0 to %c48 step %c12
// AVX512: vector.contract {{.*}} into vector<{{(1x)?}}12x32xf32>
// AVX512: vector.contract {{.*}} into vector<{{(1x)?}}8x32xf32>
func.func @width56(%x: tensor<1x3x58x8xf32>, %w: tensor<3x3x8x32xf32>, %init: tensor<1x1x56x32xf32>) -> tensor<1x1x56x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x58x8xf32>, tensor<3x3x8x32xf32>) outs(%init : tensor<1x1x56x32xf32>) -> tensor<1x1x56x32xf32>
  return %0 : tensor<1x1x56x32xf32>
}

// -----

// Width 56 from a zero fill: AVX2's blocks of 3 columns leave 2, and
// computing one column twice costs less than 1/16 more: one loop of 19
// blocks, the last one starting at column 53 (min(3j, 53)), each filled
// and written into its columns of the output; no block of 2 columns.
// AVX-512's blocks of 12 leave 8: 4 columns twice is more than 1/16 of 56,
// so a remainder block of 8 columns stays.
// CHECK-LABEL: func.func @width56_filled
// CHECK: scf.for %[[J:.*]] = %c0 to %c19 step %c1 iter_args(%[[OUT:.*]] = %{{.*}})
// CHECK: %[[AT:.*]] = arith.muli %[[J]], %c3
// CHECK: %[[COL:.*]] = arith.minsi %[[AT]], %c53
// CHECK: %[[BLOCK:.*]] = tensor.extract_slice %[[OUT]][0, 0, %[[COL]], 0] [1, 1, 3, 32]
// CHECK: linalg.fill {{.*}} outs(%[[BLOCK]]
// CHECK: vector.contract {{.*}} into vector<{{(1x)?}}3x32xf32>
// CHECK: tensor.insert_slice %{{.*}} into %[[OUT]][0, 0, %[[COL]], 0] [1, 1, 3, 32]
// CHECK-NOT: x2x32xf32>
// CHECK: return
// AVX512-LABEL: func.func @width56_filled
// AVX512: scf.for %{{.*}} = %c0 to %c48 step %c12
// AVX512-NOT: arith.minsi
// AVX512: vector.contract {{.*}} into vector<{{(1x)?}}8x32xf32>
// AVX512: return
func.func @width56_filled(%x: tensor<1x3x58x8xf32>, %w: tensor<3x3x8x32xf32>) -> tensor<1x1x56x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x56x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x56x32xf32>) -> tensor<1x1x56x32xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x58x8xf32>, tensor<3x3x8x32xf32>) outs(%init : tensor<1x1x56x32xf32>) -> tensor<1x1x56x32xf32>
  return %0 : tensor<1x1x56x32xf32>
}

// -----

// The same with a bias + ReLU epilogue: each block starts from zeros in
// registers and the epilogue writes it into its columns of the output.
// CHECK-LABEL: func.func @width56_epilogue
// CHECK: scf.for %[[J:.*]] = %c0 to %c19 step %c1 iter_args(%[[OUT:.*]] = %{{.*}})
// CHECK: %[[COL:.*]] = arith.minsi %{{.*}}, %c53
// CHECK: vector.contract {{.*}} into vector<{{(1x)?}}3x32xf32>
// CHECK: arith.maximumf {{.*}} : vector<{{(1x)?}}3x32xf32>
// CHECK: tensor.insert_slice %{{.*}} into %[[OUT]][0, 0, %[[COL]], 0] [1, 1, 3, 32]
// CHECK-NOT: x2x32xf32>
// CHECK: return
func.func @width56_epilogue(%x: tensor<1x3x58x8xf32>, %w: tensor<3x3x8x32xf32>, %b: tensor<32xf32>) -> tensor<1x1x56x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x56x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x56x32xf32>) -> tensor<1x1x56x32xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x58x8xf32>, tensor<3x3x8x32xf32>) outs(%init : tensor<1x1x56x32xf32>) -> tensor<1x1x56x32xf32>
  %out = tensor.empty() : tensor<1x1x56x32xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%0, %b : tensor<1x1x56x32xf32>, tensor<32xf32>) outs(%out : tensor<1x1x56x32xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x1x56x32xf32>
  return %1 : tensor<1x1x56x32xf32>
}

// -----

// 40 output channels: AVX2 blocks of one vector (8 divides 40); AVX-512
// has no whole-vector divisor of 40: channels [0, 32) in blocks of 2
// vectors, and a remainder block of 8.
// CHECK-LABEL: func.func @channels40
// CHECK: scf.for %{{.*}} = %c0 to %c40 step %c8
// CHECK: vector.contract {{.*}} into vector<{{(1x)?}}4x8xf32>
// AVX512-LABEL: func.func @channels40
// AVX512: vector.transfer_read %arg1[%c0, %c0, %{{.*}}, %c0]{{.*}} vector<4x32xf32>
// AVX512: vector.contract {{.*}} into vector<{{(1x)?}}4x32xf32>
// AVX512: vector.transfer_read %arg1[%c0, %c0, %{{.*}}, %c32]{{.*}} vector<4x8xf32>
// AVX512: vector.contract {{.*}} into vector<{{(1x)?}}4x8xf32>
// AVX512: tensor.insert_slice %{{.*}} into %arg2[0, 0, 0, 0] [1, 1, 4, 32]
// AVX512: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 32] [1, 1, 4, 8]
func.func @channels40(%x: tensor<1x1x4x8xf32>, %w: tensor<1x1x8x40xf32>, %init: tensor<1x1x4x40xf32>) -> tensor<1x1x4x40xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x4x8xf32>, tensor<1x1x8x40xf32>) outs(%init : tensor<1x1x4x40xf32>) -> tensor<1x1x4x40xf32>
  return %0 : tensor<1x1x4x40xf32>
}

// -----

// 96 output channels: AVX-512 blocks of 2 vectors (32 channels) x 12
// columns, not 3 vectors (a vector<48xf32> row, which LLVM widens to 64
// lanes and shuffles element by element); AVX2 4 vectors (32 channels)
// as before. 56 channels (no whole-vector divisor on AVX-512): 2 vectors,
// then a remainder of 1 vector and one of 8 channels, never 3 vectors.
// CHECK-LABEL: func.func @channels96
// CHECK: vector.contract {{.*}} into vector<{{(1x)?}}3x32xf32>
// AVX512-LABEL: func.func @channels96
// AVX512: scf.for %{{.*}} = %c0 to %c96 step %c32
// AVX512: vector.contract {{.*}} : vector<{{(1x)?}}12x4xf32>, vector<4x32xf32> into vector<{{(1x)?}}12x32xf32>
// AVX512-NOT: x48xf32>
// AVX512-LABEL: func.func @channels56
// AVX512: vector.contract {{.*}} into vector<{{(1x)?}}12x32xf32>
// AVX512: vector.contract {{.*}} into vector<{{(1x)?}}12x16xf32>
// AVX512: vector.contract {{.*}} into vector<{{(1x)?}}12x8xf32>
// AVX512-NOT: x48xf32>
func.func @channels96(%x: tensor<1x1x12x8xf32>, %w: tensor<1x1x8x96xf32>, %init: tensor<1x1x12x96xf32>) -> tensor<1x1x12x96xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x12x8xf32>, tensor<1x1x8x96xf32>) outs(%init : tensor<1x1x12x96xf32>) -> tensor<1x1x12x96xf32>
  return %0 : tensor<1x1x12x96xf32>
}
func.func @channels56(%x: tensor<1x1x12x8xf32>, %w: tensor<1x1x8x56xf32>, %init: tensor<1x1x12x56xf32>) -> tensor<1x1x12x56xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x12x8xf32>, tensor<1x1x8x56xf32>) outs(%init : tensor<1x1x12x56xf32>) -> tensor<1x1x12x56xf32>
  return %0 : tensor<1x1x12x56xf32>
}

// -----

// 17 output channels with a bias (an epilogue): one loop of overlapping
// whole-vector blocks, the last one ending at channel 17 (min(j * block,
// 17 - block)), kept rolled for LLVM (llvm.loop.unroll.disable), instead
// of a block and a remainder block of 1 channel. AVX2 (8 lanes; the block
// of 2 vectors would cost 4 vectors, 3 as pieces): 3 blocks of 8 channels,
// at 0, 8 and 9. AVX-512: 2 blocks of 16, at 0 and 1. Each block reads
// its channels of the filter and of the bias.
// CHECK-LABEL: func.func @channels17_bias
// CHECK: scf.for %[[J:.*]] = %c0 to %c3 step %c1 iter_args(%[[OUT:.*]] = %{{.*}})
// CHECK: %[[AT:.*]] = arith.muli %[[J]], %c8
// CHECK: %[[CH:.*]] = arith.minsi %[[AT]], %c9
// CHECK: scf.for %[[K:.*]] = %c0 to %c8 step %c4
// CHECK: vector.transfer_read %arg1[%c0, %c0, %[[K]], %[[CH]]]{{.*}} vector<4x8xf32>
// CHECK: vector.contract {{.*}} : vector<12x4xf32>, vector<4x8xf32> into vector<12x8xf32>
// CHECK: vector.transfer_read %arg2[%[[CH]]]{{.*}} vector<8xf32>
// CHECK: tensor.insert_slice %{{.*}} into %[[OUT]][0, 0, 0, %[[CH]]] [1, 1, 12, 8]
// CHECK: } {llvm.loop_annotation = #[[ROLLED:.*]]}
// CHECK-NOT: x1xf32>
// CHECK: return
// AVX512-LABEL: func.func @channels17_bias
// AVX512: scf.for %[[J:.*]] = %c0 to %c2 step %c1 iter_args(%[[OUT:.*]] = %{{.*}})
// AVX512: %[[AT:.*]] = arith.muli %[[J]], %c16
// AVX512: %[[CH:.*]] = arith.minsi %[[AT]], %c1
// AVX512: scf.for %[[K:.*]] = %c0 to %c8 step %c4
// AVX512: vector.transfer_read %arg1[%c0, %c0, %[[K]], %[[CH]]]{{.*}} vector<4x16xf32>
// AVX512: vector.contract {{.*}} : vector<12x4xf32>, vector<4x16xf32> into vector<12x16xf32>
// AVX512: vector.transfer_read %arg2[%[[CH]]]{{.*}} vector<16xf32>
// AVX512: tensor.insert_slice %{{.*}} into %[[OUT]][0, 0, 0, %[[CH]]] [1, 1, 12, 16]
// AVX512: } {llvm.loop_annotation = #{{.*}}}
// AVX512-NOT: x1xf32>
// AVX512: return
func.func @channels17_bias(%x: tensor<1x1x12x8xf32>, %w: tensor<1x1x8x17xf32>, %b: tensor<17xf32>) -> tensor<1x1x12x17xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x12x17xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x12x17xf32>) -> tensor<1x1x12x17xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x12x8xf32>, tensor<1x1x8x17xf32>) outs(%init : tensor<1x1x12x17xf32>) -> tensor<1x1x12x17xf32>
  %out = tensor.empty() : tensor<1x1x12x17xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%0, %b : tensor<1x1x12x17xf32>, tensor<17xf32>) outs(%out : tensor<1x1x12x17xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    linalg.yield %s : f32
  } -> tensor<1x1x12x17xf32>
  return %1 : tensor<1x1x12x17xf32>
}

// -----

// The same without an epilogue: a block of a bare convolution would fill
// its channels of the output in memory first (no fused fill to start its
// accumulators as zeros), so the remainder stays a piece of its own: on
// AVX-512 16 channels and 1 channel, no loop of blocks.
// AVX512-LABEL: func.func @channels17_bare
// AVX512-NOT: arith.minsi
// AVX512-NOT: loop_annotation
// AVX512: vector.contract {{.*}} into vector<12x16xf32>
// AVX512: vector.contract {{.*}} : vector<12x4xf32>, vector<4x1xf32> into vector<12x1xf32>
// AVX512: tensor.insert_slice %{{.*}} [1, 1, 12, 16]
// AVX512: tensor.insert_slice %{{.*}}[0, 0, 0, 16] [1, 1, 12, 1]
// AVX512: return
func.func @channels17_bare(%x: tensor<1x1x12x8xf32>, %w: tensor<1x1x8x17xf32>) -> tensor<1x1x12x17xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x12x17xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x12x17xf32>) -> tensor<1x1x12x17xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x12x8xf32>, tensor<1x1x8x17xf32>) outs(%init : tensor<1x1x12x17xf32>) -> tensor<1x1x12x17xf32>
  return %0 : tensor<1x1x12x17xf32>
}

// -----

// 72 channels with a bias on AVX-512: as pieces 4 vectors and a remainder
// of 8 (5 vectors); overlapping blocks of 2 vectors would cost 6 and of 1
// vector 5, but a block of one vector loads its input once per 16 FMAs
// where 4 vectors do for 64: the pieces stay. AVX2: 8 divides 72, the
// plain loop of blocks (no overlap).
// CHECK-LABEL: func.func @channels72_bias
// CHECK-NOT: arith.minsi
// CHECK-NOT: loop_annotation
// CHECK: scf.for %{{.*}} = %c0 to %c72 step %c8
// CHECK: return
// AVX512-LABEL: func.func @channels72_bias
// AVX512-NOT: arith.minsi
// AVX512-NOT: loop_annotation
// AVX512: vector.contract {{.*}} into vector<6x64xf32>
// AVX512: vector.contract {{.*}} into vector<6x8xf32>
// AVX512: tensor.insert_slice %{{.*}}[0, 0, 0, 64] [1, 1, 6, 8]
// AVX512: return
func.func @channels72_bias(%x: tensor<1x1x6x8xf32>, %w: tensor<1x1x8x72xf32>, %b: tensor<72xf32>) -> tensor<1x1x6x72xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x6x72xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x6x72xf32>) -> tensor<1x1x6x72xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x6x8xf32>, tensor<1x1x8x72xf32>) outs(%init : tensor<1x1x6x72xf32>) -> tensor<1x1x6x72xf32>
  %out = tensor.empty() : tensor<1x1x6x72xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%0, %b : tensor<1x1x6x72xf32>, tensor<72xf32>) outs(%out : tensor<1x1x6x72xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    linalg.yield %s : f32
  } -> tensor<1x1x6x72xf32>
  return %1 : tensor<1x1x6x72xf32>
}

// -----

// A depthwise convolution to 24 channels with a bias: the remainder (8 of
// AVX-512's 16 lanes) is more than a quarter of a vector, so the pieces
// stay (16 + 8 channels, no overlapping blocks); AVX2: 8 divides 24, the
// plain loop.
// CHECK-LABEL: func.func @depthwise24_bias
// CHECK-NOT: arith.minsi
// CHECK: scf.for %{{.*}} = %c0 to %c24 step %c8
// CHECK: return
// AVX512-LABEL: func.func @depthwise24_bias
// AVX512-NOT: arith.minsi
// AVX512-DAG: vector.transfer_read %arg0{{.*}} vector<4x16xf32>
// AVX512-DAG: vector.transfer_read %arg0{{.*}} vector<4x8xf32>
// AVX512: return
func.func @depthwise24_bias(%x: tensor<1x3x6x24xf32>, %w: tensor<3x3x24xf32>, %b: tensor<24xf32>) -> tensor<1x1x4x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x4x24xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x4x24xf32>) -> tensor<1x1x4x24xf32>
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x6x24xf32>, tensor<3x3x24xf32>) outs(%init : tensor<1x1x4x24xf32>) -> tensor<1x1x4x24xf32>
  %out = tensor.empty() : tensor<1x1x4x24xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%0, %b : tensor<1x1x4x24xf32>, tensor<24xf32>) outs(%out : tensor<1x1x4x24xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    linalg.yield %s : f32
  } -> tensor<1x1x4x24xf32>
  return %1 : tensor<1x1x4x24xf32>
}

// -----

// A depthwise convolution to 17 channels with a bias: overlapping blocks,
// each reading its own channels of the input (a depthwise channel reads
// its own input channel). AVX-512: two blocks of 16, at channels 0 and 1;
// AVX2: three blocks of 8, at 0, 8 and 9. The loop stays rolled.
// CHECK-LABEL: func.func @depthwise17_bias
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1
// CHECK: %[[CH:.*]] = arith.minsi %{{.*}}, %c9
// CHECK: vector.transfer_read %arg0[%c0, %{{.*}}, %{{.*}}, %[[CH]]]{{.*}} vector<4x8xf32>
// CHECK: tensor.insert_slice %{{.*}}[0, 0, 0, %[[CH]]] [1, 1, 4, 8]
// CHECK: } {llvm.loop_annotation = #{{.*}}}
// CHECK: return
// AVX512-LABEL: func.func @depthwise17_bias
// AVX512: scf.for %{{.*}} = %c0 to %c2 step %c1
// AVX512: %[[CH:.*]] = arith.minsi %{{.*}}, %c1
// AVX512: vector.transfer_read %arg0[%c0, %{{.*}}, %{{.*}}, %[[CH]]]{{.*}} vector<4x16xf32>
// AVX512: vector.fma {{.*}} : vector<4x16xf32>
// AVX512: tensor.insert_slice %{{.*}}[0, 0, 0, %[[CH]]] [1, 1, 4, 16]
// AVX512: } {llvm.loop_annotation = #{{.*}}}
// AVX512: return
func.func @depthwise17_bias(%x: tensor<1x3x6x17xf32>, %w: tensor<3x3x17xf32>, %b: tensor<17xf32>) -> tensor<1x1x4x17xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x4x17xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x4x17xf32>) -> tensor<1x1x4x17xf32>
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x6x17xf32>, tensor<3x3x17xf32>) outs(%init : tensor<1x1x4x17xf32>) -> tensor<1x1x4x17xf32>
  %out = tensor.empty() : tensor<1x1x4x17xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%0, %b : tensor<1x1x4x17xf32>, tensor<17xf32>) outs(%out : tensor<1x1x4x17xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    linalg.yield %s : f32
  } -> tensor<1x1x4x17xf32>
  return %1 : tensor<1x1x4x17xf32>
}

// -----

// 16 input channels: a 1x1 convolution takes them in steps of 4 (one
// step of 16 ran at half the speed; steps of 4 as fast as steps of 8, with
// half the code), a 3x3 one in one step of 16.
// AVX512-LABEL: func.func @pointwise16
// AVX512: scf.for %{{.*}} = %c0 to %c16 step %c4 iter_args
// AVX512: vector.contract {{.*}} : vector<{{(1x)?}}12x4xf32>, vector<4x32xf32> into vector<{{(1x)?}}12x32xf32>
// AVX512-LABEL: func.func @conv3x3_16
// AVX512-NOT: step %c8
// AVX512: vector.contract {{.*}} : vector<{{(1x)?}}6x16xf32>, vector<16x32xf32> into vector<{{(1x)?}}6x32xf32>
func.func @pointwise16(%x: tensor<1x1x12x16xf32>, %w: tensor<1x1x16x32xf32>, %init: tensor<1x1x12x32xf32>) -> tensor<1x1x12x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x12x16xf32>, tensor<1x1x16x32xf32>) outs(%init : tensor<1x1x12x32xf32>) -> tensor<1x1x12x32xf32>
  return %0 : tensor<1x1x12x32xf32>
}
func.func @conv3x3_16(%x: tensor<1x3x8x16xf32>, %w: tensor<3x3x16x32xf32>, %init: tensor<1x1x6x32xf32>) -> tensor<1x1x6x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x8x16xf32>, tensor<3x3x16x32xf32>) outs(%init : tensor<1x1x6x32xf32>) -> tensor<1x1x6x32xf32>
  return %0 : tensor<1x1x6x32xf32>
}

// -----

// Steps of 4 only where 4 divides the input channels: 10 keep steps of up
// to 8 (2 of 5).
// AVX512-LABEL: func.func @pointwise10
// AVX512-NOT: step %c4
// AVX512: scf.for %{{.*}} = %c0 to %c10 step %c5 iter_args
// AVX512: vector.contract {{.*}} : vector<{{(1x)?}}12x5xf32>, vector<5x32xf32> into vector<{{(1x)?}}12x32xf32>
func.func @pointwise10(%x: tensor<1x1x12x10xf32>, %w: tensor<1x1x10x32xf32>, %init: tensor<1x1x12x32xf32>) -> tensor<1x1x12x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x12x10xf32>, tensor<1x1x10x32xf32>) outs(%init : tensor<1x1x12x32xf32>) -> tensor<1x1x12x32xf32>
  return %0 : tensor<1x1x12x32xf32>
}

// -----

// A 1x1 convolution at 7x7 is one row of 49 pixels (collapse/expand of
// the contiguous input and output, no copy): 48 in blocks of 3 that run
// across output rows, one remainder pixel, each in steps of 4 input
// channels; the result is expanded back.
// CHECK-LABEL: func.func @pointwise7x7
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2], [3]] : tensor<1x7x7x16xf32> into tensor<1x49x16xf32>
// CHECK: tensor.expand_shape {{.*}} into tensor<1x1x49x16xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c48 step %c3
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c4
// CHECK: vector.contract {{.*}} : vector<{{(1x)?}}3x4xf32>, vector<4x32xf32> into vector<{{(1x)?}}3x32xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c4
// CHECK: vector.contract {{.*}} : vector<{{(1x1x)?}}4xf32>, vector<4x32xf32> into vector<{{(1x1x)?}}32xf32>
// CHECK: tensor.expand_shape {{.*}} output_shape [1, 7, 7, 32] : tensor<1x49x32xf32> into tensor<1x7x7x32xf32>
func.func @pointwise7x7(%x: tensor<1x7x7x16xf32>, %w: tensor<1x1x16x32xf32>, %init: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x7x7x16xf32>, tensor<1x1x16x32xf32>) outs(%init : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %0 : tensor<1x7x7x32xf32>
}

// -----

// A deep 1x1 convolution: its [1024, 32] filter block would not fit in L1,
// so its input channels go in chunks of 256 ([256, 32] floats = 32 KiB):
// a loop over the first three chunks around both pixel pieces, which
// accumulate into the output in memory, then the last chunk's pieces on
// the loop's sums. In the loop the remainder pixel's slice is taken from
// the main piece's insertion (one chain of slices of the loop-carried sums,
// which bufferization writes in place) and the slices stay in the loop
// (tfg.keep_subsets_in_loop). Its filter (65536 floats) outweighs its input
// (50176), so the output-channel blocks go outside the pixel blocks.
// CHECK-LABEL: func.func @deep_pointwise
// CHECK: %[[SUMS:.*]] = scf.for %{{.*}} = %c0 to %c768 step %c256 iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<1x1x49x64xf32>)
// CHECK: tensor.extract_slice %[[ACC]][0, 0, 0, 0] [1, 1, 48, 64]
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c32
// CHECK: scf.for %{{.*}} = %c0 to %c48 step %c3
// CHECK: scf.for %{{.*}} = %c0 to %c256 step %c8 iter_args(%{{.*}} = %{{.*}}) -> (vector<1x3x32xf32>)
// CHECK: %[[MAIN:.*]] = tensor.insert_slice %{{.*}} into %[[ACC]][0, 0, 0, 0] [1, 1, 48, 64]
// CHECK: tensor.extract_slice %[[MAIN]][0, 0, 48, 0] [1, 1, 1, 64]
// CHECK: tensor.insert_slice %{{.*}} into %[[MAIN]][0, 0, 48, 0] [1, 1, 1, 64]
// CHECK: } {tfg.keep_subsets_in_loop}
// CHECK: tensor.extract_slice %[[SUMS]][0, 0, 0, 0] [1, 1, 48, 64]
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c32
// CHECK: scf.for %{{.*}} = %c0 to %c48 step %c3
// CHECK: scf.for %{{.*}} = %c0 to %c256 step %c8 iter_args(%{{.*}} = %{{.*}}) -> (vector<1x3x32xf32>)
func.func @deep_pointwise(%x: tensor<1x7x7x1024xf32>, %w: tensor<1x1x1024x64xf32>, %init: tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x7x7x1024xf32>, tensor<1x1x1024x64xf32>) outs(%init : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  return %0 : tensor<1x7x7x64xf32>
}

// -----

// The deep 1x1 convolution with a bias and Relu: the epilogue goes with the
// last chunk. Each of its blocks starts from the three chunks' sums (read
// from memory, not a zero fill), adds the last chunk's products, adds the
// bias and takes the Relu in registers and writes the result once into
// the layer's output (an alloc_tensor): no elementwise pass is left.
// CHECK-LABEL: func.func @deep_pointwise_bias_relu
// CHECK: linalg.fill
// CHECK: %[[SUMS:.*]] = scf.for %{{.*}} = %c0 to %c768 step %c256
// CHECK-NOT: arith.maximumf
// CHECK: } {tfg.keep_subsets_in_loop}
// CHECK: bufferization.alloc_tensor() : tensor<1x1x49x64xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c48 step %c3
// CHECK: %[[PARTIAL:.*]] = vector.transfer_read %[[SUMS]]
// CHECK: %[[BLOCK:.*]] = scf.for %{{.*}} = %c0 to %c256 step %c8 iter_args(%{{.*}} = %{{.*}})
// CHECK: %[[BIASED:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<3x32xf32>
// CHECK: %[[RELU:.*]] = arith.maximumf %[[BIASED]]
// CHECK: vector.transfer_write %[[RELU]]
// CHECK: vector.transfer_read %[[SUMS]]
// CHECK: arith.maximumf {{.*}} : vector<64xf32>
// CHECK-NOT: linalg.
// CHECK: return
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @deep_pointwise_bias_relu(%x: tensor<1x7x7x1024xf32>, %w: tensor<1x1x1024x64xf32>, %b: tensor<64xf32>) -> tensor<1x7x7x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x7x7x1024xf32>, tensor<1x1x1024x64xf32>) outs(%f : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %e2 = tensor.empty() : tensor<1x7x7x64xf32>
  %1 = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%0, %b : tensor<1x7x7x64xf32>, tensor<64xf32>) outs(%e2 : tensor<1x7x7x64xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x7x7x64xf32>
  return %1 : tensor<1x7x7x64xf32>
}

// -----

// Must not fuse: the convolution's result has a second user, so the
// elementwise op is no epilogue; the chunks accumulate as above and the
// generic stays after them, on the whole result.
// CHECK-LABEL: func.func @deep_pointwise_shared_result
// CHECK: scf.for %{{.*}} = %c0 to %c768 step %c256
// CHECK: } {tfg.keep_subsets_in_loop}
// CHECK-NOT: arith.maximumf
// CHECK: linalg.generic
// CHECK: arith.maximumf
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @deep_pointwise_shared_result(%x: tensor<1x7x7x1024xf32>, %w: tensor<1x1x1024x64xf32>) -> (tensor<1x7x7x64xf32>, tensor<1x7x7x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x7x7x1024xf32>, tensor<1x1x1024x64xf32>) outs(%f : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %e2 = tensor.empty() : tensor<1x7x7x64xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%0 : tensor<1x7x7x64xf32>) outs(%e2 : tensor<1x7x7x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x7x7x64xf32>
  return %0, %1 : tensor<1x7x7x64xf32>, tensor<1x7x7x64xf32>
}

// -----

// AVX-512, a deep 1x1 convolution at 14x14 (196 pixels; 512 -> 512): 6
// pixels x 4 vectors would leave a remainder of 4 pixels that reads each
// chunk's whole filter from L2; 7 pixels x 2 vectors divide the 196 pixels
// (28 blocks). At 7x7 (7 blocks of 7) the blocks stay 6 x 4 vectors and a
// remainder pixel (@deep_pointwise_7x7: half-width blocks walk the filter's
// rows twice as often, which 7 blocks do not pay for).
// AVX512-LABEL: func.func @deep_pointwise_14x14
// AVX512-NOT: %c192
// AVX512: scf.for %{{.*}} = %c0 to %c196 step %c7
// AVX512: iter_args(%{{.*}} = %{{.*}}) -> (vector<1x7x32xf32>)
// AVX512-NOT: %c192
// AVX512-LABEL: func.func @deep_pointwise_7x7
// AVX512: scf.for %{{.*}} = %c0 to %c48 step %c6
// AVX512: iter_args(%{{.*}} = %{{.*}}) -> (vector<1x6x64xf32>)
func.func @deep_pointwise_14x14(%x: tensor<1x14x14x512xf32>, %w: tensor<1x1x512x512xf32>, %init: tensor<1x14x14x512xf32>) -> tensor<1x14x14x512xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x14x14x512xf32>, tensor<1x1x512x512xf32>) outs(%init : tensor<1x14x14x512xf32>) -> tensor<1x14x14x512xf32>
  return %0 : tensor<1x14x14x512xf32>
}
func.func @deep_pointwise_7x7(%x: tensor<1x7x7x512xf32>, %w: tensor<1x1x512x512xf32>, %init: tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x7x7x512xf32>, tensor<1x1x512x512xf32>) outs(%init : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  return %0 : tensor<1x7x7x512xf32>
}

// -----

// AVX-512, the same layer's chunk at 2 threads (tfg-cpu-parallelize: 7 of
// its 14 rows, 98 pixels, in an scf.forall): 14 blocks of 7 pixels x 2
// vectors, as one thread's blocks, not 16 blocks of 6 x 4 vectors and a
// remainder of 2 pixels. Must not fire outside a chunk
// (@deep_pointwise_98_serial, one thread's code: 16 blocks are needed there).
// AVX512-LABEL: func.func @deep_pointwise_chunk
// AVX512: scf.forall
// AVX512-NOT: %c96
// AVX512: scf.for %{{.*}} = %c0 to %c98 step %c7
// AVX512: iter_args(%{{.*}} = %{{.*}}) -> (vector<1x7x32xf32>)
// AVX512-NOT: vector<1x6x64xf32>
// AVX512-LABEL: func.func @deep_pointwise_98_serial
// AVX512: scf.for %{{.*}} = %c0 to %c96 step %c6
// AVX512: iter_args(%{{.*}} = %{{.*}}) -> (vector<1x6x64xf32>)
func.func @deep_pointwise_chunk(%x: tensor<1x14x14x512xf32>, %w: tensor<1x1x512x512xf32>, %init: tensor<1x14x14x512xf32>) -> tensor<1x14x14x512xf32> {
  %0 = scf.forall (%i) = (0) to (14) step (7) shared_outs(%out = %init) -> (tensor<1x14x14x512xf32>) {
    %xs = tensor.extract_slice %x[0, %i, 0, 0] [1, 7, 14, 512] [1, 1, 1, 1] : tensor<1x14x14x512xf32> to tensor<1x7x14x512xf32>
    %os = tensor.extract_slice %out[0, %i, 0, 0] [1, 7, 14, 512] [1, 1, 1, 1] : tensor<1x14x14x512xf32> to tensor<1x7x14x512xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%xs, %w : tensor<1x7x14x512xf32>, tensor<1x1x512x512xf32>) outs(%os : tensor<1x7x14x512xf32>) -> tensor<1x7x14x512xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %c into %out[0, %i, 0, 0] [1, 7, 14, 512] [1, 1, 1, 1] : tensor<1x7x14x512xf32> into tensor<1x14x14x512xf32>
    }
  }
  return %0 : tensor<1x14x14x512xf32>
}
func.func @deep_pointwise_98_serial(%x: tensor<1x7x14x512xf32>, %w: tensor<1x1x512x512xf32>, %init: tensor<1x7x14x512xf32>) -> tensor<1x7x14x512xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x7x14x512xf32>, tensor<1x1x512x512xf32>) outs(%init : tensor<1x7x14x512xf32>) -> tensor<1x7x14x512xf32>
  return %0 : tensor<1x7x14x512xf32>
}

// -----

// Strided: half the registers as accumulators (the input columns are
// shuffled out of wider vectors): 2 columns x 4 vectors on AVX2, 8 x 2 on
// AVX-512 (24 accumulators spilled there).
// CHECK-LABEL: func.func @strided
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c2
// CHECK: iter_args(%{{.*}} = %{{.*}}) -> (vector<1x2x32xf32>)
// AVX512-LABEL: func.func @strided
// AVX512: iter_args(%{{.*}} = %{{.*}}) -> (vector<1x8x32xf32>)
func.func @strided(%x: tensor<1x3x17x3xf32>, %w: tensor<3x3x3x32xf32>, %init: tensor<1x1x8x32xf32>) -> tensor<1x1x8x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x17x3xf32>, tensor<3x3x3x32xf32>) outs(%init : tensor<1x1x8x32xf32>) -> tensor<1x1x8x32xf32>
  return %0 : tensor<1x1x8x32xf32>
}

// -----

// Depthwise at width 14: blocks of 4 columns (12) and a remainder of 2; on
// AVX-512 a block of 8 would leave 6, and 7 divides 14: one block of 7.
// CHECK-LABEL: func.func @depthwise14
// CHECK: scf.for %{{.*}} = %c0 to %c12 step %c4
// CHECK: vector.fma {{.*}} : vector<{{(1x)?}}4x16xf32>
// CHECK: vector.fma {{.*}} : vector<{{(1x)?}}2x16xf32>
// AVX512-LABEL: func.func @depthwise14
// AVX512: scf.for %{{.*}} = %c0 to %c14 step %c7
// AVX512: vector.fma {{.*}} : vector<{{(1x)?}}7x32xf32>
func.func @depthwise14(%x: tensor<1x3x16x32xf32>, %w: tensor<3x3x32xf32>, %init: tensor<1x1x14x32xf32>) -> tensor<1x1x14x32xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x16x32xf32>, tensor<3x3x32xf32>) outs(%init : tensor<1x1x14x32xf32>) -> tensor<1x1x14x32xf32>
  return %0 : tensor<1x1x14x32xf32>
}

// -----

// Must not fire: other convolution layouts (NCHW; the lowering writes NHWC)
// are left to tfg-cpu-loop-order.
// CHECK-LABEL: func.func @nchw
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: vector.
func.func @nchw(%x: tensor<1x8x3x9xf32>, %w: tensor<16x8x3x3xf32>, %init: tensor<1x16x1x7xf32>) -> tensor<1x16x1x7xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x8x3x9xf32>, tensor<16x8x3x3xf32>) outs(%init : tensor<1x16x1x7xf32>) -> tensor<1x16x1x7xf32>
  return %0 : tensor<1x16x1x7xf32>
}

// -----

// A 1x1 convolution with a dynamic batch is flattened too (the batch stays
// the dynamic dimension): a batch loop around the blocks of 3 of 25 pixels.
// CHECK-LABEL: func.func @dynamic_batch_pointwise
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2], [3]] : tensor<?x5x5x16xf32> into tensor<?x25x16xf32>
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// CHECK: scf.for %{{.*}} = %c0 to %c24 step %c3
// CHECK: vector.contract {{.*}} into vector<{{(1x)?}}3x32xf32>
// CHECK: tensor.expand_shape {{.*}} : tensor<?x25x32xf32> into tensor<?x5x5x32xf32>
func.func @dynamic_batch_pointwise(%x: tensor<?x5x5x16xf32>, %w: tensor<1x1x16x32xf32>, %init: tensor<?x5x5x32xf32>) -> tensor<?x5x5x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<?x5x5x16xf32>, tensor<1x1x16x32xf32>) outs(%init : tensor<?x5x5x32xf32>) -> tensor<?x5x5x32xf32>
  return %0 : tensor<?x5x5x32xf32>
}

// -----

// The epilogue (bias + Relu, then a residual add: elementwise generics,
// fused into one first) runs on each accumulator block: the zero fill is
// fused too, so the accumulators start as zeros in registers (no fill of the
// output, no read of it), and each block is written once, after the bias,
// the maximum and the residual's block; no elementwise pass over the output
// is left. The remainder column gets the same epilogue.
// CHECK-LABEL: func.func @epilogue
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<1x3x32xf32>
// CHECK: scf.for %[[COL:.*]] = %c0 to %c6 step %c3
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (vector<1x3x32xf32>)
// CHECK: vector.contract {{.*}} into vector<3x32xf32>
// CHECK: %[[BLOCK:.*]] = vector.extract %[[ACC]][0]
// CHECK: %[[BIAS:.*]] = vector.transfer_read %arg2[%c0]
// CHECK: %[[RES:.*]] = vector.transfer_read %arg3[%c0, %c0, %[[COL]], %c0]
// CHECK: %[[BB:.*]] = vector.broadcast %[[BIAS]]
// CHECK: %[[SUM:.*]] = arith.addf %[[BLOCK]], %[[BB]] : vector<3x32xf32>
// CHECK: %[[RELU:.*]] = arith.maximumf %[[SUM]]
// CHECK: %[[OUT:.*]] = arith.addf %[[RELU]], %[[RES]] : vector<3x32xf32>
// CHECK: vector.transfer_write %[[OUT]]
// CHECK: arith.maximumf {{.*}} : vector<32xf32>
// CHECK-NOT: linalg.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @epilogue(%x: tensor<1x3x9x8xf32>, %w: tensor<3x3x8x32xf32>, %b: tensor<32xf32>, %r: tensor<1x1x7x32xf32>) -> tensor<1x1x7x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x7x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x7x32xf32>) -> tensor<1x1x7x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x9x8xf32>, tensor<3x3x8x32xf32>) outs(%init : tensor<1x1x7x32xf32>) -> tensor<1x1x7x32xf32>
  %e2 = tensor.empty() : tensor<1x1x7x32xf32>
  %biased = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<1x1x7x32xf32>, tensor<32xf32>) outs(%e2 : tensor<1x1x7x32xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x1x7x32xf32>
  %e3 = tensor.empty() : tensor<1x1x7x32xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased, %r : tensor<1x1x7x32xf32>, tensor<1x1x7x32xf32>) outs(%e3 : tensor<1x1x7x32xf32>) {
  ^bb0(%in: f32, %res: f32, %out: f32):
    %s = arith.addf %in, %res : f32
    linalg.yield %s : f32
  } -> tensor<1x1x7x32xf32>
  return %sum : tensor<1x1x7x32xf32>
}
// -----

// Must not fuse: the convolution's result is also returned, so the
// elementwise op stays a separate generic after the blocked convolution.
// CHECK-LABEL: func.func @two_uses
// CHECK: vector.contract
// CHECK: linalg.generic
// CHECK: arith.negf
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @two_uses(%x: tensor<1x3x9x8xf32>, %w: tensor<3x3x8x32xf32>, %init: tensor<1x1x7x32xf32>) -> (tensor<1x1x7x32xf32>, tensor<1x1x7x32xf32>) {
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x9x8xf32>, tensor<3x3x8x32xf32>) outs(%init : tensor<1x1x7x32xf32>) -> tensor<1x1x7x32xf32>
  %e = tensor.empty() : tensor<1x1x7x32xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c : tensor<1x1x7x32xf32>) outs(%e : tensor<1x1x7x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<1x1x7x32xf32>
  return %c, %neg : tensor<1x1x7x32xf32>, tensor<1x1x7x32xf32>
}

// -----

// A 1x1 convolution flattened to one row of 9 pixels, with its epilogue
// (bias + Relu + a residual add, one generic) flattened alike and fused
// into the pixel blocks: the residual is read as the same row of pixels
// (collapsed like the input), each block is finished in registers and
// written once, and no elementwise op is left after the unflattening.
// CHECK-LABEL: func.func @pointwise_epilogue
// CHECK: tensor.collapse_shape %arg3 {{\[\[}}0], [1, 2], [3]] : tensor<1x3x3x32xf32> into tensor<1x9x32xf32>
// CHECK: scf.for %[[PX:.*]] = %c0 to %c9 step %c3 iter_args
// CHECK: %[[SUMS:.*]] = scf.for %{{.*}} = %c0 to %c8 step %c4 iter_args(%{{.*}}) -> (vector<1x3x32xf32>)
// CHECK: vector.contract {{.*}} into vector<3x32xf32>
// CHECK: %[[ACC:.*]] = vector.extract %[[SUMS]][0]
// CHECK: %[[RES:.*]] = vector.transfer_read %{{.*}}[%c0, %c0, %[[PX]], %c0]{{.*}} : tensor<1x1x9x32xf32>, vector<3x32xf32>
// CHECK: %[[BIASED:.*]] = arith.addf %[[ACC]]
// CHECK: %[[RELU:.*]] = arith.maximumf %[[BIASED]]
// CHECK: %[[OUT:.*]] = arith.addf %[[RELU]], %[[RES]] : vector<3x32xf32>
// CHECK: vector.transfer_write %[[OUT]]
// CHECK-NOT: linalg.
// CHECK: tensor.expand_shape {{.*}} into tensor<1x3x3x32xf32>
// CHECK-NOT: linalg.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @pointwise_epilogue(%x: tensor<1x3x3x8xf32>, %w: tensor<1x1x8x32xf32>, %b: tensor<32xf32>, %r: tensor<1x3x3x32xf32>) -> tensor<1x3x3x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x32xf32>) -> tensor<1x3x3x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x3x8xf32>, tensor<1x1x8x32xf32>) outs(%init : tensor<1x3x3x32xf32>) -> tensor<1x3x3x32xf32>
  %e2 = tensor.empty() : tensor<1x3x3x32xf32>
  %sum = linalg.generic {indexing_maps = [#id, #ch, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b, %r : tensor<1x3x3x32xf32>, tensor<32xf32>, tensor<1x3x3x32xf32>) outs(%e2 : tensor<1x3x3x32xf32>) {
  ^bb0(%in: f32, %bias: f32, %res: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    %t = arith.addf %m, %res : f32
    linalg.yield %t : f32
  } -> tensor<1x3x3x32xf32>
  return %sum : tensor<1x3x3x32xf32>
}

// -----

// Must not fuse: the epilogue reads a [1, 3] tensor along rows only (a
// broadcast along columns). In the flattened row, one loop runs over all 9
// pixels, so that operand would no longer be read at a projection of the
// output point; the epilogue stays a separate generic on the unflattened
// result.
// CHECK-LABEL: func.func @pointwise_row_broadcast
// CHECK: scf.for
// CHECK: vector.contract {{.*}} into vector<3x32xf32>
// CHECK: tensor.expand_shape {{.*}} into tensor<1x3x3x32xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %arg2 : tensor<1x3x3x32xf32>, tensor<1x3xf32>)
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
func.func @pointwise_row_broadcast(%x: tensor<1x3x3x8xf32>, %w: tensor<1x1x8x32xf32>, %h: tensor<1x3xf32>) -> tensor<1x3x3x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x32xf32>) -> tensor<1x3x3x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x3x8xf32>, tensor<1x1x8x32xf32>) outs(%init : tensor<1x3x3x32xf32>) -> tensor<1x3x3x32xf32>
  %e2 = tensor.empty() : tensor<1x3x3x32xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %h : tensor<1x3x3x32xf32>, tensor<1x3xf32>) outs(%e2 : tensor<1x3x3x32xf32>) {
  ^bb0(%in: f32, %hv: f32, %out: f32):
    %s = arith.addf %in, %hv : f32
    linalg.yield %s : f32
  } -> tensor<1x3x3x32xf32>
  return %sum : tensor<1x3x3x32xf32>
}

// -----

// Must not fuse: the residual's rows and columns are dynamic (the loops are
// static), so it has no static pixel count to flatten to; the epilogue
// stays a separate generic on the unflattened result.
// CHECK-LABEL: func.func @pointwise_dynamic_residual
// CHECK: vector.contract {{.*}} into vector<3x32xf32>
// CHECK: tensor.expand_shape {{.*}} into tensor<1x3x3x32xf32>
// CHECK: linalg.generic
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @pointwise_dynamic_residual(%x: tensor<1x3x3x8xf32>, %w: tensor<1x1x8x32xf32>, %b: tensor<32xf32>, %r: tensor<1x?x?x32xf32>) -> tensor<1x3x3x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x32xf32>) -> tensor<1x3x3x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x3x8xf32>, tensor<1x1x8x32xf32>) outs(%init : tensor<1x3x3x32xf32>) -> tensor<1x3x3x32xf32>
  %e2 = tensor.empty() : tensor<1x3x3x32xf32>
  %sum = linalg.generic {indexing_maps = [#id, #ch, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b, %r : tensor<1x3x3x32xf32>, tensor<32xf32>, tensor<1x?x?x32xf32>) outs(%e2 : tensor<1x3x3x32xf32>) {
  ^bb0(%in: f32, %bias: f32, %res: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    %t = arith.addf %m, %res : f32
    linalg.yield %t : f32
  } -> tensor<1x3x3x32xf32>
  return %sum : tensor<1x3x3x32xf32>
}

// -----

// One output channel (MoveNet's heads, 96 -> 1 and Sigmoid): each column's
// dot product along its input channels, a whole vector of them a step (the
// pixel's row is contiguous), into a vector accumulator per column (half
// the registers: 8 columns on AVX2, 16 on AVX-512), summed across the lanes
// once after the loop by a shuffle-and-add tree; the epilogue (bias,
// Sigmoid) on the 1-D vector of the columns' sums, written as one vector.
// 20 columns: a block of 16 (AVX2: 2 x 8) and a remainder block of 4. No
// scalar copies: nothing on vector<N x 1>.
// CHECK-LABEL: func.func @channels1_sigmoid
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK: scf.for %[[C:.*]] = %c0 to %c32 step %c8 iter_args(%[[P:.*]] = %{{.*}}) -> (vector<8x8xf32>)
// CHECK: vector.transfer_read {{.*}} vector<8x8xf32>
// CHECK: vector.transfer_read %{{.*}}[%c0, %c0, %[[C]]]{{.*}} : tensor<1x1x32xf32>, vector<8xf32>
// CHECK: vector.fma %{{.*}}, %{{.*}}, %[[P]] : vector<8x8xf32>
// CHECK: vector.shuffle {{.*}} : vector<8xf32>, vector<8xf32>
// CHECK: math.exp %{{.*}} : vector<8xf32>
// CHECK: vector.transfer_write %{{.*}} : vector<8xf32>, tensor<1x1x16xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c8 iter_args(%{{.*}}) -> (vector<4x8xf32>)
// CHECK: vector.fma {{.*}} : vector<4x8xf32>
// CHECK: vector.extract_strided_slice {{.*}} sizes = [4]{{.*}} : vector<8xf32> to vector<4xf32>
// CHECK: math.exp %{{.*}} : vector<4xf32>
// CHECK: vector.transfer_write %{{.*}} : vector<4xf32>, tensor<1x1x4xf32>
// CHECK-NOT: {{vector<[0-9x]*x1xf32>}}
// CHECK-NOT: vector.contract
// CHECK: return
// AVX512-LABEL: func.func @channels1_sigmoid
// AVX512: scf.for %{{.*}} = %c0 to %c32 step %c16 iter_args(%{{.*}}) -> (vector<16x16xf32>)
// AVX512: vector.fma {{.*}} : vector<16x16xf32>
// AVX512: math.exp %{{.*}} : vector<16xf32>
// AVX512: vector.transfer_write %{{.*}} : vector<16xf32>, tensor<1x1x16xf32>
// AVX512: scf.for %{{.*}} = %c0 to %c32 step %c16 iter_args(%{{.*}}) -> (vector<4x16xf32>)
// AVX512: math.exp %{{.*}} : vector<4xf32>
// AVX512-NOT: {{vector<[0-9x]*x1xf32>}}
// AVX512-NOT: vector.contract
// AVX512: return
func.func @channels1_sigmoid(%x: tensor<1x1x20x32xf32>, %w: tensor<1x1x32x1xf32>, %b: tensor<1xf32>) -> tensor<1x1x20x1xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<1x1x20x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x20x1xf32>) -> tensor<1x1x20x1xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x20x32xf32>, tensor<1x1x32x1xf32>) outs(%init : tensor<1x1x20x1xf32>) -> tensor<1x1x20x1xf32>
  %out = tensor.empty() : tensor<1x1x20x1xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%0, %b : tensor<1x1x20x1xf32>, tensor<1xf32>) outs(%out : tensor<1x1x20x1xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %n = arith.negf %s : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<1x1x20x1xf32>
  return %1 : tensor<1x1x20x1xf32>
}

// -----

// Must not: 12 input channels are not a whole number of vectors, so the
// one-channel block keeps its steps of 4 channels (a contraction into its
// columns x 1 sums).
// CHECK-LABEL: func.func @channels1_depth12
// CHECK: vector.contract {{.*}} : vector<{{[0-9]+}}x4xf32>, vector<4x1xf32> into vector<{{[0-9]+}}x1xf32>
// CHECK-NOT: vector.fma
// CHECK: return
func.func @channels1_depth12(%x: tensor<1x1x20x12xf32>, %w: tensor<1x1x12x1xf32>, %b: tensor<1xf32>) -> tensor<1x1x20x1xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<1x1x20x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x20x1xf32>) -> tensor<1x1x20x1xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x20x12xf32>, tensor<1x1x12x1xf32>) outs(%init : tensor<1x1x20x1xf32>) -> tensor<1x1x20x1xf32>
  %out = tensor.empty() : tensor<1x1x20x1xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%0, %b : tensor<1x1x20x1xf32>, tensor<1xf32>) outs(%out : tensor<1x1x20x1xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %n = arith.negf %s : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<1x1x20x1xf32>
  return %1 : tensor<1x1x20x1xf32>
}

// -----

// Must not: two output channels are a block of channels, reduced as before.
// CHECK-LABEL: func.func @channels2_sigmoid
// CHECK: vector.contract {{.*}} : vector<{{[0-9]+}}x4xf32>, vector<4x2xf32> into vector<{{[0-9]+}}x2xf32>
// CHECK-NOT: vector.fma
// CHECK: return
func.func @channels2_sigmoid(%x: tensor<1x1x20x32xf32>, %w: tensor<1x1x32x2xf32>, %b: tensor<2xf32>) -> tensor<1x1x20x2xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<1x1x20x2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x20x2xf32>) -> tensor<1x1x20x2xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x1x20x32xf32>, tensor<1x1x32x2xf32>) outs(%init : tensor<1x1x20x2xf32>) -> tensor<1x1x20x2xf32>
  %out = tensor.empty() : tensor<1x1x20x2xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%0, %b : tensor<1x1x20x2xf32>, tensor<2xf32>) outs(%out : tensor<1x1x20x2xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %n = arith.negf %s : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<1x1x20x2xf32>
  return %1 : tensor<1x1x20x2xf32>
}
