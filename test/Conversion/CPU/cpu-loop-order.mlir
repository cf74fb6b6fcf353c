// RUN: tfg-opt %s --split-input-file --tfg-cpu-loop-order | FileCheck %s

// conv_2d_nhwc_hwcf: loops (n, oh, ow, f, kh, kw, c) become
// (n, oh, ow, kh, kw, c, f): the output channel, contiguous in the output
// and the filter, is innermost.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d3, d2 + d4, d5)>
// CHECK-DAG: #[[FILTER:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d6)>
// CHECK-LABEL: func.func @conv
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[FILTER]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]}
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @conv(%x: tensor<1x5x5x3xf32>, %w: tensor<3x3x3x8xf32>, %init: tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x5x5x3xf32>, tensor<3x3x3x8xf32>) outs(%init : tensor<1x3x3x8xf32>) -> tensor<1x3x3x8xf32>
  return %0 : tensor<1x3x3x8xf32>
}

// -----

// matmul: (m, n, k) becomes (m, k, n).
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Ops whose innermost loop is the output's last dimension already, and ops
// the pass does not schedule, are left alone.
// CHECK-LABEL: func.func @untouched
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]}
// CHECK: linalg.reduce
func.func @untouched(%x: tensor<2x3xf32>, %init: tensor<2x3xf32>, %r: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
       ins(%x : tensor<2x3xf32>) outs(%init : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
  %1 = linalg.reduce { arith.addf } ins(%x : tensor<2x3xf32>) outs(%r : tensor<2xf32>) dimensions = [1]
  return %0, %1 : tensor<2x3xf32>, tensor<2xf32>
}

// -----

// A dynamic number of rows (a dynamic batch) changes nothing: (m, k, n).
// CHECK-LABEL: func.func @matmul_dynamic_rows
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-SAME: outs(%{{.*}} : tensor<?x4xf32>)
func.func @matmul_dynamic_rows(%a: tensor<?x3xf32>, %b: tensor<3x4xf32>, %c: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x3xf32>, tensor<3x4xf32>) outs(%c : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
