// Resource variables in v1 control flow (a Keras batch norm inside
// tf.cond, a variable read inside a tf.while_loop): the handle reaches its
// ReadVariableOp through Switch, Identity, Enter and Merge, which freezing
// retypes from resource to the variable's dtype, as TensorFlow's
// convert_variables_to_constants does. ResourceGather (an embedding lookup)
// becomes GatherV2 of the value.
// RUN: rm -rf %t && %python %tfg_src_root/utils/make_checkpoint_fixtures.py %t --tensor gamma=float:2:1,2 --tensor emb=float:3,2:1,2,3,4,5,6 --tensor step=int32::3
// RUN: tfg-opt %s --split-input-file --tfg-freeze-variables="checkpoint=%t/model.ckpt" 2>&1 | FileCheck %s

// CHECK-LABEL: module @cond
// CHECK: %[[G:.*]], %{{.*}} = tfg.Const name("gamma") {dtype = f32, value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}
// CHECK: %[[S:.*]]:2, %{{.*}} = tfg.Switch(%[[G]], %{{.*}}) name("cond/Switch") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
// CHECK: %[[I:.*]], %{{.*}} = tfg.Identity(%[[S]]#1) name("cond/switch_t") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
// CHECK: tfg.Identity(%[[I]]) name("cond/read") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
// CHECK: tfg.Identity(%[[S]]#0) name("cond/read_f") {T = f32}
// CHECK-NOT: resource
module @cond {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("training") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %v, %cv = tfg.VarHandleOp name("gamma") {dtype = f32, shape = #tfg.shape<2>, container = "", shared_name = "gamma"} : () -> (tensor<!tfg.resource>)
    %s:2, %cs = tfg.Switch(%v, %p) name("cond/Switch") {T = !tfg.resource} : (tensor<!tfg.resource>, tensor<i1>) -> (tensor<!tfg.resource>, tensor<!tfg.resource>)
    %i, %ci = tfg.Identity(%s#1) name("cond/switch_t") {T = !tfg.resource} : (tensor<!tfg.resource>) -> (tensor<!tfg.resource>)
    %r, %cr = tfg.ReadVariableOp(%i) name("cond/read") {dtype = f32} : (tensor<!tfg.resource>) -> (tensor<2xf32>)
    %rf, %crf = tfg.ReadVariableOp(%s#0) name("cond/read_f") {dtype = f32} : (tensor<!tfg.resource>) -> (tensor<2xf32>)
    %m:2, %cm = tfg.Merge(%rf, %r) name("cond/Merge") {N = 2, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
    %o, %co = tfg.Identity(%m#0) name("out") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// A loop: Enter carries the handle into the frame, a Merge / NextIteration
// cycle keeps it there; the read inside the body sees the value.
// CHECK-LABEL: module @loop
// CHECK: %[[STEP:.*]], %{{.*}} = tfg.Const name("step") {dtype = i32, value = dense<3> : tensor<i32>}
// CHECK: %[[E:.*]], %{{.*}} = tfg.Enter(%[[STEP]]) name("while/Enter") {T = i32, frame_name = "while", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
// CHECK: tfg.Identity(%[[E]]) name("while/read") {T = i32}
// CHECK-NOT: resource
module @loop {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VarHandleOp name("step") {dtype = i32, shape = #tfg.shape<>, container = "", shared_name = "step"} : () -> (tensor<!tfg.resource>)
    %e, %ce = tfg.Enter(%v) name("while/Enter") {T = !tfg.resource, frame_name = "while", is_constant = true, parallel_iterations = 10} : (tensor<!tfg.resource>) -> (tensor<!tfg.resource>)
    %r, %cr = tfg.ReadVariableOp(%e) name("while/read") {dtype = i32} : (tensor<!tfg.resource>) -> (tensor<i32>)
    %x, %cx = tfg.Placeholder name("x") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %xe, %cxe = tfg.Enter(%x) name("while/Enter_1") {T = i32, frame_name = "while", is_constant = false, parallel_iterations = 10} : (tensor<i32>) -> (tensor<i32>)
    %m:2, %cm = tfg.Merge(%xe, %n) name("while/Merge") {N = 2, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    %lt, %clt = tfg.Less(%m#0, %r) name("while/Less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    %c, %cc = tfg.LoopCond(%lt) name("while/LoopCond") : (tensor<i1>) -> (tensor<i1>)
    %s:2, %cs = tfg.Switch(%m#0, %c) name("while/Switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
    %one, %cone = tfg.Const [%cs] name("while/one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %add, %cadd = tfg.Add(%s#1, %one) name("while/add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %n, %cn = tfg.NextIteration(%add) name("while/NextIteration") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    %out, %cout = tfg.Exit(%s#0) name("while/Exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  }
}

// -----

// An embedding lookup: ResourceGather becomes GatherV2 of the table, its
// axis at batch_dims.
// CHECK-LABEL: module @embedding
// CHECK: %[[T:.*]], %{{.*}} = tfg.Const name("emb") {dtype = f32, value = dense<{{.*}}> : tensor<3x2xf32>}
// CHECK: %[[IDS:.*]], %{{.*}} = tfg.Placeholder name("ids")
// CHECK: %[[AXIS:.*]], %{{.*}} = tfg.Const name("lookup/axis") {dtype = i32, value = dense<0> : tensor<i32>}
// CHECK: tfg.GatherV2(%[[T]], %[[IDS]], %[[AXIS]]) name("lookup") {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<3x2xf32>, tensor<4xi32>, tensor<i32>) -> (tensor<4x2xf32>)
module @embedding {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %v, %cv = tfg.VarHandleOp name("emb") {dtype = f32, shape = #tfg.shape<3x2>, container = "", shared_name = "emb"} : () -> (tensor<!tfg.resource>)
    %ids, %cids = tfg.Placeholder name("ids") {dtype = i32, shape = #tfg.shape<4>} : () -> (tensor<4xi32>)
    %g, %cg = tfg.generic "ResourceGather"(%v, %ids) name("lookup") {Tindices = i32, batch_dims = 0 : i64, dtype = f32, validate_indices = true} : (tensor<!tfg.resource>, tensor<4xi32>) -> (tensor<4x2xf32>)
    %o, %co = tfg.Identity(%g) name("out") {T = f32} : (tensor<4x2xf32>) -> (tensor<4x2xf32>)
  }
}
