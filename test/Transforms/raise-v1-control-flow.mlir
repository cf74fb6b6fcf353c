// RUN: tfg-opt %s --split-input-file --tfg-raise-v1-control-flow | FileCheck %s

// A counting loop as tf.while_loop writes it: the counter enters through a
// Merge, the limit `n` is an is_constant Enter (a loop invariant: an extra
// loop variable the body returns unchanged), the body's constant waits for
// the pivot (Identity). The While is named after the frame, takes the
// Enters' inputs and control inputs, and the Exit's user reads its output.
// CHECK-LABEL: module @count
// CHECK: %[[N:.*]], %{{.*}} = tfg.Placeholder name("n")
// CHECK: %[[ZERO:.*]], %{{.*}} = tfg.Const name("zero")
// CHECK: %[[INIT:.*]] = tfg.NoOp name("init")
// CHECK: %[[W:.*]]:2, %[[WC:.*]] = tfg.generic "While"(%[[ZERO]], %[[N]]) [%[[INIT]]] name("while") {T = [i32, i32], body = #tfg.func<"while_body", {}>, cond = #tfg.func<"while_cond", {}>, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<*xi32>, tensor<*xi32>)
// CHECK: tfg.Identity(%[[W]]#0) name("out")
// CHECK: tfg.NoOp [%[[WC]]] name("after")
// CHECK-NOT: tfg.Enter
// CHECK-NOT: tfg.Exit
// CHECK: tfg.func @while_cond(%[[C0:.*]]: tensor<*xi32>, %[[C1:.*]]: tensor<*xi32>, %{{.*}}: !tfg.control, %{{.*}}: !tfg.control)
// CHECK-NEXT: inputs = [#tfg.arg<name = "arg0", type = i32>, #tfg.arg<name = "arg1", type = i32>],
// CHECK-NEXT: outputs = [#tfg.arg<name = "cond0", type = i1>]
// CHECK: %[[LESS:.*]], %{{.*}} = tfg.Less(%[[C0]], %[[C1]]) name("while/Less")
// CHECK-NEXT: tfg.return(%[[LESS]] : tensor<*xi1>)
// CHECK: tfg.func @while_body(%[[B0:.*]]: tensor<*xi32>, %[[B1:.*]]: tensor<*xi32>, %{{.*}}: !tfg.control, %{{.*}}: !tfg.control)
// CHECK: %[[ID:.*]], %[[IDC:.*]] = tfg.Identity(%[[B0]]) name("while/Identity")
// CHECK-NEXT: %[[ONE:.*]], %{{.*}} = tfg.Const [%[[IDC]]] name("while/add/y")
// CHECK-NEXT: %[[ADD:.*]], %{{.*}} = tfg.AddV2(%[[ID]], %[[ONE]]) name("while/add")
// CHECK-NEXT: tfg.return(%[[ADD]], %[[B1]] : tensor<*xi32>, tensor<*xi32>)
module @count {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %n, %cn = tfg.Placeholder name("n") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %init = tfg.NoOp name("init")
    %e, %ce = tfg.Enter(%zero) [%init] name("while/Enter") {T = i32, frame_name = "while/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %en, %cen = tfg.Enter(%n) name("while/Less/Enter") {T = i32, frame_name = "while/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %m:2, %cm = tfg.Merge(%e, %ni) name("while/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %lt, %clt = tfg.Less(%m#0, %en) name("while/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    %lc, %clc = tfg.LoopCond(%lt) name("while/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %sw:2, %csw = tfg.Switch(%m#0, %lc) name("while/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %id, %cid = tfg.Identity(%sw#1) name("while/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %one, %cone = tfg.Const [%cid] name("while/add/y") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %add, %cadd = tfg.AddV2(%id, %one) name("while/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %ni, %cni = tfg.NextIteration(%add) name("while/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %x, %cx = tfg.Exit(%sw#0) name("while/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %o, %co = tfg.Identity(%x) name("out") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %after = tfg.NoOp [%cx] name("after")
  }
}

// -----

// Nested loops, the inner one in the outer body: the inner frame is raised
// first, so the outer body holds it as a While whose inputs are the outer
// body's values (its limit, an invariant, is the outer counter + 1).
// CHECK-LABEL: module @nested
// CHECK: %[[W:.*]]:3, %{{.*}} = tfg.generic "While"(%[[Z:.*]], %[[Z]], %[[N:.*]]) name("outer") {T = [i32, i32, i32], body = #tfg.func<"outer_body", {}>, cond = #tfg.func<"outer_cond", {}>
// CHECK: tfg.Identity(%[[W]]#1) name("count")
// CHECK: tfg.func @outer_inner_cond(%[[IC0:[^:]*]]: {{.*}}, %{{[^:]*}}: {{.*}}, %[[IC2:[^:]*]]: tensor<*xi32>, %{{.*}}: !tfg.control
// CHECK: tfg.Less(%[[IC0]], %[[IC2]]) name("outer/inner/Less")
// CHECK: tfg.func @outer_inner_body(
// CHECK: tfg.return(%{{.*}}, %{{.*}}, %arg2 :
// CHECK: tfg.func @outer_cond(
// CHECK: tfg.func @outer_body(%[[B0:[^:]*]]: {{.*}}, %[[B1:[^:]*]]: {{.*}}, %[[B2:[^:]*]]: tensor<*xi32>, %{{.*}}: !tfg.control
// CHECK: %[[I:.*]], %[[IC:.*]] = tfg.Identity(%[[B0]]) name("outer/Identity")
// CHECK: %[[I1:.*]], %{{.*}} = tfg.Identity(%[[B1]]) name("outer/Identity_1")
// CHECK: %[[ADD:.*]], %{{.*}} = tfg.AddV2(%[[I]], %{{.*}}) name("outer/add")
// CHECK: %[[IZ:.*]], %{{.*}} = tfg.Const [%[[IC]]] name("outer/inner/zero")
// CHECK: %[[INNER:.*]]:3, %{{.*}} = tfg.generic "While"(%[[IZ]], %[[I1]], %[[ADD]]) name("outer/inner") {T = [i32, i32, i32], body = #tfg.func<"outer_inner_body", {}>, cond = #tfg.func<"outer_inner_cond", {}>
// CHECK: tfg.return(%[[ADD]], %[[INNER]]#1, %[[B2]] :
module @nested {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %n, %cn = tfg.Placeholder name("n") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %ei, %cei = tfg.Enter(%zero) name("outer/Enter") {T = i32, frame_name = "outer/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %ec, %cec = tfg.Enter(%zero) name("outer/Enter_1") {T = i32, frame_name = "outer/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %en, %cen = tfg.Enter(%n) name("outer/Less/Enter") {T = i32, frame_name = "outer/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %mi:2, %cmi = tfg.Merge(%ei, %nii) name("outer/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %mc:2, %cmc = tfg.Merge(%ec, %nic) name("outer/Merge_1") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %lt, %clt = tfg.Less(%mi#0, %en) name("outer/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    %lc, %clc = tfg.LoopCond(%lt) name("outer/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %si:2, %csi = tfg.Switch(%mi#0, %lc) name("outer/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %sc:2, %csc = tfg.Switch(%mc#0, %lc) name("outer/Switch_1") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %ii, %cii = tfg.Identity(%si#1) name("outer/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %ic, %cic = tfg.Identity(%sc#1) name("outer/Identity_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %one, %cone = tfg.Const [%cii] name("outer/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %i2, %ci2 = tfg.AddV2(%ii, %one) name("outer/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    // The inner loop: (j, count), limit i2 is a loop invariant.
    %z2, %cz2 = tfg.Const [%cii] name("outer/inner/zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %ej, %cej = tfg.Enter(%z2) name("outer/inner/Enter") {T = i32, frame_name = "outer/inner/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %ek, %cek = tfg.Enter(%ic) name("outer/inner/Enter_1") {T = i32, frame_name = "outer/inner/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
    %el, %cel = tfg.Enter(%i2) name("outer/inner/Less/Enter") {T = i32, frame_name = "outer/inner/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
    %mj:2, %cmj = tfg.Merge(%ej, %nij) name("outer/inner/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %mk:2, %cmk = tfg.Merge(%ek, %nik) name("outer/inner/Merge_1") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %ltj, %cltj = tfg.Less(%mj#0, %el) name("outer/inner/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    %lcj, %clcj = tfg.LoopCond(%ltj) name("outer/inner/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %sj:2, %csj = tfg.Switch(%mj#0, %lcj) name("outer/inner/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %sk:2, %csk = tfg.Switch(%mk#0, %lcj) name("outer/inner/Switch_1") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %ij, %cij = tfg.Identity(%sj#1) name("outer/inner/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %ik, %cik = tfg.Identity(%sk#1) name("outer/inner/Identity_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %onej, %conej = tfg.Const [%cij] name("outer/inner/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %j2, %cj2 = tfg.AddV2(%ij, %onej) name("outer/inner/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %k2, %ck2 = tfg.AddV2(%ik, %onej) name("outer/inner/add_1") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %nij, %cnij = tfg.NextIteration(%j2) name("outer/inner/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %nik, %cnik = tfg.NextIteration(%k2) name("outer/inner/NextIteration_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %xk, %cxk = tfg.Exit(%sk#0) name("outer/inner/Exit_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %nii, %cnii = tfg.NextIteration(%i2) name("outer/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %nic, %cnic = tfg.NextIteration(%xk) name("outer/NextIteration_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %xc, %cxc = tfg.Exit(%sc#0) name("outer/Exit_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %o, %co = tfg.Identity(%xc) name("count") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  }
}

// -----

// tf.cond on a Placeholder: Switch(pred, pred) and its pivots, the inputs
// switched on pred_id = Identity(pred), constants under the pivots, one
// Merge per output. One If on pred: inputs are the Switches' inputs, the
// then branch is what the outputs 1 reach, the else branch the outputs 0;
// pred_id goes with the Switches.
// CHECK-LABEL: module @cond
// CHECK: %[[P:.*]], %{{.*}} = tfg.Placeholder name("p")
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK-NEXT: %[[IF:.*]], %{{.*}} = tfg.generic "If"(%[[P]], %[[P]], %[[X]]) name("cond") {Tcond = i1, Tin = [i1, f32], Tout = [f32], else_branch = #tfg.func<"cond_else", {}>, then_branch = #tfg.func<"cond_then", {}>} : (tensor<i1>, tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>)
// CHECK-NEXT: tfg.Identity(%[[IF]]) name("out")
// CHECK-NEXT: {{^  }$}}
// CHECK: tfg.func @cond_then(%[[T0:[^:]*]]: tensor<i1>, %[[T1:[^:]*]]: tensor<2xf32>,
// CHECK-NEXT: inputs = [#tfg.arg<name = "arg0", type = i1>, #tfg.arg<name = "arg1", type = f32>],
// CHECK-NEXT: outputs = [#tfg.arg<name = "out0", type = f32>]
// CHECK: %{{.*}}, %[[PT:.*]] = tfg.Identity(%[[T0]]) name("cond/switch_t")
// CHECK-NEXT: %[[TWO:.*]], %{{.*}} = tfg.Const [%[[PT]]] name("cond/mul/y")
// CHECK-NEXT: %[[MUL:.*]], %{{.*}} = tfg.Mul(%[[T1]], %[[TWO]]) name("cond/mul")
// CHECK-NEXT: tfg.return(%[[MUL]] : tensor<2xf32>)
// CHECK: tfg.func @cond_else(%[[E0:[^:]*]]: tensor<i1>, %[[E1:[^:]*]]: tensor<2xf32>,
// CHECK: tfg.Identity(%[[E0]]) name("cond/switch_f")
// CHECK-NEXT: %[[NEG:.*]], %{{.*}} = tfg.Neg(%[[E1]]) name("cond/Neg")
// CHECK-NEXT: tfg.return(%[[NEG]] : tensor<2xf32>)
// CHECK-NOT: tfg.Switch
// CHECK-NOT: pred_id
module @cond {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %sp:2, %csp = tfg.Switch(%p, %p) name("cond/Switch") {T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>)
    %st, %cst = tfg.Identity(%sp#1) name("cond/switch_t") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %sf, %csf = tfg.Identity(%sp#0) name("cond/switch_f") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %pid, %cpid = tfg.Identity(%p) name("cond/pred_id") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %sx:2, %csx = tfg.Switch(%x, %pid) name("cond/mul/Switch") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
    %two, %ctwo = tfg.Const [%cst] name("cond/mul/y") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    %mul, %cmul = tfg.Mul(%sx#1, %two) name("cond/mul") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %neg, %cneg = tfg.Neg(%sx#0) name("cond/Neg") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %m:2, %cm = tfg.Merge(%neg, %mul) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
    %o, %co = tfg.Identity(%m#0) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// A cond inside a loop body: the loop is raised first, then the cond in
// the body function. The Const `three` waits for the Switch itself (not a
// pivot): a control edge from a Switch does not make a node part of a
// branch, so it stays outside, read by the If, and waits for what the
// Switch waited for (its input's producer) instead. `one`, which the else
// branch reads, is an If input too.
// CHECK-LABEL: module @cond_in_loop
// CHECK: %[[W:.*]], %{{.*}} = tfg.generic "While"(%{{.*}}) name("w") {T = [i32], body = #tfg.func<"w_body", {}>, cond = #tfg.func<"w_cond", {}>
// CHECK: tfg.func @w_cond(%[[C0:[^:]*]]: tensor<*xi32>, %[[CC0:[^:]*]]: !tfg.control)
// CHECK: %[[TEN:.*]], %{{.*}} = tfg.Const [%[[CC0]]] name("w/ten")
// CHECK: tfg.Less(%[[C0]], %[[TEN]])
// CHECK: tfg.func @w_body(%[[B0:[^:]*]]: tensor<*xi32>,
// CHECK: %[[ID:.*]], %[[IDC:.*]] = tfg.Identity(%[[B0]]) name("w/Identity")
// CHECK: %[[ONE:.*]], %{{.*}} = tfg.Const [%[[IDC]]] name("w/one")
// CHECK: %[[ODD:.*]], %{{.*}} = tfg.Equal
// CHECK: %[[THREE:.*]], %{{.*}} = tfg.Const [%[[IDC]]] name("w/cond/three")
// CHECK: %[[IF:.*]], %{{.*}} = tfg.generic "If"(%[[ODD]], %[[ID]], %[[THREE]], %[[ONE]]) name("w/cond") {Tcond = i1, Tin = [i32, i32, i32], Tout = [i32], else_branch = #tfg.func<"w_cond_else", {}>, then_branch = #tfg.func<"w_cond_then", {}>}
// CHECK: tfg.return(%[[IF]] : tensor<*xi32>)
// CHECK: tfg.func @w_cond_then(%[[T0:[^:]*]]: tensor<*xi32>, %[[T1:[^:]*]]: tensor<i32>,
// CHECK: %[[A3:.*]], %{{.*}} = tfg.AddV2(%[[T0]], %[[T1]]) name("w/cond/add3")
// CHECK-NEXT: tfg.return(%[[A3]] : tensor<*xi32>)
// CHECK: tfg.func @w_cond_else(%[[E0:[^:]*]]: tensor<*xi32>, %{{[^:]*}}: tensor<i32>, %[[E2:[^:]*]]: tensor<i32>,
// CHECK: %[[A1:.*]], %{{.*}} = tfg.AddV2(%[[E0]], %[[E2]]) name("w/cond/add1")
// CHECK-NEXT: tfg.return(%[[A1]] : tensor<*xi32>)
module @cond_in_loop {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %e, %ce = tfg.Enter(%x) name("w/Enter") {T = i32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %m:2, %cm = tfg.Merge(%e, %ni) name("w/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %ten, %cten = tfg.Const [%cm] name("w/ten") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%m#0, %ten) name("w/Less") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    %lc, %clc = tfg.LoopCond(%lt) name("w/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %sw:2, %csw = tfg.Switch(%m#0, %lc) name("w/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %id, %cid = tfg.Identity(%sw#1) name("w/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    // if (i is odd) i + 3 else i + 1, in the body.
    %two, %ctwo = tfg.Const [%cid] name("w/two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
    %mod, %cmod = tfg.FloorMod(%id, %two) name("w/mod") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %one, %cone = tfg.Const [%cid] name("w/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %odd, %codd = tfg.Equal(%mod, %one) name("w/odd") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    %cs:2, %ccs = tfg.Switch(%id, %odd) name("w/cond/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %three, %cthree = tfg.Const [%ccs] name("w/cond/three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %a3, %ca3 = tfg.AddV2(%cs#1, %three) name("w/cond/add3") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %a1, %ca1 = tfg.AddV2(%cs#0, %one) name("w/cond/add1") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %cm2:2, %ccm2 = tfg.Merge(%a1, %a3) name("w/cond/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %ni, %cni = tfg.NextIteration(%cm2#0) name("w/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %xx, %cxx = tfg.Exit(%sw#0) name("w/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %o, %co = tfg.Identity(%xx) name("out") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  }
}

// -----

// A TensorArray written in a loop: its handle (a resource) enters with
// is_constant = true and its float flow is a loop variable; both are
// ordinary loop variables of the While. The Exit nothing uses is an output
// of the graph: an Identity of its name reads the While's output.
// CHECK-LABEL: module @tensor_array
// CHECK: %[[TA:.*]]:2, %{{.*}} = tfg.generic "TensorArrayV3"
// CHECK: %[[W:.*]]:4, %{{.*}} = tfg.generic "While"(%{{.*}}, %[[TA]]#1, %[[TA]]#0, %{{.*}}) name("w") {T = [i32, f32, !tfg.resource, f32], {{.*}} : (tensor<i32>, tensor<f32>, tensor<2x!tfg.resource>, tensor<f32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*x!tfg.resource>, tensor<*xf32>)
// CHECK-NEXT: tfg.Identity(%[[W]]#1) name("w/Exit_1") {T = f32}
// CHECK: tfg.func @w_body(%[[B0:[^:]*]]: tensor<*xi32>, %[[B1:[^:]*]]: tensor<*xf32>, %[[B2:[^:]*]]: tensor<*x!tfg.resource>, %[[B3:[^:]*]]: tensor<*xf32>,
// CHECK-NEXT: inputs = [#tfg.arg<name = "arg0", type = i32>, #tfg.arg<name = "arg1", type = f32>, #tfg.arg<name = "arg2", type = !tfg.resource>, #tfg.arg<name = "arg3", type = f32>],
// CHECK: %[[I0:.*]], %{{.*}} = tfg.Identity(%[[B0]])
// CHECK: %[[I1:.*]], %{{.*}} = tfg.Identity(%[[B1]])
// CHECK: %[[WR:.*]], %{{.*}} = tfg.generic "TensorArrayWriteV3"(%[[B2]], %[[I0]], %[[B3]], %[[I1]])
// CHECK: tfg.return(%{{.*}}, %[[WR]], %[[B2]], %[[B3]] :
module @tensor_array {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
    %size, %csize = tfg.Const name("size") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %ta:2, %cta = tfg.generic "TensorArrayV3"(%size) name("ta") {dtype = f32, dynamic_size = false, clear_after_read = true, identical_element_shapes = false, element_shape = #tfg.shape<*>, tensor_array_name = ""} : (tensor<i32>) -> (tensor<2x!tfg.resource>, tensor<f32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %ei, %cei = tfg.Enter(%zero) name("w/Enter") {T = i32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %ef, %cef = tfg.Enter(%ta#1) name("w/Enter_1") {T = f32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<f32>) -> (tensor<*xf32>)
    %eh, %ceh = tfg.Enter(%ta#0) name("w/Write/Enter") {T = !tfg.resource, frame_name = "w/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<2x!tfg.resource>) -> (tensor<*x!tfg.resource>)
    %ex, %cex = tfg.Enter(%x) name("w/Write/Enter_1") {T = f32, frame_name = "w/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<f32>) -> (tensor<*xf32>)
    %mi:2, %cmi = tfg.Merge(%ei, %nii) name("w/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %mf:2, %cmf = tfg.Merge(%ef, %nif) name("w/Merge_1") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>)
    %three, %cthree = tfg.Const [%cmi] name("w/three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%mi#0, %three) name("w/Less") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    %lc, %clc = tfg.LoopCond(%lt) name("w/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %si:2, %csi = tfg.Switch(%mi#0, %lc) name("w/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %sf:2, %csf = tfg.Switch(%mf#0, %lc) name("w/Switch_1") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
    %ii, %cii = tfg.Identity(%si#1) name("w/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %if, %cif = tfg.Identity(%sf#1) name("w/Identity_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %w, %cw = tfg.generic "TensorArrayWriteV3"(%eh, %ii, %ex, %if) name("w/Write") {T = f32} : (tensor<*x!tfg.resource>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %one, %cone = tfg.Const [%cii] name("w/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %i2, %ci2 = tfg.AddV2(%ii, %one) name("w/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %nii, %cnii = tfg.NextIteration(%i2) name("w/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %nif, %cnif = tfg.NextIteration(%w) name("w/NextIteration_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %xf, %cxf = tfg.Exit(%sf#0) name("w/Exit_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  }
}

// -----

// Must not fire: a Switch/Merge whose predicate is a constant (through an
// Identity) is tfg-eliminate-switch-merge's, and stays.
// CHECK-LABEL: module @constant_predicate
// CHECK: tfg.Switch
// CHECK: tfg.Merge
// CHECK-NOT: "If"
// CHECK-NOT: tfg.func
module @constant_predicate {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %t, %ct = tfg.Const name("t") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
    %p, %cp = tfg.Identity(%t) name("p") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %s:2, %cs = tfg.Switch(%x, %p) name("s") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
    %n, %cn = tfg.Neg(%s#1) name("neg") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %m:2, %cm = tfg.Merge(%s#0, %n) name("m") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
  }
}

// -----

// Must not fire: a graph without v1 control flow is unchanged.
// CHECK-LABEL: module @plain
// CHECK-NEXT: tfg.graph
// CHECK-NEXT: tfg.Placeholder name("x")
// CHECK-NEXT: tfg.Neg
// CHECK-NEXT: {{^  }$}}
// CHECK-NEXT: {{^}$}}
module @plain {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %n, %cn = tfg.Neg(%x) name("neg") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// A Merge nothing uses is an output of the graph: an Identity of its name
// reads the If's output, so `cond/Merge:0` can still be fetched. pred_id
// goes with the Switches.
// CHECK-LABEL: module @fetched_merge
// CHECK: %[[IF:.*]], %{{.*}} = tfg.generic "If"
// CHECK-NEXT: tfg.Identity(%[[IF]]) name("cond/Merge") {T = f32}
// CHECK-NOT: pred_id
module @fetched_merge {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %pid, %cpid = tfg.Identity(%p) name("cond/pred_id") {T = i1} : (tensor<i1>) -> (tensor<i1>)
    %sx:2, %csx = tfg.Switch(%x, %pid) name("cond/Switch") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
    %neg, %cneg = tfg.Neg(%sx#1) name("cond/Neg") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %m:2, %cm = tfg.Merge(%sx#0, %neg) name("cond/Merge") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
  }
}

// -----

// A v1 loop inside a library function is raised there: the function's
// argument enters the frame, and the function returns the While's output
// where it returned the Exit.
// CHECK-LABEL: module @loop_in_function
// CHECK: tfg.func @f(%[[A:[^:]*]]: tensor<*xi32>,
// CHECK: %[[W:.*]], %{{.*}} = tfg.generic "While"(%[[A]]) name("w") {T = [i32], body = #tfg.func<"w_body", {}>, cond = #tfg.func<"w_cond", {}>
// CHECK-NEXT: tfg.return(%[[W]] : tensor<*xi32>)
// CHECK: tfg.func @w_cond(
// CHECK: tfg.func @w_body(
module @loop_in_function {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %c, %cc = tfg.generic "PartitionedCall"(%x) name("call") {f = #tfg.func<"f", {}>, Tin = [i32], Tout = [i32]} : (tensor<i32>) -> (tensor<*xi32>)
  }
  tfg.func @f(%a: tensor<*xi32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i32>],
      outputs = [#tfg.arg<name = "y", type = i32>]
  } {
    %e, %ce = tfg.Enter(%a) name("w/Enter") {T = i32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xi32>) -> (tensor<*xi32>)
    %m:2, %cm = tfg.Merge(%e, %ni) name("w/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %ten, %cten = tfg.Const [%cm] name("w/ten") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%m#0, %ten) name("w/Less") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    %lc, %clc = tfg.LoopCond(%lt) name("w/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %sw:2, %csw = tfg.Switch(%m#0, %lc) name("w/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %id, %cid = tfg.Identity(%sw#1) name("w/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %one, %cone = tfg.Const [%cid] name("w/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %add, %cadd = tfg.AddV2(%id, %one) name("w/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %ni, %cni = tfg.NextIteration(%add) name("w/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %xx, %cxx = tfg.Exit(%sw#0) name("w/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    tfg.return(%xx : tensor<*xi32>)
  }
}
