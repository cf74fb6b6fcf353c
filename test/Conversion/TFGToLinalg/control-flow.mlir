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
