// RUN: tfg-opt %s --split-input-file --tfg-inline-functions -verify-diagnostics
// RUN: not tfg-opt %s --split-input-file --tfg-inline-functions=max-depth=2 2>&1 | FileCheck %s --check-prefix=DEPTH
// RUN: not tfg-opt %s --split-input-file --tfg-inline-functions=max-nodes=2 2>&1 | FileCheck %s --check-prefix=NODES

// Each call that cannot be inlined is one error at the call node, naming
// it and the function.

module @missing_function {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    // expected-error @+1 {{tfg-inline-functions: call node 'call' of function 'nope': the function library has no such function}}
    %c, %cc = tfg.generic "PartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f32], f = #tfg.func<"nope", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

module @no_function_attr {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    // expected-error @+1 {{tfg-inline-functions: call node 'call' has no function reference in its 'f' attr}}
    %c, %cc = tfg.generic "StatefulPartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f32], f = "f"} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// A function that stays (a While body) calls the function its attr `g`
// names; nothing gives `g`, so the call cannot be inlined there. (Through a
// call, the missing attr is reported at the call: @missing_attr.)
module @placeholder_callee {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %w, %cw = tfg.generic "While"(%x) name("loop") {T = [f32], body = #tfg.func<"outer", {}>, cond = #tfg.func<"outer", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @outer(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>],
      attr_defs = [#tfg.attr_def<name = "g", type = "func">]
  } {
    // expected-error @+1 {{tfg-inline-functions: call node 'inner': its function is the placeholder 'g' of the enclosing function, which no call gives}}
    %i, %ci = tfg.generic "PartitionedCall"(%a) name("inner") {Tin = [f32], Tout = [f32], f = #tfg.placeholder<"g">} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i : tensor<*xf32>)
  }
}

// -----

module @too_many_inputs {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    // expected-error @+1 {{tfg-inline-functions: call node 'call' of function 'f': the call passes 2 tensors, the function takes 1}}
    %c, %cc = tfg.generic "PartitionedCall"(%x, %x) name("call") {Tin = [f32, f32], Tout = [f32], f = #tfg.func<"f", {}>} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @f(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    tfg.return(%a : tensor<*xf32>)
  }
}

// -----

module @too_many_outputs {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    // expected-error @+1 {{tfg-inline-functions: call node 'call' of function 'f': the call has 2 outputs, the function returns 1}}
    %c:2, %cc = tfg.generic "PartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f32, f32], f = #tfg.func<"f", {}>} : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  }
  tfg.func @f(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    tfg.return(%a : tensor<*xf32>)
  }
}

// -----

module @missing_attr {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    // expected-error @+1 {{tfg-inline-functions: call node 'call' of function 'cast': the function's attr 'T' is neither given by the call nor defaulted}}
    %c, %cc = tfg.generic "PartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f64], f = #tfg.func<"cast", {}>} : (tensor<2xf32>) -> (tensor<2xf64>)
  }
  tfg.func @cast(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type_attr = "T">],
      attr_defs = [#tfg.attr_def<name = "T", type = "type">]
  } {
    %y, %cy = tfg.generic "Cast"(%a) name("cast") {DstT = #tfg.placeholder<"T">, SrcT = f32} : (tensor<*xf32>) -> (!tfg.tensor)
    tfg.return(%y : !tfg.tensor)
  }
}

// -----

// f -> g -> f: the chain is named at the call that closes it.
module @recursion {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c, %cc = tfg.generic "PartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f32], f = #tfg.func<"f", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @f(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %i, %ci = tfg.generic "PartitionedCall"(%a) name("to_g") {Tin = [f32], Tout = [f32], f = #tfg.func<"g", {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i : tensor<*xf32>)
  }
  tfg.func @g(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    // expected-error @+1 {{tfg-inline-functions: call node 'call/to_g/to_f' of function 'f': recursive call (f -> g -> f); recursion cannot be inlined}}
    %i, %ci = tfg.generic "PartitionedCall"(%a) name("to_f") {Tin = [f32], Tout = [f32], f = #tfg.func<"f", {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i : tensor<*xf32>)
  }
}

// -----

// A function calling itself by name.
module @self_call {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c, %cc = tfg.generic "f"(%x) name("call") : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @f(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    // expected-error @+1 {{tfg-inline-functions: call node 'call/again' of function 'f': recursive call (f -> f); recursion cannot be inlined}}
    %i, %ci = tfg.generic "f"(%a) name("again") : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i : tensor<*xf32>)
  }
}

// -----

// Three levels of calls, no recursion: fine by default, too deep for
// max-depth=2.
// DEPTH: error: tfg-inline-functions: call node 'call/l2/l3' of function 'f3': calls nested more than 2 deep
// Three levels copy three nodes: one too many for max-nodes=2.
// NODES: error: tfg-inline-functions: call node 'call/l2/l3' of function 'f3': inlining would copy more than 2 nodes
module @depth {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c, %cc = tfg.generic "PartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f32], f = #tfg.func<"f1", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @f1(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>], outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %i, %ci = tfg.generic "PartitionedCall"(%a) name("l2") {Tin = [f32], Tout = [f32], f = #tfg.func<"f2", {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i : tensor<*xf32>)
  }
  tfg.func @f2(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>], outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %i, %ci = tfg.generic "PartitionedCall"(%a) name("l3") {Tin = [f32], Tout = [f32], f = #tfg.func<"f3", {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i : tensor<*xf32>)
  }
  tfg.func @f3(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>], outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %n, %cn = tfg.Neg(%a) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%n : tensor<*xf32>)
  }
}
