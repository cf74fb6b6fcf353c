// RUN: tfg-opt %s --split-input-file --tfg-cpu-vectorize-convolutions --canonicalize | FileCheck %s

// A 3x3 convolution: one loop over output rows (tiles of 1 row x 4 columns
// x 16 channels; the 8 input channels fit one step); the accumulator block
// is read once, carried in a vector through the kh/kw loops, written once;
// each step is one vector.contract of a [1,4,8] input slice with an [8,16]
// filter tap.
// CHECK-LABEL: func.func @conv
// CHECK: scf.for %[[OH:.*]] = %c0 to %c2 step %c1 iter_args(%[[OUT:.*]] = %{{.*}}) -> (tensor<1x2x4x16xf32>)
// CHECK: %[[ACC0:.*]] = vector.transfer_read {{.*}} : tensor<1x4x16xf32>, vector<1x4x16xf32>
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[ACC0]]) -> (vector<1x4x16xf32>)
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args(%[[A:.*]] = %{{.*}}) -> (vector<1x4x16xf32>)
// CHECK: vector.contract {{.*}} %{{.*}}, %{{.*}}, %[[A]] : vector<1x4x8xf32>, vector<8x16xf32> into vector<1x4x16xf32>
// CHECK: vector.transfer_write %[[ACC]]
// CHECK-NOT: linalg.conv
func.func @conv(%x: tensor<1x4x6x8xf32>, %w: tensor<3x3x8x16xf32>, %init: tensor<1x2x4x16xf32>) -> tensor<1x2x4x16xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x4x6x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<1x2x4x16xf32>) -> tensor<1x2x4x16xf32>
  return %0 : tensor<1x2x4x16xf32>
}

// -----

// Depthwise: tiles of 1 row x 4 columns x up to 32 channels; the taps are
// elementwise multiply-adds on the channel vector.
// CHECK-LABEL: func.func @depthwise
// CHECK: vector.transfer_read {{.*}} vector<1x4x32xf32>
// CHECK: vector.fma {{.*}} : vector<1x4x32xf32>
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
// CHECK: vector.contract {{.*}} : vector<1x4x4xf32>, vector<4x8xf32> into vector<1x4x8xf32>
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
// CHECK: vector.contract {{.*}} : vector<1x4x8xf32>, vector<8x16xf32> into vector<1x4x16xf32>
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
