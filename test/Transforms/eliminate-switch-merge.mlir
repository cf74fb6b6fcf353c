// RUN: tfg-opt %s --split-input-file --tfg-eliminate-switch-merge | FileCheck %s

// tf.cond(pred) with pred = false through an Identity chain: the true
// branch (the Const gated by ^switch_t, the Mul, the pivot) is dead and
// erased; the false branch's Switch forwards x; the Merge becomes its live
// input and its value_index the Const 0.
// CHECK-LABEL: module @cond_false_pred
// CHECK: %[[X:.*]], %[[CX:.*]] = tfg.Placeholder name("x")
// CHECK-NOT: tfg.Switch
// CHECK-NOT: name("cond/switch_t")
// CHECK-NOT: name("cond/two")
// CHECK-NOT: name("cond/Mul")
// CHECK: %[[F:.*]], %{{.*}} = tfg.Neg(%[[X]]) name("cond/Neg")
// CHECK: %[[IDX:.*]], %{{.*}} = tfg.Const name("cond/Merge/value_index") {dtype = i32, value = dense<0> : tensor<i32>}
// CHECK-NOT: tfg.Merge
// CHECK: tfg.Identity(%[[F]]) name("out")
// CHECK: tfg.Identity(%[[IDX]]) name("which")
module @cond_false_pred {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %p, %cp = tfg.Const name("training") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
    %pid, %cpid = tfg.Identity(%p) name("cond/pred_id") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %ps:2, %cps = tfg.Switch(%p, %p) name("cond/Switch") {T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>)
    %st, %cst = tfg.Identity(%ps#1) name("cond/switch_t") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %s:2, %cs = tfg.Switch(%x, %pid) name("cond/Switch_1") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
    %two, %ctwo = tfg.Const [%cst] name("cond/two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    %t, %ct = tfg.Mul(%s#1, %two) name("cond/Mul") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %f, %cf = tfg.Neg(%s#0) name("cond/Neg") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %m:2, %cm = tfg.Merge(%f, %t) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
    %o, %co = tfg.Identity(%m#0) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %w, %cw = tfg.Identity(%m#1) name("which") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  }
}

// -----

// pred = true: the true side is forwarded; a node with a control input
// from a dead node is dead too; a control edge from the Switch node itself
// is not dead (the Switch runs) and moves to the Switch's data producer.
// CHECK-LABEL: module @cond_true_pred
// CHECK: %[[X:.*]], %[[CX:.*]] = tfg.Placeholder name("x")
// CHECK-NOT: name("f_side")
// CHECK-NOT: name("gated_by_dead")
// CHECK: tfg.Neg(%[[X]]) name("t_side")
// CHECK: tfg.NoOp [%[[CX]]] name("after_switch")
module @cond_true_pred {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %p, %cp = tfg.Const name("pred") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
    %s:2, %cs = tfg.Switch(%x, %p) name("sw") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
    %f, %cf = tfg.Neg(%s#0) name("f_side") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %g, %cg = tfg.Const [%cf] name("gated_by_dead") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %t, %ct = tfg.Neg(%s#1) name("t_side") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %n = tfg.NoOp [%cs] name("after_switch")
    %use, %cuse = tfg.AddN(%g, %g) name("use_gated") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  }
}

// -----

// Negative: a predicate that is not constant leaves the cond as it is.
// CHECK-LABEL: module @neg_pred_not_constant
// CHECK: tfg.Switch
// CHECK: tfg.Merge
module @neg_pred_not_constant {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %p, %cp = tfg.Placeholder name("training") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %s:2, %cs = tfg.Switch(%x, %p) name("sw") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
    %m:2, %cm = tfg.Merge(%s#0, %s#1) name("merge") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
  }
}

// -----

// Negative: a v1 while loop (its Switch predicate is LoopCond, not a
// constant) stays intact, even next to a constant-predicate cond.
// CHECK-LABEL: module @neg_v1_loop
// CHECK: tfg.Enter
// CHECK: tfg.Merge(%{{.*}}, %{{.*}}) name("while/Merge")
// CHECK: tfg.LoopCond
// CHECK: tfg.Switch{{.*}}name("while/Switch")
// CHECK: tfg.NextIteration
// CHECK: tfg.Exit
module @neg_v1_loop {
  tfg.graph #tfg.version<producer = 26, min_consumer = 0> {
    %zero, %ctl_zero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %ten, %ctl_ten = tfg.Const name("ten") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
    %while_Enter, %ctl_while_Enter = tfg.Enter(%zero) name("while/Enter") {T = i32, frame_name = "while/ctx", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %while_Merge:2, %ctl_while_Merge = tfg.Merge(%while_Enter, %while_NextIteration) name("while/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
    %while_Less_Enter, %ctl_while_Less_Enter = tfg.Enter(%ten) name("while/Less/Enter") {T = i32, frame_name = "while/ctx", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %while_Less, %ctl_while_Less = tfg.Less(%while_Merge#0, %while_Less_Enter) name("while/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    %while_LoopCond, %ctl_while_LoopCond = tfg.LoopCond(%while_Less) name("while/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %while_Switch:2, %ctl_while_Switch = tfg.Switch(%while_Merge#0, %while_LoopCond) name("while/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %while_Identity, %ctl_while_Identity = tfg.Identity(%while_Switch#1) name("while/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %while_one, %ctl_while_one = tfg.Const [%ctl_while_Identity] name("while/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %while_add, %ctl_while_add = tfg.AddV2(%while_Identity, %while_one) name("while/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %while_NextIteration, %ctl_while_NextIteration = tfg.NextIteration(%while_add) name("while/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %while_Exit, %ctl_while_Exit = tfg.Exit(%while_Switch#0) name("while/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %p, %cp = tfg.Const name("pred") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
    %s:2, %cs = tfg.Switch(%while_Exit, %p) name("after/sw") {T = i32} : (tensor<*xi32>, tensor<i1>) -> (tensor<*xi32>, tensor<*xi32>)
    %o, %co = tfg.Identity(%s#0) name("after/out") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  }
}
