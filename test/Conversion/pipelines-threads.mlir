// tfg-lower-to-llvm's threads option: with 2, the heavy op (a 1x1024 .
// 1024x1000 MatMul) becomes an OpenMP parallel loop of two chunks; with 1
// (the default) there is no OpenMP at all; 0 is an error.
// RUN: tfg-opt %s --tfg-lower-to-llvm="threads=2" | FileCheck %s
// RUN: tfg-opt %s --tfg-lower-to-llvm="threads=1" | FileCheck %s --check-prefix=ONE
// RUN: tfg-opt %s --tfg-lower-to-llvm | FileCheck %s --check-prefix=ONE
// RUN: not tfg-opt %s --tfg-lower-to-llvm="threads=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// The loop nest is outlined (tfg-cpu-outline-loop-nests) before the OpenMP
// conversion, so the parallel region is made inside the outlined function.
// CHECK-LABEL: llvm.func @main(
// CHECK-NOT: omp.
// CHECK: llvm.func @_mlir_ciface_main(
// CHECK: llvm.func internal @main_loop{{[0-9]+}}(
// CHECK: omp.parallel num_threads(%{{.*}} : i32)
// CHECK: omp.wsloop
// CHECK: omp.loop_nest
// CHECK-NOT: scf.
// ONE-NOT: omp.
// ZERO: error: threads must be between 1 and 1024, got 0
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x1024>} : () -> (tensor<1x1024xf32>)
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<0.5> : tensor<1024x1000xf32>} : () -> (tensor<1024x1000xf32>)
  %y, %cy = tfg.MatMul(%x, %w) name("y") {T = f32, transpose_a = false, transpose_b = false} : (tensor<1x1024xf32>, tensor<1024x1000xf32>) -> (tensor<*xf32>)
}
