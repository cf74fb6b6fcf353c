// RUN: split-file %s %t
// RUN: tfg-opt %t/merge.mlir --split-input-file --tfg-merge-duplicate-nodes | FileCheck %s
// RUN: tfg-opt %t/keep.mlir --tfg-merge-duplicate-nodes="keep=late:0" | FileCheck %s --check-prefix=KEEP
// TensorFlow's transform spelling keeps the outputs named there.
// RUN: tfg-opt %t/keep.mlir --tfg-transform-graph="transforms=merge_duplicate_nodes outputs=late" | FileCheck %s --check-prefix=KEEP

//--- merge.mlir
// Duplicates collapse in one run, along the chain: the two Consts are one,
// so the Adds are, so the Relus are. Names do not matter; the first node in
// execution order stays. The two Identities nobody consumes are outputs:
// both stay, reading the one Relu.
// CHECK-LABEL: module @chain_collapses
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK: %[[C:.*]], %{{.*}} = tfg.Const name("c1")
// CHECK-NOT: name("c2")
// CHECK: %[[S:.*]], %{{.*}} = tfg.Add(%[[X]], %[[C]]) name("s1")
// CHECK-NOT: name("s2")
// CHECK: %[[R:.*]], %{{.*}} = tfg.Relu(%[[S]]) name("r1")
// CHECK-NOT: name("r2")
// CHECK: tfg.Identity(%[[R]]) name("out1")
// CHECK: tfg.Identity(%[[R]]) name("out2")
module @chain_collapses {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %c1, %cc1 = tfg.Const name("c1") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
    %c2, %cc2 = tfg.Const name("c2") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
    %s1, %cs1 = tfg.Add(%x, %c1) name("s1") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %s2, %cs2 = tfg.Add(%x, %c2) name("s2") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
    %r1, %cr1 = tfg.Relu(%s1) name("r1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %r2, %cr2 = tfg.Relu(%s2) name("r2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %o1, %co1 = tfg.Identity(%r1) name("out1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %o2, %co2 = tfg.Identity(%r2) name("out2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// Control inputs are compared as a set (order and repeats do not matter);
// a node that waited for both duplicates waits for the survivor once. The
// survivor is the first in the block (duplicates have the same inputs, so
// they are ready at the same point of the execution order). Two NoOps with
// the same control inputs are duplicates too.
// CHECK-LABEL: module @control_inputs_as_set
// CHECK-DAG: %[[A:.*]] = tfg.NoOp name("a")
// CHECK-DAG: %[[B:.*]] = tfg.NoOp [%[[A]]] name("b")
// CHECK-DAG: %[[FIRST:.*]], %[[CFIRST:.*]] = tfg.Const [%[[B]], %[[A]], %[[B]]] name("first")
// CHECK-DAG: tfg.Const [%[[CFIRST]]] name("waits_for_both")
// CHECK-DAG: tfg.Identity(%[[FIRST]]) [%[[B]]] name("use")
// CHECK-NOT: name("second")
// CHECK-NOT: name("b_again")
module @control_inputs_as_set {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %a = tfg.NoOp name("a")
    %b = tfg.NoOp [%a] name("b")
    %b2 = tfg.NoOp [%a] name("b_again")
    %first, %cfirst = tfg.Const [%b, %a, %b] name("first") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %second, %csecond = tfg.Const [%a, %b2] name("second") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %w, %cw = tfg.Const [%csecond, %cfirst] name("waits_for_both") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
    %u, %cu = tfg.Identity(%second) [%b, %b2] name("use") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  }
}

// -----

// Not duplicates: another value, dtype, device, attr or input order; another
// set of control inputs; a control input instead of none. Never merged
// although identical: RandomUniform (stateful), Placeholders (fed by name),
// an op type the registry does not know, a node of reference type. A
// stateless op type the registry knows merges even as a generic op.
// CHECK-LABEL: module @neg_not_duplicates
// CHECK: name("v1")
// CHECK: name("v2")
// CHECK: name("f64")
// CHECK: name("dev1")
// CHECK: name("dev2")
// CHECK: name("transposed")
// CHECK: name("plain")
// CHECK: name("sub1")
// CHECK: name("sub2")
// CHECK: name("ctl1")
// CHECK: name("ctl2")
// CHECK: name("ctl_none")
// CHECK: name("ru1")
// CHECK: name("ru2")
// CHECK: name("p1")
// CHECK: name("p2")
// CHECK: name("custom1")
// CHECK: name("custom2")
// CHECK: name("ref1")
// CHECK: name("ref2")
// CHECK: name("erfc1")
// CHECK-NOT: name("erfc2")
module @neg_not_duplicates {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2x2>} : () -> (tensor<2x2xf32>)
    %g = tfg.NoOp name("g")
    %v1, %cv1 = tfg.Const name("v1") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %v2, %cv2 = tfg.Const name("v2") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    %f64, %cf64 = tfg.Const name("f64") {dtype = f64, value = dense<1.0> : tensor<f64>} : () -> (tensor<f64>)
    %d1, %cd1 = tfg.Const name("dev1") device("/cpu:0") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %d2, %cd2 = tfg.Const name("dev2") device("/gpu:0") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %m1, %cm1 = tfg.MatMul(%x, %x) name("transposed") {T = f32, transpose_a = true, transpose_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %m2, %cm2 = tfg.MatMul(%x, %x) name("plain") {T = f32, transpose_a = false, transpose_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %s1, %cs1 = tfg.Sub(%x, %m1) name("sub1") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %s2, %cs2 = tfg.Sub(%m1, %x) name("sub2") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %k1, %ck1 = tfg.Relu(%x) [%g] name("ctl1") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %k2, %ck2 = tfg.Relu(%x) [%cx] name("ctl2") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %k3, %ck3 = tfg.Relu(%x) name("ctl_none") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %shape, %cshape = tfg.Const name("shape") {dtype = i32, value = dense<[2, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %ru1, %cru1 = tfg.RandomUniform(%shape) name("ru1") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<2xi32>) -> (tensor<2x2xf32>)
    %ru2, %cru2 = tfg.RandomUniform(%shape) name("ru2") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<2xi32>) -> (tensor<2x2xf32>)
    %p1, %cp1 = tfg.Placeholder name("p1") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %p2, %cp2 = tfg.Placeholder name("p2") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %q1, %cq1 = tfg.generic "MyCustomOp"(%x) name("custom1") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %q2, %cq2 = tfg.generic "MyCustomOp"(%x) name("custom2") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %var, %cvar = tfg.VariableV2 name("var") {container = "", dtype = f32, shape = #tfg.shape<2>, shared_name = ""} : () -> (tensor<2x!tfg.ref<f32>>)
    %r1, %cr1 = tfg.Identity(%var) name("ref1") {T = !tfg.ref<f32>} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2x!tfg.ref<f32>>)
    %r2, %cr2 = tfg.Identity(%var) name("ref2") {T = !tfg.ref<f32>} : (tensor<2x!tfg.ref<f32>>) -> (tensor<2x!tfg.ref<f32>>)
    %e1, %ce1 = tfg.generic "Erfc"(%x) name("erfc1") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %e2, %ce2 = tfg.generic "Erfc"(%x) name("erfc2") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %sum, %csum = tfg.AddN(%v1, %v2, %d1, %d2) name("sum") {N = 4 : i64, T = f32} : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>)
    %use, %cuse = tfg.generic "Pack"(%m1, %m2, %s1, %s2, %k1, %k2, %k3, %ru1, %ru2, %q1, %q2, %e1, %e2) name("use") {N = 13 : i64, T = f32, axis = 0 : i64} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<13x2x2xf32>)
    %use2, %cuse2 = tfg.generic "Pack"(%p1, %p2) name("use_p") {N = 2 : i64, T = f32, axis = 0 : i64} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>)
    %use3, %cuse3 = tfg.Identity(%f64) name("use_f64") {T = f64} : (tensor<f64>) -> (tensor<f64>)
    %use4, %cuse4 = tfg.generic "Pack"(%r1, %r2) name("use_ref") {N = 2 : i64, T = !tfg.ref<f32>, axis = 0 : i64} : (tensor<2x!tfg.ref<f32>>, tensor<2x!tfg.ref<f32>>) -> (tensor<2x2x!tfg.ref<f32>>)
  }
}

// -----

// Weights held as resource blobs (large tensors) compare by content: two
// blobs of the same bytes are one weight, different bytes are not.
// CHECK-LABEL: module @resource_blobs
// CHECK: %[[W:.*]], %{{.*}} = tfg.Const name("w1")
// CHECK-NOT: name("w2")
// CHECK: name("w3")
// CHECK: tfg.AddN(%[[W]], %[[W]], %{{.*}}) name("sum")
module @resource_blobs {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %w1, %cw1 = tfg.Const name("w1") {dtype = f32, value = dense_resource<blob_a> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %w2, %cw2 = tfg.Const name("w2") {dtype = f32, value = dense_resource<blob_b> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %w3, %cw3 = tfg.Const name("w3") {dtype = f32, value = dense_resource<blob_c> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %sum, %csum = tfg.AddN(%w1, %w2, %w3) name("sum") {N = 3 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  }
}

{-#
  dialect_resources: {
    builtin: {
      blob_a: "0x040000000000803F00000040",
      blob_b: "0x040000000000803F00000040",
      blob_c: "0x040000000000803F00004040"
    }
  }
#-}

// -----

// A v1 loop: control flow nodes are never merged, nor is a node whose
// input closes the loop; the loop body's duplicates (the two Consts gated
// by the pivot, then the two Adds) are.
// CHECK-LABEL: module @v1_loop
// CHECK: name("while/Enter")
// CHECK: name("while/Enter_1")
// CHECK: name("while/Merge")
// CHECK: name("while/Merge_1")
// CHECK: %[[ONE:.*]], %{{.*}} = tfg.Const [%{{.*}}] name("while/one")
// CHECK-NOT: name("while/one_1")
// CHECK: %[[ADD:.*]], %{{.*}} = tfg.AddV2(%{{.*}}, %[[ONE]]) name("while/add")
// CHECK-NOT: name("while/add_1")
// CHECK: tfg.NextIteration(%[[ADD]]) name("while/NextIteration")
// CHECK: tfg.NextIteration(%[[ADD]]) name("while/NextIteration_1")
module @v1_loop {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %zero, %ctl_zero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %p, %cp = tfg.Placeholder name("pred") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %enter, %center = tfg.Enter(%zero) name("while/Enter") {T = i32, frame_name = "while/ctx", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %enter1, %center1 = tfg.Enter(%zero) name("while/Enter_1") {T = i32, frame_name = "while/ctx", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %merge:2, %cmerge = tfg.Merge(%enter, %next) name("while/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
    %merge1:2, %cmerge1 = tfg.Merge(%enter1, %next1) name("while/Merge_1") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
    %penter, %cpenter = tfg.Enter(%p) name("while/pred/Enter") {T = i1, frame_name = "while/ctx", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i1>) -> (tensor<*xi1>)
    %cond, %ccond = tfg.LoopCond(%penter) name("while/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %switch:2, %cswitch = tfg.Switch(%merge#0, %cond) name("while/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %id, %cid = tfg.Identity(%switch#1) name("while/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %one, %cone = tfg.Const [%cid] name("while/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %one1, %cone1 = tfg.Const [%cid] name("while/one_1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %add, %cadd = tfg.AddV2(%id, %one) name("while/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %add1, %cadd1 = tfg.AddV2(%id, %one1) name("while/add_1") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %next, %cnext = tfg.NextIteration(%add) name("while/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %next1, %cnext1 = tfg.NextIteration(%add1) name("while/NextIteration_1") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %exit, %cexit = tfg.Exit(%switch#0) name("while/Exit") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %use, %cuse = tfg.Identity(%merge1#0) name("use") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
  }
}

// -----

// The module's signature names nodes that keep their identity: they may take
// over a duplicate's users, but are not merged away.
// CHECK-LABEL: module @signature_nodes
// CHECK: %[[X:.*]], %{{.*}} = tfg.Placeholder name("x")
// CHECK-NOT: name("plain")
// CHECK: %[[F:.*]], %{{.*}} = tfg.Relu(%[[X]]) name("fetched")
// CHECK: tfg.Sigmoid(%[[F]]) name("user_of_plain")
// CHECK: tfg.Sigmoid(%[[F]]) name("user_of_fetched")
module @signature_nodes attributes {tfg.signature = {inputs = {in = "x:0"}, name = "serving_default", outputs = {out = "fetched:0"}}} {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<2>} : () -> (tensor<2xf32>)
    %a, %ca = tfg.Relu(%x) name("plain") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %b, %cb = tfg.Relu(%x) name("fetched") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %ua, %cua = tfg.Sigmoid(%a) name("user_of_plain") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %ub, %cub = tfg.Sigmoid(%b) name("user_of_fetched") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

//--- keep.mlir
// A node named in `keep` stays even when it comes later in execution order:
// the earlier duplicate's users read it.
// KEEP-LABEL: module @keep_option
// KEEP-NOT: name("early")
// KEEP: %[[LATE:.*]], %{{.*}} = tfg.Const name("late")
// KEEP: tfg.AddN(%[[LATE]], %[[LATE]]) name("sum")
module @keep_option {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %e, %ce = tfg.Const name("early") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %l, %cl = tfg.Const name("late") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %sum, %csum = tfg.AddN(%e, %l) name("sum") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  }
}
