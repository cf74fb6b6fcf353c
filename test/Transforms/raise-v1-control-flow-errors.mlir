// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-raise-v1-control-flow

// A NextIteration that feeds no loop Merge: the frame cannot be raised.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %e, %ce = tfg.Enter(%x) name("w/Enter") {T = i32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
  %m:2, %cm = tfg.Merge(%e, %n) name("w/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
  %t, %ct = tfg.Const [%cm] name("w/t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %lc, %clc = tfg.LoopCond(%t) name("w/LoopCond") : (tensor<i1>) -> (tensor<*xi1>)
  %s:2, %cs = tfg.Switch(%m#0, %lc) name("w/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
  %n, %cn = tfg.NextIteration(%s#1) name("w/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: cannot raise frame 'w/while_context': node 'w/stray' (NextIteration) feeds no loop Merge (Merge of an Enter and it)}}
  %stray, %cstray = tfg.NextIteration(%s#1) name("w/stray") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o, %co = tfg.Exit(%s#0) name("w/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// An Exit no Enter leads to: it leaves no frame.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: node 'exit' (Exit) is outside any loop frame: no Enter leads to it}}
  %o, %co = tfg.Exit(%x) name("exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %y, %cy = tfg.Identity(%o) name("y") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}

// -----

// Two LoopConds in one frame.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %e, %ce = tfg.Enter(%x) name("w/Enter") {T = i32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
  %m:2, %cm = tfg.Merge(%e, %n) name("w/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
  %t, %ct = tfg.Const [%cm] name("w/t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %lc, %clc = tfg.LoopCond(%t) name("w/LoopCond") : (tensor<i1>) -> (tensor<*xi1>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: cannot raise frame 'w/while_context': node 'w/LoopCond_1' (LoopCond) is the frame's second LoopCond (the first is 'w/LoopCond')}}
  %lc2, %clc2 = tfg.LoopCond(%t) name("w/LoopCond_1") : (tensor<i1>) -> (tensor<*xi1>)
  %s:2, %cs = tfg.Switch(%m#0, %lc) name("w/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
  %n, %cn = tfg.NextIteration(%s#1) name("w/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o, %co = tfg.Exit(%s#0) name("w/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// A frame without a LoopCond.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: cannot raise frame 'w/while_context': node 'w/Enter' (Enter) enters a frame that has no LoopCond}}
  %e, %ce = tfg.Enter(%x) name("w/Enter") {T = i32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
  %o, %co = tfg.Exit(%e) name("w/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// A node that reads a frame's value and a value of the graph without an
// Enter.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %e, %ce = tfg.Enter(%x) name("w/Enter") {T = i32, frame_name = "w/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: node 'w/add' (AddV2) takes inputs from two frames}}
  %a, %ca = tfg.AddV2(%e, %x) name("w/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
}

// -----

// A loop Merge switched on something else than the LoopCond.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
  %e, %ce = tfg.Enter(%x) name("w/Enter") {T = i32, frame_name = "w/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: cannot raise frame 'w/while_context': node 'w/Merge' (Merge) is not switched on LoopCond 'w/LoopCond'}}
  %m:2, %cm = tfg.Merge(%e, %n) name("w/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
  %t, %ct = tfg.Const [%cm] name("w/t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %lc, %clc = tfg.LoopCond(%t) name("w/LoopCond") : (tensor<i1>) -> (tensor<*xi1>)
  %s:2, %cs = tfg.Switch(%m#0, %t) name("w/Switch") {T = i32} : (tensor<*xi32>, tensor<i1>) -> (tensor<*xi32>, tensor<*xi32>)
  %n, %cn = tfg.NextIteration(%s#1) name("w/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  %o, %co = tfg.Exit(%s#0) name("w/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// A node that reads both branches of a cond without a Merge.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %s:2, %cs = tfg.Switch(%x, %p) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: cannot raise the conditional of Switch 's': node 'both' (AddV2) is in both branches (it reads 's'); join them with a Merge}}
  %a, %ca = tfg.AddV2(%s#1, %s#0) name("both") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
}

// -----

// A cond whose branches no Merge joins.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: cannot raise the conditional of Switch 's': no Merge joins its branches}}
  %s:2, %cs = tfg.Switch(%x, %p) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %n, %cn = tfg.Neg(%s#1) name("neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// A Merge of one branch's value and a value from outside the cond.
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<>} : () -> (tensor<f32>)
  %s:2, %cs = tfg.Switch(%x, %p) name("s") {T = f32} : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>)
  %n, %cn = tfg.Neg(%s#1) name("neg") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  // expected-error @+1 {{tfg-raise-v1-control-flow: cannot raise the conditional of Switch 's': node 'm' (Merge) merges 1 value(s) of the true branch, 0 of the false branch and 1 from outside; an If output merges one of each}}
  %m:2, %cm = tfg.Merge(%n, %x) name("m") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
}
