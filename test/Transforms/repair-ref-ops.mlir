// RUN: tfg-opt %s --split-input-file --tfg-repair-ref-ops | FileCheck %s

// Ref twins of a tf.cond on a variable: each becomes its plain op with the
// same name, device, other attrs (_class), operands and control inputs; the
// results have value types; users of the old tokens use the new ones. The
// variable keeps its reference output (a value input reads it).
// CHECK-LABEL: module @ref_cond
// CHECK: %[[V:.*]], %{{.*}} = tfg.VariableV2 name("v") {{.*}} -> (tensor<4x!tfg.ref<f32>>)
// CHECK: %[[P:.*]], %[[PC:.*]] = tfg.Placeholder name("p")
// CHECK: %[[S:.*]]:2, %[[SC:.*]] = tfg.Switch(%[[V]], %[[P]]) [%[[PC]]] name("cond/Switch") device("/cpu:0") {T = f32, _class = ["loc:@v"]} : (tensor<4x!tfg.ref<f32>>, tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK: %[[F:.*]], %{{.*}} = tfg.Identity(%[[S]]#0) name("cond/f") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
// CHECK: %[[T:.*]], %[[TC:.*]] = tfg.Identity(%[[S]]#1) [%[[SC]]] name("cond/t") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
// CHECK: %[[M:.*]]:2, %{{.*}} = tfg.Merge(%[[F]], %[[T]]) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<i32>)
// CHECK: tfg.Relu(%[[M]]#0) [%[[TC]]] name("y")
// CHECK-NOT: tfg.Ref
module @ref_cond {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VariableV2 name("v") {container = "", dtype = f32, shape = #tfg.shape<4>, shared_name = ""} : () -> (tensor<4x!tfg.ref<f32>>)
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %s:2, %cs = tfg.RefSwitch(%v, %p) [%cp] name("cond/Switch") device("/cpu:0") {T = f32, _class = ["loc:@v"]} : (tensor<4x!tfg.ref<f32>>, tensor<i1>) -> (tensor<4x!tfg.ref<f32>>, tensor<4x!tfg.ref<f32>>)
    %f, %cf = tfg.RefIdentity(%s#0) name("cond/f") {T = f32} : (tensor<4x!tfg.ref<f32>>) -> (tensor<4x!tfg.ref<f32>>)
    %t, %ct = tfg.RefIdentity(%s#1) [%cs] name("cond/t") {T = f32} : (tensor<4x!tfg.ref<f32>>) -> (tensor<4x!tfg.ref<f32>>)
    %m:2, %cm = tfg.RefMerge(%f, %t) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<4x!tfg.ref<f32>>, tensor<4x!tfg.ref<f32>>) -> (tensor<4x!tfg.ref<f32>>, tensor<i32>)
    %y, %cy = tfg.Relu(%m#0) [%ct] name("y") {T = f32} : (tensor<4x!tfg.ref<f32>>) -> (tensor<4xf32>)
  }
}

// -----

// Batch norm's moving-average update in a tf.cond(training): the AssignSub
// whose output the Merge reads becomes Sub(variable, value) (what it
// computes), without use_locking; its RefSwitch becomes a Switch.
// CHECK-LABEL: module @bn_moving_average
// CHECK: %[[V:.*]], %{{.*}} = tfg.VariableV2 name("moving_mean")
// CHECK: %[[D:.*]], %[[DC:.*]] = tfg.Const name("delta")
// CHECK: %[[S:.*]]:2, %{{.*}} = tfg.Switch(%[[V]], %{{.*}}) name("cond/Switch_1") {T = f32, _class = ["loc:@moving_mean"]}
// CHECK: %[[SUB:.*]], %[[SUBC:.*]] = tfg.Sub(%[[S]]#1, %[[D]]) [%[[DC]]] name("cond/AssignMovingAvg") {T = f32, _class = ["loc:@moving_mean"]} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
// CHECK-NOT: use_locking
// CHECK: tfg.Merge(%[[S]]#0, %[[SUB]]) name("cond/Merge")
// CHECK: tfg.NoOp [%[[SUBC]]] name("update_ops")
module @bn_moving_average {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VariableV2 name("moving_mean") {container = "", dtype = f32, shape = #tfg.shape<4>, shared_name = ""} : () -> (tensor<4x!tfg.ref<f32>>)
    %training, %ctr = tfg.Placeholder name("training") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %d, %cd = tfg.Const name("delta") {dtype = f32, value = dense<1.0> : tensor<4xf32>} : () -> (tensor<4xf32>)
    %s:2, %cs = tfg.RefSwitch(%v, %training) name("cond/Switch_1") {T = f32, _class = ["loc:@moving_mean"]} : (tensor<4x!tfg.ref<f32>>, tensor<i1>) -> (tensor<4x!tfg.ref<f32>>, tensor<4x!tfg.ref<f32>>)
    %a, %ca = tfg.AssignSub(%s#1, %d) [%cd] name("cond/AssignMovingAvg") {T = f32, _class = ["loc:@moving_mean"], use_locking = false} : (tensor<4x!tfg.ref<f32>>, tensor<4xf32>) -> (tensor<4x!tfg.ref<f32>>)
    %m:2, %cm = tfg.Merge(%s#0, %a) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<4x!tfg.ref<f32>>, tensor<4x!tfg.ref<f32>>) -> (tensor<4xf32>, tensor<i32>)
    %cu = tfg.NoOp [%ca] name("update_ops")
  }
}

// -----

// A read AssignAdd is Add(variable, value); a read Assign is the value it
// stores, as an Identity that keeps the Assign's name and control inputs.
// CHECK-LABEL: module @read_writes
// CHECK: %[[V:.*]], %[[VC:.*]] = tfg.VariableV2 name("step")
// CHECK: %[[ONE:.*]], %[[ONEC:.*]] = tfg.Const name("one")
// CHECK: %[[ADD:.*]], %{{.*}} = tfg.Add(%[[V]], %[[ONE]]) name("increment") {T = i64} : (tensor<!tfg.ref<i64>>, tensor<i64>) -> (tensor<i64>)
// CHECK: %[[ID:.*]], %[[IDC:.*]] = tfg.Identity(%[[ONE]]) [%[[VC]]] name("reset") {T = i64} : (tensor<i64>) -> (tensor<i64>)
// CHECK: tfg.AddN(%[[ADD]], %[[ID]]) [%[[IDC]]] name("sum")
module @read_writes {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VariableV2 name("step") {container = "", dtype = i64, shape = #tfg.shape<>, shared_name = ""} : () -> (tensor<!tfg.ref<i64>>)
    %one, %cone = tfg.Const name("one") {dtype = i64, value = dense<1> : tensor<i64>} : () -> (tensor<i64>)
    %a, %ca = tfg.AssignAdd(%v, %one) name("increment") {T = i64, use_locking = false} : (tensor<!tfg.ref<i64>>, tensor<i64>) -> (tensor<!tfg.ref<i64>>)
    %r, %cr = tfg.Assign(%v, %one) [%cv] name("reset") {T = i64, use_locking = true, validate_shape = true} : (tensor<!tfg.ref<i64>>, tensor<i64>) -> (tensor<!tfg.ref<i64>>)
    %s, %cs = tfg.AddN(%a, %r) [%cr] name("sum") {N = 2 : i64, T = i64} : (tensor<!tfg.ref<i64>>, tensor<!tfg.ref<i64>>) -> (tensor<i64>)
  }
}

// -----

// Must not fire: writes whose output nobody reads (an initializer, an
// update run for its effect) stay, and so does a Ref node that feeds one a
// reference, and in turn whatever feeds that node a reference. A Switch,
// Identity or Merge that is not a Ref twin is left as it is.
// CHECK-LABEL: module @unread_writes
// CHECK: tfg.Assign(%{{.*}}, %{{.*}}) name("v/Assign")
// CHECK: tfg.RefIdentity(%{{.*}}) name("v/ref")
// CHECK: tfg.RefSwitch(%{{.*}}, %{{.*}}) name("cond/Switch")
// CHECK: tfg.AssignSub(%{{.*}}, %{{.*}}) name("cond/AssignSub")
// CHECK: tfg.AssignAdd(%{{.*}}, %{{.*}}) name("v/AssignAdd")
// CHECK: tfg.Switch(%{{.*}}, %{{.*}}) name("plain/Switch") {T = f32} : (tensor<4x!tfg.ref<f32>>, tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK: tfg.Identity(%{{.*}}) name("v/read") {T = f32} : (tensor<4x!tfg.ref<f32>>) -> (tensor<4xf32>)
module @unread_writes {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VariableV2 name("v") {container = "", dtype = f32, shape = #tfg.shape<4>, shared_name = ""} : () -> (tensor<4x!tfg.ref<f32>>)
    %k, %ck = tfg.Const name("k") {dtype = f32, value = dense<1.0> : tensor<4xf32>} : () -> (tensor<4xf32>)
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %i, %ci = tfg.Assign(%v, %k) name("v/Assign") {T = f32, use_locking = true, validate_shape = true} : (tensor<4x!tfg.ref<f32>>, tensor<4xf32>) -> (tensor<4x!tfg.ref<f32>>)
    %r, %cr = tfg.RefIdentity(%v) name("v/ref") {T = f32} : (tensor<4x!tfg.ref<f32>>) -> (tensor<4x!tfg.ref<f32>>)
    %s:2, %cs = tfg.RefSwitch(%r, %p) name("cond/Switch") {T = f32} : (tensor<4x!tfg.ref<f32>>, tensor<i1>) -> (tensor<4x!tfg.ref<f32>>, tensor<4x!tfg.ref<f32>>)
    %a, %ca = tfg.AssignSub(%s#1, %k) name("cond/AssignSub") {T = f32, use_locking = false} : (tensor<4x!tfg.ref<f32>>, tensor<4xf32>) -> (tensor<4x!tfg.ref<f32>>)
    %b, %cb = tfg.AssignAdd(%v, %k) name("v/AssignAdd") {T = f32, use_locking = false} : (tensor<4x!tfg.ref<f32>>, tensor<4xf32>) -> (tensor<4x!tfg.ref<f32>>)
    %cn = tfg.NoOp [%ci, %ca, %cb] name("train")
    %w:2, %cw = tfg.Switch(%v, %p) name("plain/Switch") {T = f32} : (tensor<4x!tfg.ref<f32>>, tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>)
    %x, %cx = tfg.Identity(%v) name("v/read") {T = f32} : (tensor<4x!tfg.ref<f32>>) -> (tensor<4xf32>)
  }
}

// -----

// Must not fire: a read write whose dtype Add does not take (uint32) stays,
// and keeps the RefIdentity that feeds it its variable; Sub takes uint32.
// CHECK-LABEL: module @dtypes
// CHECK: tfg.RefIdentity(%{{.*}}) name("v/ref")
// CHECK: tfg.AssignAdd(%{{.*}}, %{{.*}}) name("add")
// CHECK: tfg.Sub(%{{.*}}, %{{.*}}) name("sub") {T = ui32}
module @dtypes {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VariableV2 name("v") {container = "", dtype = ui32, shape = #tfg.shape<>, shared_name = ""} : () -> (tensor<!tfg.ref<ui32>>)
    %k, %ck = tfg.Const name("k") {dtype = ui32, value = dense<1> : tensor<ui32>} : () -> (tensor<ui32>)
    %r, %cr = tfg.RefIdentity(%v) name("v/ref") {T = ui32} : (tensor<!tfg.ref<ui32>>) -> (tensor<!tfg.ref<ui32>>)
    %a, %ca = tfg.AssignAdd(%r, %k) name("add") {T = ui32, use_locking = false} : (tensor<!tfg.ref<ui32>>, tensor<ui32>) -> (tensor<!tfg.ref<ui32>>)
    %s, %cs = tfg.AssignSub(%v, %k) name("sub") {T = ui32, use_locking = false} : (tensor<!tfg.ref<ui32>>, tensor<ui32>) -> (tensor<!tfg.ref<ui32>>)
    %y:2, %cy = tfg.IdentityN(%a, %s) name("y") {T = [ui32, ui32]} : (tensor<!tfg.ref<ui32>>, tensor<!tfg.ref<ui32>>) -> (tensor<ui32>, tensor<ui32>)
  }
}

// -----

// A v1 while loop over a variable's reference (RefEnter, RefMerge,
// RefSwitch, RefNextIteration, RefExit) is repaired as a whole.
// CHECK-LABEL: module @ref_loop
// CHECK: tfg.Enter(%{{.*}}) name("while/Enter") {T = f32, frame_name = "while", is_constant = false, parallel_iterations = 10 : i64} : (tensor<!tfg.ref<f32>>) -> (tensor<f32>)
// CHECK: tfg.Merge(%{{.*}}, %{{.*}}) name("while/Merge") {{.*}} -> (tensor<f32>, tensor<i32>)
// CHECK: tfg.Switch(%{{.*}}, %{{.*}}) name("while/Switch") {{.*}} -> (tensor<f32>, tensor<f32>)
// CHECK: tfg.Identity(%{{.*}}) name("while/Identity") {{.*}} -> (tensor<f32>)
// CHECK: tfg.NextIteration(%{{.*}}) name("while/NextIteration") {{.*}} -> (tensor<f32>)
// CHECK: tfg.Exit(%{{.*}}) name("while/Exit") {{.*}} -> (tensor<f32>)
// CHECK-NOT: tfg.Ref
module @ref_loop {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VariableV2 name("v") {container = "", dtype = f32, shape = #tfg.shape<>, shared_name = ""} : () -> (tensor<!tfg.ref<f32>>)
    %e, %ce = tfg.RefEnter(%v) name("while/Enter") {T = f32, frame_name = "while", is_constant = false, parallel_iterations = 10 : i64} : (tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>)
    %m:2, %cm = tfg.RefMerge(%e, %n) name("while/Merge") {N = 2 : i64, T = f32} : (tensor<!tfg.ref<f32>>, tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>, tensor<i32>)
    %c, %cc = tfg.Placeholder name("c") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %lc, %clc = tfg.LoopCond(%c) name("while/LoopCond") : (tensor<i1>) -> (tensor<i1>)
    %s:2, %cs = tfg.RefSwitch(%m#0, %lc) name("while/Switch") {T = f32} : (tensor<!tfg.ref<f32>>, tensor<i1>) -> (tensor<!tfg.ref<f32>>, tensor<!tfg.ref<f32>>)
    %i, %ci = tfg.RefIdentity(%s#1) name("while/Identity") {T = f32} : (tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>)
    %n, %cn = tfg.RefNextIteration(%i) name("while/NextIteration") {T = f32} : (tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>)
    %x, %cx = tfg.RefExit(%s#0) name("while/Exit") {T = f32} : (tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>)
    %y, %cy = tfg.Relu(%x) name("y") {T = f32} : (tensor<!tfg.ref<f32>>) -> (tensor<f32>)
  }
}

// -----

// Must not fire: the same loop, but an Assign nobody reads needs the
// reference the loop's RefExit gives: the RefExit stays, so do the
// RefSwitch feeding it, the RefMerge feeding that, and around the loop,
// everything.
// CHECK-LABEL: module @ref_loop_kept
// CHECK: tfg.RefEnter
// CHECK: tfg.RefMerge
// CHECK: tfg.RefSwitch
// CHECK: tfg.RefIdentity
// CHECK: tfg.RefNextIteration
// CHECK: tfg.RefExit
// CHECK: tfg.Assign
module @ref_loop_kept {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VariableV2 name("v") {container = "", dtype = f32, shape = #tfg.shape<>, shared_name = ""} : () -> (tensor<!tfg.ref<f32>>)
    %e, %ce = tfg.RefEnter(%v) name("while/Enter") {T = f32, frame_name = "while", is_constant = false, parallel_iterations = 10 : i64} : (tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>)
    %m:2, %cm = tfg.RefMerge(%e, %n) name("while/Merge") {N = 2 : i64, T = f32} : (tensor<!tfg.ref<f32>>, tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>, tensor<i32>)
    %c, %cc = tfg.Placeholder name("c") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %lc, %clc = tfg.LoopCond(%c) name("while/LoopCond") : (tensor<i1>) -> (tensor<i1>)
    %s:2, %cs = tfg.RefSwitch(%m#0, %lc) name("while/Switch") {T = f32} : (tensor<!tfg.ref<f32>>, tensor<i1>) -> (tensor<!tfg.ref<f32>>, tensor<!tfg.ref<f32>>)
    %i, %ci = tfg.RefIdentity(%s#1) name("while/Identity") {T = f32} : (tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>)
    %n, %cn = tfg.RefNextIteration(%i) name("while/NextIteration") {T = f32} : (tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>)
    %x, %cx = tfg.RefExit(%s#0) name("while/Exit") {T = f32} : (tensor<!tfg.ref<f32>>) -> (tensor<!tfg.ref<f32>>)
    %k, %ck = tfg.Const name("k") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %a, %ca = tfg.Assign(%x, %k) name("after/Assign") {T = f32, use_locking = true, validate_shape = true} : (tensor<!tfg.ref<f32>>, tensor<f32>) -> (tensor<!tfg.ref<f32>>)
  }
}
