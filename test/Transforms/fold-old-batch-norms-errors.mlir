// A FusedBatchNorm in training mode (is_training absent: TensorFlow's
// default is true) is an error naming the node; nothing is written.
// RUN: tfg-opt %s --tfg-fold-old-batch-norms -verify-diagnostics
// RUN: not tfg-opt %s --tfg-fold-old-batch-norms -o %t.mlir
// RUN: test ! -e %t.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x2x2x2>} : () -> (tensor<1x2x2x2xf32>)
  %g, %cg = tfg.Const name("gamma") {dtype = f32, value = dense<[4.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %e, %ce = tfg.Const name("empty") {dtype = f32, value = dense<> : tensor<0xf32>} : () -> (tensor<0xf32>)
  // expected-error @+1 {{tfg-fold-old-batch-norms: FusedBatchNorm 'bn' is in training mode (is_training=true): it normalizes with batch statistics. Bind the training flag (tfg-bind-placeholders) and run tfg-eliminate-switch-merge first}}
  %y:5, %cy = tfg.FusedBatchNorm(%x, %g, %g, %e, %e) name("bn") {T = f32, epsilon = 1.0 : f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
}
