// RUN: tfg-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=0}))'
// RUN: not tfg-opt %s --pass-pipeline='builtin.module(func.func(tfg-cpu-parallelize{threads=5000}))' 2>&1 | FileCheck %s --check-prefix=HUGE

// HUGE: error: threads must be between 1 and 1024, got 5000
// expected-error @below {{threads must be between 1 and 1024, got 0}}
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
