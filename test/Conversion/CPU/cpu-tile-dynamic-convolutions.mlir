// Tiles of AVX-512's register blocks (16 floats, 32 registers), as
// tfg-cpu-vectorize-convolutions would choose them for each convolution.
// RUN: tfg-opt %s --split-input-file --tfg-cpu-tile-dynamic-convolutions="vector-bits=512 vector-registers=32" --canonicalize | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cpu-tile-dynamic-convolutions="threads=2 vector-bits=512 vector-registers=32" --canonicalize | FileCheck %s --check-prefix=THREADS

// A 3x3 convolution of dynamic height and width with a bias: a loop over
// the rows; in a row of at least 24 columns, a loop of tiles of one block
// (24 columns: 10 channels are one vector, 24 accumulators) at
// min(col, width - 24), each reading a 3x26 input window, so the last
// tile ends at the row's end (its first columns computed twice, the same
// values); a row narrower than 24 columns in tiles of 4 the same way, and
// single columns below 4. Every tile starts from a zero fill of its own
// and carries its part of the bias (the epilogue).
// CHECK-LABEL: func.func @conv_bias
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x?x?x3xf32>, %[[W:[^:]*]]: tensor<3x3x3x10xf32>, %[[B:[^:]*]]: tensor<10xf32>, %[[OH:[^:]*]]: index, %[[OW:[^:]*]]: index
// CHECK: scf.for %[[ROW:.*]] = %c0 to %[[OH]] step %c1
// CHECK: %[[WIDE:.*]] = arith.cmpi uge, %[[OW]], %c24
// CHECK: scf.if %[[WIDE]]
// CHECK: scf.for %[[COL:.*]] = %c0 to %[[OW]] step %c24
// CHECK: %[[LAST:.*]] = arith.subi %[[OW]], %c24
// CHECK: %[[AT:.*]] = arith.minui %[[COL]], %[[LAST]]
// CHECK: %[[WIN:.*]] = tensor.extract_slice %[[X]][0, %[[ROW]], %[[AT]], 0] [1, 3, 26, 3] [1, 1, 1, 1]
// CHECK: %[[ZERO:.*]] = linalg.fill {{.*}} -> tensor<1x1x24x10xf32>
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[WIN]], %[[W]] : tensor<1x3x26x3xf32>, tensor<3x3x3x10xf32>) outs(%[[ZERO]] : tensor<1x1x24x10xf32>)
// CHECK: %[[BIAS:.*]] = linalg.generic {{.*}} ins(%[[CONV]], %[[B]] : tensor<1x1x24x10xf32>, tensor<10xf32>)
// CHECK: tensor.insert_slice %[[BIAS]] into %{{.*}}[0, %[[ROW]], %[[AT]], 0] [1, 1, 24, 10]
// CHECK: } else {
// CHECK: arith.cmpi uge, %[[OW]], %c4
// CHECK: scf.for {{.*}} = %c0 to %[[OW]] step %c4
// CHECK: arith.minui
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x1x4x10xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[B]] : tensor<1x1x4x10xf32>, tensor<10xf32>)
// CHECK: } else {
// CHECK: scf.for %[[ONE:.*]] = %c0 to %[[OW]] step %c1
// CHECK: tensor.extract_slice %[[X]][0, %[[ROW]], %[[ONE]], 0] [1, 3, 3, 3]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x1x1x10xf32>
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK: return
// With threads, the rows are an scf.forall; each writes its row.
// THREADS-LABEL: func.func @conv_bias
// THREADS: scf.forall (%[[ROW:.*]]) in (%{{.*}}) shared_outs(%[[OUT:.*]] = %{{.*}})
// THREADS: %[[MINE:.*]] = tensor.extract_slice %[[OUT]][0, %[[ROW]], 0, 0] [1, 1, %{{.*}}, 10]
// THREADS: scf.for %{{.*}} step %c24 iter_args(%{{.*}} = %[[MINE]])
// THREADS: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x1x24x10xf32>
// THREADS: tensor.parallel_insert_slice %{{.*}} into %[[OUT]][0, %[[ROW]], 0, 0] [1, 1, %{{.*}}, 10]
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @conv_bias(%x: tensor<?x?x?x3xf32>, %w: tensor<3x3x3x10xf32>, %b: tensor<10xf32>, %oh: index, %ow: index) -> tensor<1x?x?x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%oh, %ow) : tensor<1x?x?x10xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<1x?x?x10xf32>) -> tensor<1x?x?x10xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<?x?x?x3xf32>, tensor<3x3x3x10xf32>) outs(%fill : tensor<1x?x?x10xf32>) -> tensor<1x?x?x10xf32>
  %e2 = tensor.empty(%oh, %ow) : tensor<1x?x?x10xf32>
  %y = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%conv, %b : tensor<1x?x?x10xf32>, tensor<10xf32>) outs(%e2 : tensor<1x?x?x10xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<1x?x?x10xf32>
  return %y : tensor<1x?x?x10xf32>
}

// -----

// Depthwise, stride 2: blocks of 8 columns (2 vectors of 32 channels, half
// the registers as accumulators); the input window of 8 columns is
// 7 * 2 + 3 = 17 wide, from row * 2 and min(col, width - 8) * 2. The
// whole output's zero
// fill goes (each tile fills its own).
// CHECK-LABEL: func.func @depthwise_stride2
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x?x?x32xf32>
// CHECK-NOT: linalg.fill {{.*}} -> tensor<1x?x?x32xf32>
// CHECK: scf.for %[[ROW:.*]] = %c0
// CHECK: scf.for %[[COL:.*]] = %c0 to %{{.*}} step %c8
// CHECK: %[[AT:.*]] = arith.minui %[[COL]]
// CHECK: %[[IROW:.*]] = affine.apply #{{.*}}(%[[ROW]])
// CHECK: %[[ICOL:.*]] = affine.apply #{{.*}}(%[[AT]])
// CHECK: tensor.extract_slice %[[X]][0, %[[IROW]], %[[ICOL]], 0] [1, 3, 17, 32]
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}}strides = dense<2>{{.*}} -> tensor<1x1x8x32xf32>
// CHECK: tensor.extract_slice %[[X]]{{.*}} [1, 3, 9, 32]
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} -> tensor<1x1x4x32xf32>
// CHECK: tensor.extract_slice %[[X]]{{.*}} [1, 3, 3, 32]
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} -> tensor<1x1x1x32xf32>
// CHECK-NOT: linalg.depthwise_conv_2d_nhwc_hwc
func.func @depthwise_stride2(%x: tensor<1x?x?x32xf32>, %w: tensor<3x3x32xf32>, %oh: index, %ow: index) -> tensor<1x?x?x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%oh, %ow) : tensor<1x?x?x32xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<1x?x?x32xf32>) -> tensor<1x?x?x32xf32>
  %y = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
       ins(%x, %w : tensor<1x?x?x32xf32>, tensor<3x3x32xf32>) outs(%fill : tensor<1x?x?x32xf32>) -> tensor<1x?x?x32xf32>
  return %y : tensor<1x?x?x32xf32>
}

// -----

// Dilation 2 and an output that is not a fill (the convolution adds to
// it): the window spans (3 - 1) * 2 + 1 = 5 rows and 23 + 5 = 28 columns,
// and each tile accumulates into its own slice of the output. No column
// may be computed twice: after the full tiles, loops of 4-column and
// single-column tiles from where the previous loop stopped.
// CHECK-LABEL: func.func @accumulate_dilated
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x?x?x4xf32>, %{{[^:]*}}: tensor<3x3x4x16xf32>, %[[INIT:[^:]*]]: tensor<1x?x?x16xf32>
// CHECK: scf.for %[[ROW:.*]] = %c0 to %{{.*}} step %c1 iter_args(%{{.*}} = %[[INIT]])
// CHECK: %[[END24:.*]] = arith.muli %{{.*}}, %c24
// CHECK: scf.for %[[COL:.*]] = %c0 to %[[END24]] step %c24 iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: %[[WIN:.*]] = tensor.extract_slice %[[X]][0, %[[ROW]], %[[COL]], 0] [1, 5, 28, 4]
// CHECK: %[[OUT:.*]] = tensor.extract_slice %[[ACC]][0, %[[ROW]], %[[COL]], 0] [1, 1, 24, 16]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}}dilations = dense<2>{{.*}} ins(%[[WIN]], %{{.*}}) outs(%[[OUT]] : tensor<1x1x24x16xf32>)
// CHECK: tensor.insert_slice {{.*}} into %[[ACC]][0, %[[ROW]], %[[COL]], 0] [1, 1, 24, 16]
// CHECK-NOT: scf.if
// CHECK: %[[END4:.*]] = arith.addi %[[END24]], %{{.*}}
// CHECK: scf.for %{{.*}} = %[[END24]] to %[[END4]] step %c4
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x1x4x16xf32>
// CHECK: scf.for %{{.*}} = %[[END4]] to %{{.*}} step %c1
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x1x1x16xf32>
// CHECK-NOT: scf.if
func.func @accumulate_dilated(%x: tensor<1x?x?x4xf32>, %w: tensor<3x3x4x16xf32>, %init: tensor<1x?x?x16xf32>) -> tensor<1x?x?x16xf32> {
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x?x?x4xf32>, tensor<3x3x4x16xf32>) outs(%init : tensor<1x?x?x16xf32>) -> tensor<1x?x?x16xf32>
  return %y : tensor<1x?x?x16xf32>
}

// -----

// Dynamic rows and a dynamic batch, a static width: one tile of the whole
// row (7 columns; the kernel pass blocks it), no column loop.
// CHECK-LABEL: func.func @static_width
// CHECK: scf.for %[[N:.*]] = %c0 to %{{.*}} step %c1
// CHECK: scf.for %[[ROW:.*]] = %c0 to %{{.*}} step %c1
// CHECK-NOT: scf.for
// CHECK-NOT: scf.if
// CHECK: tensor.extract_slice %{{.*}}[%[[N]], %[[ROW]], 0, 0] [1, 3, 9, 4]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x1x7x16xf32>
func.func @static_width(%x: tensor<?x?x9x4xf32>, %w: tensor<3x3x4x16xf32>, %init: tensor<?x?x7x16xf32>) -> tensor<?x?x7x16xf32> {
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<?x?x9x4xf32>, tensor<3x3x4x16xf32>) outs(%init : tensor<?x?x7x16xf32>) -> tensor<?x?x7x16xf32>
  return %y : tensor<?x?x7x16xf32>
}

// -----

// Left alone: a static convolution (the kernel pass blocks it as it is),
// a dynamic batch alone (the kernel pass tiles it by one), and a dynamic
// number of input channels (no static register block: it stays for
// tfg-cpu-loop-order's generic loops).
// CHECK-LABEL: func.func @untouched
// CHECK-NOT: scf.
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x4x4x16xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<?x4x4x16xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x?x?x16xf32>
// CHECK-NOT: scf.
// THREADS-LABEL: func.func @untouched
// THREADS-NOT: scf.
func.func @untouched(%x: tensor<1x6x6x4xf32>, %w: tensor<3x3x4x16xf32>, %init: tensor<1x4x4x16xf32>,
                     %xb: tensor<?x6x6x4xf32>, %initb: tensor<?x4x4x16xf32>,
                     %xc: tensor<1x?x?x?xf32>, %wc: tensor<3x3x?x16xf32>, %initc: tensor<1x?x?x16xf32>)
    -> (tensor<1x4x4x16xf32>, tensor<?x4x4x16xf32>, tensor<1x?x?x16xf32>) {
  %a = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x6x6x4xf32>, tensor<3x3x4x16xf32>) outs(%init : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %b = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%xb, %w : tensor<?x6x6x4xf32>, tensor<3x3x4x16xf32>) outs(%initb : tensor<?x4x4x16xf32>) -> tensor<?x4x4x16xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%xc, %wc : tensor<1x?x?x?xf32>, tensor<3x3x?x16xf32>) outs(%initc : tensor<1x?x?x16xf32>) -> tensor<1x?x?x16xf32>
  return %a, %b, %c : tensor<1x4x4x16xf32>, tensor<?x4x4x16xf32>, tensor<1x?x?x16xf32>
}

// -----

// A thread's chunk of tfg-cpu-parallelize (an scf.forall) whose rows are
// dynamic (its uneven split) and width static: the kernel pass tiles its
// rows itself; left alone, and no second forall inside the first. With a
// dynamic width inside a chunk, the rows are an scf.for.
// CHECK-LABEL: func.func @in_chunk
// CHECK: scf.forall
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x?x4x16xf32>
// THREADS-LABEL: func.func @in_chunk
// THREADS: scf.forall
// THREADS-NOT: scf.forall
// THREADS: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x?x4x16xf32>
// THREADS-LABEL: func.func @dynamic_width_in_chunk
// THREADS: scf.forall
// THREADS-NOT: scf.forall
// THREADS: scf.for %{{.*}} step %c1
// THREADS-NOT: scf.forall
// THREADS: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x1x24x16xf32>
func.func @in_chunk(%x: tensor<1x?x6x4xf32>, %w: tensor<3x3x4x16xf32>, %init: tensor<1x8x4x16xf32>) -> tensor<1x8x4x16xf32> {
  %r = scf.forall (%i) in (2) shared_outs(%out = %init) -> (tensor<1x8x4x16xf32>) {
    %rows = affine.min affine_map<(d0) -> (5, 8 - d0 * 5)>(%i)
    %row0 = affine.apply affine_map<(d0) -> (d0 * 5)>(%i)
    %inrows = affine.apply affine_map<(d0) -> (d0 + 2)>(%rows)
    %in = tensor.extract_slice %x[0, %row0, 0, 0] [1, %inrows, 6, 4] [1, 1, 1, 1] : tensor<1x?x6x4xf32> to tensor<1x?x6x4xf32>
    %o = tensor.extract_slice %out[0, %row0, 0, 0] [1, %rows, 4, 16] [1, 1, 1, 1] : tensor<1x8x4x16xf32> to tensor<1x?x4x16xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%in, %w : tensor<1x?x6x4xf32>, tensor<3x3x4x16xf32>) outs(%o : tensor<1x?x4x16xf32>) -> tensor<1x?x4x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %c into %out[0, %row0, 0, 0] [1, %rows, 4, 16] [1, 1, 1, 1] : tensor<1x?x4x16xf32> into tensor<1x8x4x16xf32>
    }
  }
  return %r : tensor<1x8x4x16xf32>
}
func.func @dynamic_width_in_chunk(%x: tensor<1x?x?x4xf32>, %w: tensor<3x3x4x32xf32>, %init: tensor<1x?x?x32xf32>) -> tensor<1x?x?x32xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %oh = tensor.dim %init, %c1 : tensor<1x?x?x32xf32>
  %ow = tensor.dim %init, %c2 : tensor<1x?x?x32xf32>
  // tfg-cpu-parallelize's even split of 32 output channels.
  %r = scf.forall (%i) in (2) shared_outs(%out = %init) -> (tensor<1x?x?x32xf32>) {
    %f0 = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %wi = tensor.extract_slice %w[0, 0, 0, %f0] [3, 3, 4, 16] [1, 1, 1, 1] : tensor<3x3x4x32xf32> to tensor<3x3x4x16xf32>
    %o = tensor.extract_slice %out[0, 0, 0, %f0] [1, %oh, %ow, 16] [1, 1, 1, 1] : tensor<1x?x?x32xf32> to tensor<1x?x?x16xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %wi : tensor<1x?x?x4xf32>, tensor<3x3x4x16xf32>) outs(%o : tensor<1x?x?x16xf32>) -> tensor<1x?x?x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %c into %out[0, 0, 0, %f0] [1, %oh, %ow, 16] [1, 1, 1, 1] : tensor<1x?x?x16xf32> into tensor<1x?x?x32xf32>
    }
  }
  return %r : tensor<1x?x?x32xf32>
}
