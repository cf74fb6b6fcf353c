// Must not fire because the outputs read no variable: no variable becomes a
// Const (the one nobody needs goes, as any unused node), the rest stays.
// RUN: rm -rf %t && %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t --tensor w=float:2:1,2
// RUN: tfg-opt %s --tfg-freeze-variables="checkpoint=%t outputs=y" | FileCheck %s --implicit-check-not=tfg.Const --implicit-check-not=VariableV2
// CHECK-LABEL: module @no_variable_read
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK-NEXT: tfg.Relu(%[[X]]) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
module @no_variable_read {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %w, %cw = tfg.VariableV2 name("w") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %y, %cy = tfg.Relu(%x) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}
