// RUN: tfg-opt %s --split-input-file --tfg-cpu-vectorize-reductions=vector-bits=512 --canonicalize | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-cpu-vectorize-reductions=vector-bits=256 --canonicalize | FileCheck %s --check-prefix=AVX2

// Softmax's max over 91 classes: a loop over the rows, each row in vectors
// of 16: four accumulators (64 elements), one more whole vector, the last
// 11 in one masked read whose lanes past the row read -inf; the lanes
// combined in halves (16 -> 8 -> 4 -> 2 -> 1); the fill's -inf combined
// with each row's result (max(r, -inf) folds to r), which is written once
// (no fill pass). AVX2
// (8 lanes): four accumulators twice (64 elements), three whole vectors
// (88), then a masked read of the last 3.
// CHECK-LABEL: func.func @max_last_axis
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[EMPTY:.*]] = tensor.empty() : tensor<1x57xf32>
// CHECK-NOT: linalg.fill
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OUT:.*]] = %[[EMPTY]])
// CHECK-COUNT-4: vector.transfer_read %arg0[%{{.*}}, %[[ROW]], %{{.*}}], %[[NINF]] {in_bounds = [true]} : tensor<1x57x91xf32>, vector<16xf32>
// CHECK: vector.transfer_read %arg0[%{{.*}}, %[[ROW]], %{{.*}}], %[[NINF]] {in_bounds = [true]}
// CHECK: %[[TAIL:.*]] = vector.transfer_read %arg0[%{{.*}}, %[[ROW]], %{{.*}}], %[[NINF]] : tensor<1x57x91xf32>, vector<16xf32>
// CHECK: arith.maximumf %[[TAIL]], %{{.*}} : vector<16xf32>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [8], sizes = [8], strides = [1]} : vector<16xf32> to vector<8xf32>
// CHECK: arith.maximumf %{{.*}} : vector<8xf32>
// CHECK: arith.maximumf %{{.*}} : vector<4xf32>
// CHECK: arith.maximumf %{{.*}} : vector<2xf32>
// CHECK: %[[LANE:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK: tensor.insert %[[LANE]] into %[[OUT]][%{{.*}}, %[[ROW]]]
// CHECK-NOT: linalg.reduce
// AVX2-LABEL: func.func @max_last_axis
// AVX2: scf.for
// AVX2: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// AVX2: scf.for {{.*}} -> (vector<8xf32>)
// AVX2: vector.transfer_read {{.*}} : tensor<1x57x91xf32>, vector<8xf32>
// AVX2-NOT: in_bounds
// AVX2: arith.maximumf %{{.*}} : vector<4xf32>
func.func @max_last_axis(%x: tensor<1x57x91xf32>) -> tensor<1x57xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<1x57xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x57xf32>) -> tensor<1x57xf32>
  %r = linalg.reduce { arith.maximumf } ins(%x : tensor<1x57x91xf32>) outs(%f : tensor<1x57xf32>) dimensions = [2]
  return %r : tensor<1x57xf32>
}

// -----

// A sum over 1000: four accumulators in a loop of 15 steps of 64, the two
// whole vectors left into one, the last 8 masked (lanes past the row read
// -0, which leaves a sum as it is); an init that is not a fill is read at
// each row and added to.
// CHECK-LABEL: func.func @sum_long_rows
// CHECK-DAG: %[[NZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[C960:.*]] = arith.constant 960 : index
// CHECK-DAG: %[[C992:.*]] = arith.constant 992 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: scf.for %[[ROW:.*]] = {{.*}} iter_args(%[[OUT:.*]] = %arg1)
// CHECK: %[[ACCS:.*]]:4 = scf.for %{{.*}} = %{{.*}} to %[[C960]] step %[[C64]] iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-4: arith.addf {{.*}} : vector<16xf32>
// CHECK: scf.yield
// CHECK: scf.for %{{.*}} = %[[C960]] to %[[C992]] step %{{.*}} iter_args({{.*}}) -> (vector<16xf32>)
// CHECK: vector.transfer_read %arg0[%[[ROW]], %[[C992]]], %[[NZERO]] : tensor<3x1000xf32>, vector<16xf32>
// CHECK: %[[PREVIOUS:.*]] = tensor.extract %[[OUT]][%[[ROW]]]
// CHECK: arith.addf %{{.*}}, %[[PREVIOUS]] : f32
func.func @sum_long_rows(%x: tensor<3x1000xf32>, %init: tensor<3xf32>) -> tensor<3xf32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<3x1000xf32>) outs(%init : tensor<3xf32>) dimensions = [1]
  return %r : tensor<3xf32>
}

// -----

// Several reduced dimensions that end the input (Sum over H, W... of the
// last ones) are one row: collapsed first. 3x16 = 48 elements: three
// accumulators (one per whole vector), no tail.
// CHECK-LABEL: func.func @sum_suffix
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1, 2]] : tensor<2x3x16xf32> into tensor<2x48xf32>
// CHECK: scf.for
// CHECK-COUNT-3: vector.transfer_read %[[ROWS]]{{.*}} {in_bounds = [true]}
// CHECK-NOT: vector.transfer_read
// CHECK: tensor.insert
func.func @sum_suffix(%x: tensor<2x3x16xf32>) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<2x3x16xf32>) outs(%f : tensor<2xf32>) dimensions = [1, 2]
  return %r : tensor<2xf32>
}

// -----

// A dynamic row length (and row count): four accumulators, one vector at a
// time, then a masked read at the last whole vector's end (fully masked
// when the length is a multiple of 16); the bounds computed from the size.
// Also the generic form of a reduction, min with its operands swapped.
// CHECK-LABEL: func.func @min_dynamic
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG: %[[ROWS:.*]] = tensor.dim %arg0, %c0
// CHECK-DAG: %[[LENGTH:.*]] = tensor.dim %arg0, %c1
// CHECK: scf.for %[[ROW:.*]] = %c0 to %[[ROWS]]
// CHECK: arith.remui %[[LENGTH]], %c64
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: arith.remui %[[LENGTH]], %c16
// CHECK: %[[END:.*]] = arith.subi %[[LENGTH]]
// CHECK: scf.for {{.*}} -> (vector<16xf32>)
// CHECK: vector.transfer_read %arg0[%[[ROW]], %[[END]]], %[[INF]] : tensor<?x?xf32>, vector<16xf32>
// CHECK: arith.minimumf %{{.*}} : vector<8xf32>
func.func @min_dynamic(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.minimumf %acc, %in : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Everything reduced: no loop over kept indices, the scalar result
// inserted into the 0-d output.
// CHECK-LABEL: func.func @prod_all
// CHECK-NOT: linalg.reduce
// CHECK: vector.transfer_read %arg0[%{{.*}}], %{{.*}} : tensor<40xf32>, vector<16xf32>
// CHECK: arith.mulf %{{.*}} : vector<8xf32>
// CHECK: tensor.insert %{{.*}} into %{{.*}}[] : tensor<f32>
func.func @prod_all(%x: tensor<40xf32>) -> tensor<f32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce { arith.mulf } ins(%x : tensor<40xf32>) outs(%f : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}

// -----

// Left as they are: a row shorter than a vector (7 < 16; with AVX2's 8
// lanes too); a reduction over an outer dimension (Mean over H: LLVM
// vectorizes it along the contiguous channels); over the middle of the
// input (not contiguous); an integer sum; a combiner this pass does not
// know (maxnumf); a body doing more than combining (a sum of squares).
// CHECK-LABEL: func.func @not_rewritten
// CHECK-NOT: vector.transfer_read
// CHECK-COUNT-6: linalg.
// CHECK-NOT: vector.transfer_read
// AVX2-LABEL: func.func @not_rewritten
// AVX2-NOT: vector.transfer_read
func.func @not_rewritten(%a: tensor<5x7xf32>, %b: tensor<32x64xf32>, %c: tensor<4x32x64xf32>,
                         %d: tensor<4x64xi32>, %e: tensor<4x64xf32>,
                         %o5: tensor<5xf32>, %o64: tensor<64xf32>, %o4x64: tensor<4x64xf32>,
                         %o4i: tensor<4xi32>, %o4: tensor<4xf32>)
    -> (tensor<5xf32>, tensor<64xf32>, tensor<4x64xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
  %r0 = linalg.reduce { arith.addf } ins(%a : tensor<5x7xf32>) outs(%o5 : tensor<5xf32>) dimensions = [1]
  %r1 = linalg.reduce { arith.addf } ins(%b : tensor<32x64xf32>) outs(%o64 : tensor<64xf32>) dimensions = [0]
  %r2 = linalg.reduce { arith.maximumf } ins(%c : tensor<4x32x64xf32>) outs(%o4x64 : tensor<4x64xf32>) dimensions = [1]
  %r3 = linalg.reduce { arith.addi } ins(%d : tensor<4x64xi32>) outs(%o4i : tensor<4xi32>) dimensions = [1]
  %r4 = linalg.reduce { arith.maxnumf } ins(%e : tensor<4x64xf32>) outs(%o4 : tensor<4xf32>) dimensions = [1]
  %r5 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<4x64xf32>) outs(%o4 : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5 : tensor<5xf32>, tensor<64xf32>, tensor<4x64xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
}
