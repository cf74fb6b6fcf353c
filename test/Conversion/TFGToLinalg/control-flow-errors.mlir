// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-lower-to-linalg

// A loop variable whose rank the body changes has no common type (a
// dimension that changes becomes dynamic, see control-flow.mlir).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{node 'grow' (While): loop variable 0 enters as tensor<2xf32> and the body 'expand' makes it tensor<1x2xf32>: a loop variable whose rank or dtype changes has no common type}}
  %w, %cw = tfg.generic "While"(%x) name("grow") {T = [f32], cond = #tfg.func<"never", {}>, body = #tfg.func<"expand", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
}
tfg.func @never(%v: tensor<*xf32>, %ctl_v: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "v", type = f32>], outputs = [#tfg.arg<name = "c", type = i1>]
} {
  %f, %cf = tfg.Const name("f") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  tfg.return(%f : tensor<i1>)
}
tfg.func @expand(%v: tensor<*xf32>, %ctl_v: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "v", type = f32>], outputs = [#tfg.arg<name = "v2", type = f32>]
} {
  %a, %ca = tfg.Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %e, %ce = tfg.ExpandDims(%v, %a) name("expand") {T = f32, Tdim = i32} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  tfg.return(%e : tensor<*xf32>)
}

// -----

// Branches that return different ranks (different sizes are joined, see
// control-flow.mlir).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  // expected-error @+1 {{node 'if' (If): output 0 is tensor<2xf32> in 'same' but tensor<1x2xf32> in 'expand': outputs of another rank or dtype per branch have no common type}}
  %i, %ci = tfg.generic "If"(%p, %x) name("if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tfg.func<"same", {}>, else_branch = #tfg.func<"expand", {}>} : (tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>)
}
tfg.func @same(%v: tensor<*xf32>, %ctl_v: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "v", type = f32>], outputs = [#tfg.arg<name = "y", type = f32>]
} {
  tfg.return(%v : tensor<*xf32>)
}
tfg.func @expand(%v: tensor<*xf32>, %ctl_v: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "v", type = f32>], outputs = [#tfg.arg<name = "v2", type = f32>]
} {
  %a, %ca = tfg.Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %e, %ce = tfg.ExpandDims(%v, %a) name("expand") {T = f32, Tdim = i32} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
  tfg.return(%e : tensor<*xf32>)
}

// -----

// A function the library does not have.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  // expected-error @+1 {{node 'if' (StatelessIf) calls function 'missing', which the library does not have}}
  %i, %ci = tfg.generic "StatelessIf"(%p, %p) name("if") {Tcond = i1, Tin = [i1], Tout = [i1], then_branch = #tfg.func<"missing", {}>, else_branch = #tfg.func<"missing", {}>} : (tensor<i1>, tensor<i1>) -> (tensor<i1>)
}

// -----

// A polymorphic function: its attrs are placeholders only a call fills.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %i, %ci = tfg.generic "If"(%p, %x) name("if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tfg.func<"poly", {T = f32}>, else_branch = #tfg.func<"poly", {T = f32}>} : (tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>)
}
tfg.func @poly(%v: !tfg.tensor, %ctl_v: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "v", type_attr = "T">], outputs = [#tfg.arg<name = "y", type_attr = "T">],
    attr_defs = [#tfg.attr_def<name = "T", type = "type">]
} {
  // expected-error @+1 {{node 'neg' in function 'poly': attr 'T' is a placeholder of the function's attrs; polymorphic functions cannot be lowered}}
  %n, %cn = tfg.generic "Neg"(%v) name("neg") {T = #tfg.placeholder<"T">} : (!tfg.tensor) -> (!tfg.tensor)
  tfg.return(%n : !tfg.tensor)
}

// -----

// A v1 loop inside a function body: the lowering raises v1 loops first
// (tfg-raise-v1-control-flow), which refuses this one (no Enter, so no
// frame).
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %i, %ci = tfg.generic "If"(%p, %x) name("if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tfg.func<"looping", {}>, else_branch = #tfg.func<"looping", {}>} : (tensor<i1>, tensor<f32>) -> (tensor<f32>)
}
tfg.func @looping(%v: tensor<*xf32>, %ctl_v: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "v", type = f32>], outputs = [#tfg.arg<name = "y", type = f32>]
} {
  %m:2, %cm = tfg.Merge(%v, %n) name("merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: node 'next' (NextIteration) is outside any loop frame: no Enter leads to it}}
  %n, %cn = tfg.NextIteration(%m#0) name("next") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  tfg.return(%m#0 : tensor<*xf32>)
}

// -----

// The call passes an int where the function takes a float.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  // expected-error @+1 {{node 'if' (If): argument 0 of function 'same' is tensor<*xf32>, the node passes tensor<i32>}}
  %i, %ci = tfg.generic "If"(%p, %x) name("if") {Tcond = i1, Tin = [i32], Tout = [i32], then_branch = #tfg.func<"same", {}>, else_branch = #tfg.func<"same", {}>} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
}
tfg.func @same(%v: tensor<*xf32>, %ctl_v: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "v", type = f32>], outputs = [#tfg.arg<name = "y", type = f32>]
} {
  tfg.return(%v : tensor<*xf32>)
}

// -----

// Case's branch index must be an integer scalar.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %k, %ck = tfg.Placeholder name("k") {dtype = i32, shape = #tfg.shape<2>} : () -> (tensor<2xi32>)
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'case' (Case): branch_index must be an integer scalar, not tensor<2xi32>}}
  %c, %cc = tfg.generic "Case"(%k, %x) name("case") {Tin = [f32], Tout = [f32], branches = [#tfg.func<"same", {}>]} : (tensor<2xi32>, tensor<f32>) -> (tensor<f32>)
}
tfg.func @same(%v: tensor<*xf32>, %ctl_v: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "v", type = f32>], outputs = [#tfg.arg<name = "y", type = f32>]
} {
  tfg.return(%v : tensor<*xf32>)
}
