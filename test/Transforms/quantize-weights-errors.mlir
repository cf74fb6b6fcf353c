// Errors name the problem; the pass fails and tfg-opt writes nothing.
// RUN: split-file %s %t
// A node already has the name of a node the pass would create (the graph
// was quantized before with another minimum size, say): not guessed at.
// RUN: tfg-opt %t/clash.mlir --tfg-quantize-weights="minimum-size=4" -verify-diagnostics
// RUN: not tfg-opt %t/clash.mlir --tfg-quantize-weights="minimum-size=4" -o %t/clash.out
// RUN: test ! -e %t/clash.out
// RUN: tfg-opt %t/clash-scale.mlir --tfg-quantize-weights="minimum-size=4 mode=int8-per-channel" -verify-diagnostics
// Option errors are at no node (the implicit module's file:0:0, or the
// command line): FileCheck, not -verify-diagnostics.
// RUN: not tfg-opt %t/clash.mlir --tfg-quantize-weights="mode=int4" 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not tfg-opt %t/clash.mlir --tfg-quantize-weights="minimum-size=-1" 2>&1 | FileCheck %s --check-prefix=SIZE

// MODE: error: tfg-quantize-weights: unknown mode 'int4' (expected tensorflow or int8-per-channel)
// SIZE: error: invalid value for option 'minimum-size' of pass 'tfg-quantize-weights': '-1' value invalid for uint argument

//--- clash.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg-quantize-weights: cannot quantize Const 'w': the graph already has a node named 'w_quantized_min'}}
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %m, %cm = tfg.Const name("w_quantized_min") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %a, %ca = tfg.MatMul(%w, %w) name("mm") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
}

//--- clash-scale.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg-quantize-weights: cannot quantize Const 'w': the graph already has a node named 'w_quantized_scale'}}
  %w, %cw = tfg.Const name("w") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %s, %cs = tfg.Const name("w_quantized_scale") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %a, %ca = tfg.Placeholder name("a") {dtype = f32, shape = #tfg.shape<2x2>} : () -> (tensor<2x2xf32>)
  %m, %cm = tfg.MatMul(%a, %w) name("mm") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
}
