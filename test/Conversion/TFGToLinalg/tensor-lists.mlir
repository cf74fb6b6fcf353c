// RUN: tfg-opt %s --split-input-file --tfg-lower-to-linalg | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-graph-to-func --tfg-infer-shapes | FileCheck %s --check-prefix=INFER

// tfg-infer-shapes writes the shapes of what lists hold onto the nodes that
// read them; a flow stays a scalar (the lowering's flow carries the whole
// array, which is not the node's shape) and a list stays a variant.
// INFER-LABEL: module @rnn
// INFER: tfg.TensorArrayV3({{.*}}) -> (tensor<!tfg.resource>, tensor<f32>)
// INFER: tfg.generic "While"{{.*}} -> (tensor<i32>, tensor<!tfg.resource>, tensor<f32>, tensor<!tfg.variant>, tensor<3x1x2xf32>)
// INFER: tfg.generic "TensorArrayGatherV3"{{.*}} -> (tensor<3x1x2xf32>)
// INFER: tfg.generic "TensorListStack"{{.*}} -> (tensor<3x1x2xf32>)
// INFER-LABEL: module @straight
// INFER: tfg.generic "TensorListGetItem"{{.*}} -> (tensor<2xf32>)
// INFER: tfg.generic "TensorListStack"{{.*}} -> (tensor<4x2xf32>)
// INFER: tfg.generic "TensorArrayScatterV3"{{.*}} -> (tensor<f32>)

// An RNN loop as dynamic_rnn / Keras build it: each step writes its state
// into a TensorArray (element_shape ?x2, the flow a carried loop variable,
// the handle a loop-invariant one) and a TensorList reserved with shape -1.
// Neither element shape is known when the loop starts: the body's writes
// give it (1x2), so the loop carries two zero-initialized 3x1x2 tensors;
// each write is an insert_slice at the (clamped) step, the handle and the
// unset encoding are gone, and the Gather after the loop is an scf.for.
// CHECK-LABEL: module @rnn
// CHECK: func.func @main(%[[X:.*]]: tensor<3x1x2xf32> {tfg.name = "x"}) -> (tensor<3x1x2xf32> {tfg.name = "ta_states"}, tensor<3x1x2xf32> {tfg.name = "list_states"})
// CHECK: %[[Z1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x1x2xf32>)
// CHECK: %[[Z2:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x1x2xf32>)
// CHECK: %[[W:.*]]:3 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[Z1]], %{{.*}} = %[[Z2]]) : (tensor<i32>, tensor<3x1x2xf32>, tensor<3x1x2xf32>)
// CHECK: } do {
// CHECK: ^bb0(%[[T:.*]]: tensor<i32>, %[[FLOW:.*]]: tensor<3x1x2xf32>, %[[LIST:.*]]: tensor<3x1x2xf32>):
// CHECK: %[[F2:.*]] = tensor.insert_slice %[[XT:.*]] into %[[FLOW]][%{{.*}}, 0, 0] [1, 1, 2] [1, 1, 1] : tensor<1x2xf32> into tensor<3x1x2xf32>
// CHECK: %[[L2:.*]] = tensor.insert_slice %[[XT]] into %[[LIST]][%{{.*}}, 0, 0] [1, 1, 2] [1, 1, 1] : tensor<1x2xf32> into tensor<3x1x2xf32>
// CHECK: scf.yield %{{.*}}, %[[F2]], %[[L2]]
// CHECK: %[[G:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<3x1x2xf32>)
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[W]]#1[%{{.*}}, 0, 0] [1, 1, 2] [1, 1, 1] : tensor<3x1x2xf32> to tensor<1x2xf32>
// CHECK: tensor.insert_slice %[[ROW]] into %[[ACC]][%[[K]], 0, 0]
// CHECK: return %[[G]], %[[W]]#2
// CHECK-NOT: tfg.unset_list
// CHECK-NOT: tfg.
module @rnn {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<3x1x2>} : () -> (tensor<3x1x2xf32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %three, %cthree = tfg.Const name("three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %unknown, %cunk = tfg.Const name("unknown_shape") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
    %ta:2, %cta = tfg.TensorArrayV3(%three) name("ta") {dtype = f32, element_shape = #tfg.shape<?x2>} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
    %list, %clist = tfg.generic "TensorListReserve"(%unknown, %three) name("list") {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> (tensor<!tfg.variant>)
    %rnn:5, %crnn = tfg.generic "While"(%zero, %ta#0, %ta#1, %list, %x) name("rnn") {T = [i32, !tfg.resource, f32, !tfg.variant, f32], cond = #tfg.func<"steps_left", {}>, body = #tfg.func<"step", {}>} : (tensor<i32>, tensor<!tfg.resource>, tensor<f32>, tensor<!tfg.variant>, tensor<3x1x2xf32>) -> (tensor<i32>, tensor<!tfg.resource>, tensor<f32>, tensor<!tfg.variant>, tensor<*xf32>)
    %range, %crange = tfg.Const name("range") {dtype = i32, value = dense<[2, 1, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>)
    %tas, %ctas = tfg.generic "TensorArrayGatherV3"(%rnn#1, %range, %rnn#2) name("ta_states") {dtype = f32, element_shape = #tfg.shape<?x2>} : (tensor<!tfg.resource>, tensor<3xi32>, tensor<f32>) -> (tensor<*xf32>)
    %ls, %cls = tfg.generic "TensorListStack"(%rnn#3, %unknown) name("list_states") {element_dtype = f32, num_elements = 3 : i64} : (tensor<!tfg.variant>, tensor<i32>) -> (tensor<*xf32>)
  }
  tfg.func @steps_left(%t: tensor<*xi32>, %ta: tensor<!tfg.resource>, %flow: tensor<*xf32>, %list: tensor<!tfg.variant>, %x: tensor<*xf32>, %c0: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control, %c5: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "ta", type = !tfg.resource>, #tfg.arg<name = "flow", type = f32>, #tfg.arg<name = "list", type = !tfg.variant>, #tfg.arg<name = "x", type = f32>],
      outputs = [#tfg.arg<name = "more", type = i1>]
  } {
    %n, %cn = tfg.Const name("steps") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%t, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @step(%t: tensor<*xi32>, %ta: tensor<!tfg.resource>, %flow: tensor<*xf32>, %list: tensor<!tfg.variant>, %x: tensor<*xf32>, %c0: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control, %c5: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "ta", type = !tfg.resource>, #tfg.arg<name = "flow", type = f32>, #tfg.arg<name = "list", type = !tfg.variant>, #tfg.arg<name = "x", type = f32>],
      outputs = [#tfg.arg<name = "t2", type = i32>, #tfg.arg<name = "ta2", type = !tfg.resource>, #tfg.arg<name = "flow2", type = f32>, #tfg.arg<name = "list2", type = !tfg.variant>, #tfg.arg<name = "x2", type = f32>]
  } {
    %axis0, %ca0 = tfg.Const name("axis0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %xt, %cxt = tfg.GatherV2(%x, %t, %axis0) name("x_t") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xf32>)
    %flow2, %cflow2 = tfg.TensorArrayWriteV3(%ta, %t, %xt, %flow) name("write") {T = f32} : (tensor<!tfg.resource>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<f32>)
    %list2, %clist2 = tfg.generic "TensorListSetItem"(%list, %t, %xt) name("set") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<!tfg.variant>)
    %t2, %ct2 = tfg.AddV2(%t, %one) name("t_next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%t2, %ta, %flow2, %list2, %x : tensor<*xi32>, tensor<!tfg.resource>, tensor<f32>, tensor<!tfg.variant>, tensor<*xf32>)
  }
}

// -----

// Straight-line lists: a Reserve with a known element shape is zeros;
// FromTensor and Stack are the tensor itself; GetItem at a constant index is
// a static extract_slice; Length, Size and ElementShape are constants;
// Concat of elements [2] is a collapse of the array, with lengths 2 each;
// Close leaves nothing.
// CHECK-LABEL: module @straight
// CHECK: func.func @main(%[[R:.*]]: tensor<3x2xf32> {tfg.name = "rows"})
// CHECK-DAG: %[[LEN:.*]] = arith.constant dense<3> : tensor<i32>
// CHECK-DAG: %[[SHAPE:.*]] = arith.constant dense<2> : tensor<1xi32>
// CHECK-DAG: %[[LENGTHS:.*]] = arith.constant dense<2> : tensor<3xi64>
// CHECK-DAG: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x2xf32>)
// CHECK-DAG: %[[ROW:.*]] = tensor.extract_slice %[[R]][1, 0] [1, 2] [1, 1] : tensor<3x2xf32> to tensor<2xf32>
// The Scatter: a loop writing row k of the value at indices[k].
// CHECK: %[[SC:.*]] = scf.for %[[K:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<3x2xf32>)
// CHECK: %[[V:.*]] = tensor.extract_slice %[[R]][%[[K]], 0] [1, 2] [1, 1] : tensor<3x2xf32> to tensor<2xf32>
// CHECK: tensor.insert_slice %[[V]] into %[[ACC]][%{{.*}}, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<3x2xf32>
// CHECK: %[[CAT:.*]] = tensor.collapse_shape %[[SC]] {{\[\[}}0, 1]] : tensor<3x2xf32> into tensor<6xf32>
// CHECK: return %[[ROW]], %[[R]], %[[LEN]], %[[SHAPE]], %[[Z]], %[[LEN]], %[[CAT]], %[[LENGTHS]]
module @straight {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %rows, %crows = tfg.Placeholder name("rows") {dtype = f32, shape = #tfg.shape<3x2>} : () -> (tensor<3x2xf32>)
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %four, %cfour = tfg.Const name("four") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
    %three, %cthree = tfg.Const name("three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %es, %ces = tfg.Const name("es") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %fl, %cfl = tfg.generic "TensorListFromTensor"(%rows, %es) name("fl") {element_dtype = f32, shape_type = i32} : (tensor<3x2xf32>, tensor<1xi32>) -> (tensor<!tfg.variant>)
    %g, %cg = tfg.generic "TensorListGetItem"(%fl, %one, %es) name("get") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<i32>, tensor<1xi32>) -> (tensor<*xf32>)
    %s, %cs = tfg.generic "TensorListStack"(%fl, %es) name("stack") {element_dtype = f32, num_elements = 3 : i64} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<*xf32>)
    %n, %cn = tfg.generic "TensorListLength"(%fl) name("len") : (tensor<!tfg.variant>) -> (tensor<i32>)
    %sh, %csh = tfg.generic "TensorListElementShape"(%fl) name("shape") {shape_type = i32} : (tensor<!tfg.variant>) -> (tensor<*xi32>)
    %rl, %crl = tfg.generic "TensorListReserve"(%es, %four) name("reserved") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
    %z, %cz = tfg.generic "TensorListStack"(%rl, %es) name("zeros") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<*xf32>)
    %ta:2, %cta = tfg.TensorArrayV3(%three) name("ta") {dtype = f32, element_shape = #tfg.shape<2>} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
    %r, %cr = tfg.Const name("r") {dtype = i32, value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> (tensor<3xi32>)
    %sf, %csf = tfg.generic "TensorArrayScatterV3"(%ta#0, %r, %rows, %ta#1) name("scatter") {T = f32} : (tensor<!tfg.resource>, tensor<3xi32>, tensor<3x2xf32>, tensor<f32>) -> (tensor<f32>)
    %sz, %csz = tfg.generic "TensorArraySizeV3"(%ta#0, %sf) name("size") : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<i32>)
    %cat:2, %ccat = tfg.TensorArrayConcatV3(%ta#0, %sf) name("concat") {dtype = f32} : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<*xf32>, tensor<*xi64>)
    %cclose = tfg.generic "TensorArrayCloseV3"(%ta#0) [%ccat] name("close") : (tensor<!tfg.resource>) -> ()
    %out:8, %cout = tfg.IdentityN(%g, %s, %n, %sh, %z, %sz, %cat#0, %cat#1) [%cclose] name("out") {T = [f32, f32, i32, i32, f32, i32, f32, i64]} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<*xi32>, tensor<*xf32>, tensor<i32>, tensor<*xf32>, tensor<*xi64>) -> (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<*xi32>, tensor<*xf32>, tensor<i32>, tensor<*xf32>, tensor<*xi64>)
  }
}
