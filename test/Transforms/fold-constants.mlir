// RUN: tfg-opt %s --split-input-file --tfg-fold-constants | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-fold-constants="max-constant-size=8" | FileCheck %s --check-prefix=LIMIT

// Integer semantics: floor division and modulo round toward -inf, adds wrap
// at 32 bits, casts to uint8 wrap; float32 division rounds to float32;
// int32 compares exactly. Folded nodes keep their names.
// CHECK-LABEL: module @integer_semantics
// CHECK-DAG: tfg.Const name("floordiv") {dtype = i32, value = dense<[3, -4, 2147483647]> : tensor<3xi32>}
// CHECK-DAG: tfg.Const name("floormod") {dtype = i32, value = dense<[1, 1, 0]> : tensor<3xi32>}
// CHECK-DAG: tfg.Const name("wraps") {dtype = i32, value = dense<[9, -5, -2147483648]> : tensor<3xi32>}
// CHECK-DAG: tfg.Const name("third") {dtype = f32, value = dense<[0.333333343, 1.000000e+00]> : tensor<2xf32>}
// CHECK-DAG: tfg.Const name("less") {dtype = i1, value = dense<[false, true, false]> : tensor<3xi1>}
// CHECK-DAG: tfg.Const name("cast") {dtype = i32, value = dense<[1, -3]> : tensor<2xi32>}
// CHECK-DAG: tfg.Const name("to_u8") {dtype = ui8, value = dense<[7, 249, 255]> : tensor<3xui8>}
// The inputs go with their last reader.
// CHECK-NOT: name("i")
// CHECK-NOT: name("j")
// CHECK-NOT: tfg.FloorDiv
// LIMIT-LABEL: module @integer_semantics
// LIMIT: tfg.FloorDiv
module @integer_semantics {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %i, %ci = tfg.Const name("i") {dtype = i32, value = dense<[7, -7, 2147483647]> : tensor<3xi32>} : () -> (tensor<3xi32>)
    %j, %cj = tfg.Const name("j") {dtype = i32, value = dense<[2, 2, 1]> : tensor<3xi32>} : () -> (tensor<3xi32>)
    %fd, %cfd = tfg.FloorDiv(%i, %j) name("floordiv") {T = i32} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<*xi32>)
    %fm, %cfm = tfg.FloorMod(%i, %j) name("floormod") {T = i32} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<*xi32>)
    %ad, %cad = tfg.AddV2(%i, %j) name("wraps") {T = i32} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<*xi32>)
    %f, %cf = tfg.Const name("f") {dtype = f32, value = dense<[1.0, -3.7]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %g, %cg = tfg.Const name("g") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
    %one, %cone = tfg.Const name("one_three") {dtype = f32, value = dense<[1.0, 3.0]> : tensor<2xf32>} : () -> (tensor<2xf32>)
    %dv, %cdv = tfg.RealDiv(%one, %g) name("third") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<*xf32>)
    %lt, %clt = tfg.Less(%i, %j) name("less") {T = i32} : (tensor<3xi32>, tensor<3xi32>) -> (tensor<*xi1>)
    %c, %cc = tfg.Cast(%f) name("cast") {SrcT = f32, DstT = i32, Truncate = false} : (tensor<2xf32>) -> (tensor<*xi32>)
    %u8, %cu8 = tfg.Cast(%i) name("to_u8") {SrcT = i32, DstT = ui8, Truncate = false} : (tensor<3xi32>) -> (tensor<*xui8>)
  }
}

// -----

// Shape ops: StridedSlice with masks and negative strides, shrink axis;
// Tile, GatherV2 on axis 1, Sum keeping dims, Pad; Unpack's parts are
// folded into the Pack that reads them, and the unread part is dropped.
// CHECK-LABEL: module @shape_ops
// CHECK-DAG: tfg.Const name("every_other_row_reversed") {dtype = i32, value = dense<{{\[\[}}3, 2, 1, 0], [11, 10, 9, 8]]> : tensor<2x4xi32>}
// CHECK-DAG: tfg.Const name("row1") {dtype = i32, value = dense<[4, 5, 6, 7]> : tensor<4xi32>}
// CHECK-DAG: tfg.Const name("rows_1_to_2") {dtype = i32, value = dense<{{\[\[}}4, 5, 6, 7]]> : tensor<1x4xi32>}
// CHECK-DAG: tfg.Const name("tile") {dtype = i32, value = dense<{{\[\[}}0, 1, 2, 3, 0, 1, 2, 3], [4, 5, 6, 7, 4, 5, 6, 7], [8, 9, 10, 11, 8, 9, 10, 11]]> : tensor<3x8xi32>}
// CHECK-DAG: tfg.Const name("gather") {dtype = i32, value = dense<{{\[\[}}3, 0], [7, 4], [11, 8]]> : tensor<3x2xi32>}
// CHECK-DAG: tfg.Const name("sum") {dtype = i32, value = dense<{{\[\[}}6], [22], [38]]> : tensor<3x1xi32>}
// CHECK-DAG: tfg.Const name("packed") {dtype = i32, value = dense<{{\[\[}}8, 0], [9, 1], [10, 2], [11, 3]]> : tensor<4x2xi32>}
// CHECK-DAG: tfg.Const name("pad") {dtype = i32, value = dense<{{\[\[}}0, 0, 1, 2, 3, 0, 0], [0, 4, 5, 6, 7, 0, 0], [0, 8, 9, 10, 11, 0, 0]]> : tensor<3x7xi32>}
// CHECK-NOT: name("rows
// CHECK-NOT: tfg.Unpack
module @shape_ops {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Const name("x") {dtype = i32, value = dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>} : () -> (tensor<3x4xi32>)
    %b, %cb = tfg.Const name("b") {dtype = i32, value = dense<[0, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %e, %ce = tfg.Const name("e") {dtype = i32, value = dense<[0, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %s, %cs = tfg.Const name("s") {dtype = i32, value = dense<[2, -1]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %ss, %css = tfg.StridedSlice(%x, %b, %e, %s) name("every_other_row_reversed") {T = i32, Index = i32, begin_mask = 0 : i64, end_mask = 3 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<3x4xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<*xi32>)
    %b1, %cb1 = tfg.Const name("b1") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %e1, %ce1 = tfg.Const name("e1") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %s1, %cs1 = tfg.Const name("s1") {dtype = i32, value = dense<[1]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %sh, %csh = tfg.StridedSlice(%x, %b1, %e1, %s1) name("row1") {T = i32, Index = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<3x4xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
    %el, %cel = tfg.StridedSlice(%x, %b1, %e1, %s1) name("rows_1_to_2") {T = i32, Index = i32, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<3x4xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<*xi32>)
    %m, %cm = tfg.Const name("m") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %t, %ct = tfg.Tile(%x, %m) name("tile") {T = i32, Tmultiples = i32} : (tensor<3x4xi32>, tensor<2xi32>) -> (tensor<*xi32>)
    %ax, %cax = tfg.Const name("axis") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %ix, %cix = tfg.Const name("idx") {dtype = i32, value = dense<[3, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %g, %cg = tfg.GatherV2(%x, %ix, %ax) name("gather") {Tparams = i32, Tindices = i32, Taxis = i32, batch_dims = 0 : i64} : (tensor<3x4xi32>, tensor<2xi32>, tensor<i32>) -> (tensor<*xi32>)
    %sum, %csum = tfg.Sum(%x, %ax) name("sum") {T = i32, Tidx = i32, keep_dims = true} : (tensor<3x4xi32>, tensor<i32>) -> (tensor<*xi32>)
    %up:4 = tfg.Unpack(%x) name("rows") {T = i32, num = 3 : i64, axis = 0 : i64} : (tensor<3x4xi32>) -> (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>)
    %use, %cuse = tfg.Pack(%up#2, %up#0) name("packed") {T = i32, N = 2 : i64, axis = 1 : i64} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
    %pd, %cpd = tfg.Const name("pads") {dtype = i32, value = dense<[[0, 0], [1, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
    %pad, %cpad = tfg.Pad(%x, %pd) name("pad") {T = i32, Tpaddings = i32} : (tensor<3x4xi32>, tensor<2x2xi32>) -> (tensor<*xi32>)
  }
}

// -----

// Chains fold in one run: BroadcastTo -> Reshape(-1) -> Mean / ArgMax;
// Split's parts -> ConcatV2; Range counting down; Select, Fill, AddN,
// ExpandDims -> Squeeze.
// CHECK-LABEL: module @chains
// CHECK-DAG: tfg.Const name("select") {dtype = f32, value = dense<[1.000000e+00, -1.000000e+00, 3.000000e+00]> : tensor<3xf32>}
// CHECK-DAG: tfg.Const name("range") {dtype = i32, value = dense<[10, 6, 2]> : tensor<3xi32>}
// CHECK-DAG: tfg.Const name("mean") {dtype = f32, value = dense<2.000000e+00> : tensor<2xf32>}
// CHECK-DAG: tfg.Const name("argmax") {dtype = i64, value = dense<[1, 2]> : tensor<2xi64>}
// CHECK-DAG: tfg.Const name("concat") {dtype = f32, value = dense<[3.000000e+00, 2.000000e+00]> : tensor<2xf32>}
// CHECK-DAG: tfg.Const name("addn") {dtype = f32, value = dense<[3.000000e+00, 6.000000e+00, 9.000000e+00]> : tensor<3xf32>}
// CHECK-DAG: tfg.Const name("fill") {dtype = f32, value = dense<-1.000000e+00> : tensor<2x3xf32>}
// CHECK-DAG: tfg.Const name("squeeze") {dtype = f32, value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>}
// CHECK-NOT: name("split
// CHECK-NOT: name("broadcast")
module @chains {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %c, %cc = tfg.Const name("cond") {dtype = i1, value = dense<[true, false, true]> : tensor<3xi1>} : () -> (tensor<3xi1>)
    %a, %ca = tfg.Const name("a") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
    %b, %cb = tfg.Const name("b") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
    %s, %cs = tfg.SelectV2(%c, %a, %b) name("select") {T = f32} : (tensor<3xi1>, tensor<3xf32>, tensor<f32>) -> (tensor<*xf32>)
    %st, %cst = tfg.Const name("start") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
    %li, %cli = tfg.Const name("limit") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
    %de, %cde = tfg.Const name("delta") {dtype = i32, value = dense<-4> : tensor<i32>} : () -> (tensor<i32>)
    %r, %cr = tfg.Range(%st, %li, %de) name("range") {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<*xi32>)
    %sh, %csh = tfg.Const name("shape") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %bt, %cbt = tfg.BroadcastTo(%a, %sh) name("broadcast") {T = f32, Tidx = i32} : (tensor<3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
    %m1, %cm1 = tfg.Const name("minus_one") {dtype = i32, value = dense<[-1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
    %rs, %crs = tfg.Reshape(%bt, %m1) name("reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
    %z, %cz = tfg.Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
    %mean, %cmean = tfg.Mean(%rs, %z) name("mean") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
    %am, %cam = tfg.ArgMax(%rs, %z) name("argmax") {T = f32, Tidx = i32, output_type = i64} : (tensor<*xf32>, tensor<i32>) -> (tensor<*xi64>)
    %sp:4 = tfg.Split(%z, %a) name("split") {T = f32, num_split = 3 : i64} : (tensor<i32>, tensor<3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
    %cat, %ccat = tfg.ConcatV2(%sp#2, %sp#1, %z) name("concat") {T = f32, N = 2 : i64, Tidx = i32} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> (tensor<*xf32>)
    %an, %can = tfg.AddN(%a, %a, %a) name("addn") {T = f32, N = 3 : i64} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>)
    %fl, %cfl = tfg.Fill(%sh, %b) name("fill") {T = f32, index_type = i32} : (tensor<2xi32>, tensor<f32>) -> (tensor<*xf32>)
    %ed, %ced = tfg.ExpandDims(%a, %z) name("expand") {T = f32, Tdim = i32} : (tensor<3xf32>, tensor<i32>) -> (tensor<*xf32>)
    %sq, %csq = tfg.Squeeze(%ed) name("squeeze") {T = f32, squeeze_dims = [0]} : (tensor<*xf32>) -> (tensor<*xf32>)
  }
}

// -----

// Control dependencies survive folding: a Const computed inside a cond
// branch keeps the branch's `^switch_t` (it must stay dead when the branch
// is not taken); a folded Shape waits for its input's producer and keeps
// its own control inputs; a node that waited on a folded node's token now
// waits on the Const's.
// CHECK-LABEL: module @control_deps
// CHECK: %[[X:.*]], %[[CX:.*]] = tfg.Placeholder name("x")
// CHECK: %{{.*}}, %[[CT:.*]] = tfg.Identity(%{{.*}}) name("switch_t")
// CHECK: %[[K:.*]], %[[CK:.*]] = tfg.Const [%[[CT]]] name("cond/scale") {dtype = f32, value = dense<1.000000e+00> : tensor<f32>}
// CHECK: tfg.Mul(%{{.*}}, %[[K]]) name("cond/y")
// CHECK: %[[CI:.*]] = tfg.NoOp [%[[CX]]] name("init")
// CHECK: %[[S:.*]], %{{.*}} = tfg.Const [%[[CI]], %[[CX]]] name("shape") {dtype = i32, value = dense<[1, 4]> : tensor<2xi32>}
// CHECK: tfg.Reshape(%{{.*}}, %[[S]]) name("out")
// CHECK: tfg.Const [%[[CK]]] name("after_scale")
module @control_deps {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %p, %cp = tfg.Placeholder name("pred") {dtype = i1, shape = #tfg.shape<>} : () -> (tensor<i1>)
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<1x4>} : () -> (tensor<1x4xf32>)
    %sw:3 = tfg.Switch(%x, %p) name("switch") {T = f32} : (tensor<1x4xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<*xf32>)
    %t, %ct = tfg.Identity(%sw#1) name("switch_t") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %k, %ck = tfg.Const [%ct] name("cond/k") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    %h, %ch = tfg.Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
    %kh, %ckh = tfg.Mul(%k, %h) name("cond/scale") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<*xf32>)
    %y, %cy = tfg.Mul(%t, %kh) name("cond/y") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
    %cn = tfg.NoOp [%cx] name("init") : () -> ()
    %s, %cs = tfg.Shape(%x) [%cn] name("shape") {T = f32, out_type = i32} : (tensor<1x4xf32>) -> (tensor<*xi32>)
    %r, %cr = tfg.Reshape(%y, %s) name("out") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
    %q, %cq = tfg.Identity(%h) [%ckh] name("after_scale") {T = f32} : (tensor<f32>) -> (tensor<*xf32>)
  }
}

// -----

// Must not fold: an input that is not constant; Shape of an input whose
// shape is not static; random and stateful ops (even with constant
// inputs); dtypes the evaluator does not hold (f16); and, with
// max-constant-size=8, results over 8 bytes; by default, over 10 MiB
// (nothing over the limit is built: the big Fill would be 4 GB).
// CHECK-LABEL: module @neg_not_constant
// CHECK: tfg.Mul(%{{.*}}, %{{.*}}) name("not_constant")
// CHECK: tfg.Shape(%{{.*}}) name("dynamic_shape")
// CHECK: tfg.RandomUniform(%{{.*}}) name("random")
// CHECK: tfg.generic "Assign"
// CHECK: tfg.AddV2(%{{.*}}, %{{.*}}) name("half_precision")
// CHECK: tfg.Fill(%{{.*}}, %{{.*}}) name("big_fill")
// CHECK: tfg.Const name("small_fill") {dtype = f32, value = dense<1.000000e+00> : tensor<2xf32>}
// CHECK: tfg.Const name("medium_fill") {dtype = f32, value = dense<1.000000e+00> : tensor<3xf32>}
// LIMIT-LABEL: module @neg_not_constant
// LIMIT: tfg.Fill(%{{.*}}, %{{.*}}) name("big_fill")
// LIMIT: tfg.Const name("small_fill") {dtype = f32, value = dense<1.000000e+00> : tensor<2xf32>}
// LIMIT: tfg.Fill(%{{.*}}, %{{.*}}) name("medium_fill")
module @neg_not_constant {
  tfg.graph #tfg.version<producer = 1, min_consumer = 0> {
    %x, %cx = tfg.Placeholder name("x") {dtype = f32, shape = #tfg.shape<?x4>} : () -> (tensor<?x4xf32>)
    %k, %ck = tfg.Const name("k") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    %m, %cm = tfg.Mul(%x, %k) name("not_constant") {T = f32} : (tensor<?x4xf32>, tensor<f32>) -> (tensor<*xf32>)
    %s, %cs = tfg.Shape(%x) name("dynamic_shape") {T = f32, out_type = i32} : (tensor<?x4xf32>) -> (tensor<*xi32>)
    %sh, %csh = tfg.Const name("shape") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %r, %cr = tfg.RandomUniform(%sh) name("random") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<*xf32>)
    %v, %cv = tfg.generic "VariableV2" name("v") {container = "", dtype = f32, shape = #tfg.shape<>, shared_name = ""} : () -> (!tfg.ref<f32>)
    %as, %cas = tfg.generic "Assign"(%v, %k) name("assign") {T = f32, use_locking = true, validate_shape = true} : (!tfg.ref<f32>, tensor<f32>) -> (!tfg.ref<f32>)
    %h, %ch = tfg.Const name("h") {dtype = f16, value = dense<1.0> : tensor<f16>} : () -> (tensor<f16>)
    %hh, %chh = tfg.AddV2(%h, %h) name("half_precision") {T = f16} : (tensor<f16>, tensor<f16>) -> (tensor<*xf16>)
    %one, %cone = tfg.Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    %bs, %cbs = tfg.Const name("big_shape") {dtype = i32, value = dense<[1024, 1024, 1024]> : tensor<3xi32>} : () -> (tensor<3xi32>)
    %bf, %cbf = tfg.Fill(%bs, %one) name("big_fill") {T = f32, index_type = i32} : (tensor<3xi32>, tensor<f32>) -> (tensor<*xf32>)
    %ss, %css = tfg.Const name("small_shape") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %sf, %csf = tfg.Fill(%ss, %one) name("small_fill") {T = f32, index_type = i32} : (tensor<1xi32>, tensor<f32>) -> (tensor<*xf32>)
    %ms, %cms = tfg.Const name("medium_shape") {dtype = i32, value = dense<[3]> : tensor<1xi32>} : () -> (tensor<1xi32>)
    %mf, %cmf = tfg.Fill(%ms, %one) name("medium_fill") {T = f32, index_type = i32} : (tensor<1xi32>, tensor<f32>) -> (tensor<*xf32>)
  }
}
