// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-graph-to-func

// A v1 loop (a cycle through NextIteration) cannot be lowered.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  // expected-error @+1 {{node 'merge' (Merge) is on a cycle (a v1 while loop): loops cannot be lowered until raised to While (tfg-raise-v1-control-flow)}}
  %m:2, %cm = tfg.Merge(%c, %n) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>)
  %n, %cn = tfg.NextIteration(%m#0) name("next") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %o, %co = tfg.Identity(%m#0) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// Only the batch (first) dimension may be unknown without input-shapes.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{input 'x': dimension 1 is unknown (-1); give its shape with input-shapes=x:1xNx3}}
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x?x3>} : () -> (tensor<?x?x3xf32>)
  %o, %co = tfg.Relu(%x) name("out") {T = f32} : (tensor<?x?x3xf32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{input 'x': its rank is unknown; give its shape with input-shapes=x:1x224x224x3}}
  %x, %cx = tfg.Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %o, %co = tfg.Relu(%x) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// Nothing but a Placeholder: no output to compute.
// expected-error @+1 {{no outputs to compute}}
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
}

// -----

// A v1 loop inside a function an If calls: the error points at the pass
// that raises it.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %i, %ci = tfg.generic "If"(%p, %x) name("if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tfg.func<"looping", {}>, else_branch = #tfg.func<"looping", {}>} : (tensor<i1>, tensor<f32>) -> (tensor<f32>)
}
tfg.func @looping(%v: tensor<*xf32>, %ctl_v: !tfg.control) attributes {
    inputs = [#tfg.arg<name = "v", type = f32>], outputs = [#tfg.arg<name = "y", type = f32>]
} {
  // expected-error @+1 {{node 'merge' (Merge) in function 'looping' is on a cycle (a v1 while loop): loops inside functions cannot be lowered; raise them to While first (tfg-raise-v1-control-flow)}}
  %m:2, %cm = tfg.Merge(%v, %n) name("merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>)
  %n, %cn = tfg.NextIteration(%m#0) name("next") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  tfg.return(%m#0 : tensor<*xf32>)
}
