// The memory plan in tfg-lower-to-llvm, at one thread and two: the
// intermediate tensors of a chain of MatMuls (a, b, c, d) are views of one
// arena allocated per call; only the arena and the output (returned to the
// caller, not planned) are malloc'd in @main. The values are the same.
// RUN: tfg-opt %s --tfg-lower-to-llvm --mlir-print-ir-after=tfg-cpu-plan-memory -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: tfg-opt %s --tfg-lower-to-llvm | FileCheck %s
// RUN: tfg-opt %s --tfg-lower-to-llvm="threads=2" | FileCheck %s
// RUN: %python %S/../Tools/tfg-run/Inputs/make_npy.py %t.x.npy "<f4" 2x4 "1,1,1,1,1,2,3,4"
// RUN: tfg-run %s --input x=%t.x.npy --print-outputs 4 | FileCheck %s --check-prefix=OUT
// RUN: tfg-run %s --input x=%t.x.npy --print-outputs 4 --threads 2 | FileCheck %s --check-prefix=OUT
// PLAN-LABEL: func.func @main(
// PLAN: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<{{[0-9]+}}xi8>
// PLAN: memref.view %[[ARENA]]
// PLAN: %[[RESULT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
// PLAN-NOT: memref.alloc
// PLAN: memref.dealloc %[[ARENA]]
// PLAN-NEXT: return %[[RESULT]]
// CHECK-LABEL: llvm.func @main(
// CHECK-COUNT-2: llvm.call @malloc
// CHECK-NOT: llvm.call @malloc
// CHECK-LABEL: llvm.func @_mlir_ciface_main(
// a = x . w1 = [4 0 10; 10 0 30], b = a . w2 = [4 4 10; 10 10 30],
// c = b . w3 = [10 4 4; 30 10 10], d = c + a = [14 4 14; 40 10 40],
// y = d . w4 = [28 18; 80 50].
// OUT-LABEL: output y: <f4 [2,2]
// OUT: y = 28 18 80 50{{$}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x4>} : () -> (tensor<2x4xf32>)
  %w1, %cw1 = tfg.Const name("w1") {dtype = f32, value = dense<[[1.0, 0.0, 1.0], [1.0, 0.0, 2.0], [1.0, 0.0, 3.0], [1.0, 0.0, 4.0]]> : tensor<4x3xf32>} : () -> (tensor<4x3xf32>)
  %w2, %cw2 = tfg.Const name("w2") {dtype = f32, value = dense<[[1.0, 1.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]> : tensor<3x3xf32>} : () -> (tensor<3x3xf32>)
  %w3, %cw3 = tfg.Const name("w3") {dtype = f32, value = dense<[[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]> : tensor<3x3xf32>} : () -> (tensor<3x3xf32>)
  %w4, %cw4 = tfg.Const name("w4") {dtype = f32, value = dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : tensor<3x2xf32>} : () -> (tensor<3x2xf32>)
  %a, %ca = tfg.MatMul(%x, %w1) name("a") {T = f32, transpose_a = false, transpose_b = false} : (tensor<2x4xf32>, tensor<4x3xf32>) -> (tensor<*xf32>)
  %b, %cb = tfg.MatMul(%a, %w2) name("b") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<3x3xf32>) -> (tensor<*xf32>)
  %c, %cc = tfg.MatMul(%b, %w3) name("c") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<3x3xf32>) -> (tensor<*xf32>)
  %d, %cd = tfg.AddV2(%c, %a) name("d") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %y, %cy = tfg.MatMul(%d, %w4) name("y") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<3x2xf32>) -> (tensor<*xf32>)
}
