// Functional control flow run on the CPU: While (a counting loop, a nested
// loop whose inner trip count is the outer counter), If both ways and Case
// (in range, out of range both sides: the last branch). Values by hand.
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 2 "1,2"
// RUN: %python %S/Inputs/make_npy.py %t.n3.npy "<i4" "" 3
// RUN: %python %S/Inputs/make_npy.py %t.n0.npy "<i4" "" 0
// RUN: %python %S/Inputs/make_npy.py %t.t.npy "|b1" "" 1
// RUN: %python %S/Inputs/make_npy.py %t.f.npy "|b1" "" 0
// RUN: %python %S/Inputs/make_npy.py %t.i0.npy "<i4" "" 0
// RUN: %python %S/Inputs/make_npy.py %t.i1.npy "<i4" "" 1
// RUN: %python %S/Inputs/make_npy.py %t.i7.npy "<i4" "" 7
// RUN: %python %S/Inputs/make_npy.py %t.im1.npy "<i4" "" -1
// RUN: tfg-run %s --input x=%t.x.npy --input n=%t.n3.npy --input p=%t.t.npy --input k=%t.i0.npy --print-outputs 8 | FileCheck %s --check-prefixes=CHECK,N3,TRUE,K0
// RUN: tfg-run %s --input x=%t.x.npy --input n=%t.n0.npy --input p=%t.f.npy --input k=%t.i1.npy --print-outputs 8 | FileCheck %s --check-prefixes=CHECK,N0,FALSE,K1
// RUN: tfg-run %s --input x=%t.x.npy --input n=%t.n3.npy --input p=%t.f.npy --input k=%t.i7.npy --print-outputs 8 | FileCheck %s --check-prefixes=CHECK,KLAST
// RUN: tfg-run %s --input x=%t.x.npy --input n=%t.n3.npy --input p=%t.f.npy --input k=%t.im1.npy --print-outputs 8 | FileCheck %s --check-prefixes=CHECK,KLAST

// CHECK: compile:
// Doubling x n times: 3 times gives [8, 16]; 0 times leaves x.
// N3-DAG: doubled:2 = 8 16{{$}}
// N0-DAG: doubled:2 = 1 2{{$}}
// The counter ends at n.
// N3-DAG: doubled = 3{{$}}
// N0-DAG: doubled = 0{{$}}
// Nested: for i in 0..n-1, for j in 0..i: count += 1 -> 1 + 2 + 3 = 6.
// N3-DAG: nested:1 = 6{{$}}
// N0-DAG: nested:1 = 0{{$}}
// If: then doubles, else negates.
// TRUE-DAG: branch = 2 4{{$}}
// FALSE-DAG: branch = -1 -2{{$}}
// Case: 0 adds one, 1 multiplies by ten, anything else runs the last
// branch (negates).
// K0-DAG: case = 2 3{{$}}
// K1-DAG: case = 10 20{{$}}
// KLAST-DAG: case = -1 -2{{$}}
module {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %n, %cn = tfg.Placeholder name("n") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %k, %ck = tfg.Placeholder name("k") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %w:3, %cw = tfg.generic "StatelessWhile"(%zero, %n, %x) name("doubled") {T = [i32, i32, f32], cond = #tfg.func<"below_n", {}>, body = #tfg.func<"double", {}>, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<i32>, tensor<2xf32>)
    %nest:3, %cnest = tfg.generic "While"(%zero, %zero, %n) name("nested") {T = [i32, i32, i32], cond = #tfg.func<"outer_cond", {}>, body = #tfg.func<"outer_body", {}>, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
    %i, %ci = tfg.generic "StatelessIf"(%p, %x) name("branch") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tfg.func<"twice", {}>, else_branch = #tfg.func<"negate", {}>} : (tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>)
    %c, %cc = tfg.generic "Case"(%k, %x) name("case") {Tin = [f32], Tout = [f32], branches = [#tfg.func<"add_one", {}>, #tfg.func<"times_ten", {}>, #tfg.func<"negate", {}>]} : (tensor<i32>, tensor<2xf32>) -> (tensor<2xf32>)
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
  tfg.func @add_one(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %s, %cs = tfg.AddV2(%a, %one) name("add") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
    tfg.return(%s : tensor<*xf32>)
  }
  tfg.func @times_ten(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %ten, %cten = tfg.Const name("ten") {dtype = f32, value = dense<10.0> : tensor<f32>} : () -> (tensor<f32>)
    %m, %cm = tfg.Mul(%a, %ten) name("mul") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
    tfg.return(%m : tensor<*xf32>)
  }
}
