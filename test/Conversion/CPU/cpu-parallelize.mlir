// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=2}))' | FileCheck %s
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=2 generic=true}))' | FileCheck %s --check-prefix=GENERIC
// threads=1 (the default) leaves the IR as it is, byte for byte.
// RUN: tfg-opt %s --split-input-file -o %t.before.mlir
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=1 generic=true}))' -o %t.after.mlir
// RUN: diff %t.before.mlir %t.after.mlir
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=3}))' | FileCheck %s --check-prefix=THREE
// The register blocking then tiles and vectorizes inside each chunk, an
// uneven one (a dynamic number of rows) too; the GEMV kernel each thread's
// weight panels.
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=2},tfg-cpu-vectorize-convolutions,tfg-cpu-vectorize-matmul))' | FileCheck %s --check-prefix=VEC

// A convolution: the batch (1) cannot be split, the output rows (56) are,
// in two static chunks of 28; the filter and the channels stay whole.
// CHECK-LABEL: func.func @conv
// CHECK: scf.forall (%[[I:.*]]) = (0) to (56) step (28) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK: tensor.extract_slice %{{.*}}[0, %[[I]], 0, 0] [1, 30, 58, 32]
// CHECK: tensor.extract_slice %[[OUT]][0, %[[I]], 0, 0] [1, 28, 56, 64]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x28x56x64xf32>
// CHECK: tensor.parallel_insert_slice
// Three threads divide none of the 56 rows, 56 columns and 64 channels:
// the rows are split unevenly (19, 19, 18).
// THREE-LABEL: func.func @conv
// THREE: scf.forall (%{{.*}}) = (0) to (56) step (19)
// THREE: affine.min
// THREE: linalg.conv_2d_nhwc_hwcf
func.func @conv(%x: tensor<1x58x58x32xf32>, %w: tensor<3x3x32x64xf32>, %init: tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x58x58x32xf32>, tensor<3x3x32x64xf32>) outs(%init : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %0 : tensor<1x56x56x64xf32>
}

// -----

// At 7x7 the rows and columns are odd: the channels (1024) are split, in
// static chunks the register blocking can still vectorize.
// CHECK-LABEL: func.func @depthwise_7x7
// CHECK: scf.forall (%[[C:.*]]) = (0) to (1024) step (512)
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} -> tensor<1x7x7x512xf32>
func.func @depthwise_7x7(%x: tensor<1x9x9x1024xf32>, %w: tensor<3x3x1024xf32>, %init: tensor<1x7x7x1024xf32>) -> tensor<1x7x7x1024xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x9x9x1024xf32>, tensor<3x3x1024xf32>) outs(%init : tensor<1x7x7x1024xf32>) -> tensor<1x7x7x1024xf32>
  return %0 : tensor<1x7x7x1024xf32>
}

// -----

// A filter much larger than its input: a 1x1 convolution 1024 -> 1024 at
// 8x8 (4 MiB of filter, 256 KiB of input). By rows each chunk would read
// all the filter; by output channels half of it and all the input, 1.79x
// fewer bytes: the channels are split (kFewerBytes), in static chunks of
// whole vectors; the filter is sliced, the input is not.
// CHECK-LABEL: func.func @wide_filter_8x8
// CHECK: scf.forall (%[[C:.*]]) = (0) to (1024) step (512)
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0, %[[C]]] [1, 1, 1024, 512]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x8x8x1024xf32>, tensor<1x1x1024x512xf32>) {{.*}} -> tensor<1x8x8x512xf32>
// Must keep the rows: where a row chunk stays in a core's L2 (1 MiB
// assumed; a 1x1 64 -> 512 layer at 4x4: 146 KiB, though channels would
// read 1.74x fewer), and where a channel chunk would not be a whole number
// of the widest register blocks (1024 -> 1120 at 8x8: 560 channels a
// chunk, blocks of 1 vector instead of 4).
// CHECK-LABEL: func.func @wide_filter_in_l2
// CHECK: scf.forall (%{{.*}}) = (0) to (4) step (2)
// CHECK-LABEL: func.func @wide_filter_odd_channels
// CHECK: scf.forall (%{{.*}}) = (0) to (8) step (4)
// With a dynamic batch the bytes are not known: the rows, as before.
// CHECK-LABEL: func.func @wide_filter_dynamic_batch
// CHECK: scf.forall (%{{.*}}) = (0) to (8) step (4)
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<?x4x8x1024xf32>
func.func @wide_filter_8x8(%x: tensor<1x8x8x1024xf32>, %w: tensor<1x1x1024x1024xf32>, %init: tensor<1x8x8x1024xf32>) -> tensor<1x8x8x1024xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x8x8x1024xf32>, tensor<1x1x1024x1024xf32>) outs(%init : tensor<1x8x8x1024xf32>) -> tensor<1x8x8x1024xf32>
  return %0 : tensor<1x8x8x1024xf32>
}
func.func @wide_filter_in_l2(%x: tensor<1x4x4x64xf32>, %w: tensor<1x1x64x512xf32>, %init: tensor<1x4x4x512xf32>) -> tensor<1x4x4x512xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x4x4x64xf32>, tensor<1x1x64x512xf32>) outs(%init : tensor<1x4x4x512xf32>) -> tensor<1x4x4x512xf32>
  return %0 : tensor<1x4x4x512xf32>
}
func.func @wide_filter_odd_channels(%x: tensor<1x8x8x1024xf32>, %w: tensor<1x1x1024x1120xf32>, %init: tensor<1x8x8x1120xf32>) -> tensor<1x8x8x1120xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x8x8x1024xf32>, tensor<1x1x1024x1120xf32>) outs(%init : tensor<1x8x8x1120xf32>) -> tensor<1x8x8x1120xf32>
  return %0 : tensor<1x8x8x1120xf32>
}
func.func @wide_filter_dynamic_batch(%x: tensor<?x8x8x1024xf32>, %w: tensor<1x1x1024x1024xf32>, %init: tensor<?x8x8x1024xf32>) -> tensor<?x8x8x1024xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<?x8x8x1024xf32>, tensor<1x1x1024x1024xf32>) outs(%init : tensor<?x8x8x1024xf32>) -> tensor<?x8x8x1024xf32>
  return %0 : tensor<?x8x8x1024xf32>
}

// -----

// Must keep the rows: MobileNet's 512 -> 512 1x1 layer at 14x14 (1 MiB of
// filter, 392 KiB of input) reads only 1.29x fewer bytes by channels, which
// did not pay for the barrier a channel split costs in the model; its
// depthwise layer (a 9 KiB filter) and its 256 -> 256 layer at 28x28 (whose
// channel chunks would read more bytes) keep the rows too.
// CHECK-LABEL: func.func @pointwise_14x14
// CHECK: scf.forall (%{{.*}}) = (0) to (14) step (7)
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x7x14x512xf32>
// CHECK-LABEL: func.func @depthwise_14x14
// CHECK: scf.forall (%{{.*}}) = (0) to (14) step (7)
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} -> tensor<1x7x14x512xf32>
// CHECK-LABEL: func.func @pointwise_28x28
// CHECK: scf.forall (%{{.*}}) = (0) to (28) step (14)
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x14x28x256xf32>
func.func @pointwise_14x14(%x: tensor<1x14x14x512xf32>, %w: tensor<1x1x512x512xf32>, %init: tensor<1x14x14x512xf32>) -> tensor<1x14x14x512xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x14x14x512xf32>, tensor<1x1x512x512xf32>) outs(%init : tensor<1x14x14x512xf32>) -> tensor<1x14x14x512xf32>
  return %0 : tensor<1x14x14x512xf32>
}
func.func @depthwise_14x14(%x: tensor<1x16x16x512xf32>, %w: tensor<3x3x512xf32>, %init: tensor<1x14x14x512xf32>) -> tensor<1x14x14x512xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x16x16x512xf32>, tensor<3x3x512xf32>) outs(%init : tensor<1x14x14x512xf32>) -> tensor<1x14x14x512xf32>
  return %0 : tensor<1x14x14x512xf32>
}
func.func @pointwise_28x28(%x: tensor<1x28x28x256xf32>, %w: tensor<1x1x256x256xf32>, %init: tensor<1x28x28x256xf32>) -> tensor<1x28x28x256xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x28x28x256xf32>, tensor<1x1x256x256xf32>) outs(%init : tensor<1x28x28x256xf32>) -> tensor<1x28x28x256xf32>
  return %0 : tensor<1x28x28x256xf32>
}

// -----

// A convolution with nothing even to split: 7 rows, 7 columns, 3 output
// channels. The rows are split unevenly (4 and 3), the one loop besides
// the batch that the register blocking takes dynamic.
// CHECK-LABEL: func.func @conv_uneven
// CHECK: scf.forall (%{{.*}}) = (0) to (7) step (4)
// CHECK: affine.min
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x?x7x3xf32>
// VEC-LABEL: func.func @conv_uneven
// VEC: scf.forall
// VEC: vector.contract
// VEC-NOT: linalg.conv_2d_nhwc_hwcf
// VEC: scf.forall.in_parallel
// Three threads divide the 3 output channels, but a chunk of one channel
// is no vector: the rows again (3, 3, 1).
// THREE-LABEL: func.func @conv_uneven
// THREE: scf.forall (%{{.*}}) = (0) to (7) step (3)
// THREE: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x?x7x3xf32>
func.func @conv_uneven(%x: tensor<1x9x9x512xf32>, %w: tensor<3x3x512x3xf32>, %init: tensor<1x7x7x3xf32>) -> tensor<1x7x7x3xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x9x9x512xf32>, tensor<3x3x512x3xf32>) outs(%init : tensor<1x7x7x3xf32>) -> tensor<1x7x7x3xf32>
  return %0 : tensor<1x7x7x3xf32>
}

// -----

// A matmul of one row: the rows cannot be split, the reduction (k) is
// never split, the columns are, in whole 16-float vectors (512 and 488;
// three threads: 336, 336, 328).
// CHECK-LABEL: func.func @matvec
// CHECK: scf.forall (%[[J:.*]]) = (0) to (1000) step (512)
// CHECK: %[[N:.*]] = affine.min
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [1, 1024] [1, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, %[[J]]] [1024, %[[N]]] [1, 1]
// CHECK: linalg.matmul {{.*}} -> tensor<1x?xf32>
// THREE-LABEL: func.func @matvec
// THREE: scf.forall (%{{.*}}) = (0) to (1000) step (336)
func.func @matvec(%a: tensor<1x1024xf32>, %b: tensor<1024x1000xf32>, %c: tensor<1x1000xf32>) -> tensor<1x1000xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1x1024xf32>, tensor<1024x1000xf32>) outs(%c : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  return %0 : tensor<1x1000xf32>
}

// -----

// A dot product (1x1 output, all the work in the reduction): nothing to
// split without changing the order of the sum, so it stays serial.
// CHECK-LABEL: func.func @dot
// CHECK-NOT: scf.forall
// CHECK: linalg.matmul
// GENERIC-LABEL: func.func @dot
// GENERIC-NOT: scf.forall
func.func @dot(%a: tensor<1x262144xf32>, %b: tensor<262144x1xf32>, %c: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<1x262144xf32>, tensor<262144x1xf32>) outs(%c : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

// Pooling splits like a convolution.
// CHECK-LABEL: func.func @max_pool
// CHECK: scf.forall (%{{.*}}) = (0) to (56) step (28)
// CHECK: linalg.pooling_nhwc_max {{.*}} -> tensor<1x28x56x64xf32>
// GENERIC-LABEL: func.func @max_pool
func.func @max_pool(%x: tensor<1x113x113x64xf32>, %k: tensor<3x3xf32>, %init: tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32> {
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
       ins(%x, %k : tensor<1x113x113x64xf32>, tensor<3x3xf32>) outs(%init : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %0 : tensor<1x56x56x64xf32>
}

// -----

// Small ops do not pay for a fork and join: a 3x3 convolution at 8x8 with
// 8 channels is 36864 iterations, under min-iterations (262144).
// CHECK-LABEL: func.func @small_conv
// CHECK-NOT: scf.forall
// CHECK: linalg.conv_2d_nhwc_hwcf
// GENERIC-LABEL: func.func @small_conv
// GENERIC-NOT: scf.forall
func.func @small_conv(%x: tensor<1x10x10x8xf32>, %w: tensor<3x3x8x8xf32>, %init: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x8xf32>) outs(%init : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

// An elementwise op is split only with generic=true (the pipeline's second
// run, after the elementwise fusion), over its outermost divisible loop.
// CHECK-LABEL: func.func @relu
// CHECK-NOT: scf.forall
// GENERIC-LABEL: func.func @relu
// GENERIC: scf.forall (%{{.*}}) = (0) to (112) step (56)
// GENERIC: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x56x112x32xf32>)
func.func @relu(%x: tensor<1x112x112x32xf32>, %init: tensor<1x112x112x32xf32>) -> tensor<1x112x112x32xf32> {
  %zero = arith.constant 0.0 : f32
  %0 = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%x : tensor<1x112x112x32xf32>) outs(%init : tensor<1x112x112x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x112x112x32xf32>
  return %0 : tensor<1x112x112x32xf32>
}

// -----

// A reduction over rows of 4096 (262144 iterations, just heavy enough):
// the parallel loop (64 rows) is split, the
// reduction loop is not, so each row's sum keeps its order.
// GENERIC-LABEL: func.func @row_sums
// GENERIC: scf.forall (%[[R:.*]]) = (0) to (64) step (32)
// GENERIC: tensor.extract_slice %{{.*}}[%[[R]], 0] [32, 4096] [1, 1]
// GENERIC: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%{{.*}} : tensor<32x4096xf32>) outs(%{{.*}} : tensor<32xf32>)
func.func @row_sums(%x: tensor<64x4096xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
       ins(%x : tensor<64x4096xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}

// -----

// Fills and copies are memsets and memcpys: never split.
// GENERIC-LABEL: func.func @fill
// GENERIC-NOT: scf.forall
// GENERIC: linalg.fill
func.func @fill(%init: tensor<1x112x112x32xf32>) -> tensor<1x112x112x32xf32> {
  %zero = arith.constant 0.0 : f32
  %0 = linalg.fill ins(%zero : f32) outs(%init : tensor<1x112x112x32xf32>) -> tensor<1x112x112x32xf32>
  return %0 : tensor<1x112x112x32xf32>
}

// -----

// A convolution with an elementwise epilogue (BiasAdd and Relu as two
// generics, fused first into one): each chunk runs its rows of the zero
// fill, the convolution and the epilogue, one parallel loop in all.
// CHECK-LABEL: func.func @conv_bias_relu
// CHECK: scf.forall (%[[I:.*]]) = (0) to (32) step (16) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK: linalg.fill {{.*}} -> tensor<1x16x32x64xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x16x32x64xf32>
// CHECK: tensor.extract_slice %[[OUT]][0, %[[I]], 0, 0] [1, 16, 32, 64]
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: scf.forall
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK: return
// In the chunk, the register blocking cuts the 32 columns into pieces of 30
// and 2 that write the chunk's slice of the output in turn (the second
// piece's slice taken from the first one's result): no chunk-sized empty
// tensor (those left are the accumulator blocks, which vanish), which
// bufferization would allocate in every chunk and copy out.
// VEC-LABEL: func.func @conv_bias_relu
// VEC: scf.forall (%[[I:.*]]) = (0) to (32) step (16) shared_outs(%[[OUT:.*]] = %{{.*}})
// VEC-NOT: tensor.empty() : tensor<1x16x
// VEC: %[[CHUNK:.*]] = tensor.extract_slice %[[OUT]][0, %[[I]], 0, 0] [1, 16, 32, 64]
// VEC-NOT: tensor.empty() : tensor<1x16x
// VEC: %[[HEAD:.*]] = tensor.insert_slice %{{.*}} into %[[CHUNK]][0, 0, 0, 0] [1, 16, 30, 64]
// VEC: tensor.extract_slice %[[HEAD]][0, 0, 30, 0] [1, 16, 2, 64]
// VEC-NOT: tensor.empty() : tensor<1x16x
// VEC: tensor.insert_slice %{{.*}} into %[[HEAD]][0, 0, 30, 0] [1, 16, 2, 64]
// VEC: scf.forall.in_parallel
func.func @conv_bias_relu(%x: tensor<1x34x34x32xf32>, %w: tensor<3x3x32x64xf32>, %b: tensor<64xf32>) -> tensor<1x32x32x64xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x32x32x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x32x32x64xf32>) -> tensor<1x32x32x64xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x34x34x32xf32>, tensor<3x3x32x64xf32>) outs(%fill : tensor<1x32x32x64xf32>) -> tensor<1x32x32x64xf32>
  %e1 = tensor.empty() : tensor<1x32x32x64xf32>
  %biased = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%conv, %b : tensor<1x32x32x64xf32>, tensor<64xf32>) outs(%e1 : tensor<1x32x32x64xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<1x32x32x64xf32>
  %e2 = tensor.empty() : tensor<1x32x32x64xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%biased : tensor<1x32x32x64xf32>) outs(%e2 : tensor<1x32x32x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x32x32x64xf32>
  return %relu : tensor<1x32x32x64xf32>
}

// -----

// Where the convolution's result has another user (here it is returned
// too), the epilogue is no epilogue: the convolution is split with its
// zero fill alone (each chunk fills its rows: no whole-tensor memset on one
// thread before the chunks), the elementwise op stays after it (split
// later, with generic=true).
// CHECK-LABEL: func.func @conv_two_users
// CHECK-NOT: linalg.fill
// CHECK: scf.forall {{.*}} shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK-NOT: linalg.generic
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[OUT]][0, %{{.*}}, 0, 0] [1, 16, 32, 64]
// CHECK: %[[FILLED:.*]] = linalg.fill {{.*}} outs(%[[SLICE]] : tensor<1x16x32x64xf32>)
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} outs(%[[FILLED]] : tensor<1x16x32x64xf32>)
// CHECK-NOT: linalg.generic
// CHECK: scf.forall.in_parallel
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x32x32x64xf32>)
func.func @conv_two_users(%x: tensor<1x34x34x32xf32>, %w: tensor<3x3x32x64xf32>, %b: tensor<64xf32>) -> (tensor<1x32x32x64xf32>, tensor<1x32x32x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x32x32x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x32x32x64xf32>) -> tensor<1x32x32x64xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x34x34x32xf32>, tensor<3x3x32x64xf32>) outs(%fill : tensor<1x32x32x64xf32>) -> tensor<1x32x32x64xf32>
  %e1 = tensor.empty() : tensor<1x32x32x64xf32>
  %biased = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%conv, %b : tensor<1x32x32x64xf32>, tensor<64xf32>) outs(%e1 : tensor<1x32x32x64xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<1x32x32x64xf32>
  return %biased, %conv : tensor<1x32x32x64xf32>, tensor<1x32x32x64xf32>
}

// -----

// A zero fill that something else reads too (here it is returned) stays
// whole, before the chunks: the convolution reads its slices.
// CHECK-LABEL: func.func @conv_fill_shared
// CHECK: %[[FILL:.*]] = linalg.fill {{.*}} -> tensor<1x32x32x64xf32>
// CHECK: scf.forall (%{{.*}}) = (0) to (32) step (16) shared_outs(%{{.*}} = %[[FILL]])
// CHECK-NOT: linalg.fill
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x16x32x64xf32>
func.func @conv_fill_shared(%x: tensor<1x34x34x32xf32>, %w: tensor<3x3x32x64xf32>) -> (tensor<1x32x32x64xf32>, tensor<1x32x32x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x32x32x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x32x32x64xf32>) -> tensor<1x32x32x64xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x34x34x32xf32>, tensor<3x3x32x64xf32>) outs(%fill : tensor<1x32x32x64xf32>) -> tensor<1x32x32x64xf32>
  return %conv, %fill : tensor<1x32x32x64xf32>, tensor<1x32x32x64xf32>
}

// -----

// A one-row product with constant weights is packed into panels of 64
// columns (16 panels for 1000 columns, the last one padded), as the
// register blocking packs it, and split by panels: each thread streams 8
// contiguous panels (three threads: 6, 6, 4), its zero fill fused in.
// The register blocking then vectorizes each thread's panels with the
// one-thread kernel.
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=2 min-iterations=1024}))' | FileCheck %s --check-prefix=PANEL
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=3 min-iterations=1024}))' | FileCheck %s --check-prefix=PANEL3
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=2 min-iterations=1024},tfg-cpu-vectorize-matmul))' | FileCheck %s --check-prefix=PANELVEC
// PANEL-LABEL: func.func @gemv_constant
// PANEL: arith.constant dense<{{.*}}> : tensor<16x4x64xf32>
// PANEL: scf.forall (%{{.*}}) = (0) to (16) step (8)
// PANEL: linalg.fill {{.*}} -> tensor<1x8x64xf32>
// PANEL: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x4xf32>, tensor<8x4x64xf32>) {{.*}} attrs = {tfg.packed_gemv}
// PANEL: tensor.parallel_insert_slice
// PANEL: tensor.collapse_shape
// PANEL: tensor.extract_slice %{{.*}}[0, 0] [1, 1000] [1, 1]
// PANEL-NOT: linalg.matmul
// PANEL3-LABEL: func.func @gemv_constant
// PANEL3: scf.forall (%{{.*}}) = (0) to (16) step (6)
// PANEL3: tfg.packed_gemv
// PANELVEC-LABEL: func.func @gemv_constant
// PANELVEC: scf.forall
// PANELVEC: vector.contract
// PANELVEC-NOT: linalg.generic
// PANELVEC: scf.forall.in_parallel
// Without the packing (the default min-iterations, 2^18, is more than this
// product's 4000 iterations): serial, unpacked.
// CHECK-LABEL: func.func @gemv_constant
// CHECK-NOT: scf.forall
// CHECK-NOT: tfg.packed_gemv
// CHECK: linalg.matmul
func.func @gemv_constant(%a: tensor<1x4xf32>) -> tensor<1x1000xf32> {
  %w = arith.constant dense<[[0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5], [1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5], [0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625], [1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625, 0.25, 2.0, 1.625, 1.25, 0.875, 0.5, 0.125, 1.875, 1.5, 1.125, 0.75, 0.375, 0.0, 1.75, 1.375, 1.0, 0.625]]> : tensor<4x1000xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1000xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %0 = linalg.matmul ins(%a, %w : tensor<1x4xf32>, tensor<4x1000xf32>) outs(%c : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  return %0 : tensor<1x1000xf32>
}

// -----

// 5 panels (320 columns) at 2 threads: by whole panels, 3 and 2 (a
// dynamic count, which the register blocking tiles one panel at a time),
// not by the 64 columns of a panel, which 2 divides.
// PANEL-LABEL: func.func @gemv_odd_panels
// PANEL: scf.forall (%{{.*}}) = (0) to (5) step (3)
// PANEL: linalg.generic {{.*}} tensor<?x4x64xf32>) {{.*}} attrs = {tfg.packed_gemv}
// PANELVEC-LABEL: func.func @gemv_odd_panels
// PANELVEC: scf.forall
// PANELVEC: vector.contract
// PANELVEC-NOT: linalg.generic
// PANELVEC: scf.forall.in_parallel
func.func @gemv_odd_panels(%a: tensor<1x4xf32>) -> tensor<1x320xf32> {
  %w = arith.constant dense<[[0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25], [0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0], [1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75], [2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5]]> : tensor<4x320xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x320xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1x320xf32>) -> tensor<1x320xf32>
  %0 = linalg.matmul ins(%a, %w : tensor<1x4xf32>, tensor<4x320xf32>) outs(%c : tensor<1x320xf32>) -> tensor<1x320xf32>
  return %0 : tensor<1x320xf32>
}

// -----

// Splat weights (all the same) are not packed: the column chunks' vector
// code folds their loads away.
// PANEL-LABEL: func.func @gemv_splat
// PANEL: scf.forall (%{{.*}}) = (0) to (1000) step (512)
// PANEL-NOT: tfg.packed_gemv
// PANEL: linalg.matmul
func.func @gemv_splat(%a: tensor<1x4xf32>) -> tensor<1x1000xf32> {
  %w = arith.constant dense<0.5> : tensor<4x1000xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1000xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %0 = linalg.matmul ins(%a, %w : tensor<1x4xf32>, tensor<4x1000xf32>) outs(%c : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  return %0 : tensor<1x1000xf32>
}

// -----

// Under min-iterations (here the pass's default, 2^18) a product stays
// serial: a fork costs more than it wins.
// CHECK-LABEL: func.func @gemv_small
// CHECK-NOT: scf.forall
// CHECK-NOT: tfg.packed_gemv
// CHECK: linalg.matmul
func.func @gemv_small(%a: tensor<1x256xf32>) -> tensor<1x512xf32> {
  %w = arith.constant dense<0.5> : tensor<256x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x512xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1x512xf32>) -> tensor<1x512xf32>
  %0 = linalg.matmul ins(%a, %w : tensor<1x256xf32>, tensor<256x512xf32>) outs(%c : tensor<1x512xf32>) -> tensor<1x512xf32>
  return %0 : tensor<1x512xf32>
}
