// RUN: split-file %s %t
// An already sorted graph (a v1 loop included: its back edge does not count)
// comes out exactly as it went in.
// RUN: tfg-opt %t/sorted.mlir -o %t/sorted.before.mlir
// RUN: tfg-opt %t/sorted.mlir --tfg-sort-by-execution-order -o %t/sorted.after.mlir
// RUN: diff %t/sorted.before.mlir %t/sorted.after.mlir
// RUN: tfg-opt %t/unsorted.mlir --split-input-file --tfg-sort-by-execution-order | FileCheck %s
// The order TensorFlow's transform gives the same graph passes through too.
// RUN: tfg-opt %t/unsorted.mlir --split-input-file --tfg-transform-graph="transforms=sort_by_execution_order" | FileCheck %s

//--- sorted.mlir
tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
  %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %zero, %ctl_zero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %ten, %ctl_ten = tfg.Const name("ten") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  %a, %ca = tfg.Add(%x, %c) name("a") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %n = tfg.NoOp [%ca] name("n")
  %b, %cb = tfg.Relu(%a) [%n] name("b") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
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
}

//--- unsorted.mlir
// A chain written backwards comes out forwards.
// CHECK-LABEL: module @backward_chain
// CHECK-NEXT: tfg.graph
// CHECK-NEXT: name("x")
// CHECK-NEXT: name("a")
// CHECK-NEXT: name("b")
// CHECK-NEXT: name("c")
// CHECK-NEXT: {{^ *}$}}
module @backward_chain {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %c, %cc = tfg.Relu(%b) name("c") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %b, %cb = tfg.Relu(%a) name("b") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %a, %ca = tfg.Relu(%x) name("a") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
  }
}

// -----

// Stable: of the nodes whose inputs are placed, the earliest comes first.
// "late" waits for x, so the independent "indep1" and "indep2" keep their
// place before it; the two consumers of x keep their order after it.
// CHECK-LABEL: module @stable
// CHECK-NEXT: tfg.graph
// CHECK-NEXT: name("indep1")
// CHECK-NEXT: name("x")
// CHECK-NEXT: name("late")
// CHECK-NEXT: name("later")
// CHECK-NEXT: name("indep2")
// CHECK-NEXT: {{^ *}$}}
module @stable {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %late, %clate = tfg.Relu(%x) name("late") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %indep1, %ci1 = tfg.Const name("indep1") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %later, %clater = tfg.Sigmoid(%x) name("later") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %indep2, %ci2 = tfg.Const name("indep2") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  }
}

// -----

// Control edges order too: "first" waits for the NoOp "gate".
// CHECK-LABEL: module @control_edges
// CHECK-NEXT: tfg.graph
// CHECK-NEXT: name("gate")
// CHECK-NEXT: name("first")
// CHECK-NEXT: name("second")
// CHECK-NEXT: {{^ *}$}}
module @control_edges {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %first, %cfirst = tfg.Const [%gate] name("first") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %gate = tfg.NoOp name("gate")
    %second, %csecond = tfg.Const [%cfirst] name("second") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  }
}

// -----

// A v1 loop written out of order: everything after what it needs; the
// Merge does not wait for the NextIteration that feeds it back.
// CHECK-LABEL: module @v1_loop_out_of_order
// CHECK-NEXT: tfg.graph
// CHECK-NEXT: name("zero")
// CHECK-NEXT: name("while/Enter")
// CHECK-NEXT: name("while/Merge")
// CHECK-NEXT: name("ten")
// CHECK-NEXT: name("while/Less/Enter")
// CHECK-NEXT: name("while/Less")
// CHECK-NEXT: name("while/LoopCond")
// CHECK-NEXT: name("while/Switch")
// CHECK-NEXT: name("while/Exit")
// CHECK-NEXT: name("while/Identity")
// CHECK-NEXT: name("while/one")
// CHECK-NEXT: name("while/add")
// CHECK-NEXT: name("while/NextIteration")
// CHECK-NEXT: {{^ *}$}}
module @v1_loop_out_of_order {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %while_Exit, %ctl_while_Exit = tfg.Exit(%while_Switch#0) name("while/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %while_NextIteration, %ctl_while_NextIteration = tfg.NextIteration(%while_add) name("while/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %while_Merge:2, %ctl_while_Merge = tfg.Merge(%while_Enter, %while_NextIteration) name("while/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
    %zero, %ctl_zero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %while_Enter, %ctl_while_Enter = tfg.Enter(%zero) name("while/Enter") {T = i32, frame_name = "while/ctx", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %while_Less, %ctl_while_Less = tfg.Less(%while_Merge#0, %while_Less_Enter) name("while/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    %while_LoopCond, %ctl_while_LoopCond = tfg.LoopCond(%while_Less) name("while/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %ten, %ctl_ten = tfg.Const name("ten") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
    %while_Less_Enter, %ctl_while_Less_Enter = tfg.Enter(%ten) name("while/Less/Enter") {T = i32, frame_name = "while/ctx", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %while_Switch:2, %ctl_while_Switch = tfg.Switch(%while_Merge#0, %while_LoopCond) name("while/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %while_add, %ctl_while_add = tfg.AddV2(%while_Identity, %while_one) name("while/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %while_Identity, %ctl_while_Identity = tfg.Identity(%while_Switch#1) name("while/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %while_one, %ctl_while_one = tfg.Const [%ctl_while_Identity] name("while/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  }
}
