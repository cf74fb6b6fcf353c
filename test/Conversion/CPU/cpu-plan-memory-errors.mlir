// RUN: tfg-opt %s --tfg-cpu-plan-memory=alignment=48 --verify-diagnostics
// RUN: not tfg-opt %s --tfg-cpu-plan-memory=alignment=0 2>&1 | FileCheck %s --check-prefix=ZERO

// An arena offset must be a multiple of a power of two.
// ZERO: error: tfg-cpu-plan-memory: alignment 0 is not a power of two
// expected-error @below {{tfg-cpu-plan-memory: alignment 48 is not a power of two}}
func.func @f(%out: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
