// RUN: not tfg-opt %s --tfg-strip-unused-nodes="outputs=nope" 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: not tfg-opt %s --tfg-strip-unused-nodes="inputs=split outputs=a" 2>&1 | FileCheck %s --check-prefix=MULTI

// OUT: error: no node named 'nope' in the graph
// MULTI: error: cannot become an input: it has 2 outputs, a Placeholder has one
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %dim, %cd = tfg.Const name("dim") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %s:2, %cs = tfg.Split(%dim, %x) name("split") {T = f32, num_split = 2} : (tensor<i32>, tensor<2xf32>) -> (tensor<1xf32>, tensor<1xf32>)
  %a, %ca = tfg.Identity(%s#0) name("a") {T = f32} : (tensor<1xf32>) -> (tensor<1xf32>)
}
