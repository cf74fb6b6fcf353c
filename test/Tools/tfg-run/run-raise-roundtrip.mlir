// Round trip: test/Tools/tfg-run/run-control-flow.mlir's graph (without its
// Case, which tfg-functional-to-v1-control-flow does not lower) lowered to
// v1 control flow, then run by tfg-run, whose lowering raises it back to
// While/If (tfg-raise-v1-control-flow): the same numbers as the functional
// graph (values by hand, as there).
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 2 "1,2"
// RUN: %python %S/Inputs/make_npy.py %t.n3.npy "<i4" "" 3
// RUN: %python %S/Inputs/make_npy.py %t.n0.npy "<i4" "" 0
// RUN: %python %S/Inputs/make_npy.py %t.t.npy "|b1" "" 1
// RUN: %python %S/Inputs/make_npy.py %t.f.npy "|b1" "" 0
// RUN: tfg-opt %s --tfg-functional-to-v1-control-flow -o %t.v1.mlir
// RUN: FileCheck %s --check-prefix=V1 < %t.v1.mlir
// RUN: tfg-run %t.v1.mlir --input x=%t.x.npy --input n=%t.n3.npy --input p=%t.t.npy --print-outputs 8 | FileCheck %s --check-prefixes=CHECK,N3,TRUE
// RUN: tfg-run %t.v1.mlir --input x=%t.x.npy --input n=%t.n0.npy --input p=%t.f.npy --print-outputs 8 | FileCheck %s --check-prefixes=CHECK,N0,FALSE
// RUN: tfg-opt %t.v1.mlir --tfg-raise-v1-control-flow | FileCheck %s --check-prefix=RAISED
// RUN: tfg-opt %t.v1.mlir --tfg-raise-v1-control-flow | FileCheck %s --check-prefix=NOEXIT

// The lowered graph is v1 control flow only (the nested While's frames
// inside the outer one's).
// V1-DAG: tfg.Enter{{.*}} frame_name = "doubled"
// V1-DAG: tfg.Enter{{.*}} frame_name = "nested"
// V1-DAG: tfg.Enter{{.*}} frame_name = "nested/body/inner"
// V1-DAG: tfg.LoopCond
// V1-DAG: tfg.Switch{{.*}} name("branch/switch_pred")
// V1-NOT: While"
// V1-NOT: If"
// V1-NOT: tfg.func

// Raised again: three While (the inner one in the outer body), one If; the
// fetched names the lowering kept (IdentityN "doubled", "nested",
// "branch") read the new nodes.
// RAISED-DAG: tfg.generic "While"{{.*}} name("doubled_1")
// RAISED-DAG: tfg.generic "While"{{.*}} name("nested_1")
// RAISED-DAG: tfg.generic "If"{{.*}} name("branch_1")
// RAISED-DAG: tfg.IdentityN{{.*}} name("doubled")
// RAISED-DAG: tfg.generic "While"{{.*}} name("nested/body/inner")
// The inner loop's unused Exits leave nothing (an inner frame has no
// graph outputs).
// NOEXIT: tfg.graph
// NOEXIT-NOT: exit_

// CHECK: compile:
// N3-DAG: doubled:2 = 8 16{{$}}
// N0-DAG: doubled:2 = 1 2{{$}}
// N3-DAG: doubled = 3{{$}}
// N0-DAG: doubled = 0{{$}}
// N3-DAG: nested:1 = 6{{$}}
// N0-DAG: nested:1 = 0{{$}}
// TRUE-DAG: branch = 2 4{{$}}
// FALSE-DAG: branch = -1 -2{{$}}
module {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %n, %cn = tfg.Placeholder name("n") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %w:3, %cw = tfg.generic "StatelessWhile"(%zero, %n, %x) name("doubled") {T = [i32, i32, f32], cond = #tfg.func<"below_n", {}>, body = #tfg.func<"double", {}>, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<i32>, tensor<2xf32>)
    %nest:3, %cnest = tfg.generic "While"(%zero, %zero, %n) name("nested") {T = [i32, i32, i32], cond = #tfg.func<"outer_cond", {}>, body = #tfg.func<"outer_body", {}>, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
    %i, %ci = tfg.generic "StatelessIf"(%p, %x) name("branch") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tfg.func<"twice", {}>, else_branch = #tfg.func<"negate", {}>} : (tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @below_n(%i: tensor<*xi32>, %n: tensor<*xi32>, %v: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_n: !tfg.control, %ctl_v: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "n", type = i32>, #tfg.arg<name = "v", type = f32>],
      outputs = [#tfg.arg<name = "c", type = i1>]
  } {
    %lt, %clt = tfg.Less(%i, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @double(%i: tensor<*xi32>, %n: tensor<*xi32>, %v: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_n: !tfg.control, %ctl_v: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "n", type = i32>, #tfg.arg<name = "v", type = f32>],
      outputs = [#tfg.arg<name = "i2", type = i32>, #tfg.arg<name = "n2", type = i32>, #tfg.arg<name = "v2", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %i2, %ci2 = tfg.AddV2(%i, %one) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %v2, %cv2 = tfg.AddV2(%v, %v) name("twice") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i2, %n, %v2 : tensor<*xi32>, tensor<*xi32>, tensor<*xf32>)
  }
  // Outer loop: (i, count, n); the inner loop runs i + 1 times.
  tfg.func @outer_cond(%i: tensor<*xi32>, %count: tensor<*xi32>, %n: tensor<*xi32>, %ctl_i: !tfg.control, %ctl_c: !tfg.control, %ctl_n: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "count", type = i32>, #tfg.arg<name = "n", type = i32>],
      outputs = [#tfg.arg<name = "c", type = i1>]
  } {
    %lt, %clt = tfg.Less(%i, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @outer_body(%i: tensor<*xi32>, %count: tensor<*xi32>, %n: tensor<*xi32>, %ctl_i: !tfg.control, %ctl_c: !tfg.control, %ctl_n: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "count", type = i32>, #tfg.arg<name = "n", type = i32>],
      outputs = [#tfg.arg<name = "i2", type = i32>, #tfg.arg<name = "count2", type = i32>, #tfg.arg<name = "n2", type = i32>]
  } {
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %i2, %ci2 = tfg.AddV2(%i, %one) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %inner:3, %cinner = tfg.generic "StatelessWhile"(%zero, %count, %i2) name("inner") {T = [i32, i32, i32], cond = #tfg.func<"inner_cond", {}>, body = #tfg.func<"inner_body", {}>} : (tensor<i32>, tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>)
    tfg.return(%i2, %inner#1, %n : tensor<*xi32>, tensor<*xi32>, tensor<*xi32>)
  }
  // Inner loop: (j, count, limit).
  tfg.func @inner_cond(%j: tensor<*xi32>, %count: tensor<*xi32>, %limit: tensor<*xi32>, %ctl_j: !tfg.control, %ctl_c: !tfg.control, %ctl_l: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "j", type = i32>, #tfg.arg<name = "count", type = i32>, #tfg.arg<name = "limit", type = i32>],
      outputs = [#tfg.arg<name = "c", type = i1>]
  } {
    %lt, %clt = tfg.Less(%j, %limit) name("lt") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @inner_body(%j: tensor<*xi32>, %count: tensor<*xi32>, %limit: tensor<*xi32>, %ctl_j: !tfg.control, %ctl_c: !tfg.control, %ctl_l: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "j", type = i32>, #tfg.arg<name = "count", type = i32>, #tfg.arg<name = "limit", type = i32>],
      outputs = [#tfg.arg<name = "j2", type = i32>, #tfg.arg<name = "count2", type = i32>, #tfg.arg<name = "limit2", type = i32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %j2, %cj2 = tfg.AddV2(%j, %one) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %c2, %cc2 = tfg.AddV2(%count, %one) name("add_count") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%j2, %c2, %limit : tensor<*xi32>, tensor<*xi32>, tensor<*xi32>)
  }
  tfg.func @twice(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
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
