// RUN: tfg-opt %s --tfg-graph-to-func="outputs=both inputs=x" -verify-diagnostics
// An unfed Placeholder the outputs need is an error (at the Placeholder)
// once inputs are given.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x2, %cx2 = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{Placeholder 'flag' is needed by the outputs but not fed: feed it (inputs) or bind it to a constant (tfg-bind-placeholders)}}
  %f, %cf = tfg.Placeholder name("flag") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %b, %cb = tfg.AddV2(%x2, %f) name("both") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<*xf32>)
}
