// RUN: tfg-opt %s --split-input-file --tfg-eliminate-switch-merge | FileCheck %s

// The deadness analysis treats RefSwitch and RefMerge as Switch and Merge
// (isSwitchLike, isMergeLike): with a constant true predicate, output 0 of
// the RefSwitch is dead, so is everything only it feeds, and so is a
// RefMerge all of whose inputs are dead; unused dead nodes are erased. The
// RefSwitch itself stays: the rewrite patterns match the typed tfg.Switch.
// CHECK-LABEL: module @ref_switch_constant_pred
// CHECK: tfg.generic "RefSwitch"
// CHECK-NOT: name("on_false")
// CHECK-NOT: name("on_false_2")
// CHECK-NOT: name("both_false")
// CHECK: tfg.generic "RefIdentity"(%{{.*}}#1) name("on_true")
module @ref_switch_constant_pred {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.generic "VariableV2" name("v") {container = "", dtype = f32, shape = #tfg.shape<>, shared_name = ""} : () -> (!tfg.ref<f32>)
    %p, %cp = tfg.Const name("pred") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
    %s:2, %cs = tfg.generic "RefSwitch"(%v, %p) name("switch") {T = f32} : (!tfg.ref<f32>, tensor<i1>) -> (!tfg.ref<f32>, !tfg.ref<f32>)
    %f, %cf = tfg.generic "RefIdentity"(%s#0) name("on_false") {T = f32} : (!tfg.ref<f32>) -> (!tfg.ref<f32>)
    %f2, %cf2 = tfg.generic "RefIdentity"(%s#0) name("on_false_2") {T = f32} : (!tfg.ref<f32>) -> (!tfg.ref<f32>)
    %m:2, %cm = tfg.generic "RefMerge"(%f, %f2) name("both_false") {N = 2 : i64, T = f32} : (!tfg.ref<f32>, !tfg.ref<f32>) -> (!tfg.ref<f32>, tensor<i32>)
    %t, %ct = tfg.generic "RefIdentity"(%s#1) name("on_true") {T = f32} : (!tfg.ref<f32>) -> (!tfg.ref<f32>)
  }
}

// -----

// Must not fire: the predicate is fed, so nothing is dead.
// CHECK-LABEL: module @ref_switch_fed_pred
// CHECK: tfg.generic "RefSwitch"
// CHECK: name("on_false")
// CHECK: name("on_true")
module @ref_switch_fed_pred {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.generic "VariableV2" name("v") {container = "", dtype = f32, shape = #tfg.shape<>, shared_name = ""} : () -> (!tfg.ref<f32>)
    %p, %cp = tfg.Placeholder name("pred") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %s:2, %cs = tfg.generic "RefSwitch"(%v, %p) name("switch") {T = f32} : (!tfg.ref<f32>, tensor<i1>) -> (!tfg.ref<f32>, !tfg.ref<f32>)
    %f, %cf = tfg.generic "RefIdentity"(%s#0) name("on_false") {T = f32} : (!tfg.ref<f32>) -> (!tfg.ref<f32>)
    %t, %ct = tfg.generic "RefIdentity"(%s#1) name("on_true") {T = f32} : (!tfg.ref<f32>) -> (!tfg.ref<f32>)
  }
}
