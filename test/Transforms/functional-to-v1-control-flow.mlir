// RUN: tfg-opt %s --split-input-file --tfg-functional-to-v1-control-flow | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-functional-to-v1-control-flow=keep-unused-functions=true | FileCheck %s --check-prefix=KEEP

// If: one Switch per input on the predicate; the then branch is inlined on
// the Switch outputs 1 (true), the else branch on the outputs 0 (false);
// each branch's entry nodes (the Const too) wait for its pivot, so the
// untaken branch is dead; a Merge per output, which the users read.
// CHECK-LABEL: module @if
// CHECK: %[[P:.*]], %{{.*}} = tfg.Placeholder name("p")
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK: %[[SP:.*]]:2, %{{.*}} = tfg.Switch(%[[P]], %[[P]]) name("if/switch_pred") device("/device:CPU:0") {T = i1}
// CHECK: %{{.*}}, %[[PT:.*]] = tfg.Identity(%[[SP]]#1) name("if/switch_t")
// CHECK: %{{.*}}, %[[PF:.*]] = tfg.Identity(%[[SP]]#0) name("if/switch_f")
// CHECK: %[[S0:.*]]:2, %{{.*}} = tfg.Switch(%[[X]], %[[P]]) name("if/switch_0") device("/device:CPU:0") {T = f32}
// CHECK: %[[TWO:.*]], %{{.*}} = tfg.Const [%[[PT]], %{{.*}}] name("if/then/two")
// CHECK: %[[MUL:.*]], %{{.*}} = tfg.Mul(%[[S0]]#1, %[[TWO]]) name("if/then/mul")
// CHECK: %[[NEG:.*]], %{{.*}} = tfg.Neg(%[[S0]]#0) [%[[PF]]] name("if/else/neg")
// CHECK: %[[M:.*]]:2, %{{.*}} = tfg.Merge(%[[MUL]], %[[NEG]]) name("if/merge_0") device("/device:CPU:0") {N = 2 : i64, T = f32}
// CHECK: tfg.Identity(%[[M]]#0) name("out")
// CHECK-NOT: PartitionedCall
// CHECK-NOT: "If"
// CHECK-NOT: tfg.func
// KEEP-LABEL: module @if
// KEEP: tfg.func @double
// KEEP: tfg.func @negate
module @if {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %i, %ci = tfg.generic "StatelessIf"(%p, %x) name("if") device("/device:CPU:0") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tfg.func<"double", {}>, else_branch = #tfg.func<"negate", {}>, output_shapes = [#tfg.shape<2>]} : (tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>)
    %o, %co = tfg.Identity(%i) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @double(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %two, %ctwo = tfg.Const name("two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    %m, %cm = tfg.Mul(%a, %two) name("mul") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
    tfg.return(%m : tensor<*xf32>)
  }
  tfg.func @negate(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %n, %cn = tfg.Neg(%a) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%n : tensor<*xf32>)
  }
}

// -----

// An If the graph fetches by name (nothing uses it) keeps an IdentityN of
// its name over the Merges, so `if:0` is still fetchable; it waits for the
// branch that ran through `if/branch_executed`, a Merge of the pivots with
// both branches' completion as control inputs.
// CHECK-LABEL: module @if_fetched
// CHECK: %[[PT:.*]], %[[PTC:.*]] = tfg.Identity({{.*}}) name("if/switch_t")
// CHECK: %[[PF:.*]], %[[PFC:.*]] = tfg.Identity({{.*}}) name("if/switch_f")
// CHECK: %[[TV:.*]], %[[TC:.*]] = tfg.Const [%[[PTC]]] name("if/then/c")
// CHECK: %[[TDONE:.*]] = tfg.NoOp [%[[TC]]] name("if/then")
// CHECK: %[[EV:.*]], %[[EC:.*]] = tfg.Const [%[[PFC]]] name("if/else/c")
// CHECK: %[[EDONE:.*]] = tfg.NoOp [%[[EC]]] name("if/else")
// CHECK: %[[OUT:.*]]:2, %{{.*}} = tfg.Merge(%[[TV]], %[[EV]]) name("if/merge_0")
// CHECK: %{{.*}}:2, %[[MC:.*]] = tfg.Merge(%[[PT]], %[[PF]]) [%[[TDONE]], %[[EDONE]]] name("if/branch_executed")
// CHECK: tfg.IdentityN(%[[OUT]]#0) [%[[MC]]] name("if") {T = [f32]}
module @if_fetched {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %i, %ci = tfg.generic "If"(%p) name("if") {Tcond = i1, Tin = [], Tout = [f32], then_branch = #tfg.func<"one", {}>, else_branch = #tfg.func<"zero", {}>} : (tensor<i1>) -> (tensor<f32>)
  }
  tfg.func @one() attributes {inputs = [], outputs = [#tfg.arg<name = "y", type = f32>]} {
    %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    tfg.return(%c : tensor<f32>)
  }
  tfg.func @zero() attributes {inputs = [], outputs = [#tfg.arg<name = "y", type = f32>]} {
    %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    tfg.return(%c : tensor<f32>)
  }
}

// -----

// While: per loop variable an Enter (frame = the While's name), a Merge of
// the Enter and the NextIteration, the cond inlined on the Merges (its
// Const waits for merge_0, so it is in the frame), LoopCond, a Switch per
// variable, an Identity on output 1 feeding the body, the body's results
// into NextIteration, an Exit on output 0, which the users read.
// CHECK-LABEL: module @while
// CHECK: %[[X:.*]], %[[XC:.*]] = tfg.Placeholder name("x")
// CHECK: %[[E0:.*]], %{{.*}} = tfg.Enter(%[[X]]) [%[[XC]]] name("w/enter_0") {T = i32, frame_name = "w", is_constant = false, parallel_iterations = 4 : i64}
// CHECK: %[[M0:.*]]:2, %[[M0C:.*]] = tfg.Merge(%[[E0]], %[[NI:.*]]) name("w/merge_0") {N = 2 : i64, T = i32}
// CHECK: %[[TEN:.*]], %{{.*}} = tfg.Const [%[[M0C]]] name("w/cond/ten")
// CHECK: %[[LESS:.*]], %{{.*}} = tfg.Less(%[[M0]]#0, %[[TEN]]) name("w/cond/less")
// CHECK: %[[LC:.*]], %{{.*}} = tfg.LoopCond(%[[LESS]]) name("w/loop_cond")
// CHECK: %[[SW:.*]]:2, %{{.*}} = tfg.Switch(%[[M0]]#0, %[[LC]]) name("w/switch_0") {T = i32}
// CHECK: %[[EXIT:.*]], %{{.*}} = tfg.Exit(%[[SW]]#0) name("w/exit_0") {T = i32}
// CHECK: %[[ID:.*]], %[[IDC:.*]] = tfg.Identity(%[[SW]]#1) name("w/identity_0") {T = i32}
// CHECK: %[[ONE:.*]], %{{.*}} = tfg.Const [%[[IDC]]] name("w/body/one")
// CHECK: %[[ADD:.*]], %{{.*}} = tfg.AddV2(%[[ID]], %[[ONE]]) name("w/body/add")
// CHECK: %[[NI]], %{{.*}} = tfg.NextIteration(%[[ADD]]) name("w/next_iteration_0") {T = i32}
// CHECK: tfg.Identity(%[[EXIT]]) name("out")
// CHECK-NOT: While
// CHECK-NOT: tfg.func
module @while {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %w, %cw = tfg.generic "StatelessWhile"(%x) [%cx] name("w") {T = [i32], cond = #tfg.func<"lt10", {}>, body = #tfg.func<"inc", {}>, output_shapes = [#tfg.shape<>], parallel_iterations = 4 : i64} : (tensor<i32>) -> (tensor<i32>)
    %o, %co = tfg.Identity(%w) name("out") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  }
  tfg.func @lt10(%a: tensor<*xi32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i32>],
      outputs = [#tfg.arg<name = "y", type = i1>]
  } {
    %t, %ct = tfg.Const name("ten") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
    %l, %cl = tfg.Less(%a, %t) name("less") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%l : tensor<*xi1>)
  }
  tfg.func @inc(%a: tensor<*xi32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i32>],
      outputs = [#tfg.arg<name = "y", type = i32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %s, %cs = tfg.AddV2(%a, %one) name("add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%s : tensor<*xi32>)
  }
}

// -----

// Nested: a While whose body calls a function holding an If. The call is
// inlined with the body (`w/body/call/...`), and the If it brings is
// lowered in the loop's frame: its Switches take the body's values, its
// branches are `w/body/call/if/then|else/...`. The callee's Const, whose
// call took only the pivot's data, still waits for the pivot (else it
// would be outside the frame). A node waiting for the
// While waits for a NoOp of its name, which waits for the Exits.
// CHECK-LABEL: module @nested
// CHECK: %[[EXIT:.*]], %[[EXITC:.*]] = tfg.Exit(%{{.*}}) name("w/exit_0")
// CHECK: %[[ID:.*]], %[[IDC:.*]] = tfg.Identity(%{{.*}}) name("w/identity_0")
// CHECK: %[[ZERO:.*]], %{{.*}} = tfg.Const [%[[IDC]]] name("w/body/call/zero")
// CHECK: %[[POS:.*]], %{{.*}} = tfg.Greater(%[[ID]], %[[ZERO]]) name("w/body/call/pos")
// CHECK: %[[SP:.*]]:2, %{{.*}} = tfg.Switch(%[[POS]], %[[POS]]) name("w/body/call/if/switch_pred")
// CHECK: %[[S0:.*]]:2, %{{.*}} = tfg.Switch(%[[ID]], %[[POS]]) name("w/body/call/if/switch_0")
// CHECK: %[[SUB:.*]], %{{.*}} = tfg.Sub(%[[S0]]#1, %{{.*}}) name("w/body/call/if/then/sub")
// CHECK: %[[M:.*]]:2, %{{.*}} = tfg.Merge(%[[SUB]], %[[S0]]#0) name("w/body/call/if/merge_0")
// CHECK: tfg.NextIteration(%[[M]]#0) name("w/next_iteration_0")
// CHECK: %[[DONE:.*]] = tfg.NoOp [%[[EXITC]]] name("w")
// CHECK: tfg.NoOp [%[[DONE]]] name("after")
// CHECK-NOT: If"
// CHECK-NOT: While"
// CHECK-NOT: PartitionedCall"
// CHECK-NOT: tfg.func
module @nested {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %w, %cw = tfg.generic "While"(%x) name("w") {T = [i32], cond = #tfg.func<"pos", {}>, body = #tfg.func<"step", {}>, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
    %a = tfg.NoOp [%cw] name("after") : () -> ()
  }
  tfg.func @pos(%a: tensor<*xi32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i32>],
      outputs = [#tfg.arg<name = "y", type = i1>]
  } {
    %z, %cz = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %g, %cg = tfg.Greater(%a, %z) name("gt") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%g : tensor<*xi1>)
  }
  tfg.func @step(%a: tensor<*xi32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i32>],
      outputs = [#tfg.arg<name = "y", type = i32>]
  } {
    %c, %cc = tfg.generic "PartitionedCall"(%a) name("call") {Tin = [i32], Tout = [i32], f = #tfg.func<"maybe_dec", {}>} : (tensor<*xi32>) -> (tensor<*xi32>)
    tfg.return(%c : tensor<*xi32>)
  }
  tfg.func @maybe_dec(%a: tensor<*xi32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i32>],
      outputs = [#tfg.arg<name = "y", type = i32>]
  } {
    %z, %cz = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %p, %cp = tfg.Greater(%a, %z) name("pos") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    %i, %ci = tfg.generic "StatelessIf"(%p, %a) name("if") {Tcond = i1, Tin = [i32], Tout = [i32], then_branch = #tfg.func<"dec", {}>, else_branch = #tfg.func<"ident", {}>} : (tensor<*xi1>, tensor<*xi32>) -> (tensor<*xi32>)
    tfg.return(%i : tensor<*xi32>)
  }
  tfg.func @dec(%a: tensor<*xi32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i32>],
      outputs = [#tfg.arg<name = "y", type = i32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %s, %cs = tfg.Sub(%a, %one) name("sub") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%s : tensor<*xi32>)
  }
  tfg.func @ident(%a: tensor<*xi32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i32>],
      outputs = [#tfg.arg<name = "y", type = i32>]
  } {
    tfg.return(%a : tensor<*xi32>)
  }
}

// -----

// Must not fire: a graph without functional nodes is unchanged, and a
// While inside a function nothing refers to is not lowered (kept with
// keep-unused-functions, dropped otherwise).
// CHECK-LABEL: module @no_functional_ops
// CHECK-NEXT: tfg.graph
// CHECK-NEXT: tfg.Placeholder name("x")
// CHECK-NEXT: tfg.Neg(%{{.*}}) name("y")
// CHECK-NEXT: {{^  }$}}
// CHECK-NOT: tfg.func
// KEEP-LABEL: module @no_functional_ops
// KEEP-NOT: Enter
// KEEP: tfg.func @unused
// KEEP: tfg.generic "While"(%{{.*}}) name("w") {{.*}}body = #tfg.func<"unused", {}>
// KEEP-NOT: Enter
module @no_functional_ops {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %y, %cy = tfg.Neg(%x) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @unused(%a: tensor<*xi1>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i1>],
      outputs = [#tfg.arg<name = "y", type = i1>]
  } {
    %w, %cw = tfg.generic "While"(%a) name("w") {T = [i1], cond = #tfg.func<"unused", {}>, body = #tfg.func<"unused", {}>} : (tensor<*xi1>) -> (tensor<*xi1>)
    tfg.return(%w : tensor<*xi1>)
  }
}
