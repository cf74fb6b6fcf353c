// An op verifier of the plugin-loaded dialect reports through upstream's
// mlir-opt, both with --verify-diagnostics and as a plain failing run.
// RUN: %mlir_opt %s --load-dialect-plugin=%tfg_plugin --split-input-file --verify-diagnostics
// RUN: not %mlir_opt %s --load-dialect-plugin=%tfg_plugin --split-input-file 2>&1 | FileCheck %s
// Without the plugin the dialect is unknown.
// RUN: not %mlir_opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=NOPLUGIN

// CHECK: invalid.mlir:15:16: error: 'tfg.AddN' op has 1 data inputs, its OpDef and attrs say 2
// CHECK: invalid.mlir:22:8: error: 'tfg.generic' op last result must be the !tfg.control token
// NOPLUGIN: error: Dialect `tfg' not found

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %c, %ctl = tfg.Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{'tfg.AddN' op has 1 data inputs, its OpDef and attrs say 2}}
  %a, %ctl_a = "tfg.AddN"(%c) <{N = 2, T = f32, operandSegmentSizes = array<i32: 1, 0>}> : (tensor<f32>) -> (tensor<f32>, !tfg.control)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{last result must be the !tfg.control token}}
  %c = "tfg.generic"() {tfg.op_type = "X"} : () -> (tensor<f32>)
}
