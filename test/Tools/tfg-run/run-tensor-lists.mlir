// Loop state run on the CPU: TensorArrayV3 (TF1, its flow carried by the
// loop) and TensorList (TF2) ops. Values by hand.
// DEFINE: %{outs} = rnn,rnn:1,ta_states,list_states,keras_states,dynrnn_states,ta_size,list_len,read0,read1,read_i,gather_all,concat,concat:1,split_read,get_i,get2,pushed,pushed_len,popped:1,elem_shape,int_read,int_gather,cond_states
// RUN: %python %S/Inputs/make_npy.py %t.i2.npy "<i4" "" 2
// RUN: %python %S/Inputs/make_npy.py %t.i1.npy "<i4" "" 1
// RUN: %python %S/Inputs/make_npy.py %t.i9.npy "<i4" "" 9
// RUN: tfg-run %s --input i=%t.i2.npy --outputs %{outs} --print-outputs 12 | FileCheck %s --check-prefixes=CHECK,I2
// RUN: tfg-run %s --input i=%t.i1.npy --outputs %{outs} --print-outputs 12 | FileCheck %s --check-prefixes=CHECK,I1
// A run-time index out of range is clamped (TensorFlow's kernels fail):
// 9 reads the last element.
// RUN: tfg-run %s --input i=%t.i9.npy --outputs read_i,get_i --print-outputs 12 | FileCheck %s --check-prefixes=I9

// CHECK: compile:
// The RNN loop: h(t+1) = 0.5 h(t) + x[t], h0 = 0, x = [[1 2] [3 4] [5 6]]:
// h1 = [1 2], h2 = [3.5 5], h3 = [6.75 8.5]. Each step writes its state
// into a TensorArray (element_shape ?x2, the batch taken from the write)
// and into a TensorList (element_shape -1: everything from the write).
// CHECK-DAG: rnn = 3{{$}}
// CHECK-DAG: rnn:1 = 6.75 8.5{{$}}
// CHECK-DAG: ta_states = 1 2 3.5 5 6.75 8.5{{$}}
// CHECK-DAG: list_states = 1 2 3.5 5 6.75 8.5{{$}}
// The same loop as Keras writes it in TF2: x as a TensorList read with
// GetItem in the body, the states written into a list reserved with the
// element shape [1,2] known.
// CHECK-DAG: keras_states = 1 2 3.5 5 6.75 8.5{{$}}
// And as TF1's dynamic_rnn builds it: x unstacked into an input array
// (Scatter at Range(Shape(x)[0])) that the body reads, the output array
// stacked after the loop (Gather at Range(0, Size)).
// CHECK-DAG: dynrnn_states = 1 2 3.5 5 6.75 8.5{{$}}
// CHECK-DAG: ta_size = 3{{$}}
// CHECK-DAG: list_len = 3{{$}}
// Scatter [[1 2] [3 4]] to indices [2 0] of a 4-element array, then read:
// element 1 was never written (zeros).
// CHECK-DAG: read0 = 3 4{{$}}
// CHECK-DAG: read1 = 0 0{{$}}
// I2-DAG: read_i = 1 2{{$}}
// I1-DAG: read_i = 0 0{{$}}
// I9-DAG: read_i = 0 0{{$}}
// CHECK-DAG: gather_all = 3 4 0 0 1 2 0 0{{$}}
// Split iota(12) as [6 2] with lengths [2 2 2], concat back; element 1 is
// rows 2..3.
// CHECK-DAG: concat = 0 1 2 3 4 5 6 7 8 9 10 11{{$}}
// CHECK-DAG: concat:1 = 2 2 2{{$}}
// CHECK-DAG: split_read = 4 5 6 7{{$}}
// FromTensor [[1 2] [3 4] [5 6]], GetItem, PushBack [7 8], PopBack.
// I2-DAG: get_i = 5 6{{$}}
// I1-DAG: get_i = 3 4{{$}}
// I9-DAG: get_i = 5 6{{$}}
// CHECK-DAG: get2 = 5 6{{$}}
// CHECK-DAG: pushed = 1 2 3 4 5 6 7 8{{$}}
// CHECK-DAG: pushed_len = 4{{$}}
// CHECK-DAG: popped:1 = 7 8{{$}}
// CHECK-DAG: elem_shape = 2{{$}}
// An If writes a list reserved with shape -1 in one branch only (i > 1):
// the other branch gives zeros of the written shape.
// I2-DAG: cond_states = 1 2 0 0{{$}}
// I1-DAG: cond_states = 0 0 0 0{{$}}
// An int32 array of scalars: 7 written at 1, the rest zeros.
// CHECK-DAG: int_read = 7{{$}}
// CHECK-DAG: int_gather = 0 7 0{{$}}
module {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %i, %ci = tfg.Placeholder name("i") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %three, %cthree = tfg.Const name("three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %h0, %ch0 = tfg.Const name("h0") {dtype = f32, value = dense<0.0> : tensor<1x2xf32>} : () -> (tensor<1x2xf32>)
    %x, %cx = tfg.Const name("x") {dtype = f32, value = dense<[[[1.0, 2.0]], [[3.0, 4.0]], [[5.0, 6.0]]]> : tensor<3x1x2xf32>} : () -> (tensor<3x1x2xf32>)
    %unknown, %cunk = tfg.Const name("unknown_shape") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)

    // --- The RNN loop, as raising a dynamic_rnn loop gives it: the array's
    // handle a loop-invariant loop variable, its flow a carried one.
    %ta:2, %cta = tfg.TensorArrayV3(%three) name("ta") {dtype = f32, element_shape = #tfg.shape<?x2>, dynamic_size = false, clear_after_read = true, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
    %list, %clist = tfg.generic "TensorListReserve"(%unknown, %three) name("list") {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> (tensor<!tfg.variant>)
    %rnn:6, %crnn = tfg.generic "While"(%zero, %h0, %ta#0, %ta#1, %list, %x) name("rnn") {T = [i32, f32, !tfg.resource, f32, !tfg.variant, f32], cond = #tfg.func<"steps_left", {}>, body = #tfg.func<"step", {}>, parallel_iterations = 32 : i64} : (tensor<i32>, tensor<1x2xf32>, tensor<!tfg.resource>, tensor<f32>, tensor<!tfg.variant>, tensor<3x1x2xf32>) -> (tensor<i32>, tensor<*xf32>, tensor<!tfg.resource>, tensor<f32>, tensor<!tfg.variant>, tensor<*xf32>)
    %range, %crange = tfg.Const name("range") {dtype = i32, value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> (tensor<3xi32>)
    %tas, %ctas = tfg.generic "TensorArrayGatherV3"(%rnn#2, %range, %rnn#3) name("ta_states") {dtype = f32, element_shape = #tfg.shape<?x2>} : (tensor<!tfg.resource>, tensor<3xi32>, tensor<f32>) -> (tensor<*xf32>)
    %ls, %cls = tfg.generic "TensorListStack"(%rnn#4, %unknown) name("list_states") {element_dtype = f32, num_elements = 3 : i64} : (tensor<!tfg.variant>, tensor<i32>) -> (tensor<*xf32>)
    %tsz, %ctsz = tfg.generic "TensorArraySizeV3"(%rnn#2, %rnn#3) name("ta_size") : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<i32>)
    %llen, %cllen = tfg.generic "TensorListLength"(%rnn#4) name("list_len") : (tensor<!tfg.variant>) -> (tensor<i32>)
    %cclose = tfg.generic "TensorArrayCloseV3"(%rnn#2) name("close") : (tensor<!tfg.resource>) -> ()

    // --- The Keras (TF2) form: input and output lists.
    %xrow, %cxrow = tfg.Const name("xrow") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %xs, %cxs = tfg.generic "TensorListFromTensor"(%x, %xrow) name("x_list") {element_dtype = f32, shape_type = i32} : (tensor<3x1x2xf32>, tensor<2xi32>) -> (tensor<!tfg.variant>)
    %outs, %couts = tfg.generic "TensorListReserve"(%xrow, %three) name("out_list") {element_dtype = f32, shape_type = i32} : (tensor<2xi32>, tensor<i32>) -> (tensor<!tfg.variant>)
    %keras:4, %ckeras = tfg.generic "While"(%zero, %h0, %xs, %outs) name("keras") {T = [i32, f32, !tfg.variant, !tfg.variant], cond = #tfg.func<"keras_cond", {}>, body = #tfg.func<"keras_step", {}>, parallel_iterations = 32 : i64} : (tensor<i32>, tensor<1x2xf32>, tensor<!tfg.variant>, tensor<!tfg.variant>) -> (tensor<i32>, tensor<*xf32>, tensor<!tfg.variant>, tensor<!tfg.variant>)
    %ks, %cks = tfg.generic "TensorListStack"(%keras#3, %xrow) name("keras_states") {element_dtype = f32, num_elements = 3 : i64} : (tensor<!tfg.variant>, tensor<2xi32>) -> (tensor<*xf32>)

    // --- TF1's dynamic_rnn: input and output TensorArrays.
    %xshape, %cxshape = tfg.Shape(%x) name("x_shape") {T = f32, out_type = i32} : (tensor<3x1x2xf32>) -> (tensor<*xi32>)
    %b0, %cb0 = tfg.Const name("b0") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %b1, %cb1 = tfg.Const name("b1") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %steps, %csteps = tfg.StridedSlice(%xshape, %b0, %b1, %b1) name("time_steps") {Index = i32, T = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
    %in:2, %cin = tfg.TensorArrayV3(%steps) name("input_ta") {dtype = f32, element_shape = #tfg.shape<?x2>, identical_element_shapes = true} : (tensor<*xi32>) -> (tensor<!tfg.resource>, tensor<f32>)
    %one_i, %cone_i = tfg.Const name("delta") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %in_idx, %cin_idx = tfg.Range(%zero, %steps, %one_i) name("input_range") {Tidx = i32} : (tensor<i32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %in_flow, %cin_flow = tfg.generic "TensorArrayScatterV3"(%in#0, %in_idx, %x, %in#1) name("unstack") {T = f32} : (tensor<!tfg.resource>, tensor<*xi32>, tensor<3x1x2xf32>, tensor<f32>) -> (tensor<f32>)
    %out:2, %cout = tfg.TensorArrayV3(%steps) name("output_ta") {dtype = f32, element_shape = #tfg.shape<?x2>, identical_element_shapes = true} : (tensor<*xi32>) -> (tensor<!tfg.resource>, tensor<f32>)
    %dyn:6, %cdyn = tfg.generic "While"(%zero, %h0, %in#0, %in_flow, %out#0, %out#1) name("dynrnn") {T = [i32, f32, !tfg.resource, f32, !tfg.resource, f32], cond = #tfg.func<"dyn_cond", {}>, body = #tfg.func<"dyn_step", {}>, parallel_iterations = 32 : i64} : (tensor<i32>, tensor<1x2xf32>, tensor<!tfg.resource>, tensor<f32>, tensor<!tfg.resource>, tensor<f32>) -> (tensor<i32>, tensor<*xf32>, tensor<!tfg.resource>, tensor<f32>, tensor<!tfg.resource>, tensor<f32>)
    %dsize, %cdsize = tfg.generic "TensorArraySizeV3"(%dyn#4, %dyn#5) name("output_size") : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<i32>)
    %drange, %cdrange = tfg.Range(%zero, %dsize, %one_i) name("output_range") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
    %dstates, %cdstates = tfg.generic "TensorArrayGatherV3"(%dyn#4, %drange, %dyn#5) name("dynrnn_states") {dtype = f32, element_shape = #tfg.shape<?x2>} : (tensor<!tfg.resource>, tensor<*xi32>, tensor<f32>) -> (tensor<*xf32>)

    // --- Scatter, then Read (constant and run-time indices) and Gather.
    %four, %cfour = tfg.Const name("four") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
    %sa:2, %csa = tfg.TensorArrayV3(%four) name("sa") {dtype = f32, element_shape = #tfg.shape<2>, clear_after_read = false} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
    %sidx, %csidx = tfg.Const name("sidx") {dtype = i32, value = dense<[2, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %sval, %csval = tfg.Const name("sval") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %sflow, %csflow = tfg.generic "TensorArrayScatterV3"(%sa#0, %sidx, %sval, %sa#1) name("scatter") {T = f32} : (tensor<!tfg.resource>, tensor<2xi32>, tensor<2x2xf32>, tensor<f32>) -> (tensor<f32>)
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %r0, %cr0 = tfg.generic "TensorArrayReadV3"(%sa#0, %zero, %sflow) name("read0") {dtype = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
    %r1, %cr1 = tfg.generic "TensorArrayReadV3"(%sa#0, %one, %sflow) name("read1") {dtype = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
    %ri, %cri = tfg.generic "TensorArrayReadV3"(%sa#0, %i, %sflow) name("read_i") {dtype = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)
    %all, %call = tfg.Const name("all") {dtype = i32, value = dense<[0, 1, 2, 3]> : tensor<4xi32>} : () -> (tensor<4xi32>)
    %ga, %cga = tfg.generic "TensorArrayGatherV3"(%sa#0, %all, %sflow) name("gather_all") {dtype = f32, element_shape = #tfg.shape<2>} : (tensor<!tfg.resource>, tensor<4xi32>, tensor<f32>) -> (tensor<*xf32>)

    // --- Split, then Concat and Read.
    %ca:2, %cca = tfg.TensorArrayV3(%three) name("ca") {dtype = f32, element_shape = #tfg.shape<*>, clear_after_read = false} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
    %iota, %ciota = tfg.Const name("iota") {dtype = f32, value = dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0], [10.0, 11.0]]> : tensor<6x2xf32>} : () -> (tensor<6x2xf32>)
    %lengths, %clengths = tfg.Const name("lengths") {dtype = i64, value = dense<[2, 2, 2]> : tensor<3xi64>} : () -> (tensor<3xi64>)
    %cflow, %ccflow = tfg.generic "TensorArraySplitV3"(%ca#0, %iota, %lengths, %ca#1) name("split") {T = f32} : (tensor<!tfg.resource>, tensor<6x2xf32>, tensor<3xi64>, tensor<f32>) -> (tensor<f32>)
    %cat:2, %ccat = tfg.TensorArrayConcatV3(%ca#0, %cflow) name("concat") {dtype = f32, element_shape_except0 = #tfg.shape<2>} : (tensor<!tfg.resource>, tensor<f32>) -> (tensor<*xf32>, tensor<*xi64>)
    %sr, %csr = tfg.generic "TensorArrayReadV3"(%ca#0, %one, %cflow) name("split_read") {dtype = f32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xf32>)

    // --- FromTensor, GetItem, PushBack, PopBack, ElementShape.
    %rows, %crows = tfg.Const name("rows") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> (tensor<3x2xf32>)
    %eshape, %ceshape = tfg.Const name("eshape") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %fl, %cfl = tfg.generic "TensorListFromTensor"(%rows, %eshape) name("from_tensor") {element_dtype = f32, shape_type = i32} : (tensor<3x2xf32>, tensor<1xi32>) -> (tensor<!tfg.variant>)
    %gi, %cgi = tfg.generic "TensorListGetItem"(%fl, %i, %eshape) name("get_i") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<i32>, tensor<1xi32>) -> (tensor<*xf32>)
    %two, %ctwo = tfg.Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
    %g2, %cg2 = tfg.generic "TensorListGetItem"(%fl, %two, %eshape) name("get2") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<i32>, tensor<1xi32>) -> (tensor<*xf32>)
    %item, %citem = tfg.Const name("item") {dtype = f32, value = dense<[7.0, 8.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %pl, %cpl = tfg.generic "TensorListPushBack"(%fl, %item) name("push") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<2xf32>) -> (tensor<!tfg.variant>)
    %ps, %cps = tfg.generic "TensorListStack"(%pl, %eshape) name("pushed") {element_dtype = f32, num_elements = -1 : i64} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<*xf32>)
    %plen, %cplen = tfg.generic "TensorListLength"(%pl) name("pushed_len") : (tensor<!tfg.variant>) -> (tensor<i32>)
    %pop:2, %cpop = tfg.generic "TensorListPopBack"(%pl, %eshape) name("popped") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<1xi32>) -> (tensor<!tfg.variant>, tensor<*xf32>)
    %ia:2, %cia = tfg.TensorArrayV3(%three) name("ints") {dtype = i32, element_shape = #tfg.shape<>, clear_after_read = false} : (tensor<i32>) -> (tensor<!tfg.resource>, tensor<f32>)
    %seven, %cseven = tfg.Const name("seven") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
    %iw, %ciw = tfg.TensorArrayWriteV3(%ia#0, %one, %seven, %ia#1) name("int_write") {T = i32} : (tensor<!tfg.resource>, tensor<i32>, tensor<i32>, tensor<f32>) -> (tensor<f32>)
    %ir, %cir = tfg.generic "TensorArrayReadV3"(%ia#0, %one, %iw) name("int_read") {dtype = i32} : (tensor<!tfg.resource>, tensor<i32>, tensor<f32>) -> (tensor<*xi32>)
    %ig, %cig = tfg.generic "TensorArrayGatherV3"(%ia#0, %range, %iw) name("int_gather") {dtype = i32, element_shape = #tfg.shape<>} : (tensor<!tfg.resource>, tensor<3xi32>, tensor<f32>) -> (tensor<*xi32>)
    %p, %cp = tfg.Greater(%i, %one) name("p") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<*xi1>)
    %cl, %ccl = tfg.generic "TensorListReserve"(%unknown, %two) name("cond_list") {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> (tensor<!tfg.variant>)
    %cw, %ccw = tfg.generic "If"(%p, %cl) name("cond_write") {Tcond = i1, Tin = [!tfg.variant], Tout = [!tfg.variant], then_branch = #tfg.func<"write_first", {}>, else_branch = #tfg.func<"keep", {}>} : (tensor<*xi1>, tensor<!tfg.variant>) -> (tensor<!tfg.variant>)
    %cs, %ccs = tfg.generic "TensorListStack"(%cw, %unknown) name("cond_states") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<i32>) -> (tensor<*xf32>)
    %es, %ces = tfg.generic "TensorListElementShape"(%pop#0) name("elem_shape") {shape_type = i32} : (tensor<!tfg.variant>) -> (tensor<*xi32>)
  }
  tfg.func @steps_left(%t: tensor<*xi32>, %h: tensor<*xf32>, %ta: tensor<!tfg.resource>, %flow: tensor<*xf32>, %list: tensor<!tfg.variant>, %x: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control, %c5: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "h", type = f32>, #tfg.arg<name = "ta", type = !tfg.resource>, #tfg.arg<name = "flow", type = f32>, #tfg.arg<name = "list", type = !tfg.variant>, #tfg.arg<name = "x", type = f32>],
      outputs = [#tfg.arg<name = "more", type = i1>]
  } {
    %n, %cn = tfg.Const name("steps") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%t, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @keras_cond(%t: tensor<*xi32>, %h: tensor<*xf32>, %xs: tensor<!tfg.variant>, %outs: tensor<!tfg.variant>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "h", type = f32>, #tfg.arg<name = "xs", type = !tfg.variant>, #tfg.arg<name = "outs", type = !tfg.variant>],
      outputs = [#tfg.arg<name = "more", type = i1>]
  } {
    %n, %cn = tfg.Const name("steps") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %lt, %clt = tfg.Less(%t, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @keras_step(%t: tensor<*xi32>, %h: tensor<*xf32>, %xs: tensor<!tfg.variant>, %outs: tensor<!tfg.variant>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "h", type = f32>, #tfg.arg<name = "xs", type = !tfg.variant>, #tfg.arg<name = "outs", type = !tfg.variant>],
      outputs = [#tfg.arg<name = "t2", type = i32>, #tfg.arg<name = "h2", type = f32>, #tfg.arg<name = "xs2", type = !tfg.variant>, #tfg.arg<name = "outs2", type = !tfg.variant>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %half, %chalf = tfg.Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %row, %crow = tfg.Const name("row") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %xt, %cxt = tfg.generic "TensorListGetItem"(%xs, %t, %row) name("x_t") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<*xi32>, tensor<2xi32>) -> (tensor<*xf32>)
    %hh, %chh = tfg.Mul(%h, %half) name("decay") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
    %h2, %ch2 = tfg.AddV2(%hh, %xt) name("h_next") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %outs2, %couts2 = tfg.generic "TensorListSetItem"(%outs, %t, %h2) name("set") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<!tfg.variant>)
    %t2, %ct2 = tfg.AddV2(%t, %one) name("t_next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%t2, %h2, %xs, %outs2 : tensor<*xi32>, tensor<*xf32>, tensor<!tfg.variant>, tensor<!tfg.variant>)
  }
  tfg.func @dyn_cond(%t: tensor<*xi32>, %h: tensor<*xf32>, %in: tensor<!tfg.resource>, %in_flow: tensor<*xf32>, %out: tensor<!tfg.resource>, %out_flow: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control, %c5: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "h", type = f32>, #tfg.arg<name = "in", type = !tfg.resource>, #tfg.arg<name = "in_flow", type = f32>, #tfg.arg<name = "out", type = !tfg.resource>, #tfg.arg<name = "out_flow", type = f32>],
      outputs = [#tfg.arg<name = "more", type = i1>]
  } {
    %n, %cn = tfg.generic "TensorArraySizeV3"(%in, %in_flow) name("steps") : (tensor<!tfg.resource>, tensor<*xf32>) -> (tensor<i32>)
    %lt, %clt = tfg.Less(%t, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @dyn_step(%t: tensor<*xi32>, %h: tensor<*xf32>, %in: tensor<!tfg.resource>, %in_flow: tensor<*xf32>, %out: tensor<!tfg.resource>, %out_flow: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control, %c5: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "h", type = f32>, #tfg.arg<name = "in", type = !tfg.resource>, #tfg.arg<name = "in_flow", type = f32>, #tfg.arg<name = "out", type = !tfg.resource>, #tfg.arg<name = "out_flow", type = f32>],
      outputs = [#tfg.arg<name = "t2", type = i32>, #tfg.arg<name = "h2", type = f32>, #tfg.arg<name = "in2", type = !tfg.resource>, #tfg.arg<name = "in_flow2", type = f32>, #tfg.arg<name = "out2", type = !tfg.resource>, #tfg.arg<name = "out_flow2", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %half, %chalf = tfg.Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %xt, %cxt = tfg.generic "TensorArrayReadV3"(%in, %t, %in_flow) name("x_t") {dtype = f32} : (tensor<!tfg.resource>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>)
    %hh, %chh = tfg.Mul(%h, %half) name("decay") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
    %h2, %ch2 = tfg.AddV2(%hh, %xt) name("h_next") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %flow2, %cflow2 = tfg.TensorArrayWriteV3(%out, %t, %h2, %out_flow) name("write") {T = f32} : (tensor<!tfg.resource>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<f32>)
    %t2, %ct2 = tfg.AddV2(%t, %one) name("t_next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%t2, %h2, %in, %in_flow, %out, %flow2 : tensor<*xi32>, tensor<*xf32>, tensor<!tfg.resource>, tensor<*xf32>, tensor<!tfg.resource>, tensor<f32>)
  }
  tfg.func @write_first(%l: tensor<!tfg.variant>, %c0: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "l", type = !tfg.variant>], outputs = [#tfg.arg<name = "l2", type = !tfg.variant>]
  } {
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %v, %cv = tfg.Const name("v") {dtype = f32, value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %l2, %cl2 = tfg.generic "TensorListSetItem"(%l, %zero, %v) name("set") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<i32>, tensor<2xf32>) -> (tensor<!tfg.variant>)
    tfg.return(%l2 : tensor<!tfg.variant>)
  }
  tfg.func @keep(%l: tensor<!tfg.variant>, %c0: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "l", type = !tfg.variant>], outputs = [#tfg.arg<name = "l2", type = !tfg.variant>]
  } {
    tfg.return(%l : tensor<!tfg.variant>)
  }
  tfg.func @step(%t: tensor<*xi32>, %h: tensor<*xf32>, %ta: tensor<!tfg.resource>, %flow: tensor<*xf32>, %list: tensor<!tfg.variant>, %x: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control, %c5: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "t", type = i32>, #tfg.arg<name = "h", type = f32>, #tfg.arg<name = "ta", type = !tfg.resource>, #tfg.arg<name = "flow", type = f32>, #tfg.arg<name = "list", type = !tfg.variant>, #tfg.arg<name = "x", type = f32>],
      outputs = [#tfg.arg<name = "t2", type = i32>, #tfg.arg<name = "h2", type = f32>, #tfg.arg<name = "ta2", type = !tfg.resource>, #tfg.arg<name = "flow2", type = f32>, #tfg.arg<name = "list2", type = !tfg.variant>, #tfg.arg<name = "x2", type = f32>]
  } {
    %axis0, %ca0 = tfg.Const name("axis0") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %half, %chalf = tfg.Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %xt, %cxt = tfg.GatherV2(%x, %t, %axis0) name("x_t") {Tparams = f32, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<*xf32>, tensor<*xi32>, tensor<i32>) -> (tensor<*xf32>)
    %hh, %chh = tfg.Mul(%h, %half) name("decay") {T = f32} : (tensor<*xf32>, tensor<f32>) -> (tensor<*xf32>)
    %h2, %ch2 = tfg.AddV2(%hh, %xt) name("h_next") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %flow2, %cflow2 = tfg.TensorArrayWriteV3(%ta, %t, %h2, %flow) name("write") {T = f32} : (tensor<!tfg.resource>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<f32>)
    %list2, %clist2 = tfg.generic "TensorListSetItem"(%list, %t, %h2) name("set") {element_dtype = f32} : (tensor<!tfg.variant>, tensor<*xi32>, tensor<*xf32>) -> (tensor<!tfg.variant>)
    %t2, %ct2 = tfg.AddV2(%t, %one) name("t_next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%t2, %h2, %ta, %flow2, %list2, %x : tensor<*xi32>, tensor<*xf32>, tensor<!tfg.resource>, tensor<f32>, tensor<!tfg.variant>, tensor<*xf32>)
  }
}
