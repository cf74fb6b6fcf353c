// Loop state whose shape changes across iterations, run on the CPU: a loop
// variable grown by ConcatV2 (its dimension becomes dynamic), a growing
// TensorArray (dynamic_size = true, element shape of unknown rank) that
// each iteration appends a data-dependent number of rows to, concatenated
// after the loop (also as TF1's v1 frames build it, and written from an
// If in the body), and an If whose branches return [2,3] and [0,3].
// Values by hand.
// DEFINE: %{outs} = grown,grown:2,concat,concat:1,v1concat,v1concat:1,ifcat,ifcat:1,size,read1,read_last,gather,pick,pick_rows
// RUN: %python %S/Inputs/make_npy.py %t.x.npy "<f4" 4 "1,2,3,0.5"
// RUN: %python %S/Inputs/make_npy.py %t.n3.npy "<i4" "" 3
// RUN: %python %S/Inputs/make_npy.py %t.n0.npy "<i4" "" 0
// RUN: %python %S/Inputs/make_npy.py %t.t.npy "|b1" "" 1
// RUN: %python %S/Inputs/make_npy.py %t.f.npy "|b1" "" 0
// RUN: tfg-run %s --input x=%t.x.npy --input n=%t.n3.npy --input p=%t.t.npy --outputs %{outs} --print-outputs 12 | FileCheck %s --check-prefixes=CHECK,N3,TRUE
// RUN: tfg-run %s --input x=%t.x.npy --input n=%t.n0.npy --input p=%t.f.npy --outputs %{outs} --print-outputs 12 | FileCheck %s --check-prefixes=CHECK,N0,FALSE
// RUN: tfg-opt %s --tfg-raise-v1-control-flow | FileCheck %s --check-prefix=RAISED

// The v1 frame becomes one While carrying the counter and the flow (the
// handle and x enter as constants: invariants).
// RAISED: tfg.generic "While"({{[^)]*}}) name("v1") {T = [i32, f32, i32, f32, !tfg.resource]
// RAISED-NOT: tfg.{{(Enter|Exit|Switch|Merge|LoopCond|NextIteration)}}

// CHECK: compile:
// v = concat(v, 2 v), n times from [1]: [1 2], [1 2 2 4], [1 2 2 4 2 4 4 8].
// N3-DAG: grown = 3{{$}}
// N3-DAG: grown:2 = 1 2 2 4 2 4 4 8{{$}}
// N0-DAG: grown = 0{{$}}
// N0-DAG: grown:2 = 1{{$}}
// Iteration i writes x[x > i] at index i: x = [1 2 3 0.5] gives [1 2 3 0.5],
// [2 3], [3]; Concat joins them and gives their lengths.
// N3-DAG: concat = 1 2 3 0.5 2 3 3{{$}}
// N3-DAG: concat:1 = 4 2 1{{$}}
// N3-DAG: size = 3{{$}}
// N3-DAG: v1concat = 1 2 3 0.5 2 3 3{{$}}
// N3-DAG: v1concat:1 = 4 2 1{{$}}
// N0-DAG: v1concat ={{$}}
// N0-DAG: v1concat:1 ={{$}}
// The cond writes at i = 0 ([1 2 3 0.5]) and i = 2 ([3]).
// N3-DAG: ifcat = 1 2 3 0.5 3{{$}}
// N3-DAG: ifcat:1 = 4 1{{$}}
// N0-DAG: ifcat ={{$}}
// N3-DAG: read1 = 2 3{{$}}
// N3-DAG: read_last = 3{{$}}
// Gather of element 1 twice: [[2 3] [2 3]].
// N3-DAG: gather = 2 3 2 3{{$}}
// No iteration: nothing written, an empty concatenation and no lengths.
// N0-DAG: concat ={{$}}
// N0-DAG: concat:1 ={{$}}
// N0-DAG: size = 0{{$}}
// If: the then branch gives a [2,3] constant, the else branch [0,3] (a
// slice of it); the result's first dimension is dynamic.
// TRUE-DAG: pick = 1 2 3 4 5 6{{$}}
// TRUE-DAG: pick_rows = 2{{$}}
// FALSE-DAG: pick ={{$}}
// FALSE-DAG: pick_rows = 0{{$}}
module {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<4>} : () -> (tensor<4xf32>)
    %n, %cn = tfg.Placeholder name("n") {dtype = i32, shape = #tfg.shape<>} : () -> (tensor<i32>)
    %p, %cp = tfg.Placeholder name("p") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %v0, %cv0 = tfg.Const name("v0") {dtype = f32, value = dense<[1.0]> : tensor<1xf32>} : () -> (tensor<1xf32>)
    %g:3, %cg = tfg.generic "While"(%zero, %n, %v0) name("grown") {T = [i32, i32, f32], cond = #tfg.func<"below_n", {}>, body = #tfg.func<"concat_double", {}>} : (tensor<i32>, tensor<i32>, tensor<1xf32>) -> (tensor<i32>, tensor<i32>, tensor<*xf32>)
    // The mtcnn idiom: a dynamic_size array of size 0, element shape of
    // unknown rank, written at the loop counter.
    %ta:2, %cta = tfg.TensorArrayV3(%zero) name("ta") {clear_after_read = true, dtype = f32, dynamic_size = true, element_shape = #tfg.shape<*>, identical_element_shapes = false, tensor_array_name = ""} : (tensor<i32>) -> (tensor<*x!tfg.resource>, tensor<*xf32>)
    %w:5, %cw = tfg.generic "While"(%zero, %n, %x, %ta#0, %ta#1) name("select") {T = [i32, i32, f32, !tfg.resource, f32], cond = #tfg.func<"select_cond", {}>, body = #tfg.func<"select_body", {}>} : (tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xi32>, tensor<*xf32>, tensor<*x!tfg.resource>, tensor<*xf32>)
    %cat:2, %ccat = tfg.TensorArrayConcatV3(%ta#0, %w#4) name("concat") {dtype = f32, element_shape_except0 = #tfg.shape<>} : (tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi64>)
    %size, %csize = tfg.generic "TensorArraySizeV3"(%ta#0, %w#4) name("size") : (tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xi32>)
    %r1, %cr1 = tfg.generic "TensorArrayReadV3"(%ta#0, %one, %w#4) name("read1") {dtype = f32} : (tensor<*x!tfg.resource>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
    %last, %clast = tfg.Sub(%size, %one) name("last") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %rl, %crl = tfg.generic "TensorArrayReadV3"(%ta#0, %last, %w#4) name("read_last") {dtype = f32} : (tensor<*x!tfg.resource>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>)
    %ones, %cones = tfg.Const name("ones") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %ga, %cga = tfg.generic "TensorArrayGatherV3"(%ta#0, %ones, %w#4) name("gather") {dtype = f32, element_shape = #tfg.shape<*>} : (tensor<*x!tfg.resource>, tensor<2xi32>, tensor<*xf32>) -> (tensor<*xf32>)
    %pick, %cpick = tfg.generic "If"(%p) name("pick") {Tcond = i1, Tin = [], Tout = [f32], then_branch = #tfg.func<"two_rows", {}>, else_branch = #tfg.func<"no_rows", {}>} : (tensor<i1>) -> (tensor<*xf32>)
    %shape, %cshape = tfg.Shape(%pick) name("pick_shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
    %rows, %crows = tfg.StridedSlice(%shape, %zero1, %one1, %one1) name("pick_rows") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
    %zero1, %czero1 = tfg.Const name("zero1") {dtype = i32, value = dense<[0]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %one1, %cone1 = tfg.Const name("one1") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    // The same selection loop as TF1 builds it (v1 frames, raised to a
    // While by the lowering): the array's handle and x enter as constants,
    // the counter and the flow are the loop variables.
    %vta:2, %cvta = tfg.TensorArrayV3(%zero) name("v1/ta") {clear_after_read = true, dtype = f32, dynamic_size = true, element_shape = #tfg.shape<*>, identical_element_shapes = false, tensor_array_name = ""} : (tensor<i32>) -> (tensor<*x!tfg.resource>, tensor<*xf32>)
    %ve_i, %cve_i = tfg.Enter(%zero) name("v1/Enter") {T = i32, frame_name = "v1/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %ve_f, %cve_f = tfg.Enter(%vta#1) name("v1/Enter_1") {T = f32, frame_name = "v1/while_context", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
    %ve_n, %cve_n = tfg.Enter(%n) name("v1/Less/Enter") {T = i32, frame_name = "v1/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<*xi32>)
    %ve_x, %cve_x = tfg.Enter(%x) name("v1/Greater/Enter") {T = f32, frame_name = "v1/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<4xf32>) -> (tensor<*xf32>)
    %ve_h, %cve_h = tfg.Enter(%vta#0) name("v1/Write/Enter") {T = !tfg.resource, frame_name = "v1/while_context", is_constant = true, parallel_iterations = 10 : i64} : (tensor<*x!tfg.resource>) -> (tensor<*x!tfg.resource>)
    %vm_i:2, %cvm_i = tfg.Merge(%ve_i, %vni_i) name("v1/Merge") {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>)
    %vm_f:2, %cvm_f = tfg.Merge(%ve_f, %vni_f) name("v1/Merge_1") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>)
    %vlt, %cvlt = tfg.Less(%vm_i#0, %ve_n) name("v1/Less") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    %vlc, %cvlc = tfg.LoopCond(%vlt) name("v1/LoopCond") : (tensor<*xi1>) -> (tensor<*xi1>)
    %vsw_i:2, %cvsw_i = tfg.Switch(%vm_i#0, %vlc) name("v1/Switch") {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>)
    %vsw_f:2, %cvsw_f = tfg.Switch(%vm_f#0, %vlc) name("v1/Switch_1") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
    %vid_i, %cvid_i = tfg.Identity(%vsw_i#1) name("v1/Identity") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %vid_f, %cvid_f = tfg.Identity(%vsw_f#1) name("v1/Identity_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %vfi, %cvfi = tfg.Cast(%vid_i) name("v1/fi") {DstT = f32, SrcT = i32, Truncate = false} : (tensor<*xi32>) -> (tensor<*xf32>)
    %vgt, %cvgt = tfg.Greater(%ve_x, %vfi) name("v1/Greater") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
    %vwhere, %cvwhere = tfg.Where(%vgt) name("v1/Where") {T = i1} : (tensor<*xi1>) -> (tensor<*xi64>)
    %vkept, %cvkept = tfg.GatherNd(%ve_x, %vwhere) name("v1/kept") {Tindices = i64, Tparams = f32} : (tensor<*xf32>, tensor<*xi64>) -> (tensor<*xf32>)
    %vw, %cvw = tfg.TensorArrayWriteV3(%ve_h, %vid_i, %vkept, %vid_f) name("v1/Write") {T = f32} : (tensor<*x!tfg.resource>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %vone, %cvone = tfg.Const [%cvid_i] name("v1/add/y") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %vadd, %cvadd = tfg.AddV2(%vid_i, %vone) name("v1/add") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %vni_i, %cvni_i = tfg.NextIteration(%vadd) name("v1/NextIteration") {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>)
    %vni_f, %cvni_f = tfg.NextIteration(%vw) name("v1/NextIteration_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %vx_f, %cvx_f = tfg.Exit(%vsw_f#0) name("v1/Exit_1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %vcat:2, %cvcat = tfg.TensorArrayConcatV3(%vta#0, %vx_f) name("v1concat") {dtype = f32, element_shape_except0 = #tfg.shape<>} : (tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi64>)
    // A cond in the loop body writes the array on even iterations only, at
    // a counter of its own: the flow goes through the If.
    %ita:2, %cita = tfg.TensorArrayV3(%zero) name("ita") {dtype = f32, dynamic_size = true, element_shape = #tfg.shape<*>} : (tensor<i32>) -> (tensor<*x!tfg.resource>, tensor<*xf32>)
    %iw:6, %ciw = tfg.generic "While"(%zero, %zero, %n, %x, %ita#0, %ita#1) name("cond_loop") {T = [i32, i32, i32, f32, !tfg.resource, f32], cond = #tfg.func<"cond_loop_c", {}>, body = #tfg.func<"cond_loop_b", {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xf32>, tensor<*x!tfg.resource>, tensor<*xf32>)
    %icat:2, %cicat = tfg.TensorArrayConcatV3(%ita#0, %iw#5) name("ifcat") {dtype = f32, element_shape_except0 = #tfg.shape<>} : (tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi64>)
  }
  tfg.func @cond_loop_c(%i: tensor<*xi32>, %j: tensor<*xi32>, %n: tensor<*xi32>, %x: tensor<*xf32>, %h: tensor<*x!tfg.resource>, %f: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control, %c5: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "j", type = i32>, #tfg.arg<name = "n", type = i32>, #tfg.arg<name = "x", type = f32>, #tfg.arg<name = "h", type = !tfg.resource>, #tfg.arg<name = "f", type = f32>],
      outputs = [#tfg.arg<name = "c", type = i1>]
  } {
    %lt, %clt = tfg.Less(%i, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @cond_loop_b(%i: tensor<*xi32>, %j: tensor<*xi32>, %n: tensor<*xi32>, %x: tensor<*xf32>, %h: tensor<*x!tfg.resource>, %f: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control, %c5: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "j", type = i32>, #tfg.arg<name = "n", type = i32>, #tfg.arg<name = "x", type = f32>, #tfg.arg<name = "h", type = !tfg.resource>, #tfg.arg<name = "f", type = f32>],
      outputs = [#tfg.arg<name = "i2", type = i32>, #tfg.arg<name = "j2", type = i32>, #tfg.arg<name = "n2", type = i32>, #tfg.arg<name = "x2", type = f32>, #tfg.arg<name = "h2", type = !tfg.resource>, #tfg.arg<name = "f2", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %two, %ctwo = tfg.Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
    %zero, %czero = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %m, %cm = tfg.FloorMod(%i, %two) name("m") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %even, %ceven = tfg.Equal(%m, %zero) name("even") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi1>)
    %r:2, %cr = tfg.generic "If"(%even, %i, %j, %x, %h, %f) name("maybe") {Tcond = i1, Tin = [i32, i32, f32, !tfg.resource, f32], Tout = [i32, f32], then_branch = #tfg.func<"wr", {}>, else_branch = #tfg.func<"skip", {}>} : (tensor<*xi1>, tensor<*xi32>, tensor<*xi32>, tensor<*xf32>, tensor<*x!tfg.resource>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>)
    %i2, %ci2 = tfg.AddV2(%i, %one) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%i2, %r#0, %n, %x, %h, %r#1 : tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xf32>, tensor<*x!tfg.resource>, tensor<*xf32>)
  }
  tfg.func @wr(%i: tensor<*xi32>, %j: tensor<*xi32>, %x: tensor<*xf32>, %h: tensor<*x!tfg.resource>, %f: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "j", type = i32>, #tfg.arg<name = "x", type = f32>, #tfg.arg<name = "h", type = !tfg.resource>, #tfg.arg<name = "f", type = f32>],
      outputs = [#tfg.arg<name = "j2", type = i32>, #tfg.arg<name = "f2", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %fi, %cfi = tfg.Cast(%i) name("fi") {DstT = f32, SrcT = i32, Truncate = false} : (tensor<*xi32>) -> (tensor<*xf32>)
    %gt, %cgt = tfg.Greater(%x, %fi) name("gt") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
    %where, %cwhere = tfg.Where(%gt) name("where") {T = i1} : (tensor<*xi1>) -> (tensor<*xi64>)
    %kept, %ckept = tfg.GatherNd(%x, %where) name("kept") {Tindices = i64, Tparams = f32} : (tensor<*xf32>, tensor<*xi64>) -> (tensor<*xf32>)
    %f2, %cf2 = tfg.TensorArrayWriteV3(%h, %j, %kept, %f) name("write") {T = f32} : (tensor<*x!tfg.resource>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %j2, %cj2 = tfg.AddV2(%j, %one) name("nextj") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%j2, %f2 : tensor<*xi32>, tensor<*xf32>)
  }
  tfg.func @skip(%i: tensor<*xi32>, %j: tensor<*xi32>, %x: tensor<*xf32>, %h: tensor<*x!tfg.resource>, %f: tensor<*xf32>, %c0: !tfg.control, %c1: !tfg.control, %c2: !tfg.control, %c3: !tfg.control, %c4: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "j", type = i32>, #tfg.arg<name = "x", type = f32>, #tfg.arg<name = "h", type = !tfg.resource>, #tfg.arg<name = "f", type = f32>],
      outputs = [#tfg.arg<name = "j2", type = i32>, #tfg.arg<name = "f2", type = f32>]
  } {
    tfg.return(%j, %f : tensor<*xi32>, tensor<*xf32>)
  }
  tfg.func @below_n(%i: tensor<*xi32>, %n: tensor<*xi32>, %v: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_n: !tfg.control, %ctl_v: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "n", type = i32>, #tfg.arg<name = "v", type = f32>],
      outputs = [#tfg.arg<name = "c", type = i1>]
  } {
    %lt, %clt = tfg.Less(%i, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @concat_double(%i: tensor<*xi32>, %n: tensor<*xi32>, %v: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_n: !tfg.control, %ctl_v: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "n", type = i32>, #tfg.arg<name = "v", type = f32>],
      outputs = [#tfg.arg<name = "i2", type = i32>, #tfg.arg<name = "n2", type = i32>, #tfg.arg<name = "v2", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %axis, %caxis = tfg.Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %i2, %ci2 = tfg.AddV2(%i, %one) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    %d, %cd = tfg.AddV2(%v, %v) name("twice") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %v2, %cv2 = tfg.ConcatV2(%v, %d, %axis) name("cat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
    tfg.return(%i2, %n, %v2 : tensor<*xi32>, tensor<*xi32>, tensor<*xf32>)
  }
  tfg.func @select_cond(%i: tensor<*xi32>, %n: tensor<*xi32>, %x: tensor<*xf32>, %h: tensor<*x!tfg.resource>, %f: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_n: !tfg.control, %ctl_x: !tfg.control, %ctl_h: !tfg.control, %ctl_f: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "n", type = i32>, #tfg.arg<name = "x", type = f32>, #tfg.arg<name = "h", type = !tfg.resource>, #tfg.arg<name = "f", type = f32>],
      outputs = [#tfg.arg<name = "c", type = i1>]
  } {
    %lt, %clt = tfg.Less(%i, %n) name("lt") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi1>)
    tfg.return(%lt : tensor<*xi1>)
  }
  tfg.func @select_body(%i: tensor<*xi32>, %n: tensor<*xi32>, %x: tensor<*xf32>, %h: tensor<*x!tfg.resource>, %f: tensor<*xf32>, %ctl_i: !tfg.control, %ctl_n: !tfg.control, %ctl_x: !tfg.control, %ctl_h: !tfg.control, %ctl_f: !tfg.control) attributes {
      inputs = [#tfg.arg<name = "i", type = i32>, #tfg.arg<name = "n", type = i32>, #tfg.arg<name = "x", type = f32>, #tfg.arg<name = "h", type = !tfg.resource>, #tfg.arg<name = "f", type = f32>],
      outputs = [#tfg.arg<name = "i2", type = i32>, #tfg.arg<name = "n2", type = i32>, #tfg.arg<name = "x2", type = f32>, #tfg.arg<name = "h2", type = !tfg.resource>, #tfg.arg<name = "f2", type = f32>]
  } {
    %one, %cone = tfg.Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %fi, %cfi = tfg.Cast(%i) name("fi") {DstT = f32, SrcT = i32, Truncate = false} : (tensor<*xi32>) -> (tensor<*xf32>)
    %gt, %cgt = tfg.Greater(%x, %fi) name("gt") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
    %where, %cwhere = tfg.Where(%gt) name("where") {T = i1} : (tensor<*xi1>) -> (tensor<*xi64>)
    %kept, %ckept = tfg.GatherNd(%x, %where) name("kept") {Tindices = i64, Tparams = f32} : (tensor<*xf32>, tensor<*xi64>) -> (tensor<*xf32>)
    %f2, %cf2 = tfg.TensorArrayWriteV3(%h, %i, %kept, %f) name("write") {T = f32} : (tensor<*x!tfg.resource>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %i2, %ci2 = tfg.AddV2(%i, %one) name("next") {T = i32} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
    tfg.return(%i2, %n, %x, %h, %f2 : tensor<*xi32>, tensor<*xi32>, tensor<*xf32>, tensor<*x!tfg.resource>, tensor<*xf32>)
  }
  tfg.func @two_rows() attributes {
      inputs = [], outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
    tfg.return(%c : tensor<2x3xf32>)
  }
  tfg.func @no_rows() attributes {
      inputs = [], outputs = [#tfg.arg<name = "y", type = f32>]
  } {
    %c, %cc = tfg.Const name("c") {dtype = f32, value = dense<0.0> : tensor<0x3xf32>} : () -> (tensor<0x3xf32>)
    tfg.return(%c : tensor<0x3xf32>)
  }
}
