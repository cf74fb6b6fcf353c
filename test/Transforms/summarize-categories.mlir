// RUN: tfg-opt %s --tfg-summarize -o /dev/null 2>&1 | FileCheck %s

// A PlaceholderV2 is an input like a Placeholder (isPlaceholderLike), not an
// output; the pivot of a _SwitchN branch (an unused Identity of it) is a
// training-only sink like a Switch's, left out of the suggested outputs;
// an unused Identity of an ordinary node is an output.
// CHECK: inputs: x (f32[2]) old (f32[2])
// CHECK-NEXT: outputs: pivot (Identity) y (Identity)
// CHECK: suggested: tfg-opt MODEL.mlir --tfg-optimize-for-inference="inputs=x,old outputs=y"
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %old, %cold = tfg.generic "PlaceholderV2" name("old") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %k, %ck = tfg.Const name("k") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %s:2, %cs = tfg.generic "_SwitchN"(%x, %k) name("switch") {T = f32, num_outs = 2 : i64} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xf32>)
  %p, %cp = tfg.Identity(%s#1) name("pivot") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %a, %ca = tfg.Add(%x, %old) name("add") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %y, %cy = tfg.Identity(%a) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}
