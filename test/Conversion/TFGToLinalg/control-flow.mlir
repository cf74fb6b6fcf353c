// RUN: tfg-opt %s --split-input-file --tfg-graph-to-func | FileCheck %s --check-prefix=FUNC
// RUN: tfg-opt %s --split-input-file --tfg-lower-to-linalg | FileCheck %s

// tfg-graph-to-func keeps the functions the While calls as private
// func.funcs of TFG nodes (data arguments only, control edges dropped) and
// drops the rest of the library.
// FUNC-LABEL: module @while
// FUNC: func.func @main(%{{.*}}: tensor<2xf32> {tfg.name = "x"})
// FUNC: tfg.generic "StatelessWhile"
// FUNC-DAG: func.func private @below_three(%{{.*}}: tensor<*xi32>, %{{.*}}: tensor<*xf32>) -> tensor<*xi1> attributes {tfg.function_body}
// FUNC-DAG: func.func private @double(%{{.*}}: tensor<*xi32>, %{{.*}}: tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>) attributes {tfg.function_body}
// FUNC-NOT: @unused
// FUNC-NOT: tfg.func

// The lowering: a scf.while over the static loop variables; the cond's
// predicate is extracted for scf.condition; the bodies are inlined and the
// private functions are gone.
// CHECK-LABEL: module @while
// CHECK: func.func @main(%[[X:.*]]: tensor<2xf32> {tfg.name = "x"}) -> (tensor<2xf32> {tfg.name = "y"})
// CHECK: %[[W:.*]]:2 = scf.while (%[[I:.*]] = %{{.*}}, %[[V:.*]] = %[[X]]) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) {
// CHECK: linalg.generic
// CHECK: %[[P:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: scf.condition(%[[P]]) %[[I]], %[[V]] : tensor<i32>, tensor<2xf32>
// CHECK: } do {
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %{{.*}}: tensor<2xf32>):
// CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<i32>, tensor<2xf32>
// CHECK: return %[[W]]#1
// CHECK-NOT: tfg.
// CHECK-NOT: func.func private
module @while {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %w:2, %cw = tfg.generic "StatelessWhile"(%zero, %x) [%cx] name("w") {T = [i32, f32], cond = #tfg.func<"below_three", {}>, body = #tfg.func<"double", {}>} : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>)
    %y, %cy = tfg.Identity(%w#1) name("y") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
  tfg.func @below_three(%i: tensor<*xi32>, %v: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_v: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "v", type = f32>],
      outputs = [#tfg.arg<name = "c", type = i1>]
  } {
    %n, %cn = tfg.Const [%ctl_i] name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%i, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @double(%i: tensor<*xi32>, %v: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_v: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "v", type = f32>],
      outputs = [#tfg.arg<name = "i2", type = i32>, #tfg.arg<name = "v2", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %i2, %ci2 = tfg.AddV2(%i, %one) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %v2, %cv2 = tfg.AddV2(%v, %v) name("twice") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%i2, %v2 : tensor<*xi32>, tensor<*xf32>)
  }
  tfg.func @unused(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    tfg.return(%a : tensor<*xf32>)
  }
}

// -----

// If: scf.if on the predicate; Case: scf.index_switch whose default region
// is the last branch (TensorFlow runs it for any index out of range).
// FUNC-LABEL: module @if_case
// FUNC-DAG: func.func private @neg
// FUNC-DAG: func.func private @id
// CHECK-LABEL: module @if_case
// CHECK: %[[P:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: %[[IF:.*]] = scf.if %[[P]] -> (tensor<3xf32>) {
// CHECK: scf.yield
// CHECK: } else {
// CHECK: linalg.generic
// CHECK: scf.yield
// CHECK: %[[K:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[IDX:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK: scf.index_switch %[[IDX]] -> tensor<3xf32>
// CHECK: case 0 {
// CHECK: default {
// CHECK-NOT: case 1
// CHECK-NOT: tfg.
module @if_case {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %k, %ck = tfg.Placeholder name("k") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3>} : () -> (tensor<3xf32>)
    %i, %ci = tfg.generic "If"(%p, %x) name("if") {Tcond = i1, Tin = [f32], Tout = [f32], then_branch = #tfg.func<"id", {}>, else_branch = #tfg.func<"neg", {}>} : (tensor<i1>, tensor<3xf32>) -> (tensor<3xf32>)
    %c, %cc = tfg.generic "StatelessCase"(%k, %i) name("case") {Tin = [f32], Tout = [f32], branches = [#tfg.func<"id", {}>, #tfg.func<"neg", {}>]} : (tensor<i32>, tensor<3xf32>) -> (tensor<3xf32>)
  }
  tfg.func @id(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    tfg.return(%a : tensor<*xf32>)
  }
  tfg.func @neg(%a: tensor<*xf32>, %ctl_a: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "a", type = f32>],
      outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %n, %cn = tfg.Neg(%a) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    tfg.return(%n : tensor<*xf32>)
  }
}

// -----

// A loop variable the body makes longer (ConcatV2 with itself): its
// dimension becomes dynamic; the initial value is cast to it and the body
// lowered again with the joined type.
// CHECK-LABEL: module @grow
// CHECK: func.func @main(%[[X:.*]]: tensor<2xf32> {tfg.name = "x"}) -> (tensor<?xf32> {tfg.name = "y"})
// CHECK: %[[CAST:.*]] = tensor.cast %[[X]] : tensor<2xf32> to tensor<?xf32>
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[CAST]]) : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
// CHECK: } do {
// CHECK: tensor.insert_slice %{{.*}} : tensor<?xf32> into tensor<?xf32>
// CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<i32>, tensor<?xf32>
module @grow {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %w:2, %cw = tfg.generic "While"(%zero, %x) name("w") {T = [i32, f32], cond = #tfg.func<"below_three", {}>, body = #tfg.func<"concat_self", {}>} : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<*xf32>)
    %y, %cy = tfg.Identity(%w#1) name("y") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  }
  tfg.func @below_three(%i: tensor<*xi32>, %v: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_v: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "v", type = f32>],
      outputs = [#tfg.arg<name = "c", type = i1>]
  } {
    %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%i, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @concat_self(%i: tensor<*xi32>, %v: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_v: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "v", type = f32>],
      outputs = [#tfg.arg<name = "i2", type = i32>, #tfg.arg<name = "v2", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %a, %ca = tfg.Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %i2, %ci2 = tfg.AddV2(%i, %one) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %c, %cc = tfg.ConcatV2(%v, %v, %a) name("cat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
    tfg.return(%i2, %c : tensor<*xi32>, tensor<*xf32>)
  }
}

// -----

// Branches returning [2,3] and [0,3]: the result is tensor<?x3xf32>, each
// branch casting to it.
// CHECK-LABEL: module @if_join
// CHECK: scf.if %{{.*}} -> (tensor<?x3xf32>) {
// CHECK: tensor.cast %{{.*}} : tensor<2x3xf32> to tensor<?x3xf32>
// CHECK: } else {
// CHECK: tensor.cast %{{.*}} : tensor<0x3xf32> to tensor<?x3xf32>
// CHECK: return %{{.*}} : tensor<?x3xf32>
module @if_join {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %i, %ci = tfg.generic "If"(%p) name("pick") {Tcond = i1, Tin = [], Tout = [f32], then_branch = #tfg.func<"two_rows", {}>, else_branch = #tfg.func<"no_rows", {}>} : (tensor<i1>) -> (tensor<*xf32>)
    %y, %cy = tfg.Identity(%i) name("y") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  }
  tfg.func @two_rows() attributes {inputs = [], outputs = [#tfg.arg<name = "y", type = f32>]} {
    %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<1.0> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
    tfg.return(%c : tensor<2x3xf32>)
  }
  tfg.func @no_rows() attributes {inputs = [], outputs = [#tfg.arg<name = "y", type = f32>]} {
    %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<0.0> : tensor<0x3xf32>} : () -> (tensor<0x3xf32>)
    tfg.return(%c : tensor<0x3xf32>)
  }
}

// -----

// A growing TensorArray (dynamic_size, element shape ?x4) written at the
// loop counter: the loop carries its data (tensor<?x4xf32>) and lengths
// (tensor<?xi64>) as two values; Concat after the loop is both.
// CHECK-LABEL: module @growing_array
// CHECK: func.func @main(%[[X:.*]]: tensor<3x4xf32> {tfg.name = "x"}) -> (tensor<?x4xf32> {tfg.name = "y"}, tensor<?xi64> {tfg.name = "l"})
// CHECK: %[[W:.*]]:3 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (tensor<i32>, tensor<?x4xf32>, tensor<?xi64>) -> (tensor<i32>, tensor<?x4xf32>, tensor<?xi64>)
// CHECK: } do {
// CHECK: tensor.generate
// CHECK: tensor.insert_slice %[[X]] into %{{.*}} : tensor<3x4xf32> into tensor<?x4xf32>
// CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}} : tensor<i32>, tensor<?x4xf32>, tensor<?xi64>
// CHECK: return %[[W]]#1, %[[W]]#2 : tensor<?x4xf32>, tensor<?xi64>
// CHECK-NOT: unrealized_conversion_cast
module @growing_array {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3x4>} : () -> (tensor<3x4xf32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %ta:2, %cta = tfg.TensorArrayV3(%zero) name("ta") {dtype = f32, dynamic_size = true, element_shape = #tfg.shape<?x4>} : (tensor<i32>) -> (tensor<*x!tfg.resource>, tensor<*xf32>)
    %w:4, %cw = tfg.generic "While"(%zero, %x, %ta#0, %ta#1) name("w") {T = [i32, f32, !tfg.resource, f32], cond = #tfg.func<"cond", {}>, body = #tfg.func<"body", {}>} : (tensor<i32>, tensor<3x4xf32>, tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*x!tfg.resource>, tensor<*xf32>)
    %cat:2, %ccat = tfg.TensorArrayConcatV3(%ta#0, %w#3) name("concat") {dtype = f32, element_shape_except0 = #tfg.shape<4>} : (tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi64>)
    %y, %cy = tfg.Identity(%cat#0) name("y") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %l, %cl = tfg.Identity(%cat#1) name("l") {T = i64} : (tensor<*xi64>) -> (tensor<*xi64>)
  }
  tfg.func @cond(%i: tensor<*xi32>, %x: tensor<*xf32>, %h: tensor<*x!tfg.resource>, %f: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "x", type = f32>, #tfg.arg<name = "h", type = !tfg.resource>, #tfg.arg<name = "f", type = f32>],
      outputs = [#tfg.arg<name = "c", type = i1>]
  } {
    %n, %cn = tfg.Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%i, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @body(%i: tensor<*xi32>, %x: tensor<*xf32>, %h: tensor<*x!tfg.resource>, %f: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "x", type = f32>, #tfg.arg<name = "h", type = !tfg.resource>, #tfg.arg<name = "f", type = f32>],
      outputs = [#tfg.arg<name = "i2", type = i32>, #tfg.arg<name = "x2", type = f32>, #tfg.arg<name = "h2", type = !tfg.resource>, #tfg.arg<name = "f2", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %f2, %cf2 = tfg.TensorArrayWriteV3(%h, %i, %x, %f) name("write") {T = f32} : (tensor<*x!tfg.resource>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %i2, %ci2 = tfg.AddV2(%i, %one) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%i2, %x, %h, %f2 : tensor<*xi32>, tensor<*xf32>, tensor<*x!tfg.resource>, tensor<*xf32>)
  }
}
