// An output that is no node, and an input that cannot become a Placeholder:
// errors at the graph and at the node.
// RUN: split-file %s %t
// RUN: tfg-opt %t/no-output.mlir --tfg-strip-unused-nodes="outputs=nope" -verify-diagnostics
// RUN: tfg-opt %t/multi-output.mlir --tfg-strip-unused-nodes="inputs=split outputs=a" -verify-diagnostics

//--- no-output.mlir
// expected-error @+1 {{no node named 'nope' in the graph}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
}

//--- multi-output.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %dim, %cd = tfg.Const name("dim") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  // expected-error @+1 {{cannot become an input: it has 2 outputs, a Placeholder has one}}
  %s:2, %cs = tfg.Split(%dim, %x) name("split") {T = f32, num_split = 2} : (tensor<i32>, tensor<2xf32>) -> (tensor<1xf32>, tensor<1xf32>)
  %a, %ca = tfg.Identity(%s#0) name("a") {T = f32} : (tensor<1xf32>) -> (tensor<1xf32>)
}
