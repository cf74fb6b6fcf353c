// RUN: tfg-opt %s --split-input-file --tfg-functional-to-v1-control-flow -verify-diagnostics

// Each functional node that cannot be lowered is one error at the node,
// naming it.

module @missing_function {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    // expected-error @+1 {{tfg-functional-to-v1-control-flow: node 'if' refers to function 'nope' (else_branch), which the function library lacks}}
    %ci = tfg.generic "If"(%p) name("if") {Tcond = i1, Tin = [], Tout = [], then_branch = #tfg.func<"empty", {}>, else_branch = #tfg.func<"nope", {}>} : (tensor<i1>) -> ()
  }
  tfg.func @empty() attributes {inputs = [], outputs = []} {
    tfg.return
  }
}

// -----

module @branch_arity {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
    // expected-error @+1 {{tfg-functional-to-v1-control-flow: node 'if' passes 1 tensors to then_branch 'empty' and expects 1 back; the function takes 0 and returns 0}}
    %i, %ci = tfg.generic "StatelessIf"(%p, %x) name("if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tfg.func<"empty", {}>, else_branch = #tfg.func<"empty", {}>} : (tensor<i1>, tensor<f32>) -> (tensor<f32>)
  }
  tfg.func @empty() attributes {inputs = [], outputs = []} {
    tfg.return
  }
}

// -----

module @body_arity {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    // expected-error @+1 {{tfg-functional-to-v1-control-flow: node 'w' has body 'two' that takes 1 values and returns 2; a loop body returns its loop variables}}
    %w, %cw = tfg.generic "While"(%x) name("w") {T = [i1], cond = #tfg.func<"id", {}>, body = #tfg.func<"two", {}>} : (tensor<i1>) -> (tensor<i1>)
  }
  tfg.func @id(%a: tensor<*xi1>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i1>],
      outputs = [#tfg.arg<name = "y", type = i1>]
  } {
    tfg.return(%a : tensor<*xi1>)
  }
  tfg.func @two(%a: tensor<*xi1>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i1>],
      outputs = [#tfg.arg<name = "y", type = i1>, #tfg.arg<name = "z", type = i1>]
  } {
    tfg.return(%a, %a : tensor<*xi1>, tensor<*xi1>)
  }
}

// -----

module @cond_arity {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    // expected-error @+1 {{tfg-functional-to-v1-control-flow: node 'w' passes 1 tensors to cond 'empty' and expects 1 back; the function takes 0 and returns 0}}
    %w, %cw = tfg.generic "StatelessWhile"(%x) name("w") {T = [i1], cond = #tfg.func<"empty", {}>, body = #tfg.func<"id", {}>} : (tensor<i1>) -> (tensor<i1>)
  }
  tfg.func @empty() attributes {inputs = [], outputs = []} {
    tfg.return
  }
  tfg.func @id(%a: tensor<*xi1>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = i1>],
      outputs = [#tfg.arg<name = "y", type = i1>]
  } {
    tfg.return(%a : tensor<*xi1>)
  }
}

// -----

module @case_not_lowered {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %k, %ck = tfg.Placeholder name("k") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    // expected-error @+1 {{tfg-functional-to-v1-control-flow: node 'case' is a Case, which is not lowered (only If and While are)}}
    %cc = tfg.generic "Case"(%k) name("case") {Tin = [], Tout = [], branches = [#tfg.func<"empty", {}>]} : (tensor<i32>) -> ()
  }
  tfg.func @empty() attributes {inputs = [], outputs = []} {
    tfg.return
  }
}

// -----

module @non_bool_predicate {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    // expected-error @+1 {{tfg-functional-to-v1-control-flow: node 'if' has a predicate of dtype i32; Switch takes a bool (compare it first)}}
    %ci = tfg.generic "If"(%p) name("if") {Tcond = i32, Tin = [], Tout = [], then_branch = #tfg.func<"empty", {}>, else_branch = #tfg.func<"empty", {}>} : (tensor<i32>) -> ()
  }
  tfg.func @empty() attributes {inputs = [], outputs = []} {
    tfg.return
  }
}

// -----

// A branch that holds an If of itself: recursion, named with its chain, at
// the copied node (its location is the function body's).
module @recursion {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %ci = tfg.generic "If"(%p) name("if") {Tcond = i1, Tin = [], Tout = [], then_branch = #tfg.func<"rec", {}>, else_branch = #tfg.func<"rec_else", {}>} : (tensor<i1>) -> ()
  }
  tfg.func @rec() attributes {inputs = [], outputs = []} {
    %t, %ct = tfg.Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
    // expected-error @+1 {{tfg-functional-to-v1-control-flow: node 'if/then/again' recurses through function 'rec' (rec -> rec); recursion cannot be lowered}}
    %ci = tfg.generic "If"(%t) name("again") {Tcond = i1, Tin = [], Tout = [], then_branch = #tfg.func<"rec", {}>, else_branch = #tfg.func<"rec_else", {}>} : (tensor<i1>) -> ()
    tfg.return
  }
  tfg.func @rec_else() attributes {inputs = [], outputs = []} {
    tfg.return
  }
}
