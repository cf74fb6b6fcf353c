// tfg-lower-to-llvm with threads=2 on two heavy ops in a row (two 1xK . KxN
// MatMuls, a Relu between them): both are outlined parallel nests, and
// tfg-cpu-merge-parallel-regions runs them in one OpenMP region of @main,
// the nests' worksharing loops orphaned in their functions.
// RUN: tfg-opt %s --tfg-lower-to-llvm="threads=2" | FileCheck %s
// RUN: tfg-opt %s --tfg-lower-to-llvm="threads=1" | FileCheck %s --check-prefix=ONE
// CHECK-LABEL: llvm.func @main(
// CHECK-COUNT-1: omp.parallel num_threads(%{{.*}} : i32) {
// CHECK-NOT: omp.parallel
// CHECK: llvm.call @main_loop{{[0-9]+}}(
// CHECK: llvm.call @main_loop{{[0-9]+}}(
// CHECK: omp.terminator
// CHECK: llvm.return
// CHECK: llvm.func @_mlir_ciface_main(
// CHECK-NOT: omp.parallel
// CHECK: omp.wsloop
// CHECK-NOT: omp.parallel
// CHECK: omp.wsloop
// CHECK-NOT: omp.parallel
// ONE-NOT: omp.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x1024>} : () -> (tensor<1x1024xf32>)
  %w1, %cw1 = tfg.Const name("w1") {dtype = f32, value = dense<0.5> : tensor<1024x1024xf32>} : () -> (tensor<1024x1024xf32>)
  %w2, %cw2 = tfg.Const name("w2") {dtype = f32, value = dense<0.25> : tensor<1024x1000xf32>} : () -> (tensor<1024x1000xf32>)
  %y1, %cy1 = tfg.MatMul(%x, %w1) name("y1") {T = f32, transpose_a = false, transpose_b = false} : (tensor<1x1024xf32>, tensor<1024x1024xf32>) -> (tensor<*xf32>)
  %r, %cr = tfg.Relu(%y1) name("r") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %y2, %cy2 = tfg.MatMul(%r, %w2) name("y2") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<1024x1000xf32>) -> (tensor<*xf32>)
}
