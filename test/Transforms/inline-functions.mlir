// RUN: tfg-opt %s --split-input-file --tfg-inline-functions | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-inline-functions=keep-unused-functions=true | FileCheck %s --check-prefix=KEEP

// One call: the body is copied as `call/<node>`, the call's output users use
// the returned tensor, and the function, no longer called, is dropped.
// CHECK-LABEL: module @one_call
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK: %[[R:.*]], %{{.*}} = tfg.Relu(%[[X]]) name("call/relu") {T = f32, _output_shapes = [#tfg.shape<2>]}
// CHECK-NOT: PartitionedCall
// CHECK: tfg.Identity(%[[R]]) name("out")
// CHECK-NOT: tfg.func
// KEEP-LABEL: module @one_call
// KEEP: tfg.func @f
module @one_call {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c, %cc = tfg.generic "PartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f32], f = #tfg.func<"f", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
    %o, %co = tfg.Identity(%c) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @f(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %r, %cr = tfg.Relu(%a) name("relu") {T = f32, _output_shapes = [#tfg.shape<2>]} : (tensor<*xf32>) -> (tensor<2xf32>)
    tfg.return(%r : tensor<2xf32>)
  }
}

// -----

// Calls inside calls, and one function called twice: every copy has its own
// names (`outer/inner/...`, `outer_1` for the second caller's own name
// clash), and devices stay.
// CHECK-LABEL: module @nested
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK: %[[N1:.*]], %{{.*}} = tfg.Neg(%[[X]]) name("c1/inner/neg") device("/device:CPU:0")
// CHECK: %[[S1:.*]], %{{.*}} = tfg.Square(%[[N1]]) name("c1/sq")
// CHECK: %[[N2:.*]], %{{.*}} = tfg.Neg(%[[S1]]) name("c2/inner/neg") device("/device:CPU:0")
// CHECK: %[[S2:.*]], %{{.*}} = tfg.Square(%[[N2]]) name("c2/sq")
// CHECK: tfg.Identity(%[[S2]]) name("out")
// CHECK-NOT: tfg.func
module @nested {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c1, %cc1 = tfg.generic "StatefulPartitionedCall"(%x) name("c1") {Tin = [f32], Tout = [f32], f = #tfg.func<"outer", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
    %c2, %cc2 = tfg.generic "StatefulPartitionedCall"(%c1) name("c2") {Tin = [f32], Tout = [f32], f = #tfg.func<"outer", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
    %o, %co = tfg.Identity(%c2) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @outer(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %i, %ci = tfg.generic "PartitionedCall"(%a) name("inner") {Tin = [f32], Tout = [f32], f = #tfg.func<"neg", {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
    %s, %cs = tfg.Square(%i) name("sq") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%s : tensor<*xf32>)
  }
  tfg.func @neg(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %n, %cn = tfg.Neg(%a) name("neg") device("/device:CPU:0") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%n : tensor<*xf32>)
  }
}

// -----

// Control edges: the call's control inputs reach the body's entry nodes (the
// Const and the Neg of the argument, not the Add that waits for them), a
// control edge from an argument becomes one from its producer, and a node
// that waited for the call waits for a NoOp of the call's name, which waits
// for the control outputs and the returned tensor.
// CHECK-LABEL: module @controls
// CHECK: %[[X:.*]], %[[CX:.*]] = tfg.Placeholder name("x")
// CHECK: %[[CG:.*]] = tfg.NoOp name("gate")
// CHECK: %[[Y:.*]], %[[CY:.*]] = tfg.Placeholder name("y")
// CHECK: %[[K:.*]], %[[CK:.*]] = tfg.Const [%[[CY]], %[[CG]]] name("call/k")
// CHECK: %[[N:.*]], %[[CN:.*]] = tfg.Neg(%[[X]]) [%[[CG]]] name("call/neg")
// CHECK: %[[A:.*]], %[[CA:.*]] = tfg.Add(%[[N]], %[[K]]) name("call/add")
// CHECK: %[[CALL:.*]] = tfg.NoOp [%[[CK]], %[[CA]]] name("call")
// CHECK: tfg.Identity(%[[A]]) [%[[CALL]]] name("after")
module @controls {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %cg = tfg.NoOp name("gate")
    %y, %cy = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c, %cc = tfg.generic "PartitionedCall"(%x, %y) [%cg] name("call") {Tin = [f32, f32], Tout = [f32], f = #tfg.func<"f", {}>} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
    %o, %co = tfg.Identity(%c) [%cc] name("after") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @f(%a: tensor<*xf32>, %b: tensor<*xf32>, %ctl_a: !tfg.control, %ctl_b: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>, #tfg.arg<name = "b", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>],
      control_outputs = ["k"]
  } {
    %k, %ck = tfg.Const [%ctl_b] name("k") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %n, %cn = tfg.Neg(%a) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %s, %cs = tfg.Add(%n, %k) name("add") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
    tfg.return(%s : tensor<*xf32>) [%ck]
  }
}

// -----

// A polymorphic function: `#tfg.placeholder<"T">` takes the call's `T`,
// and an attr the call does not give takes its declared default. A call by
// function name instantiates it with the node's own attrs.
// CHECK-LABEL: module @polymorphic
// CHECK: "Cast"(%{{.*}}) name("call/cast") {DstT = f64, SrcT = f32, Truncate = true}
// CHECK: "Cast"(%{{.*}}) name("byname/cast") {DstT = i32, SrcT = f32, Truncate = true}
// CHECK-NOT: placeholder
module @polymorphic {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c, %cc = tfg.generic "PartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f64], f = #tfg.func<"cast", {T = f64}>} : (tensor<2xf32>) -> (tensor<2xf64>)
    %d, %cd = tfg.generic "cast"(%x) name("byname") {T = i32} : (tensor<2xf32>) -> (tensor<2xi32>)
  }
  tfg.func @cast(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type_attr = "T">],
      attr_defs = [#tfg.attr_def<name = "T", type = "type">, #tfg.attr_def<name = "truncate", type = "bool", default_value = true>]
  } {
    %y, %cy = tfg.generic "Cast"(%a) name("cast") {DstT = #tfg.placeholder<"T">, SrcT = f32, Truncate = #tfg.placeholder<"truncate">} : (tensor<*xf32>) -> (!tfg.tensor)
    tfg.return(%y : !tfg.tensor)
  }
}

// -----

// A call the serving signature fetches leaves an IdentityN of its name, so
// `call:0` still names the output.
// CHECK-LABEL: module @fetched
// CHECK: %[[R:.*]], %{{.*}} = tfg.Relu(%{{.*}}) name("call/relu")
// CHECK: tfg.IdentityN(%[[R]]) name("call") {T = [f32]} : (tensor<2xf32>) -> (tensor<2xf32>)
module @fetched attributes {tfg.signature = {name = "serving_default", inputs = {x = "x:0"}, outputs = {output_0 = "call:0"}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c, %cc = tfg.generic "StatefulPartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f32], f = #tfg.func<"f", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @f(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %r, %cr = tfg.Relu(%a) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<2xf32>)
    tfg.return(%r : tensor<2xf32>)
  }
}

// -----

// A function the graph still refers to (a While body) stays, with the calls
// in it inlined; the function only it called goes. A function nobody calls
// is dropped even though it calls itself (it is never inlined).
// CHECK-LABEL: module @while_body
// CHECK: tfg.generic "While"
// CHECK: tfg.func @body
// CHECK: tfg.Neg(%{{.*}}) name("inner/neg")
// CHECK-NOT: tfg.func @neg
// CHECK-NOT: tfg.func @unused
// KEEP-LABEL: module @while_body
// KEEP: tfg.func @body
// KEEP: tfg.func @neg
// KEEP: tfg.func @unused
// KEEP: "PartitionedCall"{{.*}}name("self")
module @while_body {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %w, %cw = tfg.generic "While"(%x) name("loop") {T = [f32], body = #tfg.func<"body", {}>, cond = #tfg.func<"body", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @body(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %i, %ci = tfg.generic "PartitionedCall"(%a) name("inner") {Tin = [f32], Tout = [f32], f = #tfg.func<"neg", {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i : tensor<*xf32>)
  }
  tfg.func @neg(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %n, %cn = tfg.Neg(%a) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%n : tensor<*xf32>)
  }
  tfg.func @unused(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %i, %ci = tfg.generic "PartitionedCall"(%a) name("self") {Tin = [f32], Tout = [f32], f = #tfg.func<"unused", {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i : tensor<*xf32>)
  }
}

// -----

// A list argument (`input_sizes`): its tensors map one by one, and a
// control edge from it waits for every producer. The function returns an
// argument directly.
// CHECK-LABEL: module @list_arg
// CHECK: %[[X:.*]], %[[CX:.*]] = tfg.Placeholder name("x")
// CHECK: %[[Y:.*]], %[[CY:.*]] = tfg.Placeholder name("y")
// CHECK: tfg.AddN(%[[X]], %[[Y]]) name("call/sum")
// CHECK: tfg.NoOp [%[[CX]], %[[CY]]] name("call/wait")
// CHECK: tfg.Identity(%[[Y]]) name("second")
module @list_arg {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %y, %cy = tfg.Placeholder name("y") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c:2, %cc = tfg.generic "PartitionedCall"(%x, %y) name("call") {Tin = [f32, f32], Tout = [f32, f32], f = #tfg.func<"f", {}>} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %o, %co = tfg.Identity(%c#1) name("second") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %p, %cp = tfg.Identity(%c#0) name("first") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @f(%l_0: tensor<*xf32>, %l_1: tensor<*xf32>, %ctl_l: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "l", type = f32, number_attr = "N">],
      outputs = [#tfg.arg<name = "s", type = f32>, #tfg.arg<name = "second", type = f32>],
      input_sizes = array<i32: 2>,
      control_outputs = ["wait"]
  } {
    %s, %cs = tfg.AddN(%l_0, %l_1) name("sum") {N = 2, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %cw = tfg.NoOp [%ctl_l] name("wait")
    tfg.return(%s, %l_1 : tensor<*xf32>, tensor<*xf32>) [%cw]
  }
}

// -----

// Negative: a graph without calls is left as it is, and so is its library
// (nothing refers to `f`, but a node named like a function is not a call
// unless its op type is the function's name).
// CHECK-LABEL: module @no_calls
// CHECK: tfg.Placeholder name("x")
// CHECK: tfg.Identity(%{{.*}}) name("f")
// CHECK-NOT: tfg.NoOp
// CHECK-NOT: tfg.IdentityN
module @no_calls {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %o, %co = tfg.Identity(%x) name("f") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// A body node with no operand at all (a Const) waits for the call's inputs:
// inside a v1 loop or an untaken branch the call did not run, and neither
// may its Const (TensorFlow's inliner does the same).
// CHECK-LABEL: module @no_operand_node
// CHECK: %[[X:.*]], %[[CX:.*]] = tfg.Placeholder name("x")
// CHECK: %[[K:.*]], %{{.*}} = tfg.Const [%[[CX]]] name("call/k")
// CHECK: tfg.Add(%[[X]], %[[K]]) name("call/add")
module @no_operand_node {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c, %cc = tfg.generic "PartitionedCall"(%x) name("call") {Tin = [f32], Tout = [f32], f = #tfg.func<"f", {}>} : (tensor<2xf32>) -> (tensor<2xf32>)
    %o, %co = tfg.Identity(%c) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @f(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %k, %ck = tfg.Const name("k") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %s, %cs = tfg.Add(%a, %k) name("add") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
    tfg.return(%s : tensor<*xf32>)
  }
}
